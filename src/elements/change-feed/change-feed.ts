import { html, nothing, type TemplateResult } from '../shared/lit-html.js';
import { internalState, type PropertyValues } from '../shared/reactive.js';
import type { Change, WatchlistItem } from '../../contract/index.js';
import { IMPACT_ORDER, MATERIALITIES, SORT_ORDERS, impactRank, isOneOf, type Direction } from '../../contract/enums.js';
import { CHANGES_PER_RESPONSE, ITEM_FILTER_MAX } from '../../contract/monitoring-limits.js';
import { fetchChanges, fetchWatchlist, mergeById } from '../../client/monitoring.js';
import { KyiChangesEvent } from '../../browser/monitoring-events.js';
import type { StringKey } from '../../browser/strings.js';
import { KyiMonitoringElement } from '../shared/monitoring-element.js';
import { addsInformation, assetName, formatDate, valueText } from '../shared/monitoring-parts.js';
import { ShownRows } from '../shared/monitoring-pager.js';
import { withMonitoringStyles } from '../shared/monitoring.styles.js';
import { announce } from '../shared/announce.js';
import { changeFeedStyles } from './change-feed.styles.js';

const DIRECTION_SYMBOL: Record<string, string> = {
  weakens: '▼',
  mixed: '◆',
  strengthens: '▲',
  neutral: '●',
  unassessed: '○',
  other: '◇',
};

/** The colour of a direction (see `[data-tone]` in the monitoring styles). */
const DIRECTION_TONE: Record<string, string> = { weakens: 'bad', mixed: 'warn', strengthens: 'good' };

