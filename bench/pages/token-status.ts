/**
 * Bench page: 500 `<kyi-token-status>` over 100 distinct lookups, all appended at once.
 * Only `<kyi-token-status>` is registered (as a tree-shaking npm user would). Leaves
 * `window.__bench` (ListPageResult) once every element has settled and rendered.
 */
import data from 'virtual:bench-data';
import { defineElement } from '../../src/register.js';
import { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { getLookupClient } from '../../src/client/lookup.js';
import { afterNextPaint, normalizedMarkup, type ListPageResult, type TokenStatusPageData } from './shared.js';

const scriptStart = performance.now();
defineElement('kyi-token-status', KyiTokenStatus);

// Milestones: when the batch left and when its answer arrived (the client calls the global fetch).
const phases = { rendered: 0, requestStart: 0, responseAt: 0 };
const pageFetch = window.fetch.bind(window);
window.fetch = (input, init) => {
  const isLookup = String(input instanceof Request ? input.url : input).endsWith('/lookup');
  if (isLookup && !phases.requestStart) phases.requestStart = performance.now();
  return pageFetch(input, init).then((response) => {
    if (isLookup && !phases.responseAt) phases.responseAt = performance.now();
    return response;
  });
};

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

await Promise.all(elements.map((el) => el.updateComplete));
phases.rendered = performance.now(); // first render (the loading state) of every element
await Promise.all(elements.map((el) => el.settled));
const settledAt = performance.now();
const paintedAt = await afterNextPaint();
const statuses: Record<string, number> = {};
for (const el of elements) statuses[el.status] = (statuses[el.status] ?? 0) + 1;
const { batches, sent, cacheHits, joined } = getLookupClient().stats;
const result: ListPageResult = { scriptStart, settledAt, paintedAt, phases, statuses, client: { batches, sent, cacheHits, joined } };
(window as unknown as { __benchMarkup: (n: number) => string[] }).__benchMarkup = (n) =>
  elements.slice(0, n).map((el) => normalizedMarkup(el.shadowRoot));
(window as unknown as { __bench: ListPageResult }).__bench = result;
