import { html, nothing, type TemplateResult } from 'lit';
import type { Change, WatchlistItem } from '../../contract/index.js';
import { MATERIALITIES, SORT_ORDERS, impactRank } from '../../contract/enums.js';
import { LIMITS } from '../../contract/limits.js';
import { fetchChanges, fetchWatchlist } from '../../client/monitoring.js';
import { safeHttpUrl } from '../../client/urls.js';
import { KyiChangesEvent } from '../../events.js';
import type { StringKey } from '../../strings.js';
import { KyiMonitoringElement } from '../shared/monitoring-element.js';
import { formatDate, valueText } from '../shared/monitoring-parts.js';
import { monitoringStyles } from '../shared/monitoring.styles.js';
import { sharedStyles } from '../shared/styles.js';
import { changeFeedStyles } from './change-feed.styles.js';

const DIRECTION_SYMBOL: Record<string, string> = {
  weakens: '▼',
  mixed: '◆',
  strengthens: '▲',
  neutral: '●',
  unassessed: '○',
};

/**
 * Disclosure and tokenomics changes detected on the watchlist
 * (`GET {proxy-url}/explorer/me/monitoring/changes`), with filters for materiality, new
 * only, low-signal revisions (show all), the window in days, the order (most recent or
 * highest impact) and watched items.
 *
 * Each row shows the headline, what changed and why it matters, before → after, the
 * direction and impact, and the materiality. Unconfirmed rows carry a "provisional"
 * marker; low-signal rows (only with `show-all`) are styled quieter; source links are
 * shown for http(s) URLs only. When the service cut the window at 200 rows (`truncated`),
 * a banner asks to narrow it. A filter the service refuses (400) is shown with the
 * server's message naming the parameter — the feed never widens silently.
 *
 * With `refresh-interval`, the element polls with `newOnly=true` (at most every 30 s, one
 * request at a time, paused while the page is hidden, slower after a 429) and adds the new
 * rows on top.
 *
 * @tag kyi-change-feed
 * @summary Monitoring changes with filters, provisional and low-signal rows, and polling.
 *
 * @csspart base - The outer wrapper.
 * @csspart filters - The filter form.
 * @csspart truncated - The banner shown when the window holds more than 200 changes.
 * @csspart list - The `<ol>` of changes.
 * @csspart change - One change row.
 * @csspart headline - A row's headline.
 * @csspart delta - The before → after line.
 * @csspart links - A row's source links.
 * @csspart error - Error messages (`role="alert"`).
 * @csspart empty - The no-changes text.
 *
 * @cssprop --kyi-change-feed-gap - Space between rows (default `0.5rem`).
 * @cssprop --kyi-change-feed-quiet-color - Text color of low-signal rows (default: the muted text color).
 *
 * @fires kyi-changes - A read settled. `detail: { items, added, truncated }` (`added`: rows new to the view).
 * @fires kyi-error - A read failed. `detail: { code, message, status }`; a refused filter is
 *   `invalid_parameter` (400) with the server's message.
 */
export class KyiChangeFeed extends KyiMonitoringElement {
  static override styles = [
    ...sharedStyles,
    monitoringStyles,
    changeFeedStyles,
  ];

  static override properties = {
    materiality: { type: String, reflect: true },
    newOnly: { type: Boolean, reflect: true, attribute: 'new-only' },
    showAll: { type: Boolean, reflect: true, attribute: 'show-all' },
    days: { type: Number, reflect: true },
    sort: { type: String, reflect: true },
    items: { type: String, reflect: true },
    category: { type: String, reflect: true },
    hideFilters: { type: Boolean, reflect: true, attribute: 'hide-filters' },
    _changes: { state: true, attribute: false },
    _truncated: { state: true, attribute: false },
    _added: { state: true, attribute: false },
    _watchlist: { state: true, attribute: false },
  };

  /** Only disclosure-field changes of this materiality: `material`, `clarification` or `editorial`; empty for all. */
  declare materiality: string;
  /** Only confirmed changes after the last seen marker (`newOnly=true`). */
  declare newOnly: boolean;
  /** Also list low-signal document revisions (`showAll=true`). */
  declare showAll: boolean;
  /** Window size in days; absent for the service's default (90). */
  declare days: number | undefined;
  /** Order: `recent` (default) or `impact` (weakens, mixed, strengthens, neutral, unassessed, then newest). */
  declare sort: string;
  /** Comma-separated watchlist item ids (at most 25) to restrict the feed to; empty for all. */
  declare items: string;
  /** Category filter (e.g. `disclosure_field`); empty for all. */
  declare category: string;
  /** Hides the filter controls (the attributes still apply). */
  declare hideFilters: boolean;

