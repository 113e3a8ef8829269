/**
 * Shared async discipline of the live lookup elements (`<kyi-token-status>`,
 * `<kyi-asset-card>`), after `@lit/task`:
 * - input is checked in the browser first (bad input costs no request);
 * - each run aborts the previous one, its signal reaches the batched lookup, and only the
 *   latest run may write its result;
 * - `settled` is a promise tests await instead of sleeping;
 * - an answer renders in a render slice (render-slices.ts): hundreds answered at once never
 *   hold the page for long, and those in view render first;
 * - `kyi-status` fires when a lookup settles (once its result rendered) and `kyi-error` when it
 *   failed — never because code set a property (an input that fails the browser-side check
 *   only sets `status`);
 * - no skeleton flash: for `loadingDelayMs` after its own lookup started, an element keeps
 *   what it showed before (or, showing nothing yet, its loading box, hidden: the reserved size
 *   without the skeleton); an answer within that time renders straight to the result. The
 *   hidden box is revealed by marking it (no re-render); only an element holding a previous
 *   view runs an update to swap it for the loading view.
 */
import { ReactiveElement, type CSSResultGroup, type CSSResultOrNative, type PropertyValues } from 'lit';
import { lookupKey, type LookupRequest } from '../../client/lookup.js';
import type { InputCheck } from '../../client/lookup-outcomes.js';
import { errorDetail, toProblem, type KyiProblem } from '../../client/errors.js';
import type { LazySignal } from '../../client/lazy-signal.js';
import { registerLiveElement, unregisterLiveElement, type LiveElement } from '../../client/live-elements.js';
import { emit, KyiErrorEvent, type KyiLookupStatus, KyiStatusEvent } from '../../browser/events.js';
import { configVersion, proxyUrlFor, type ProxyChoice } from '../../browser/config.js';
import { errorStringKey } from './error-text.js';
import { KyiDataElement, type DataState } from './kyi-element.js';
import { LatestRun, type RunResult } from './latest-run.js';
import { waitingStyles } from './lookup-element.styles.js';
import { renderInSlice } from './render-slices.js';
import { announce } from './announce.js';

/**
 * While an element waits quietly, its loading box (`[aria-busy="true"]`) carries this and keeps
 * its size showing nothing (lookup-element.styles.ts). On the box, not the host: a host
 * attribute change restyles the whole shadow tree, and 500 statuses change it at once.
 */
const WAITING = 'data-kyi-waiting';

/** Whether an element that rendered `shown` keeps it on screen during a quiet wait (a result, a notice, an error). */
const holds = (shown: KyiLookupStatus | undefined): boolean => shown !== undefined && shown !== 'idle' && shown !== 'loading';

/**
 * One timer for every element waiting quietly (500 elements started in one task share it):
 * each element's loading state shows once its own deadline passed.
 */
const quietWaits = new Map<object, { deadline: number; reveal: () => void }>();
let quietTimer: ReturnType<typeof setTimeout> | undefined;
let quietTimerAt = Infinity;

function armQuietTimer(at: number): void {
  clearTimeout(quietTimer);
  quietTimerAt = at;
  quietTimer = setTimeout(revealDue, Math.max(0, at - performance.now()));
}

/**
 * The timer fired: the reveal is applied after the next frame, so an answer already waiting to
 * be read goes first (a page busy rendering 500 statuses runs this timer late, when the answer
 * may be in) and its elements never show a skeleton; a reveal then costs nothing. An element
 * whose wait ended or restarted meanwhile is no longer due.
 */
function revealDue(): void {
  quietTimerAt = Infinity;
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') setTimeout(revealNow, REVEAL_AFTER_FRAME_MS);
  else requestAnimationFrame(() => setTimeout(revealNow, REVEAL_AFTER_FRAME_MS));
}

/**
 * A timer, not a 0 ms one: Chrome runs a 0 ms timer as an immediate task, ahead of a timer
 * already due (an answer's read scheduled just before the frame); a 1 ms one is ordered by its
 * due time, after those.
 */
const REVEAL_AFTER_FRAME_MS = 1;

function revealNow(): void {
  const now = performance.now();
  let next = Infinity;
  for (const [element, wait] of quietWaits) {
    // Timers may fire a little early: within 1 ms is due.
    if (wait.deadline > now + 1) next = Math.min(next, wait.deadline);
    else {
      quietWaits.delete(element);
      wait.reveal();
    }
  }
  if (next < quietTimerAt) armQuietTimer(next);
}

/** What a lookup element shows: the data state with the lookup's result. */
export interface LookupState<R> extends DataState<KyiLookupStatus> {
  result: R | null;
}

const IDLE: LookupState<never> = Object.freeze({ status: 'idle', result: null });

/** The outcome shape both elements' lookups resolve with. */
export interface LookupOutcomeLike<R> {
  status: Exclude<KyiLookupStatus, 'idle' | 'loading'>;
  result: R | null;
  error?: KyiProblem | undefined;
}

