/**
 * Lit's globals, made the page's own before Lit's modules are evaluated: every entry of the kit
 * (and every CDN file) imports this module first.
 *
 * Lit reads and writes a few properties of the global object when its modules are evaluated
 * and when an element renders (`litHtmlVersions ??= []` then `.push`, `litPropertyMetadata`,
 * `reactiveElementPolyfillSupport?.(…)`, `ShadyCSS`, `litNonce`, `trustedTypes`…). While the
 * global object has no own property of that name, `window`'s named access answers with an
 * element of the page: a posted `<img name="litHtmlVersions">` or `<a id="litPropertyMetadata">`
 * anywhere in the body stops every Lit element (a `push` or `get` of an element throws), and an
 * `<a id="ShadyCSS">` makes Lit fall back to `<style>` elements, which a strict CSP blocks.
 * An own property of the global object wins over named access: each one missing is defined
 * here, with the value Lit starts from (hooks, `ShadyCSS`, `litNonce`, `trustedTypes` where
 * the browser has none: `undefined`, writable, so Lit's own `??=` and a polyfill's assignment
 * still work). What a page script set first (its own property) is left as it is.
 */
import { pageDocument } from './page.js';

const LIT_GLOBALS: Readonly<Record<string, () => unknown>> = {
  litHtmlVersions: () => [],
  reactiveElementVersions: () => [],
  litElementVersions: () => [],
  litPropertyMetadata: () => new WeakMap(),
  litHtmlPolyfillSupport: () => undefined,
  reactiveElementPolyfillSupport: () => undefined,
  litElementPolyfillSupport: () => undefined,
  litElementHydrateSupport: () => undefined,
  litNonce: () => undefined,
  ShadyCSS: () => undefined,
  trustedTypes: () => undefined,
};

// Only a window has named access (on a server there is nothing to guard).
if (pageDocument()) {
  for (const [name, initial] of Object.entries(LIT_GLOBALS)) {
    if (!Object.hasOwn(globalThis, name)) {
      Object.defineProperty(globalThis, name, { value: initial(), writable: true, configurable: true });
    }
  }
}
