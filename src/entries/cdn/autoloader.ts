/**
 * The autoloader's discovery: which tags load which element, and a watch on the document for
 * tags that appear later. Each tag's code is requested once.
 */
const LOADERS: Record<string, () => Promise<unknown>> = {
  'kyi-badge': () => import('../badge.js'),
  'kyi-token-status': () => import('../token-status.js'),
  'kyi-asset-card': () => import('../asset-card.js'),
  'kyi-verify-button': () => import('../verify-button.js'),
  'kyi-watchlist': () => import('../watchlist.js'),
  'kyi-change-feed': () => import('../change-feed.js'),
  'kyi-notifications': () => import('../notifications.js'),
};

/** The tags the autoloader knows. */
export const AUTOLOADED_TAGS = Object.keys(LOADERS);

let observer: MutationObserver | undefined;
const requested = new Map<string, Promise<unknown>>();
let loaded = 0;

/** Loads the element for `tag` once (a failed load may be retried by the next sighting). */
export function loadElement(tag: string): Promise<unknown> | undefined {
  const loader = LOADERS[tag];
  if (!loader) return undefined;
  let pending = requested.get(tag);
  if (!pending) {
    pending = loader().then(
      () => {
        // Every element is defined: nothing is left to watch the document for.
        if (++loaded === AUTOLOADED_TAGS.length) observer?.disconnect();
      },
      (error: unknown) => {
        requested.delete(tag);
        console.error(`kyi-elements autoloader: could not load <${tag}>`, error);
      },
    );
    requested.set(tag, pending);
  }
  return pending;
}

function discover(root: Element | Document): void {
  if (root instanceof Element && root.localName in LOADERS) void loadElement(root.localName);
  for (const el of root.querySelectorAll(':not(:defined)')) {
    if (el.localName in LOADERS) void loadElement(el.localName);
  }
}

/** Defines the `kyi-*` elements present now and watches for ones added later. Idempotent. */
export function startAutoloader(doc: Document | undefined = globalThis.document): void {
  if (!doc || observer) return;
  discover(doc);
  observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) discover(node);
    }
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });
}
