/**
 * The bundler's namespace helper, held to own keys. Rolldown makes a module namespace object
 * (a module loaded both statically and through `import()`, such as the verify button's drawer)
 * with a runtime helper that copies the exports with `for (var name in all)`, which also walks
 * keys a page script left enumerable on `Object.prototype` (a deep-merge bug: `{"__proto__":
 * {…}}`) and throws on them ("Getter must be a function") while the kit loads. Every kit
 * element of the page would then stay undefined, its posted light-DOM text (or declarative
 * shadow root) showing in its place. The helper is rewritten to copy `Object.keys(all)` only.
 * Checked on the built files: test/node/package.test.ts.
 */
import type { Plugin } from 'vite';

/** The helper's copy loop, minified or not, its body braced or not: `for (var k in all) defineProperty(target, k, { get: all[k]`. */
const INHERITED_KEYS_LOOP = /for\s*\(\s*var\s+([\w$]+)\s+in\s+([\w$]+)\s*\)(\s*\{?\s*[\w$]+\(\s*[\w$]+\s*,\s*\1\s*,\s*\{\s*get\s*:\s*\2\[\1\])/g;

/** `code` with the namespace helper's copy loop limited to own keys; `undefined` when it has none. */
export function ownKeysNamespace(code: string): string | undefined {
  const out = code.replace(INHERITED_KEYS_LOOP, 'for (var $1 of Object.keys($2))$3');
  return out === code ? undefined : out;
}

/** Whether `code` still holds the helper's `for…in` copy loop (the check on built files). */
export function hasInheritedKeysLoop(code: string): boolean {
  return new RegExp(INHERITED_KEYS_LOOP.source).test(code);
}

export function ownKeysNamespacePlugin(): Plugin {
  return {
    name: 'kyi-own-keys-namespace',
    renderChunk(code) {
      const out = ownKeysNamespace(code);
      return out === undefined ? null : { code: out, map: null };
    },
  };
}
