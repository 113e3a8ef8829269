/**
 * The page, read in one place. Every value the kit takes from the page — the document's root,
 * `<head>` and body, `<meta>` tags, attributes and parents walked for a `lang`, the page's
 * address, visibility, the viewport, the registry of custom elements, the clipboard, the
 * current event — is read here and nowhere else (test/node/page-inputs.test.ts holds every
 * other module of src/ to it; docs/security.md lists each input).
 *
 * Why: markup is not trusted (partners render user content), and markup can shadow what a
 * script reads. `Document` is `[LegacyOverrideBuiltIns]`: a `<form name="head">`,
 * `<object id="head">`, `<iframe name="head">` or `<img name="querySelectorAll">` anywhere in
 * the page replaces `document.head` or `document.querySelectorAll` for every script, and a
 * `<form>` holding `<input name="parentNode">` does the same to that form's own properties.
 * So this module takes the platform's own getters and methods from the prototypes when it is
 * evaluated (`Document.prototype`'s `head`, `Element.prototype.querySelectorAll`…, as DOMPurify
 * does) and calls them on the objects; named elements, wherever and whenever they arrive,
 * reach none of them.
 *
 * What markup cannot shadow is read as it is: the global object's own properties (`document`,
 * `location`, `navigator`, `customElements`, `fetch`, `innerHeight`, `event`; named access on
 * `window` never hides an own property of the window; Lit's globals, which the window lacks, are made its own by lit-globals.ts) and `Location`'s own unforgeable ones. Page
 * *scripts* are the partner's trusted code and may replace any of them on purpose (a
 * `customElements` polyfill, `fetch` instrumented for tracing): those are honoured, not
 * bypassed. `fetch` is not page state and is called where it is used.
 *
 * Safe on a server: with no DOM nothing is captured and every function answers "no page".
 */
const hasDom = typeof Document !== 'undefined' && typeof document !== 'undefined';
const doc: Document | undefined = hasDom ? document : undefined;

/** The prototype's own getter for `name`, as a function of the object. */
function getter<T>(proto: object | undefined, name: string): (object: object) => T {
  const get = proto && Object.getOwnPropertyDescriptor(proto, name)?.get;
  return (object) => get?.call(object) as T;
}

const D = hasDom ? Document.prototype : undefined;
const E = hasDom ? Element.prototype : undefined;
const N = hasDom ? Node.prototype : undefined;
const headOf = /* @__PURE__ */ getter<HTMLHeadElement | null>(D, 'head');
const rootOf = /* @__PURE__ */ getter<HTMLElement | null>(D, 'documentElement');
const bodyOfDoc = /* @__PURE__ */ getter<HTMLElement | null>(D, 'body');
const visibilityOf = /* @__PURE__ */ getter<DocumentVisibilityState>(D, 'visibilityState');
const activeOf = /* @__PURE__ */ getter<Element | null>(D, 'activeElement');
const readyStateOf = /* @__PURE__ */ getter<DocumentReadyState>(D, 'readyState');
/** A node's parent (`null` for a shadow root, whose host is its `host`). */
export const parentOf = /* @__PURE__ */ getter<ParentNode | null>(N, 'parentNode');
/** The document a node belongs to. */
export const documentOf = /* @__PURE__ */ getter<Document | null>(N, 'ownerDocument');
/** The window of a document. */
export const windowOf = /* @__PURE__ */ getter<Window | null>(D, 'defaultView');
const policyOf = /* @__PURE__ */ getter<{ features(): string[] } | undefined>(D, 'featurePolicy');
const metaContentOf = /* @__PURE__ */ getter<string>(hasDom ? HTMLMetaElement.prototype : undefined, 'content');
const { createElement, createElementNS } = D ?? ({} as Partial<Document>);
const { querySelectorAll, getAttribute } = E ?? ({} as Partial<Element>);
const { addEventListener, removeEventListener } = hasDom ? EventTarget.prototype : ({} as Partial<EventTarget>);

/** The page's document, or `undefined` on a server. */
export const pageDocument = (): Document | undefined => doc;

/** The document's root element (`<html>`). */
export const rootElement = (of = doc): HTMLElement | null => (of ? rootOf(of) : null);

/** The document's body, as the platform defines it. */
export const bodyElement = (of = doc): HTMLElement | null => (of ? bodyOfDoc(of) : null);

/** The features a frame in `of` may be allowed (Chromium's `featurePolicy`); `undefined` when the browser cannot tell. */
export const frameFeatures = (of: Document): string[] | undefined => policyOf(of)?.features();

/** A new element in `of` (the page's document by default). */
export const createIn = <K extends keyof HTMLElementTagNameMap>(tag: K, of = doc!): HTMLElementTagNameMap[K] =>
  createElement!.call(of, tag) as HTMLElementTagNameMap[K];

/** A new SVG element (`svg`, `path`, `circle`…) in the page's document. */
export const createSvg = (tag: string): SVGElement => createElementNS!.call(doc!, 'http://www.w3.org/2000/svg', tag) as SVGElement;

/** `root.querySelectorAll(selector)`, whatever the markup under `root` is named. */
export const queryAll = (root: Element, selector: string): NodeListOf<Element> => querySelectorAll!.call(root, selector);

/** An element's attribute, likewise (on a server, as the element answers: a server render's own element). */
export const attributeOf = (element: Element, name: string): string | null => (getAttribute ?? element.getAttribute).call(element, name);

/**
 * The content of `<meta name="…">` in the document's real `<head>`: the head the platform
 * names (the `<html>` element's first `<head>` child, by the prototype's getter), and a meta
 * tag that is that head's own child. Nothing in the body, however named, is read.
 */
