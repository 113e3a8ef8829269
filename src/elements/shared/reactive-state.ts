import type { PropertyDeclaration } from './reactive.js';

/*
 * The elements declare reactive properties as class fields with initialisers
 * (`chain: string | undefined = undefined;`, `private _open = false;`) next to
 * `static properties`. tsconfig.json sets `useDefineForClassFields: false`, which tsc, tsx,
 * esbuild (web-test-runner, the edge bundles) and Vite all read: an initialiser is then an
 * assignment in the constructor that goes through Lit's accessor. A native class field would
 * shadow the accessor instead (Lit's dev build throws "class-field-shadowing").
 */

/**
 * Lit declarations for an element's internal reactive state: a change re-renders, and there is
 * no attribute (`{ state: true }` for each name).
 */
export function internalState<const K extends string>(...names: K[]): Record<K, PropertyDeclaration> {
  return Object.fromEntries(names.map((name) => [name, { state: true }])) as Record<K, PropertyDeclaration>;
}
