/**
 * Shared async discipline of the live lookup elements (`<kyi-token-status>`,
 * `<kyi-asset-card>`), after `@lit/task`:
 * - input is checked in the browser first (bad input costs no request);
 * - each run aborts the previous one, its signal reaches the batched lookup, and only the
 *   latest run may write its result;
 * - `settled` is a promise tests await instead of sleeping;
 * - an answer renders in a render slice (./render-scheduler.ts): hundreds answered at once never
 *   hold the page for long, and those in view render first;
 * - `kyi-status` fires when a lookup settles (once its result rendered) and `kyi-error` when it
 *   failed — never because code set a property (an input that fails the browser-side check
 *   only sets `status`).
 */
import type { PropertyValues } from './reactive.js';
import { live, lookupKey, type LookupRequest } from '../../client/lookup.js';
import { checkTokenLookup, type RuleCheck } from '../../contract/queries.js';
import { addStrings, t, type StringKey } from '../../browser/strings.js';
import { enInputs } from '../../locales/en-inputs.js';
import { enErrors } from '../../locales/en-errors.js';
import { errorDetail, type KyiProblem } from '../../client/errors.js';
import { emit, KyiErrorEvent, type KyiLookupStatus, KyiStatusEvent } from '../../browser/events.js';
import { configVersion } from '../../browser/config.js';
import { errorStringKey, retryHelps } from './error-text.js';
import { KyiDataElement, LatestRun, type DataState, type ProxyChoice } from './kyi-element.js';
import { announce } from './announce.js';
import { renderInSlice } from './render-scheduler.js';
import { show, type View } from './view.js';

// --- Element input ---------------------------------------------------------------------------
// Checked against the contract's rules before anything is asked (a bad input costs no request);
// the problems' words ship with the checks that give them (not with the badge's core); the asset
// card's check and its words are its own (elements/asset-card/input.ts). And the words of the
// errors a lookup may end in (every lookup element shows them).
addStrings('en', enInputs);
addStrings('en', enErrors);

/** Token input as the element has it (attributes). */
export interface TokenInput {
  caip19?: string | null | undefined;
  address?: string | null | undefined;
  chainSlug?: string | null | undefined;
}

/** Why element input is unusable: a strings-table key suffix plus an English message. */
export interface InputProblem {
  reason: 'missing' | 'mixed' | 'chainWithoutAddress' | 'caip19' | 'address' | 'accountId' | 'chain';
  message: string;
}

/**
 * A checked input: the request with its key (`lookupKey`, the lookup client's identity of a
 * lookup: what identifies a run, with where the answer comes from), or the problem.
 */
export type InputCheck = { ok: true; request: LookupRequest; key: string } | { ok: false; empty: boolean; problem: InputProblem };

/** A lookup request of `kind` without its kind: what the contract's rules check an input into. */
type QueryOf<K extends LookupRequest['kind']> = LookupRequest extends infer U ? (U extends { kind: K } ? Omit<U, 'kind'> : never) : never;

/** An attribute's value trimmed, `null` when absent or blank. */
const clean = (v: string | null | undefined): string | null => (typeof v === 'string' && v.trim()) || null;

/**
 * A lookup element's input attributes (`input`, in a fixed order) checked against its lookup's
 * rules (`check`, the contract's), for a request of `kind`. Nothing given
 * (the rules' `missing`) is empty (the element stays idle, no warning); a broken rule is a
 * problem in the words of `<section>.invalid.<reason>`, the reason named as the rule is, or as
 * `reasons` renames it (several rules may share words).
 */
export function checkLookupInput<K extends LookupRequest['kind'], F extends string, R extends string>(
  kind: K,
  section: 'tokenStatus' | 'assetCard',
  input: Record<F, string | null | undefined>,
  check: (input: Record<F, string | null>) => RuleCheck<QueryOf<K>, R>,
  reasons: Record<Exclude<R, InputProblem['reason']>, InputProblem['reason']>): InputCheck {
  const problem = (reason: InputProblem['reason'], empty: boolean): InputCheck => ({
    ok: false,
    empty,
    problem: { reason, message: t(`${section}.invalid.${reason}` as StringKey, undefined, 'en') },
  });
  const cleaned = Object.fromEntries(Object.entries<string | null | undefined>(input).map(([name, value]) => [name, clean(value)])) as Record<F, string | null>;
  const checked = check(cleaned);
  // A rule set breaks its `missing` rule when nothing is given, and only then: the element is empty.
  if (!checked.ok) return problem((reasons as Partial<Record<R, InputProblem['reason']>>)[checked.rule] ?? (checked.rule as InputProblem['reason']), checked.rule === 'missing');
  const request = { kind, ...checked.value } as LookupRequest;
  return { ok: true, request, key: lookupKey(request) };
}

/** The token lookup's rules (`checkTokenLookup`), checked in the browser so a bad input costs no request. */
export function checkTokenInput({ caip19, address, chainSlug }: TokenInput): InputCheck {
  return checkLookupInput('token', 'tokenStatus', { caip19, address, chainSlug }, checkTokenLookup, {});
}

// --- The lookup base -------------------------------------------------------------------------
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
  options: { signal: AbortSignal; bypassCache: boolean },
) => Promise<LookupOutcomeLike<R>>;

/**
 * The base of the lookup elements (`<kyi-token-status>`, `<kyi-asset-card>`): one lookup per
 * input, `status`, `settled` and `refresh()`, and `kyi-status` when a lookup settles; `R` is
 * the record shown.
 */