export function metaContent(name: string): string | undefined {
  // (The getter's head is the root's child by definition, or none.)
  const head = doc && headOf(doc);
  if (!head) return undefined;
  for (const meta of queryAll(head, `meta[name="${name}"]`))
    if (parentOf(meta) === head && meta instanceof HTMLMetaElement) return metaContentOf(meta).trim() || undefined;
  return undefined;
}

/**
 * The page's address, what the kit resolves URLs against (`undefined` on a server). A frame at
 * `about:srcdoc` or `about:blank` (or a `blob:` document) has an address that is no base URL:
 * for it, the root of the document's origin, its creator's, which no `<base>` moves (an opaque
 * origin gives no base: its relative URLs are refused, client/request-url.ts).
 */
export const pageUrl = (): string | undefined =>
  hasDom ? (URL.canParse('/', location.href) || origin === 'null' ? location.href : `${origin}/`) : undefined;

/** The page's origin (`undefined` on a server). */
export const pageOrigin = (): string | undefined => (hasDom ? location.origin : undefined);

/** Resolves once `of` has been parsed (`DOMContentLoaded`); `undefined` when it already has. */
export function documentParsed(of: Document): Promise<void> | undefined {
  if (readyStateOf(of) !== 'loading') return undefined;
  return new Promise((resolve) => addEventListener!.call(of, 'DOMContentLoaded', () => resolve()));
}

/** Whether the page is hidden (a background tab); never on a server. */
export const pageHidden = (): boolean => !!doc && visibilityOf(doc) === 'hidden';

/** Whether focus rests nowhere on the page (its body, or nothing): where a removed control drops it. Never on a server. */
export const focusDropped = (of = doc): boolean => !!of && (activeOf(of) === null || activeOf(of) === bodyOfDoc(of));

/**
 * Calls `listener` on each of the page's `type` events — `visibilitychange` (hidden or shown
 * again), `securitypolicyviolation` (a request its Content-Security-Policy blocked); returns the
 * unsubscribe function.
 */
export function onPageEvent<K extends 'visibilitychange' | 'securitypolicyviolation'>(type: K, listener: (event: DocumentEventMap[K]) => void): () => void {
  if (!doc) return () => {};
  addEventListener!.call(doc, type, listener as EventListener);
  return () => removeEventListener!.call(doc, type, listener as EventListener);
}

/** The viewport's size, or `undefined` when the page cannot tell. */
export const viewport = (): { width: number; height: number } | undefined =>
  typeof innerHeight === 'number' ? { width: innerWidth, height: innerHeight } : undefined;

/** The page's registry of custom elements (`undefined` on a server). */
export const elementRegistry = (): CustomElementRegistry | undefined => globalThis.customElements;

/**
 * Whose failure it is that the kit's own code loaded on demand did not arrive (an element's chunk
 * for the autoloader, the verify button's session code), as the browser tells (`navigator.onLine`;
 * in a browser only): offline, the visitor's `network`; else the file did not come from the site as
 * built (a 404, a CSP refusing it, bytes that are not the release's), the site's setup (`not_configured`).
 */
export const loadFailureCode = (): 'network' | 'not_configured' => (navigator.onLine ? 'not_configured' : 'network');

/** The visitor's clipboard, when the page may use it. */
export const clipboard = (): Clipboard | undefined => (hasDom ? navigator.clipboard : undefined);

/**
 * Makes the document's `name` the platform's method again when an element of the page shadows it,
 * for a library that reads it while its module is evaluated (lit-html's `createTreeWalker`).
 * `Document` is `[LegacyOverrideBuiltIns]`: a posted `<img name="createTreeWalker">` *is*
 * `document.createTreeWalker`. Chromium keeps such a name as an own property of the document,
 * which an own accessor replaces: this one reads the prototype's method when asked (as page
 * scripts left it). Where the document refuses it (engines that follow WebIDL to the letter),
 * nothing changes. Its descriptor has no prototype: a polluted `Object.prototype.value` is not
 * one of its keys.
 */
export function unshadowDocumentMethod(name: 'createTreeWalker'): void {
  if (doc && typeof Reflect.get(doc, name) !== 'function')
    try {
      Object.defineProperty(doc, name, { __proto__: null, get: () => Reflect.get(D!, name, doc), configurable: true } as PropertyDescriptor);
    } catch {
      // not definable over a named property there: lit-html's evaluation throws, as without this
    }
}

/** The event being dispatched right now (`window.event`), if any. */
export const currentEvent = (): unknown => (globalThis as { event?: unknown }).event;

/**
 * Fetches the module at `href` (absolute) into the page's module map, checked against
 * `integrity` (`sha384-…`), before anything imports it: a `<link rel="modulepreload">` in the real
 * `<head>` (the root element without one), removed once settled. Resolves once the module's bytes
 * match; rejects when they do not or the fetch fails. Chromium keeps no failure in the module map
 * (an `import()` after it fetches again, unchecked): import only after it resolved, at an address
 * nothing else on the page names (a module fetched first under it is taken as it is).
 */
export function preloadModule(href: string, integrity: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = createIn('link');
    link.rel = 'modulepreload';
    link.integrity = integrity;
    link.href = href;
    link.onload = link.onerror = (event: Event | string) => {
      link.remove();
      if ((event as Event).type === 'load') resolve();
      else reject(new Error(`${href} could not be loaded with the bytes kyi-elements pins for it`));
    };
    (headOf(doc!) ?? rootOf(doc!))!.append(link);
  });
}
