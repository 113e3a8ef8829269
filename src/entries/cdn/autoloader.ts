/**
 * The autoloader's discovery: the tags of the elements it defines (autoloaded.ts) found in the
 * document, and a watch on the document for tags that appear later; each tag's code is requested
 * once, from its chunk or the display file. The document is searched through browser/page.ts: an
 * `<img name="querySelectorAll">` in user content stops nothing.
 */
import { loadFailureCode, queryAll, rootElement } from '../../browser/page.js';
import { emit, KyiErrorEvent } from '../../browser/event-base.js';
import { AUTOLOADED_TAGS, DISPLAY_FILE_FROM, DISPLAY_FILE_TAGS } from './autoloaded.js';

/** The tags whose code was requested, while it has not failed. */
const requested = new Set<string>();

/**
 * Loads the elements of `nodes` and their subtrees, found at once (the tag names are the parser's:
 * `localName` of an element): the display file when they hold enough kinds of its elements, none
 * of which was requested before; then each tag's own chunk, which a tag the display file brings
 * skips. The nodes a page adds in one task come in one call.
 */
function discover(nodes: Iterable<Node>): void {
  const tags = new Set<unknown>();
  for (const node of nodes)
    if (node instanceof Element) for (const el of [node, ...queryAll(node, ':not(:defined)')]) tags.add(el.localName);
  if (DISPLAY_FILE_TAGS.filter((tag) => tags.has(tag)).length >= DISPLAY_FILE_FROM) load(DISPLAY_FILE_TAGS, 'display');
  for (const tag of AUTOLOADED_TAGS) if (tags.has(tag)) load([tag], tag.slice(4));
}

/**
 * Loads `chunks/<file>.js` beside the autoloader's own file, and calls its default export, which
 * defines `tags`; once (a failed load may be retried by the next sighting). The file's name is
 * one of autoloaded.ts, never a tag's from the page (a posted `<kyi-x>` names no file). A failed
 * load is said on the console and, as `kyi-error`, to each element of those tags in the document
 * still undefined, so the page can show a fallback: page.ts `loadFailureCode` (offline, the
 * visitor's `network`; else the site's `not_configured`). The failure's text is an Error's message
 * (Chromium's names the file), read without converting the thrown value: one with no text
 * (`Object.create(null)`) throws nothing here.
 */
function load(tags: string[], file: string): void {
  if (tags.some((tag) => requested.has(tag))) return;
  for (const tag of tags) requested.add(tag);
  import(/* @vite-ignore */ `./chunks/${file}.js`)
    .then((m: { default(): void }) => m.default())
    .catch((error: unknown) => {
      for (const tag of tags) {
        requested.delete(tag);
        const message = `<${tag}> could not be loaded: ${error instanceof Error ? error.message : ''}`;
        console.error(`kyi-elements: ${message}`, error);
        for (const el of queryAll(rootElement()!, `${tag}:not(:defined)`))
          emit(el, new KyiErrorEvent({ code: loadFailureCode(), message }));
      }
    });
}

/** Defines the `kyi-*` elements present now and watches for ones added later (the autoloader's module calls it once). */
export function startAutoloader(): void {
  const root = rootElement();
  if (!root) return;
  discover([root]);
  // Options with no prototype: a polluted `attributes: false` / `attributeOldValue: true` would make `observe` throw.
  new MutationObserver((records) => discover(records.flatMap((record) => [...record.addedNodes]))).observe(root, {
    __proto__: null,
    childList: true,
    subtree: true,
  } as MutationObserverInit);
}
