/**
 * Shared async discipline of the monitoring elements (`<kyi-watchlist>`,
 * `<kyi-change-feed>`, `<kyi-notifications>`), after `@lit/task`:
 * - each load aborts the previous one; its signal reaches `fetch`; only the latest may write;
 * - `settled` is a promise tests await instead of sleeping;
 * - `refresh-interval` polls within the key's budget: never below `MIN_REFRESH_SECONDS`,
 *   one request at a time, paused while the page is hidden, and stretched to the
 *   `Retry-After` of a 429.
 */
import { html, nothing, render, type TemplateResult } from './lit-html.js';
import type { PropertyDeclarations, PropertyValues } from './reactive.js';
import { errorDetail, toProblem, type KyiProblem } from '../../client/errors.js';
import { emit, KyiErrorEvent } from '../../browser/events.js';
import { addStrings } from '../../browser/strings.js';
import { onPageEvent, pageHidden } from '../../browser/page.js';
import { MAX_TIMER_MS } from '../../browser/timers.js';
import { safeHttpUrl } from '../../browser/config.js';
import { enMonitoring } from '../../locales/en-monitoring.js';
import { errorStringKey, retryHelps } from './error-text.js';
import { KyiDataElement, LatestRun, type DataState, type RunResult } from './kyi-element.js';
import { DEFAULT_HEADING_LEVEL, headingAttributes, headingLevelOf } from './heading.js';
import { own } from '../../contract/own.js';
import { MONITORING_PAGE_SIZE, type ShownRows } from './monitoring-pager.js';

// The monitoring sections of the English table ship with the monitoring elements only.
addStrings('en', enMonitoring);

/** Shortest polling interval an element accepts, in seconds (the budget is shared per key). */
export const MIN_REFRESH_SECONDS = 30;

/** Load state of a monitoring element. */
export type KyiMonitoringStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * What the partner's own server said of the visitor, when it refused them: `sign-in` (401:
 * no session) or `denied` (403 `forbidden`: signed in, not allowed); else `undefined`. Only the
 * monitoring elements ask (here, not in error-text.ts, which every lookup page loads).
 */
function accessRefusal(problem: { code: string }): 'sign-in' | 'denied' | undefined {
  if (problem.code === 'session_required' || problem.code === 'unauthorized') return 'sign-in';
  return problem.code === 'forbidden' ? 'denied' : undefined;
}

const IDLE: DataState<KyiMonitoringStatus> = Object.freeze({ status: 'idle' });
const LOADING: DataState<KyiMonitoringStatus> = Object.freeze({ status: 'loading' });
const READY: DataState<KyiMonitoringStatus> = Object.freeze({ status: 'ready' });


/** The timers polling (and the watchlist's undo delay) run on: the browser's by default; tests step their own instead of sleeping. */
export interface PollTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: PollTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What a load found: an event announcing it, fired once the element's state says `ready`. */
export type LoadAnnouncement = Event | undefined | void;

/**
 * The section of the string table holding an element's words, among them those of its load
 * states: `<section>.loading`, `.error.load` (the error box's title), `.signIn` (401: what
 * signing in would show) and `.denied` (403 `forbidden`: what the visitor may not see here).
 */
export type MonitoringWords = 'watchlist' | 'changeFeed' | 'notifications';

/**
 * Base of the monitoring elements: `proxy-url`, `refresh-interval`, `theme`, the load
 * status, `settled` and `refresh()`.
 *
 * @fires kyi-error - A read failed. `detail: { code, message, status }`.
 */
export abstract class KyiMonitoringElement extends KyiDataElement<KyiMonitoringStatus> {
  /** Its Lit template, rendered into the shadow root. @internal */
  protected override paint(template: unknown): void {
    // Options with no prototype: a polluted `renderBefore` or `creationScope` is not Lit's to read.
    render(template, this.renderRoot, { __proto__: null, host: this } as Parameters<typeof render>[2]);
  }

  static override properties: PropertyDeclarations = {
    refreshInterval: { type: Number, attribute: 'refresh-interval' },
    headingLevel: { type: Number, attribute: 'heading-level' },
  };