/** A row's direction: one of the impact order, `unassessed` when absent, `other` when the contract does not list it. */
function directionOf(change: Change): Direction | 'other' {
  const direction = change.direction ?? change.impactAssessment?.direction;
  if (direction === null || direction === undefined) return 'unassessed';
  return isOneOf(IMPACT_ORDER, direction) ? direction : 'other';
}

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
 * The element never moves the key's seen marker (that belongs to the partner's server): it
 * reads the window without `newOnly`, and "New only" shows the rows the service marks
 * `isNew`. With `refresh-interval`, it reads the window again (at most every 30 s, one
 * request at a time, paused while the page is hidden, slower after a 429) and merges by
 * `id`: new rows are added and marked, rows whose content changed (confirmed, assessed
 * later) are replaced. A materiality or direction the contract does not list shows as "Other".
 *
 * @tag kyi-change-feed
 * @summary Monitoring changes with filters, provisional and low-signal rows, and polling.
 *
 * @csspart base - The outer wrapper.
 * @csspart filters - The filter form (in a narrow element, shown once its Filters button is pressed).
 * @csspart filters-toggle - The Filters button of a narrow element (a disclosure: `aria-expanded`); hidden when the element is wide.
 * @csspart truncated - The banner shown when the window holds more than 200 changes.
 * @csspart list - The `<ol>` of changes.
 * @csspart change - One change row.
 * @csspart headline - A row's headline.
 * @csspart delta - The before → after line.
 * @csspart links - A row's source links.
 * @csspart more - Below a long list: how many are shown, and the "Show more" button.
 * @csspart error - The error box (shown, not announced).
 * @csspart retry-button - The error's Retry button; none where retrying cannot help (the request itself refused, 400; the site's configuration, which a `refresh-interval` still reads again, in case the partner fixed it).
 * @csspart sign-in - The notice shown instead of the data when the site's server asks the visitor to sign in (401).
 * @csspart access-denied - The notice shown instead of the data when the site's server does not give the visitor access (403).
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
  static override styles = withMonitoringStyles(changeFeedStyles);

  static override properties = {
    materiality: { type: String, reflect: true },
    newOnly: { type: Boolean, reflect: true, attribute: 'new-only' },
    showAll: { type: Boolean, reflect: true, attribute: 'show-all' },
    days: { type: Number, reflect: true },
    sort: { type: String, reflect: true },
    items: { type: String, reflect: true },
    category: { type: String, reflect: true },
    hideFilters: { type: Boolean, reflect: true, attribute: 'hide-filters' },
    ...internalState('_changes', '_truncated', '_added', '_watchlist', '_filtersOpen'),
  };

  /** Only disclosure-field changes of this materiality: `material`, `clarification` or `editorial`; empty for all. */
  materiality: string = '';
  /** Only the rows the service marks new (`isNew`: confirmed, after the seen marker). Filters what is shown; the read is the same. */
  newOnly: boolean = false;
  /** Also list low-signal document revisions (`showAll=true`). */
  showAll: boolean = false;
  /** Window size in days; absent for the service's default (90). */
  days: number | undefined = undefined;
  /** Order: `recent` (default) or `impact` (weakens, mixed, strengthens, neutral, unassessed, then newest). */
  sort: string = '';
  /** Comma-separated watchlist item ids (at most 25) to restrict the feed to; empty for all. */
  items: string = '';
  /** Category filter (e.g. `disclosure_field`); empty for all. */
  category: string = '';
  /** Hides the filter controls (the attributes still apply). */
  hideFilters: boolean = false;

  private _changes: Change[] | undefined = undefined;
  private _truncated = false;
  private _added: ReadonlySet<string> = new Set();
  private _watchlist: WatchlistItem[] | undefined = undefined;
  /** The narrow layout's filters shown (the Filters button pressed). */
  private _filtersOpen = false;

  readonly #shown = new ShownRows(this);

  /**
   * The rows of the window (empty before the first load; with `new-only`, the new ones only),
   * rendered a page of 25 at a time with "Show more". Read-only.
   */
  get changes(): Change[] {
    const rows = this._changes ?? [];
    return this.newOnly ? rows.filter((c) => c.isNew === true) : rows;
  }

  /** Whether the service cut the current window at 200 rows. Read-only. */
  get truncated(): boolean {
    return this._truncated;
  }

  protected static override inputs: readonly PropertyKey[] = ['proxyUrl', 'materiality', 'showAll', 'days', 'sort', 'items', 'category'];

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('newOnly')) this.#shown.reset(); // another list: back to its first page
  }

  /** A filter the user changed: its result is announced once it shows. */
  #filtered = false;

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.#filtered || this._status === 'loading') return;
    this.#filtered = false; // an error speaks through its own alert
    if (this._status === 'ready') announce(this, this.#resultText());
  }

  /** "9 changes", or the empty-window words. */
  #resultText(): string {
    const count = this.changes.length;
    if (count > 0) return this.t('changeFeed.count', { count: String(count) });
    return this.newOnly ? this.t('changeFeed.emptyNew') : this.t('changeFeed.empty');
  }

  /** The query exactly as the attributes say (never `newOnly`); the server piece checks it against the contract. */
  #query(): URLSearchParams {
    const p = new URLSearchParams();
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
      const [envelope, items] = await Promise.all([fetchChanges({ proxyUrl, signal }, this.#query()), watchlist]);
      signal.throwIfAborted();
      if (items) this._watchlist = items;
      this._changes = envelope.items;
      this._truncated = envelope.truncated;
      this._added = new Set();
      this.#shown.reset();
      return new KyiChangesEvent({ items: this.changes, added: this.changes, truncated: envelope.truncated });
    }
    // A poll: the same window again, merged by id.
    const envelope = await fetchChanges({ proxyUrl, signal }, this.#query());
    signal.throwIfAborted();
    const { rows, added } = mergeById(this._changes, envelope.items);
    if (rows !== this._changes) this._changes = this.#order(rows);
    if (added.length > 0) this._added = new Set([...this._added, ...added.map((c) => c.id)]);
    this._truncated = envelope.truncated;
    const shownAdded = this.newOnly ? added.filter((c) => c.isNew === true) : added;
    this.#shown.grow(shownAdded.length);
    return new KyiChangesEvent({ items: this.changes, added: shownAdded, truncated: this._truncated });
  }

  protected override clearData(): void {
    this._changes = undefined;
    this._truncated = false;
    this._added = new Set();
    this._watchlist = undefined;
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
    this.#filtered = true;
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

  /** How many filters narrow the feed now (said on the narrow layout's Filters button). */
  #activeFilters(): number {
    const items = this.items.split(',').some((s) => s.trim());
    return [this.materiality, this.sort && this.sort !== 'recent', this.newOnly, this.showAll, items].filter(Boolean).length;
  }

  /**
   * The filters; in a narrow element (a phone) folded behind a Filters button (the APG
   * disclosure pattern) so they do not fill the panel before the first change. Wide, the
   * button is hidden and the filters always shown (styles: a container query).
   */
  #renderFilters(): TemplateResult | typeof nothing {
    // Nothing to filter signed out or when the feed could not load (a 400 is the filters' own mistake: they stay, to be fixed).
    if (this.hideFilters || (this._status === 'error' && !this._changes && this._error?.status !== 400)) return nothing;
    const materialities = MATERIALITIES.map((m) => [m, this.t(`changeFeed.materiality.${m}` as StringKey)] as const);
    const orders = SORT_ORDERS.map((s) => [s, this.t(`changeFeed.sort.${s}` as StringKey)] as const);
    const active = this.#activeFilters();
    return html`<button class="button filters-toggle" part="filters-toggle" type="button" aria-expanded=${this._filtersOpen ? 'true' : 'false'} aria-controls="filters"
        @click=${() => (this._filtersOpen = !this._filtersOpen)}
      ><svg class="chevron" viewBox="0 0 16 16" aria-hidden="true"><path d="M5 3l5 5-5 5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/></svg
      >${active ? `${this.t('changeFeed.filters')} ${this.t('changeFeed.filtersActive', { count: String(active) })}` : this.t('changeFeed.filters')}</button
      ><form id="filters" class="filters ${this._filtersOpen ? 'open' : ''}" part="filters" @change=${(e: Event) => this.#onFilter(e)} @submit=${(e: Event) => e.preventDefault()}>
      ${this.#renderSelect('materiality', this.t('changeFeed.filter.materiality'), this.materiality, [
        ['', this.t('changeFeed.filter.all')],
        ...materialities,
      ])}
      ${this.#renderSelect('sort', this.t('changeFeed.filter.sort'), this.sort || 'recent', orders)}
      ${this.#renderDays()}
      <div class="checks">
        ${this.#renderCheck('newOnly', this.newOnly, this.t('changeFeed.filter.newOnly'))}
        ${this.#renderCheck('showAll', this.showAll, this.t('changeFeed.filter.showAll'))}
      </div>
      ${this.#renderItemChoices()}
    </form>`;
  }

  #renderSelect(name: string, label: string, value: string, options: ReadonlyArray<readonly [string, string]>): TemplateResult {
    return html`<div class="field">
      <label for=${name}>${label}</label>
      <select id=${name} name=${name}>
        ${options.map(([v, text]) => html`<option value=${v} ?selected=${value === v}>${text}</option>`)}
      </select>
    </div>`;
  }

  #renderDays(): TemplateResult {
    const days = this.days === undefined || this.days === null || Number.isNaN(this.days) ? '' : String(this.days);
    return html`<div class="field">
      <label for="days">${this.t('changeFeed.filter.days')}</label>
      <input id="days" name="days" type="number" min="1" step="1" inputmode="numeric" placeholder="90" .value=${days} />
    </div>`;
  }

  #renderCheck(name: string, checked: boolean, label: string): TemplateResult {
    return html`<label class="check"><input type="checkbox" name=${name} .checked=${checked} /><span>${label}</span></label>`;
  }

  /** The watched assets to narrow the feed to: at most 25 at once (the others disabled then). */
  #renderItemChoices(): TemplateResult | typeof nothing {
    if (!this._watchlist || this._watchlist.length === 0) return nothing;
    const chosen = new Set(this.items.split(',').map((s) => s.trim()).filter(Boolean));
    const full = chosen.size >= ITEM_FILTER_MAX;
    return html`<fieldset class="choices">
      <legend>${this.t('changeFeed.filter.items', { max: String(ITEM_FILTER_MAX) })}</legend>
      ${this._watchlist.map(
        (w) => html`<label class="check"
          ><input type="checkbox" name="item" value=${w.id} .checked=${chosen.has(w.id)} ?disabled=${full && !chosen.has(w.id)} /><span
            >${assetName(w.asset)}</span
          ></label
        >`,
      )}
    </fieldset>`;
  }

  // ---------------------------------------------------------------- rows

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
    const direction = directionOf(change);
    return html`<li
      class="item change"
      part="change"
      tabindex="-1"
      ?data-provisional=${change.confirmed === false}
      ?data-low-signal=${change.lowSignal === true}
    >
      <div class="row head">
        <p class="title" part="headline" role="heading" aria-level=${String(this.rowHeadingLevel)}>${headline}</p>
        ${this.#renderTags(change)}
      </div>
      <div class="meta small muted">
        ${change.asset?.name ? html`<span>${change.asset.name}</span>` : nothing}
        ${ex?.field?.label ? html`<span>${ex.field.label}</span>` : nothing}
        <span>${formatDate(change.detectedAt, this.renderLang)}</span>
      </div>
      ${addsInformation(what, [headline]) ? html`<p>${what}</p>` : nothing}
      ${why ? html`<p class="small"><span class="muted">${this.t('changeFeed.why')}</span> ${why}</p>` : nothing}
      ${this.#renderDelta(change)} ${this.#renderDirection(change, direction)} ${this.renderLinks(
        [
          [change.sourceUrl, this.t('changeFeed.link.source')],
          [change.priorSourceUrl, this.t('changeFeed.link.priorSource')],
          [change.href, this.t('changeFeed.link.details')],
        ],
        'links',
      )}
    </li>`;
  }

  /** New, provisional, low signal, materiality. */
  #renderTags(change: Change): TemplateResult {
    const materiality = change.materiality ? (isOneOf(MATERIALITIES, change.materiality) ? change.materiality : 'other') : undefined;
    return html`<span class="row">
      ${change.isNew === true || this._added.has(change.id) ? html`<span class="tag new">${this.t('changeFeed.new')}</span>` : nothing}
      ${change.confirmed === false
        ? html`<span class="tag provisional" title=${this.t('changeFeed.provisionalHint')}>${this.t('changeFeed.provisional')}</span>`
        : nothing}
      ${change.lowSignal === true ? html`<span class="tag">${this.t('changeFeed.lowSignal')}</span>` : nothing}
      ${materiality
        ? html`<span class="tag" data-materiality=${materiality}>${this.t(`changeFeed.materiality.${materiality}` as StringKey)}</span>`
        : nothing}
    </span>`;
  }

  /**
   * The direction and what it means for holders, each said once: "Neutral" beside an impact of
   * "Neutral" is the label alone; an impact that already names the direction ("Weakens holder
   * protection") stands in its place; otherwise "Label — impact".
   */
  #renderDirection(change: Change, direction: Direction | 'other'): TemplateResult {
    const ex = change.explanation;
    const impact = ex?.impact ?? change.impact ?? change.impactAssessment?.whatThisMeansForHolders;
    const label = this.t(`changeFeed.direction.${direction}` as StringKey);
    const impactAdds = addsInformation(impact, [label]);
    const lead = impactAdds && !addsInformation(label, [impact]) ? impact : label;
    return html`<p class="small">
      <span class="direction" data-tone=${DIRECTION_TONE[direction] ?? nothing}
        ><span aria-hidden="true">${DIRECTION_SYMBOL[direction]} </span>${lead}</span
      >${impactAdds && lead === label ? html` — <span>${impact}</span>` : nothing}
    </p>`;
  }

  override render(): TemplateResult {
    const rows = this._changes && this.changes;
    const problem = this._error;
    return html`<section class="base" part="base" aria-busy=${this._status === 'loading' ? 'true' : 'false'}>
      <header class="row head">
        ${this.renderTitle(this.t('changeFeed.title'))}
        ${rows ? html`<span class="muted small">${this.t('changeFeed.count', { count: String(rows.length) })}</span>` : nothing}
      </header>
      ${this.#renderFilters()}
      ${this.renderStatus('changeFeed', false, this.t('changeFeed.error.filter'))}
      ${this._truncated && rows && !(this._status === 'error' && problem?.status === 400)
        ? html`<div class="banner" part="truncated" role="status">
            <strong>${this.t('changeFeed.truncated.title', { max: String(CHANGES_PER_RESPONSE) })}</strong>
            ${this.t('changeFeed.truncated.body')}
          </div>`
        : nothing}
      ${rows && this._status !== 'loading' && !(this._status === 'error' && problem?.status === 400)
        ? rows.length === 0
          ? html`<p class="notice" part="empty">
              ${this.newOnly ? this.t('changeFeed.emptyNew') : this.t('changeFeed.empty')}
            </p>`
          : html`<ol class="list" part="list">
                ${this.#shown.slice(rows).map((c) => this.#renderChange(c))}
              </ol>
              ${this.renderMore(this.#shown, rows.length, '[part="change"]')}`
        : nothing}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyi-change-feed': KyiChangeFeed;
  }
}