/** A lookup through the server piece at `proxyUrl`, for the request `checkInput()` made. */
export type LookupFunction<R> = (
  proxyUrl: string,
  request: LookupRequest,
  options: { signal: AbortSignal | LazySignal; bypassCache: boolean },
) => Promise<LookupOutcomeLike<R>>;

export abstract class KyiLookupElement<R> extends KyiDataElement<KyiLookupStatus> implements LiveElement {
  /**
   * What the element shows, as one reactive state (one initialiser and one change per lookup
   * instead of four: 500 statuses construct and start at once). Replaced, never mutated.
   */
  protected _state: LookupState<R> = IDLE;
  /** The result shown (`_state.result`): `null` before one settled, for invalid input and errors. */
  protected get _result(): R | null {
    return this._state.result;
  }

  #key: string | undefined;
  /** The key of the last invalid input warned about on the console. */
  #warnedInput: string | undefined;
  #configVersion = -1;
  /** The loading state is not shown yet (the lookup started less than `loadingDelayMs` ago). */
  #quiet = false;
  /** The status of the view last rendered (`undefined` before the first render). */
  #shown: KyiLookupStatus | undefined;
  // Removed from the page while loading: nobody sees it, so the orphaned lookup is aborted.
  readonly #run = new LatestRun(this, () => this._status === 'loading');

  /** How long after its lookup started an element shows its loading state, ms, at the first frame after (a quicker answer never shows it). */
  protected static loadingDelayMs = 150;

  /** The base styles, then the quiet wait's (its loading box hidden while it keeps its size). */
  protected static override finalizeStyles(styles?: CSSResultGroup): CSSResultOrNative[] {
    return [...super.finalizeStyles(styles), waitingStyles];
  }

  /** Checks the element's input attributes. */
  protected abstract checkInput(): InputCheck;
  /** Runs the lookup for a valid input (`lookupToken`, `lookupAsset`). Must reject only with an AbortError. */
  protected abstract readonly lookup: LookupFunction<R>;
  /** What the element shows, as a string: a change means the page's verification view changed. */
  protected fingerprint(): string {
    return this._status;
  }

  /** The words said (politely) when what the element shows changes after its first answer; empty for nothing. */
  protected spokenStatus(): string {
    return '';
  }

  /** The fingerprint of the last answer shown (`undefined` before the first). */
  #settledView: string | undefined;

  /** `idle` | `loading` | `verified` | `unverified` | `not-found` | `invalid` | `error`. Read-only. */
  get status(): KyiLookupStatus {
    return this._status;
  }