  /**
   * Floor of `refresh-interval`, in seconds, for every monitoring element (default 30): the
   * Explorer budget (120 requests a minute) is shared by every visitor of the partner's site.
   */
  static minRefreshSeconds = MIN_REFRESH_SECONDS;

  /** @internal The timers polling and undo delays are scheduled on (tests replace them). */
  static timers: PollTimers = browserTimers;

  /** Re-read every this many seconds (at least `minRefreshSeconds`, 30 by default); 0 or absent turns polling off. */
  refreshInterval: number = 0;
  /**
   * Level (1–6) of the element's top heading, its own title (default 3); each row's heading (a
   * change's headline, an asset's name, a group of notifications) sits one level below, or at
   * this level when the partner labels the region and the element shows no title.
   */
  headingLevel: number = DEFAULT_HEADING_LEVEL;

  /** The level of a row's heading: one below the title, the top level when there is no title. */
  protected get rowHeadingLevel(): number {
    const top = headingLevelOf(this.headingLevel);
    return this.partnerLabelled ? top : Math.min(6, top + 1);
  }

  /**
   * The element's own title, the top heading (at `heading-level`) — none when the partner
   * labels the region itself (`role="region"` with `aria-label` or `aria-labelledby` on the element).
   */
  protected renderTitle(text: string, attrs: { focusable?: boolean } = {}): TemplateResult | typeof nothing {
    if (this.partnerLabelled) return nothing;
    // The heading's attributes by the one rule (heading.ts), bound in this element's template, and
    // its options, read from their own keys: an inherited `focusable` or `part` (it bound one it was
    // never given), a script's throwing getter, stopped the element (attack round 15).
    const h = headingAttributes(headingLevelOf(this.headingLevel), { class: 'heading' });
    return own(attrs, 'focusable')
      ? html`<p class="heading" role="heading" aria-level=${h['aria-level']} tabindex="-1">${text}</p>`
      : html`<p role=${h.role} aria-level=${h['aria-level']} class=${h.class}>${text}</p>`;
  }

  /** Whether the partner names the element's region itself (read at render). */
  protected get partnerLabelled(): boolean {
    return this.hasAttribute('aria-label') || this.hasAttribute('aria-labelledby');
  }

  /** @internal */
  protected _state: DataState<KyiMonitoringStatus> = IDLE;

  readonly #run = new LatestRun(this);
  /**
   * The element's writes (the watchlist's add, update, remove), one run per thing written: the
   * discipline of its loads (a newer write of the same thing replaces the one in flight, leaving
   * the page aborts them), but a write never cancels another item's, which would lose a change.
   */
  readonly #writes = new Map<string, LatestRun>();
  /** @internal */
  protected writeRun(target: string): LatestRun {
    let run = this.#writes.get(target);
    if (!run) this.#writes.set(target, (run = new LatestRun(this)));
    return run;
  }
  #timer: unknown;
  #nextDelayMs = 0;
  #onVisibility = () => this.#schedule();
  #stopWatchingVisibility: (() => void) | undefined;

  /** `idle` | `loading` | `ready` | `error`. Read-only. */
  get status(): KyiMonitoringStatus {
    return this._status;
  }

  /** Resolves once the current load and write (if any) have settled and rendered. */
  get settled(): Promise<void> {
    // each write run in turn (a run added meanwhile is visited too: a Map's iterator sees it)
    return this.settledAfter(() => this.#run.done).then(async () => {
      for (const run of this.#writes.values()) await this.settledAfter(() => run.done);
    });
  }

  /** Loads again now. Resolves when settled. */
  async refresh(): Promise<void> {
    await this.updateComplete;
    this.startLoad('full');
    await this.settled;
  }

  /** Retry after an error: a full load, now. @internal */
  protected rerun(): void {
    this.startLoad('full');
  }

  /** Base URL of the server piece for this element. */
  protected get proxy(): string {
    return this.proxyChoice().proxyUrl;
  }

