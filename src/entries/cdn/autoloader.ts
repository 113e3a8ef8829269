/**
 * The autoloader's discovery: which tags load which element, and a watch on the document for
 * tags that appear later. Each tag's code is requested once. The document is searched through
 * browser/page.ts: an `<img name="querySelectorAll">` in user content stops nothing.
 */
import { loadFailureCode, queryAll, rootElement } from '../../browser/page.js';
import { emit, KyiErrorEvent } from '../../browser/event-base.js';

/**
 * Each tag's registration, not its npm entry (`entries/<name>.ts`): the entries re-export base
 * classes and events for importers, which a chunk would carry as exports no page uses. Each
 * registration module's default export registers its tag: the same call for every tag, which
 * compresses to almost nothing. It stays in each loader: a module handed on whole would come as
 * a namespace object from a chunk that exports more (the verify button's), with the bundler's
 * helper that makes one. No prototype (hence `null` in its type): a posted `<constructor>` names
 * no loader.
 */
const LOADERS: Record<string, (() => Promise<void>) | null | undefined> = {
  __proto__: null,
  'kyi-badge': () => import('../../elements/badge/define.js').then((m) => m.default()),
  'kyi-token-status': () => import('../../elements/token-status/define.js').then((m) => m.default()),
  'kyi-asset-card': () => import('../../elements/asset-card/define.js').then((m) => m.default()),
  'kyi-verify-button': () => import('../../elements/verify-button/define.js').then((m) => m.default()),
  'kyi-watchlist': () => import('../../elements/watchlist/define.js').then((m) => m.default()),
  'kyi-change-feed': () => import('../../elements/change-feed/define.js').then((m) => m.default()),
  'kyi-notifications': () => import('../../elements/notifications/define.js').then((m) => m.default()),
};

/** The tags whose code was requested, while it has not failed. */
const requested = new Set<string>();

/**
 * Loads the element for `tag` once (a failed load may be retried by the next sighting). A failed
 * load is said on the console and, as `kyi-error`, to each element of the tag in the document
 * still undefined, so the page can show a fallback: page.ts `loadFailureCode` (offline, the
 * visitor's `network`; else the site's `not_configured`). The failure's text is an Error's message
 * (Chromium's names the file), read without converting the thrown value: one with no text
 * (`Object.create(null)`) throws nothing here.
 */
function loadElement(tag: string): void {
  const load = LOADERS[tag];
  if (!load || requested.has(tag)) return;
  requested.add(tag);
  load().catch((error: unknown) => {
    requested.delete(tag);
    const message = `<${tag}> could not be loaded: ${error instanceof Error ? error.message : ''}`;
    console.error(`kyi-elements: ${message}`, error);
    for (const el of queryAll(rootElement()!, `${tag}:not(:defined)`)) emit(el, new KyiErrorEvent({ code: loadFailureCode(), message }));
  });
}

/** Loads the elements of `root` and its subtree (the tag names are the parser's: `localName` of an element). */
function discover(root: Element): void {
  for (const el of [root, ...queryAll(root, ':not(:defined)')]) {
    const tag = el.localName;
    if (typeof tag === 'string') loadElement(tag);
  }
}

/** Defines the `kyi-*` elements present now and watches for ones added later (the autoloader's module calls it once). */
export function startAutoloader(): void {
  const root = rootElement();
  if (!root) return;
  discover(root);
  // Options with no prototype: a polluted `attributes: false` / `attributeOldValue: true` would make `observe` throw.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) discover(node);
    }
  }).observe(root, { __proto__: null, childList: true, subtree: true } as MutationObserverInit);
}
