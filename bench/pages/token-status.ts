/**
 * Bench page: `<kyi-token-status>` elements (500 over 100 distinct lookups, or 5,000 over
 * 5,000: the data decides), all appended at once. Only `<kyi-token-status>` is registered (as a
 * tree-shaking npm user would). Leaves `window.__bench` (ListPageResult) once every element has
 * settled and two frames were painted.
 */
import { perf } from './observe.js';
import data from 'virtual:bench-data';
import { defineElement } from '../../src/browser/register.js';
import { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { finish, normalizedMarkup, watchInView, watchLookupFetches, type ListPageResult, type TokenStatusPageData } from './shared.js';

const scriptStart = performance.now();
performance.mark('bench:start');
defineElement('kyi-token-status', KyiTokenStatus);

const phases: ListPageResult['phases'] = { rendered: 0, requestStart: 0, responseAt: 0 };
const fetches = watchLookupFetches(phases);

const { items } = data as TokenStatusPageData;
const list = document.getElementById('list')!;
const fragment = document.createDocumentFragment();
const elements = items.map((attrs) => {
  const el = document.createElement('kyi-token-status');
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  fragment.append(el);
  return el;
});
list.append(fragment);
// Each element announces its status once it shows it.
const inView = watchInView(elements);
for (const el of elements) el.addEventListener('kyi-status', () => inView.settled(el));

await Promise.all(elements.map((el) => el.updateComplete));
phases.rendered = performance.now(); // first render of every element (the loading box)
performance.mark('bench:rendered');
await Promise.all(elements.map((el) => el.settled));
const settledAt = performance.now();
const statuses: Record<string, number> = {};
for (const el of elements) statuses[el.status] = (statuses[el.status] ?? 0) + 1;
await finish(
  { scriptStart, settledAt, phases, statuses, requests: fetches.requests, lookupsSent: fetches.lookups },
  perf,
  (n) => elements.slice(0, n).map((el) => normalizedMarkup(el.shadowRoot)),
  inView,
);