  /**
   * Loads data. `kind` is `full` for a first or filter-driven load and `poll` for a
   * `refresh-interval` tick. Throw to report a problem; the signal aborts stale runs.
   * Resolves with the event announcing the result, fired after the status reads `ready`.
   * @internal
   */
  protected abstract load(signal: AbortSignal, kind: 'full' | 'poll'): Promise<LoadAnnouncement>;

  /** Drops the data shown: the partner's server no longer lets this visitor see it (401, 403). */
  protected abstract clearData(): void;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#stopWatchingVisibility = onPageEvent('visibilitychange', this.#onVisibility);
    if (this.hasUpdated) this.startLoad('full');
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopWatchingVisibility?.();
    this.#clearTimer();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (!this.hasUpdated || this.inputsChanged(changed)) {
      this.startLoad('full');
    } else if (changed.has('refreshInterval')) {
      this.#schedule();
    }
  }

  /** Starts a load, aborting the one in flight. */
  protected startLoad(kind: 'full' | 'poll'): void {
    this.#clearTimer();
    const untrusted = this.untrustedProxy(this.proxyChoice());
    if (untrusted) {
      // Markup may not choose where answers come from: an error, nothing fetched, no polling.
      this.#run.cancel();
      this._state = { status: 'error', error: untrusted };
      void this.updateComplete.then(() => this._error === untrusted && this.reportError(untrusted));
      return;
    }
    if (kind === 'full') this._state = LOADING;
    this.#run.start(
      (abort) => this.load(abort.signal, kind),
      (r, stillLatest) => this.#settle(r, stillLatest),
    );
  }

  /** The load's result becomes the state and is rendered; then the announcement fires. */
  async #settle(r: RunResult<LoadAnnouncement>, stillLatest: () => boolean): Promise<void> {
    if (r.ok) {
      this._state = READY;
      this.#nextDelayMs = 0;
    } else {
      const problem = toProblem(r.error);
      this.#nextDelayMs = (problem.retryAfter ?? 0) * 1000;
      // A failed poll keeps what is shown (it is still the latest good data) but says so;
      // a visitor the partner's server refuses (signed out, not allowed) sees none of it.
      if (accessRefusal(problem)) this.clearData();
      this._state = { status: 'error', error: problem };
    }
    this.#schedule();
    await this.updateComplete;
    if (!stillLatest()) return;
    if (r.ok) {
      if (r.value) emit(this, r.value);
    } else if (this._error) this.reportError(this._error);
  }

  /** Fires `kyi-error` for a problem. */
  protected reportError(problem: KyiProblem): void {
    emit(this, new KyiErrorEvent(errorDetail(problem)));
  }

  /** The words for a problem: the server's own message for a rejected filter, else the table. */
  protected problemText(problem: KyiProblem): string {
    if (problem.code === 'invalid_parameter') return problem.message;
    return this.t(errorStringKey(problem));
  }

  /**
   * The load status as shown, in the element's `words`: nothing when idle or ready, the loading
   * line (only while there is nothing else to show), or the error box — titled `refusedTitle`,
   * when given, for a request the server piece refused (400).
   * @internal
   */
  protected renderStatus(words: MonitoringWords, hasData: boolean, refusedTitle?: string): TemplateResult | typeof nothing {
    switch (this._status) {
      case 'idle':
      case 'ready':
        return nothing;
      case 'loading':
        // the kit's one loading treatment: skeleton lines, the words for screen readers
        return hasData
          ? nothing
          : html`<div class="loading" role="status"
              ><span class="skeleton" part="skeleton"></span><span class="skeleton short" part="skeleton"></span
              ><span class="visually-hidden">${this.t(`${words}.loading` as const)}</span></div
            >`;
      case 'error':
        return this._error ? this.#renderProblem(this._error, words, refusedTitle) : nothing;
    }
  }

  /**
   * The error box (a Retry button where retrying can help, `retryHelps`: not for a request the
   * server piece refused, 400, nor for the site's configuration); for
   * a visitor the partner's server does not let in, a plain notice instead (not an error): sign
   * in (401 `session_required`) or no access (403 `forbidden`).
   */
  #renderProblem(problem: KyiProblem, words: MonitoringWords, refusedTitle: string | undefined): TemplateResult {
    const refusal = accessRefusal(problem);
    if (refusal === 'sign-in') return html`<p class="notice" role="status" part="sign-in">${this.t(`${words}.signIn` as const)}</p>`;
    if (refusal === 'denied') return html`<p class="notice" role="status" part="access-denied">${this.t(`${words}.denied` as const)}</p>`;
    const refused = problem.status === 400;
    const title = (refused && refusedTitle) || this.t(`${words}.error.load` as const);
    // The nodes of the display elements' error box (error-box.ts), as a template.
    return html`<div part="error" class="alert"
      ><span class="alert-title">${title}</span><span>${this.problemText(problem)}</span>${retryHelps(problem)
        ? html`<button part="retry-button" class="button small" type="button" @click=${this.retry}>${this.t('common.retry')}</button>`
        : nothing}</div
    >`;
  }

  /**
   * A row's links to the service's pages, in a row (`part`, if given): only those whose URL is
   * absolute http(s) (`safeHttpUrl`), each opening in a new tab; nothing when none is.
   * @internal
   */
  protected renderLinks(links: ReadonlyArray<readonly [url: string | null | undefined, label: string]>, part?: string): TemplateResult | typeof nothing {
    const safe = links.flatMap(([url, label]) => {
      const href = safeHttpUrl(url);
      return href ? [this.renderExternalLink(href, label)] : [];
    });
    return safe.length ? html`<div class="row small" part=${part ?? nothing}>${safe}</div>` : nothing;
  }

  /** A link to an http(s) page of the service, opening in a new tab (and saying so). */
  protected renderExternalLink(href: string, label: string): TemplateResult {
    return html`<a class="action-link" href=${href} target="_blank" rel="noopener noreferrer"
      >${label}<span class="visually-hidden"> ${this.t('common.opensInNewTab')}</span></a
    >`;
  }

  /**
   * Below a list longer than a page: how many rows are shown and a "Show more" button. The
   * first row it reveals (the `rowSelector` match at that index, `tabindex="-1"`) takes focus,
   * so a keyboard reader carries on where the list grew.
   * @internal
   */
  protected renderMore(rows: ShownRows, total: number, rowSelector: string): TemplateResult | typeof nothing {
    if (total <= MONITORING_PAGE_SIZE) return nothing;
    const shown = Math.min(rows.limit, total);
    const next = Math.min(MONITORING_PAGE_SIZE, total - shown);
    const more = async () => {
      rows.more();
      await this.updateComplete;
      this.renderRoot.querySelectorAll<HTMLElement>(rowSelector)[shown]?.focus();
    };
    return html`<div class="more" part="more">
      <span class="muted small" role="status">${this.t('monitoring.shown', { shown: String(shown), total: String(total) })}</span>
      ${next > 0
        ? html`<button class="button" type="button" @click=${more}>${this.t('monitoring.showMore', { count: String(next) })}</button>`
        : nothing}
    </div>`;
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) KyiMonitoringElement.timers.clear(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    this.#clearTimer();
    const seconds = Number(this.refreshInterval);
    if (!this.isConnected || !(seconds > 0)) return;
    // A refused request (400) would fail again: polling stops. The site's configuration (no Retry
    // button, retryHelps) keeps polling: the partner may fix the server while the page stays open.
    if (this._status === 'error' && this._error?.status === 400) return;
    if (pageHidden()) return; // resumes on visibilitychange
    const floor = (this.constructor as typeof KyiMonitoringElement).minRefreshSeconds;
    // Never past what a timer keeps: a longer delay (`Infinity`, a Retry-After of years) fires at once.
    const delay = Math.min(Math.max(Math.max(floor, seconds) * 1000, this.#nextDelayMs), MAX_TIMER_MS);
    this.#timer = KyiMonitoringElement.timers.set(() => {
      this.#timer = undefined;
      this.startLoad(this._status === 'ready' || this._status === 'error' ? 'poll' : 'full');
    }, delay);
  }
}