  /** Resolves once the current lookup (if any) has settled and rendered. */
  get settled(): Promise<void> {
    return this.settledAfter(() => this.#run.done);
  }

  /** Looks up again, bypassing the browser's and the proxy's caches. Resolves when settled. */
  async refresh(): Promise<void> {
    await this.updateComplete;
    this.#start(this.checkInput(), true);
    await this.settled;
  }

  /** @internal Re-checks for `refreshLiveLookups()`; resolves whether what is shown changed. */
  async recheck(): Promise<boolean> {
    await this.updateComplete;
    const check = this.checkInput();
    if (!check.ok) return false;
    const before = this.fingerprint();
    this.#start(check, true);
    await this.settled;
    return this.fingerprint() !== before;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    registerLiveElement(this);
    // Reconnected after its lookup was abandoned (e.g. moved in the DOM): look up again.
    if (this.#key === undefined && this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    unregisterLiveElement(this);
    if (this._status === 'loading') this.#key = undefined; // looked up again on reconnection
    this.#endQuiet();
  }

  /**
   * While a lookup waits quietly the DOM keeps the last view it showed (a result, an error):
   * the update runs (attributes reflect, `updateComplete` resolves) but nothing is rendered.
   * With nothing shown yet, the loading view renders hidden, so its box holds the place.
   */
  protected override update(changed: PropertyValues): void {
    const holding = this._status === 'loading' && this.#quiet && holds(this.#shown);
    // ReactiveElement's own update (reflection, bookkeeping) without LitElement's render.
    if (holding) return (ReactiveElement.prototype as unknown as { update(c: PropertyValues): void }).update.call(this, changed);
    super.update(changed);
    this.#shown = this._status;
    if (this._status === 'loading' && this.#quiet) this.#loadingBox()?.toggleAttribute(WAITING, true);
  }

  /** The loading view's box, when it is rendered. */
  #loadingBox(): Element | null | undefined {
    return this.renderRoot?.querySelector('[aria-busy="true"]');
  }

  /**
   * The quiet wait is over and the answer has not come: the loading view shows. An element
   * holding its previous view renders the loading view; one showing its hidden loading box
   * just unmarks it (no update: 500 elements reveal at once).
   */
  #reveal(): void {
    this.#quiet = false;
    if (this._status !== 'loading') return;
    if (holds(this.#shown)) this.requestUpdate();
    else this.#loadingBox()?.removeAttribute(WAITING);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (!this.isConnected) return;
    // Input is checked again only when it (or the configuration) changed, not on every render.
    if (this.#key !== undefined && this.#configVersion === configVersion() && !this.inputsChanged(changed)) return;
    this.#configVersion = configVersion();
    const check = this.checkInput();
    const proxy = proxyUrlFor(this);
    const key = this.#keyFor(check, proxy);
    if (key !== this.#key) this.#start(check, false, proxy, key);
  }

  /** What identifies a run: the input, and where the answer would come from. */
  #keyFor(check: InputCheck, proxy: ProxyChoice): string {
    if (!check.ok) return `problem:${check.empty ? '' : check.problem.reason}`;
    return `${proxy.refused === undefined ? proxy.proxyUrl : `refused:${proxy.refused}`}\n${lookupKey(check.request)}`;
  }

  /**
   * Starts a run; must only be called with the current input. Where the answer comes from is
   * read once (`proxy`, what `this.config.proxyUrl` would say) for the key, the trust check and the run.
   */
  #start(check: InputCheck, bypassCache: boolean, proxy = proxyUrlFor(this), key = this.#keyFor(check, proxy)): void {
    this.#key = key;
    if (!check.ok) {
      this.#run.cancel();
      this.#show(check.empty ? IDLE : { status: 'invalid', result: null });
      // The visitor reads plain words; the partner's developer reads what to fix (once per problem).
      if (!check.empty && this.#warnedInput !== key) {
        this.#warnedInput = key;
        console.warn(`kyi-elements: <${this.localName}> ${check.problem.message}`);
      }
      return;
    }
    const untrusted = proxy.refused === undefined ? undefined : this.untrustedProxy();
    if (untrusted) {
      // Markup may not choose where answers come from: an error, and nothing fetched.
      this.#run.cancel();
      this.#show({ status: 'error', result: null, error: untrusted });
      void this.updateComplete.then(() => this.#key === key && this.#announce({ status: 'error', result: null, error: untrusted }));
      return;
    }
    this.#show({ status: 'loading', result: this._result });
    this.#startQuiet();
    const proxyUrl = proxy.proxyUrl;
    this.#run.startLazy(
      (signal) => this.lookup(proxyUrl, check.request, { signal, bypassCache }),
      (r, stillLatest) => {
        // The answer is in: no loading state shows any more, even when its render slice
        // (render-slices.ts: 500 statuses answered at once never hold the page for long) comes
        // after the quiet wait ended.
        quietWaits.delete(this);
        return renderInSlice(this, () => {
          if (stillLatest()) this.#settle(r);
        });
      },
    );
  }

  /** The loading state shows only once `loadingDelayMs` passed since this lookup started. */
  #startQuiet(): void {
    this.#endQuiet();
    const delay = (this.constructor as typeof KyiLookupElement).loadingDelayMs;
    if (!(delay > 0)) return;
    this.#quiet = true;
    const deadline = performance.now() + delay;
    quietWaits.set(this, { deadline, reveal: () => this.#reveal() });
    if (deadline < quietTimerAt) armQuietTimer(deadline);
  }

  #endQuiet(): void {
    quietWaits.delete(this);
    this.#quiet = false;
  }

  #show(state: LookupState<R>): void {
    if (state.status !== 'loading') this.#endQuiet();
    this._state = state;
  }

  /** The run's outcome becomes the state and renders at once; then (and only then) the events announce it. */
  #settle(r: RunResult<LookupOutcomeLike<R>>): void {
    const outcome: LookupOutcomeLike<R> = r.ok ? r.value : { status: 'error', result: null, error: toProblem(r.error) };
    this.#show({ status: outcome.status, result: outcome.result, error: outcome.error });
    // Now, inside the slice that times it (the update Lit scheduled then finds nothing to do).
    this.performUpdate();
    // A view that changed after the first answer is said once (a page settling at load is not).
    const view = this.fingerprint();
    if (this.#settledView !== undefined && view !== this.#settledView) announce(this, this.spokenStatus());
    this.#settledView = view;
    this.#announce(outcome);
  }

  #announce(outcome: LookupOutcomeLike<R>): void {
    emit(this, new KyiStatusEvent<R>({ status: outcome.status, result: outcome.result }));
    if (outcome.status === 'error' && outcome.error) emit(this, new KyiErrorEvent(errorDetail(outcome.error)));
  }

  /** Retry after an error: the user asked, so this is a fresh run. */
  protected retry = (): void => {
    this.#start(this.checkInput(), false);
  };

  /** The message for the current error, in the element's language. */
  protected errorMessage(): string {
    return this._error ? this.t(errorStringKey(this._error)) : this.t('common.error.generic');
  }
}
