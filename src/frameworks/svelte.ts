/**
 * `kyi-elements/svelte`: Svelte typings (attributes, `bind:` props and `on:kyi-…` handlers,
 * checked by `svelte-check`), generated from the elements' JSDoc
 * (scripts/manifest/frameworks.mjs). Add `import type {} from 'kyi-elements/svelte'` once, e.g.
 * in `src/app.d.ts`. Types only.
 */
export type { CustomElements as KyiSvelteElements } from './svelte-types.js';
