/**
 * Lit's globals, made the page's own before lit-html is evaluated: the one module that brings
 * lit-html (elements/shared/lit-html.ts, for the monitoring elements' templates) imports this
 * module first. The display elements load no Lit.
 *
 * lit-html reads and writes a few properties of the global object when it is evaluated
 * (`litHtmlVersions ??= []` then `.push`, `litHtmlPolyfillSupport?.(…)`, `trustedTypes`; its
 * development build, which a partner's dev server resolves, also `litIssuedWarnings ??= new
 * Set()`, `emitLitDebugLogEvents`, `litHtmlPolyfillSupportDevMode`). While the global object has
 * no own property of that name, `window`'s named access answers with an element of the page: a
 * posted `<img name="litHtmlVersions">` anywhere in the body stops every monitoring element (a
 * `push` of an element throws). An own property of the global object wins over named access:
 * each one missing is defined here, `undefined` and writable: lit-html's own `??=` then fills
 * it, a polyfill's assignment still works, and the hooks and `trustedTypes` (where the browser
 * has none) read as absent. What a page script set first (its own property) is left as it is.
 * Descriptors are null-prototype objects: a polluted `Object.prototype.get` is not one of their keys.
 *
 * lit-html also makes its template walker when it is evaluated (`document.createTreeWalker`), and
 * the document's named access answers before its prototype: a posted
 * `<img name="createTreeWalker">` would make that evaluation throw, and with it every module
 * that imports lit-html's (an entry defining every element: no element at all, the display
 * elements included, and a posted root in a kit tag never emptied). That name is made the
 * document's method again first (`unshadowDocumentMethod`).
 */
import { pageDocument, unshadowDocumentMethod } from './page.js';

/** Each is read by lit-html as `??=` (the version list, the warnings) or `?.` (the hooks): it starts `undefined`. */
const LIT_GLOBALS = [
  'litHtmlVersions',
  'litHtmlPolyfillSupport',
  'trustedTypes',
  'litIssuedWarnings',
  'emitLitDebugLogEvents',
  'litHtmlPolyfillSupportDevMode',
];

// Only a window has named access (on a server there is nothing to guard).
if (pageDocument()) {
  unshadowDocumentMethod('createTreeWalker');
  for (const name of LIT_GLOBALS) {
    if (!Object.hasOwn(globalThis, name)) Object.defineProperty(globalThis, name, { __proto__: null, value: undefined, writable: true, configurable: true } as PropertyDescriptor);
  }
}
