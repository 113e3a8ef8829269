/**
 * Bench baseline, a fair one: plain Lit elements as a partner would write them without the kit.
 * Each renders a loading box on connection (the same markup and styles as `<kyi-token-status>`,
 * so it reserves the same size), the page fetches the same lookups from the same server piece
 * (`POST /api/kyi/lookup`, one request per `batchMax` lookups: one for 100), and each element
 * renders its answer once. What the baseline skips is the kit's generality: no string table
 * (the words and badge URLs of each answer are resolved ahead, `views`), no per-element input
 * check, cache or configuration. Leaves `window.__bench` (ListPageResult) like the kit's page.
 *
 * The templates copy src/elements/token-status/token-status.ts; the benchmark compares the two
 * pages' shadow markup and reports any difference.
 */
import { perf } from './observe.js';
import data from 'virtual:bench-data';
import { LitElement, html, nothing, svg, type TemplateResult } from 'lit';
import { sharedStyles } from '../../src/elements/shared/styles.js';
import { tokenStatusStyles } from '../../src/elements/token-status/token-status.styles.js';
import { finish, normalizedMarkup, watchInView, watchLookupFetches, type ListPageResult, type PlainPageData, type StatusView } from './shared.js';

const scriptStart = performance.now();
performance.mark('bench:start');

const checkIcon = svg`<path d="M5 10.5l3.2 3.2L15 6.8" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>`;
const dashIcon = svg`<circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M6.5 10h7" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>`;
const questionIcon = svg`<circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M8 8a2 2 0 1 1 2.6 1.9c-.4.2-.6.5-.6.9v.7" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/><circle cx="10" cy="13.8" r="1" fill="currentColor"/>`;
const warningMark = html`<svg class="warning-mark" viewBox="0 0 20 20" aria-hidden="true"><path d="M10 2.5l8.2 14.5H1.8z" fill="currentColor"/><path d="M10 7.5v4.2" stroke="var(--_kyi-surface)" stroke-width="1.9" stroke-linecap="round"/><circle cx="10" cy="14.2" r="1.05" fill="var(--_kyi-surface)"/></svg>`;

const badgeBase = document.querySelector<HTMLMetaElement>('meta[name="kyi:badge-base-url"]')?.content.replace(/\/+$/, '') ?? '';
const onBadgeError = () => {};

class PlainTokenStatus extends LitElement {
  // The kit's own sheets (constructable, as Lit adopts its own).
  static override styles = [...sharedStyles, tokenStatusStyles].map((s) => s.styleSheet);
  static override properties = { view: { attribute: false } };
  declare view: StatusView | undefined;

  #icon(kind: 'verified' | 'unverified' | 'not-found', label: string, path: TemplateResult): TemplateResult {
    return html`<svg part="icon" class="icon ${kind}" viewBox="0 0 20 20" role="img" aria-label=${label}><title>${label}</title>${path}</svg>`;
  }

  #badge(view: StatusView): TemplateResult {
    if (!view.badge) return this.#icon('verified', view.label, checkIcon);
    const [first, light] = view.badge.urls.map((u) => u.replace('{base}', badgeBase));
    const picture =
      light === undefined
        ? html`<img part=${'badge'} src=${first!} alt=${view.label} width=${24} height=${24} loading="lazy" decoding="async" @error=${onBadgeError} />`
        : html`<picture
            ><source media="(prefers-color-scheme: dark)" srcset=${first!} width=${24} height=${24} /><img
              part=${'badge'}
              src=${light}
              alt=${view.label}
              width=${24}
              height=${24}
              loading="lazy"
              decoding="async"
              @error=${onBadgeError}
          /></picture>`;
    return html`<span class="badge">${picture}</span>`;
  }

  #loading(): TemplateResult {
    return html`<span part="base" class="base loading" aria-busy="true"
      ><span part="skeleton" class="skeleton icon-skeleton"></span
      ><span class="text"><span class="line"><span part="skeleton" class="skeleton text-skeleton"></span></span
      ><span class="line small"><span part="skeleton" class="skeleton text-skeleton wide"></span></span></span
      ><span class="visually-hidden">Checking verification…</span></span
    >`;
  }

  override render() {
    const view = this.view;
    if (!view) return this.#loading();
    const summary = view.summary ? html`<span part="summary" class="summary">${view.summary}</span>` : nothing;
    switch (view.status) {
      case 'verified': {
        const issuer = view.issuer ? html`<span part="issuer" class="issuer" title=${view.issuer}>${view.issuer}</span>` : nothing;
        const warning = view.warning
          ? html`<span part="warning" class="warning"><span class="visually-hidden">, </span>${warningMark}${view.warning}</span>`
          : nothing;
        return html`<span part="base" class="base verified ${view.warning ? 'warned' : ''}"
          >${this.#badge(view)}<span class="text"
            ><span class="label-row"><span part="label" class="label">${view.label}</span>${warning}</span>${issuer}${summary}</span
          ></span
        >`;
      }
      case 'unverified':
        return html`<span part="base" class="base unverified">${this.#icon('unverified', view.label, dashIcon)}<span class="text"><span part="label" class="label">${view.label}</span>${summary}</span></span>`;
      case 'not-found':
        return html`<span part="base" class="base not-found">${this.#icon('not-found', view.label, questionIcon)}<span part="notice" class="text"><span part="label" class="label">${view.label}</span><span class="detail one-line" title=${view.detail}>${view.detail}</span></span></span>`;
    }
  }
}
customElements.define('plain-token-status', PlainTokenStatus);

const phases: ListPageResult['phases'] = { rendered: 0, requestStart: 0, responseAt: 0 };
const fetches = watchLookupFetches(phases);
const { items, lookups, viewOf, views, batchMax } = data as PlainPageData;
const list = document.getElementById('list')!;
const fragment = document.createDocumentFragment();
const elements = items.map(({ attrs }) => {
  const el = document.createElement('plain-token-status') as PlainTokenStatus;
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  fragment.append(el);
  return el;
});
list.append(fragment);
const inView = watchInView(elements);

// The request leaves as the kit's does: once the loading boxes rendered, before layout.
await Promise.all(elements.map((el) => el.updateComplete));
phases.rendered = performance.now();
performance.mark('bench:rendered');
const chunks = Array.from({ length: Math.ceil(lookups.length / batchMax) }, (_, i) => lookups.slice(i * batchMax, (i + 1) * batchMax));
const answers = await Promise.all(
  chunks.map(async (requests) => {
    const response = await fetch('/api/kyi/lookup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ requests }),
    });
    return ((await response.json()) as { results: { status: number }[] }).results;
  }),
);
const results = answers.flat();
const statuses: Record<string, number> = {};
elements.forEach((el, i) => {
  const lookup = items[i]!.lookup;
  const view = views[viewOf[lookup]!]!;
  // The answer decides (a view resolved ahead must agree with it).
  const status = results[lookup]?.status;
  if ((status === 404) !== (view.status === 'not-found')) throw new Error(`lookup ${lookup} answered ${status}, expected ${view.status}`);
  el.view = view;
  statuses[view.status] = (statuses[view.status] ?? 0) + 1;
});
await Promise.all(elements.map((el) => el.updateComplete));
const settledAt = performance.now();
for (const el of elements) inView.settled(el);
await finish(
  { scriptStart, settledAt, phases, statuses, requests: fetches.requests },
  perf,
  (n) => elements.slice(0, n).map((el) => normalizedMarkup(el.shadowRoot)),
  inView,
);

declare global {
  interface HTMLElementTagNameMap {
    'plain-token-status': PlainTokenStatus;
  }
}
