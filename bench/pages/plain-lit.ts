/**
 * Bench baseline: 500 plain Lit elements rendering the markup a settled `<kyi-token-status>`
 * renders (same templates, same styles), from data inlined in the bundle: no lookup, no
 * string table, no configuration. Leaves `window.__bench` (ListPageResult) once all rendered.
 *
 * The templates copy src/elements/token-status/token-status.ts; the benchmark compares the two pages'
 * shadow markup and reports any difference.
 */
import data from 'virtual:bench-data';
import { LitElement, html, nothing, svg, type TemplateResult } from 'lit';
import { sharedStyles } from '../../src/elements/shared/styles.js';
import { tokenStatusStyles } from '../../src/elements/token-status/token-status.styles.js';
import { afterNextPaint, normalizedMarkup, type ListPageResult, type PlainPageData, type StatusView } from './shared.js';

const scriptStart = performance.now();

const checkIcon = svg`<path d="M5 10.5l3.2 3.2L15 6.8" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>`;
const dashIcon = svg`<circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M6.5 10h7" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>`;
const questionIcon = svg`<circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M8 8a2 2 0 1 1 2.6 1.9c-.4.2-.6.5-.6.9v.7" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/><circle cx="10" cy="13.8" r="1" fill="currentColor"/>`;

const badgeBase = document.querySelector<HTMLMetaElement>('meta[name="kyi:badge-base-url"]')?.content.replace(/\/+$/, '') ?? '';
const onBadgeError = () => {};

class PlainTokenStatus extends LitElement {
  static override styles = [...sharedStyles, tokenStatusStyles];
  static override properties = { view: { attribute: false } };
  declare view: StatusView | undefined;

  #icon(kind: 'unverified' | 'not-found', label: string): TemplateResult {
    return html`<svg part="icon" class="icon ${kind}" viewBox="0 0 20 20" role="img" aria-label=${label}>
      <title>${label}</title>${kind === 'unverified' ? dashIcon : questionIcon}
    </svg>`;
  }

  #badge(view: StatusView): TemplateResult {
    const label = view.label;
    if (!view.badge)
      return html`<svg part="icon" class="icon verified" viewBox="0 0 20 20" role="img" aria-label=${label}>
        <title>${label}</title>${checkIcon}
      </svg>`;
    const urls = view.badge.urls.map((u) => u.replace('{base}', badgeBase));
    const img = (src: string) =>
      html`<img part=${'badge'} src=${src} alt=${label} width=${24} height=${24} loading="lazy" decoding="async" @error=${onBadgeError} />`;
    const picture =
      urls.length === 1
        ? img(urls[0]!)
        : html`<picture
            ><source media="(prefers-color-scheme: dark)" srcset=${urls[0]!} width=${24} height=${24} />${img(urls[1]!)}</picture
          >`;
    return html`<span class="badge">${picture}</span>`;
  }

  override render() {
    const view = this.view;
    if (!view) return nothing;
    const summary = view.summary ? html`<span part="summary" class="summary">${view.summary}</span>` : nothing;
    switch (view.status) {
      case 'verified': {
        const issuer = view.issuer ? html`<span part="issuer" class="issuer">${view.issuer}</span>` : nothing;
        return html`<span part="base" class="base verified ${''}">
          ${this.#badge(view)}
          ${html`<span class="text"><span part="label" class="label">${view.label}</span>${issuer}${summary}</span>`}
        </span>`;
      }
      case 'unverified':
        return html`<span part="base" class="base unverified ${''}">
          ${this.#icon('unverified', view.label)}
          ${html`<span class="text"><span part="label" class="label">${view.label}</span>${summary}</span>`}
        </span>`;
      case 'not-found':
        return html`<span part="base" class="base not-found ${''}">
          ${this.#icon('not-found', view.label)}
          ${html`<span part="notice" class="text"><span part="label" class="label">${view.label}</span><span class="detail">${view.detail}</span></span>`}
        </span>`;
    }
  }
}
customElements.define('plain-token-status', PlainTokenStatus);

const { items, views } = data as PlainPageData;
const list = document.getElementById('list')!;
const fragment = document.createDocumentFragment();
const elements = items.map(({ attrs, view }) => {
  const el = document.createElement('plain-token-status') as PlainTokenStatus;
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  el.view = views[view];
  fragment.append(el);
  return el;
});
list.append(fragment);

await Promise.all(elements.map((el) => el.updateComplete));
const settledAt = performance.now();
const paintedAt = await afterNextPaint();
const statuses: Record<string, number> = {};
for (const el of elements) statuses[el.view!.status] = (statuses[el.view!.status] ?? 0) + 1;
const result: ListPageResult = { scriptStart, settledAt, paintedAt, statuses };
(window as unknown as { __benchMarkup: (n: number) => string[] }).__benchMarkup = (n) =>
  elements.slice(0, n).map((el) => normalizedMarkup(el.shadowRoot));
(window as unknown as { __bench: ListPageResult }).__bench = result;

declare global {
  interface HTMLElementTagNameMap {
    'plain-token-status': PlainTokenStatus;
  }
}
