/**
 * The kit's one polite live region: every element says what changed after it first rendered
 * through `announce()` (a status that changed, filter results, a counter crossing a limit), so a
 * screen reader hears each change once, in order, and never a page of elements settling at load.
 *
 * The region is a single visually hidden `role="status"` element at the end of the document's
 * body, created at the first announcement and styled through the CSSOM (`element.style`, which
 * a `style-src` policy does not restrict). It exists before its text changes, which is what
 * makes assistive technology read the change. Texts announced close together are spoken
 * together, each once (500 statuses changing to the same words say them once); an element that
 * has left the page by then says nothing.
 */
import { bodyElement, createIn, documentOf, parentOf } from '../../browser/page.js';

/** The attribute marking the region (tests read announcements from it). */
export const LIVE_REGION_ATTRIBUTE = 'data-kyi-live-region';

/** Visually hidden, read by assistive technology (the theme's `.visually-hidden`). */
const HIDDEN = 'position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap;border:0';

/** Per document, what waits to be said, and by whom (an element that left the page says nothing). */
const queued = new Map<Document, Map<string, Element[]>>();

/**
 * Per document, the region the kit made: held, never looked up by its attribute, so an element
 * posted with that attribute (sanitizers keep `data-*`) is not given the kit's words.
 */
const regions = new WeakMap<Document, HTMLElement>();

function regionOf(doc: Document, body: HTMLElement): HTMLElement {
  let region = regions.get(doc);
  if (!region || parentOf(region) !== body) {
    region = createIn('div', doc);
    region.setAttribute(LIVE_REGION_ATTRIBUTE, '');
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    region.style.cssText = HIDDEN;
    body.append(region);
    regions.set(doc, region);
  }
  return region;
}

/** Says `text` politely, once, on behalf of `element` (whose document holds the region). */
export function announce(element: Element, text: string): void {
  const doc = documentOf(element);
  const body = doc && bodyElement(doc);
  if (!text.trim() || !doc || !body) return;
  const pending = queued.get(doc);
  if (pending) {
    pending.set(text, [...(pending.get(text) ?? []), element]);
    return;
  }
  queued.set(doc, new Map([[text, [element]]]));
  // The region is emptied now and filled a moment later: a change to text already there (the
  // same words announced again) is a change assistive technology reads.
  regionOf(doc, body).textContent = '';
  setTimeout(() => {
    const texts = queued.get(doc);
    queued.delete(doc);
    const said = [...(texts ?? [])].filter(([, by]) => by.some((el) => el.isConnected)).map(([text]) => text);
    const now = bodyElement(doc);
    if (said.length && now) regionOf(doc, now).textContent = said.join(' ');
  }, ANNOUNCE_AFTER_MS);
}

/** How long after the first of a batch its texts are said together (a batch of 500 statuses says each text once). */
const ANNOUNCE_AFTER_MS = 50;