export abstract class KyiLookupElement<R> extends KyiDataElement<KyiLookupStatus> {
  /**
   * What the element shows, as one reactive state (one initialiser and one change per lookup
   * instead of four: 500 statuses construct and start at once). Replaced, never mutated.
   * @internal
   */
  protected _state: LookupState<R> = IDLE;
  /** The result shown (`_state.result`): `null` before one settled, for invalid input and errors. */
  protected get _result(): R | null {
    return this._state.result;
  }

  #key: string | undefined;
  /**
   * What a server render put in the shadow root (kyi-elements/server/render): page markup, kept
   * on screen as the page showed it until the first answer (its own style hides what the
   * element renders meanwhile), never read (the status is the lookup's); then removed.
   */
  #view: ChildNode[] | undefined;
  /** The key of the last invalid input warned about on the console. */
  #warnedInput: string | undefined;
  #configVersion: number | undefined; // (none before the first check: no version equals it)
  // Removed from the page while loading: nobody sees it, so the orphaned lookup is aborted.
  readonly #run = new LatestRun(this, () => this._status === 'loading');

  /** What the element shows: one view (view.ts), nothing while idle. @internal */
  protected abstract override render(): View;

  /** @internal */
  protected override paint(view: View): void {
    show(this.renderRoot, [view]);
  }

  /** Checks the element's input attributes. @internal */
  protected abstract checkInput(): InputCheck;
  /** Runs the lookup for a valid input (`lookupToken`, `lookupAsset`). Must reject only with an AbortError. @internal */
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
    await this.recheck();
  }

  /**
   * @internal Looks up again, bypassing the caches (`refresh()`, and `refreshLiveLookups()`);
   * resolves whether what is shown changed. Input that cannot be looked up has nothing to refresh.
   */
  async recheck(): Promise<boolean> {
    await this.updateComplete;
    const check = this.checkInput();
    if (!check.ok) return false;
    const before = this.fingerprint();
    this.#start(check, true);
    await this.settled;
    return this.fingerprint() !== before;
  }

  /** The shadow root, emptied (the base's, reactive.ts), a server-rendered view put back until the first answer. @internal */
  protected override createRenderRoot(): ShadowRoot {
    const view = [...(this.shadowRoot?.childNodes ?? [])];
    const root = super.createRenderRoot();
    root.append(...(this.#view = view));
    return root;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    live.add(this);
    // Reconnected after its lookup was abandoned (e.g. moved in the DOM): look up again.
    if (this.#key === undefined && this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    live.delete(this);
    if (this._status === 'loading') this.#key = undefined; // looked up again on reconnection
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (!this.isConnected) return;
    // Input is checked again only when it (or the configuration) changed, not on every render.
    if (this.#key !== undefined && this.#configVersion === configVersion() && !this.inputsChanged(changed)) return;
    this.#configVersion = configVersion();
    const check = this.checkInput();
    const proxy = this.proxyChoice();
    const key = this.#keyFor(check, proxy);
    if (key !== this.#key) this.#start(check, false, proxy, key);
  }

  /** What identifies a run: the input, and where the answer would come from. */
  #keyFor(check: InputCheck, proxy: ProxyChoice): string {
    if (!check.ok) return `problem:${check.empty ? '' : check.problem.reason}`;
    return `${proxy.refused === undefined ? proxy.proxyUrl : `refused:${proxy.refused}`}\n${check.key}`;
  }

  /**
   * Starts a run; must only be called with the current input. Where the answer comes from is
   * read once (`proxy`, `proxyChoice()`) for the key, the trust check and the run.
   */
  #start(check: InputCheck, bypassCache: boolean, proxy = this.proxyChoice(), key = this.#keyFor(check, proxy)): void {
    const previous = this.#key;
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
    const untrusted = this.untrustedProxy(proxy);
    if (untrusted) {
      // Markup may not choose where answers come from: an error, and nothing fetched.
      const refused: LookupOutcomeLike<R> = { status: 'error', result: null, error: untrusted };
      this.#run.cancel();
      this.#show(refused);
      void this.updateComplete.then(() => this.#key === key && this.#announce(refused));
      return;
    }
    // A refresh keeps what it shows meanwhile; a new token (or proxy) shows no result of the
    // last one (`result` would name another token's verification while this one loads).
    this.#show({ status: 'loading', result: key === previous ? this._result : null });
    const proxyUrl = proxy.proxyUrl;
    this.#run.start(
      (abort) => this.lookup(proxyUrl, check.request, { signal: abort.signal, bypassCache }),
      (r, stillLatest) => {
        // A lookup resolves every failure as an `error` outcome (lookupReadBy, client/lookup/
        // outcome.ts) and rejects only when aborted, which the run drops: a rejection is no answer.
        if (!r.ok) return;
        // The answer renders in a render slice (renderInSlice: 500 statuses answered at once
        // never hold the page for long, those in view first); the run is done once it rendered.
        return renderInSlice(this, () => {
          if (stillLatest()) this.#settle(r.value);
        });
      },
    );
  }

  #show(state: LookupState<R>): void {
    if (state.status !== 'loading') this.#view?.forEach((node) => node.remove());
    this._state = state;
  }

  /** The run's outcome becomes the state and renders at once; then (and only then) the events announce it. */
  #settle(outcome: LookupOutcomeLike<R>): void {
    this.#show(outcome);
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

  /** Retry after an error: the user asked, so this is a fresh run. @internal */
  protected rerun(): void {
    this.#start(this.checkInput(), false);
  }

  /** The message for the current error, in the element's language. */
  protected errorMessage(): string {
    return this.t(errorStringKey(this._error ?? { code: '' })); // none: the generic words
  }

  /** The current error's Retry (`retry`), none when retrying cannot help (`retryHelps`). @internal */
  protected errorRetry(): (() => void) | undefined {
    return retryHelps(this._error) ? this.retry : undefined;
  }
}