  declare private _changes: Change[] | undefined;
  declare private _truncated: boolean;
  declare private _added: ReadonlySet<string>;
  declare private _watchlist: WatchlistItem[] | undefined;

  constructor() {
    super();
    this.materiality = '';
    this.newOnly = false;
    this.showAll = false;
    this.days = undefined;
    this.sort = '';
    this.items = '';
    this.category = '';
    this.hideFilters = false;
    this._changes = undefined;
    this._truncated = false;
    this._added = new Set();
    this._watchlist = undefined;
  }

  /** The rows shown (empty before the first load). Read-only. */
  get changes(): Change[] {
    return this._changes ?? [];
  }

  /** Whether the service cut the current window at 200 rows. Read-only. */
  get truncated(): boolean {
    return this._truncated;
  }

  protected override loadKeys(): readonly string[] {
    return ['proxyUrl', 'materiality', 'newOnly', 'showAll', 'days', 'sort', 'items', 'category'];
  }

  /** The query exactly as the attributes say; the server piece checks it against the contract. */
  #query(newOnly: boolean): URLSearchParams {
    const p = new URLSearchParams();
    if (newOnly) p.set('newOnly', 'true');
    if (this.showAll) p.set('showAll', 'true');
    if (this.materiality) p.set('materiality', this.materiality);
    if (this.days !== undefined && this.days !== null && !Number.isNaN(this.days)) p.set('days', String(this.days));
    if (this.items.trim()) p.set('item', this.items.split(',').map((s) => s.trim()).filter(Boolean).join(','));
    if (this.sort) p.set('sort', this.sort);
    if (this.category) p.set('category', this.category);
    return p;
  }

  protected override async load(signal: AbortSignal, kind: 'full' | 'poll'): Promise<KyiChangesEvent> {
    const proxyUrl = this.proxy;
    if (kind === 'full' || !this._changes) {
      const watchlist =
        this._watchlist || this.hideFilters
          ? Promise.resolve(undefined)
          : fetchWatchlist({ proxyUrl, signal }).then(
              (r) => r.data,
              () => undefined,
            );
      const [envelope, items] = await Promise.all([fetchChanges({ proxyUrl, signal }, this.#query(this.newOnly)), watchlist]);
      signal.throwIfAborted();
      if (items) this._watchlist = items;
      this._changes = envelope.items;
      this._truncated = envelope.truncated;
      this._added = new Set();
      return new KyiChangesEvent({ items: envelope.items, added: envelope.items, truncated: envelope.truncated });
    }
    // A poll: only what is new since the last seen marker, merged on top.
    const envelope = await fetchChanges({ proxyUrl, signal }, this.#query(true));
    signal.throwIfAborted();
    const known = new Set(this._changes.map((c) => c.id));
    const added = envelope.items.filter((c) => !known.has(c.id));
    if (added.length > 0) {
      this._changes = this.#order([...added, ...this._changes]);
      this._added = new Set([...this._added, ...added.map((c) => c.id)]);
    }
    this._truncated = this._truncated || envelope.truncated;
    return new KyiChangesEvent({ items: this._changes, added, truncated: this._truncated });
  }

  #order(rows: Change[]): Change[] {
    const newest = (a: Change, b: Change) => Date.parse(b.detectedAt) - Date.parse(a.detectedAt);
    if (this.sort === 'impact') {
      return rows.slice().sort((a, b) => impactRank(a.direction) - impactRank(b.direction) || newest(a, b));
    }
    return rows.slice().sort(newest);
  }

  // ---------------------------------------------------------------- filters (user actions)

  #onFilter(event: Event): void {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    switch (target.name) {
      case 'materiality':
        this.materiality = target.value;
        break;
      case 'sort':
        this.sort = target.value === 'recent' ? '' : target.value;
        break;
      case 'newOnly':
        this.newOnly = (target as HTMLInputElement).checked;
        break;
      case 'showAll':
        this.showAll = (target as HTMLInputElement).checked;
        break;
      case 'days': {
        const v = target.value.trim();
        this.days = v === '' ? undefined : Number(v);
        break;
      }
      case 'item': {
        const chosen = [...this.renderRoot.querySelectorAll<HTMLInputElement>('input[name="item"]:checked')].map((i) => i.value);
        this.items = chosen.join(',');
        break;
      }
    }
  }

  #renderFilters(): TemplateResult | typeof nothing {
    if (this.hideFilters) return nothing;
    const chosen = new Set(this.items.split(',').map((s) => s.trim()).filter(Boolean));
    const full = chosen.size >= LIMITS.itemFilterMax;
    const known = (MATERIALITIES as readonly string[]).includes(this.materiality) || this.materiality === '';
    return html`<form class="filters" part="filters" @change=${(e: Event) => this.#onFilter(e)} @submit=${(e: Event) => e.preventDefault()}>
      <div class="field">
        <label for="materiality">${this.t('changeFeed.filter.materiality')}</label>
        <select id="materiality" name="materiality" .value=${known ? this.materiality : ''}>
          <option value="">${this.t('changeFeed.filter.all')}</option>
          ${MATERIALITIES.map(
            (m) => html`<option value=${m} ?selected=${this.materiality === m}>${this.t(`changeFeed.materiality.${m}` as StringKey)}</option>`,
          )}
        </select>
      </div>
      <div class="field">
        <label for="sort">${this.t('changeFeed.filter.sort')}</label>
        <select id="sort" name="sort">
          ${SORT_ORDERS.map(
            (s) =>
              html`<option value=${s} ?selected=${(this.sort || 'recent') === s}>${this.t(`changeFeed.sort.${s}` as StringKey)}</option>`,
          )}
        </select>
      </div>
      <div class="field">
        <label for="days">${this.t('changeFeed.filter.days')}</label>
        <input
          id="days"
          class="days"
          name="days"
          type="number"
          min="1"
          step="1"
          inputmode="numeric"
          placeholder="90"
          .value=${this.days === undefined || this.days === null || Number.isNaN(this.days) ? '' : String(this.days)}
        />
      </div>
      <label class="check"><input type="checkbox" name="newOnly" .checked=${this.newOnly} />${this.t('changeFeed.filter.newOnly')}</label>
      <label class="check"><input type="checkbox" name="showAll" .checked=${this.showAll} />${this.t('changeFeed.filter.showAll')}</label>
      ${this._watchlist && this._watchlist.length > 0
        ? html`<fieldset>
            <legend>${this.t('changeFeed.filter.items', { max: String(LIMITS.itemFilterMax) })}</legend>
            ${this._watchlist.map(
              (w) => html`<label class="check"
                ><input
                  type="checkbox"
                  name="item"
                  value=${w.id}
                  .checked=${chosen.has(w.id)}
                  ?disabled=${full && !chosen.has(w.id)}
                />${w.asset.name ?? w.asset.symbol ?? w.asset.id}</label
              >`,
            )}
          </fieldset>`
        : nothing}
    </form>`;
  }

  // ---------------------------------------------------------------- rows

  #renderLinks(change: Change): TemplateResult | typeof nothing {
    const links: Array<[string, string]> = [];
    const source = safeHttpUrl(change.sourceUrl);
    const prior = safeHttpUrl(change.priorSourceUrl);
    const details = safeHttpUrl(change.href);
    if (source) links.push([source, this.t('changeFeed.link.source')]);
    if (prior) links.push([prior, this.t('changeFeed.link.priorSource')]);
    if (details) links.push([details, this.t('changeFeed.link.details')]);
    if (links.length === 0) return nothing;
    return html`<div class="row small" part="links">
      ${links.map(
        ([href, label]) =>
          html`<a href=${href} target="_blank" rel="noopener noreferrer"
            >${label}<span class="visually-hidden"> ${this.t('common.opensInNewTab')}</span></a
          >`,
      )}
    </div>`;
  }

  #renderDelta(change: Change): TemplateResult | typeof nothing {
    const ex = change.explanation;
    const before = valueText(ex?.previous?.value ?? change.before);
    const after = valueText(ex?.current?.value ?? change.after);
    if (!before && !after) return nothing;
    const beforeLabel = ex?.previous?.label ?? this.t('changeFeed.before');
    const afterLabel = ex?.current?.label ?? this.t('changeFeed.after');
    return html`<p class="delta small" part="delta">
      <span class="muted">${beforeLabel}:</span> <del>${before || this.t('changeFeed.emptyValue')}</del>
      <span aria-hidden="true"> → </span><span class="visually-hidden"> ${this.t('changeFeed.becomes')} </span>
      <span class="muted">${afterLabel}:</span> <ins>${after || this.t('changeFeed.emptyValue')}</ins>
    </p>`;
  }

  #renderChange(change: Change): TemplateResult {
    const ex = change.explanation;
    const headline = ex?.headline ?? change.title ?? this.t('changeFeed.untitled');
    const what = ex?.what ?? change.detail;
    const why = ex?.whyItMatters;
    const impact = ex?.impact ?? change.impact ?? change.impactAssessment?.whatThisMeansForHolders;
    const direction = change.direction ?? change.impactAssessment?.direction ?? undefined;
    const provisional = change.confirmed === false;
    const quiet = change.lowSignal === true;
    const isNew = change.isNew === true || this._added.has(change.id);
    return html`<li
      class="item change"
      part="change"
      data-id=${change.id}
      ?data-provisional=${provisional}
      ?data-low-signal=${quiet}
      data-direction=${direction ?? 'unassessed'}
    >
      <div class="row head">
        <span class="title" part="headline">${headline}</span>
        <span class="row">
          ${isNew ? html`<span class="tag new">${this.t('changeFeed.new')}</span>` : nothing}
          ${provisional
            ? html`<span class="tag provisional" title=${this.t('changeFeed.provisionalHint')}>${this.t('changeFeed.provisional')}</span>`
            : nothing}
          ${quiet ? html`<span class="tag">${this.t('changeFeed.lowSignal')}</span>` : nothing}
          ${change.materiality
            ? html`<span class="tag" data-materiality=${change.materiality}
                >${this.t(`changeFeed.materiality.${change.materiality}` as StringKey)}</span
              >`
            : nothing}
        </span>
      </div>
      <div class="meta small muted">
        ${change.asset?.name ? html`<span>${change.asset.name}</span>` : nothing}
        ${ex?.field?.label ? html`<span>${ex.field.label}</span>` : nothing}
        <span>${formatDate(change.detectedAt, this.renderLang)}</span>
      </div>
      ${what ? html`<p>${what}</p>` : nothing}
      ${why ? html`<p class="small"><span class="muted">${this.t('changeFeed.why')}</span> ${why}</p>` : nothing}
      ${this.#renderDelta(change)}
      <p class="small">
        <span class="direction" data-direction=${direction ?? 'unassessed'}
          ><span aria-hidden="true">${DIRECTION_SYMBOL[direction ?? 'unassessed'] ?? '○'} </span>${this.t(
            `changeFeed.direction.${direction ?? 'unassessed'}` as StringKey,
          )}</span
        >${impact ? html` — <span>${impact}</span>` : nothing}
      </p>
      ${this.#renderLinks(change)}
    </li>`;
  }

  override render(): TemplateResult {
    const rows = this._changes;
    const problem = this._problem;
    return html`<section class="base" part="base" aria-busy=${this._status === 'loading' ? 'true' : 'false'}>
      <header class="row head">
        <h2 class="heading">${this.t('changeFeed.title')}</h2>
        ${rows ? html`<span class="muted small">${this.t('changeFeed.count', { count: String(rows.length) })}</span>` : nothing}
      </header>
      ${this.#renderFilters()}
      ${this.renderStatus(
        {
          loading: this.t('changeFeed.loading'),
          error: (p) => (p.status === 400 ? this.t('changeFeed.error.filter') : this.t('changeFeed.error.load')),
        },
        false,
      )}
      ${this._truncated && rows && !(this._status === 'error' && problem?.status === 400)
        ? html`<div class="banner" part="truncated" role="status">
            <strong>${this.t('changeFeed.truncated.title', { max: String(LIMITS.changesPerResponse) })}</strong>
            ${this.t('changeFeed.truncated.body')}
          </div>`
        : nothing}
      ${rows && this._status !== 'loading' && !(this._status === 'error' && problem?.status === 400)
        ? rows.length === 0
          ? html`<p class="notice" part="empty">
              ${this.newOnly ? this.t('changeFeed.emptyNew') : this.t('changeFeed.empty')}
            </p>`
          : html`<ol class="list" part="list">
              ${rows.map((c) => this.#renderChange(c))}
            </ol>`
        : nothing}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyi-change-feed': KyiChangeFeed;
  }
}
