/**
 * Shared async discipline of the live lookup elements (`<kyi-token-status>`,
 * `<kyi-asset-card>`), after `@lit/task`:
 * - input is checked in the browser first (bad input costs no request);
 * - each run aborts the previous one, its signal reaches the batched lookup, and only the
 *   latest run may write its result;
 * - `settled` is a promise tests await instead of sleeping;
 * - `kyi-status` fires when a lookup settles and `kyi-error` when it failed — never because
 *   code set a property (an input that fails the browser-side check only sets `status`).
 */
import { html, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { lookupKey, isAbortError, type LookupRequest } from '../../client/lookup.js';
import type { InputCheck, InputProblem, OutcomeError } from '../../client/lookup-outcomes.js';
import { registerLiveElement, unregisterLiveElement, type LiveElement } from '../../client/live-elements.js';
import { emit, KyiErrorEvent, type KyiLookupStatus, KyiStatusEvent } from '../../events.js';
import type { StringKey } from '../../strings.js';
import { configVersion } from '../../config.js';
import { KyiElement } from './kyi-element.js';

/** The outcome shape both elements' lookups resolve with. */
export interface LookupOutcomeLike<R> {
  status: Exclude<KyiLookupStatus, 'idle' | 'loading'>;
  result: R | null;
  error?: OutcomeError | undefined;
}

const ERROR_STRINGS: Record<string, StringKey> = {
  network: 'common.error.network',
  // The proxy route itself is missing: the server piece is not mounted at proxyUrl.
  not_found: 'common.error.notConfigured',
  upstream_unavailable: 'common.error.unavailable',
  upstream_timeout: 'common.error.unavailable',
  too_many_requests: 'common.error.rateLimited',
  not_configured: 'common.error.notConfigured',
  unauthorized: 'common.error.unauthorized',
  forbidden: 'common.error.unauthorized',
  invalid_response: 'common.error.invalidResponse',
  upstream_invalid: 'common.error.invalidResponse',
  upstream_error: 'common.error.server',
  internal_error: 'common.error.server',
};

export abstract class KyiLookupElement<R> extends KyiElement implements LiveElement {
  static override properties: PropertyDeclarations = {
    proxyUrl: { type: String, attribute: 'proxy-url' },
    theme: { type: String, reflect: true },
    _status: { state: true, attribute: false },
    _result: { state: true, attribute: false },
    _error: { state: true, attribute: false },
    _problem: { state: true, attribute: false },
  };

  /** Base URL of the server piece for this element only (overrides `configure` and `<meta>`). */
  declare proxyUrl: string | undefined;
  /** `light`, `dark`, or `auto` (default) to follow `configure({ theme })`, else the page's `color-scheme`. */
  declare theme: string;

  declare protected _status: KyiLookupStatus;
  declare protected _result: R | null;
  declare protected _error: OutcomeError | undefined;
  declare protected _problem: InputProblem | undefined;

  #key: string | undefined;
  #configVersion = -1;
  #controller: AbortController | undefined;
  #runId = 0;
  #run: Promise<void> = Promise.resolve();

  constructor() {
    super();
    this.proxyUrl = undefined;
    this.theme = 'auto';
    this._status = 'idle';
    this._result = null;
    this._error = undefined;
    this._problem = undefined;
  }

  /** Properties that identify what to look up (a change means a new lookup). */
  protected static inputs: readonly PropertyKey[] = ['proxyUrl'];
  /** Checks the element's input attributes. */
  protected abstract checkInput(): InputCheck;
  /** Runs the lookup for a valid input. Must reject only with an AbortError. */
  protected abstract lookup(
    request: LookupRequest,
    options: { signal: AbortSignal; bypassCache: boolean },
  ): Promise<LookupOutcomeLike<R>>;
  /** What the element shows, as a string: a change means the page's verification view changed. */
  protected fingerprint(): string {
    return this._status;
  }

  /** `idle` | `loading` | `verified` | `unverified` | `not-found` | `invalid` | `error`. Read-only. */
  get status(): KyiLookupStatus {
    return this._status;
  }

  /** Resolves once the current lookup (if any) has settled and rendered. */
  get settled(): Promise<void> {
    return this.settledAfter(() => this.#run);
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
    if (this._status === 'loading') {
      // Nobody sees this element now; drop its interest so an orphaned lookup is aborted.
      this.#controller?.abort();
      this.#key = undefined;
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (!this.isConnected) return;
    // Input is checked again only when it (or the configuration) changed, not on every render.
    const inputs = (this.constructor as typeof KyiLookupElement).inputs;
    if (this.#key !== undefined && this.#configVersion === configVersion() && !inputs.some((p) => (changed as Map<PropertyKey, unknown>).has(p)))
      return;
    this.#configVersion = configVersion();
    const check = this.checkInput();
    const key = check.ok
      ? `${this.config.proxyUrl}\n${lookupKey(check.request)}`
      : `problem:${check.empty ? '' : check.problem.reason}`;
    if (key !== this.#key) this.#start(check, false, key);
  }

  /** Starts a run; must only be called with the current input. */
  #start(check: InputCheck, bypassCache: boolean, key?: string): void {
    this.#controller?.abort();
    this.#controller = undefined;
    const runId = ++this.#runId;
    if (!check.ok) {
      this.#key = key ?? `problem:${check.empty ? '' : check.problem.reason}`;
      this._status = check.empty ? 'idle' : 'invalid';
      this._problem = check.empty ? undefined : check.problem;
      this._result = null;
      this._error = undefined;
      this.#run = Promise.resolve();
      return;
    }
    this.#key = key ?? `${this.config.proxyUrl}\n${lookupKey(check.request)}`;
    const controller = new AbortController();
    this.#controller = controller;
    this._status = 'loading';
    this._problem = undefined;
    this._error = undefined;
    this.#run = this.lookup(check.request, { signal: controller.signal, bypassCache }).then(
      (outcome) => {
        if (runId !== this.#runId) return;
        this.#controller = undefined;
        this._status = outcome.status;
        this._result = outcome.result;
        this._error = outcome.error;
        emit(this, new KyiStatusEvent<R>({ status: outcome.status, result: outcome.result }));
        if (outcome.status === 'error' && outcome.error)
          emit(this, new KyiErrorEvent({ ...outcome.error }));
      },
      (error: unknown) => {
        if (runId !== this.#runId || isAbortError(error)) return;
        this.#controller = undefined;
        const detail = { code: 'internal_error', message: error instanceof Error ? error.message : String(error) };
        this._status = 'error';
        this._result = null;
        this._error = detail;
        emit(this, new KyiStatusEvent<R>({ status: 'error', result: null }));
        emit(this, new KyiErrorEvent(detail));
      },
    );
  }

  /** Retry after an error: the user asked, so this is a fresh run. */
  protected retry = (): void => {
    this.#start(this.checkInput(), false);
  };

  /** The message for the current error, in the element's language. */
  protected errorMessage(): string {
    const code = this._error?.code ?? '';
    return this.t(ERROR_STRINGS[code] ?? 'common.error.generic');
  }

  /** The error state: `role="alert"`, a title, the message and a Retry button. */
  protected renderError(title: string): TemplateResult {
    return html`<div part="error" class="alert" role="alert">
      <span class="alert-text"><span class="alert-title">${title}</span> ${this.errorMessage()}</span>
      <button part="retry-button" class="button small" type="button" @click=${this.retry}>${this.t('common.retry')}</button>
    </div>`;
  }
}
