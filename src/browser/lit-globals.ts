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
 * here, `undefined` and writable: Lit's own `??=` then fills it (`litHtmlVersions ??= []`,
 * `litPropertyMetadata ??= new WeakMap()`), a polyfill's assignment still works, and the hooks,
 * `ShadyCSS`, `litNonce` and `trustedTypes` (where the browser has none) read as absent.
 * What a page script set first (its own property) is left as it is.
 */
import { pageDocument } from './page.js';

/** Each is read by Lit as `??=` (the version lists, `litPropertyMetadata`) or `?.` (the hooks): it starts `undefined`. */
const LIT_GLOBALS = [
  'litHtmlVersions',
  'reactiveElementVersions',
  'litElementVersions',
  'litPropertyMetadata',
  'litHtmlPolyfillSupport',
  'reactiveElementPolyfillSupport',
  'litElementPolyfillSupport',
  'litElementHydrateSupport',
  'litNonce',
  'ShadyCSS',
  'trustedTypes',
];

// Only a window has named access (on a server there is nothing to guard).
if (pageDocument()) {
  for (const name of LIT_GLOBALS) {
    if (!Object.hasOwn(globalThis, name)) Object.defineProperty(globalThis, name, { value: undefined, writable: true, configurable: true });
  }
}
