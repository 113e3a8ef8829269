import { internalState, type PropertyValues } from '../shared/reactive.js';
import { WIDGET_SCOPES, type WidgetScope } from '../../contract/widget-enums.js';
import { invalidValue, isOneOf } from '../../contract/one-of.js';
import { getConfig, type KyiConfig } from '../../browser/config.js';
import { emit, KyiErrorEvent, type KyiErrorDetail } from '../../browser/events.js';
import type { KyiCloseReason } from '../../browser/widget-events.js';
import type { AccessToken, TokenSlot } from '../../client/token-slot.js';
import { errorDetail, toProblem } from '../../client/errors.js';
import { WIDGET_PRESENTATIONS, type WidgetPresentation } from '../../client/widget-session.js';
import { DEFAULT_READY_TIMEOUT_MS } from './ready-timeout.js';
import { loadedSession, loadSession, type SessionCode } from './drawer-loader.js';
import type { WidgetRun } from './widget-run.js';
import { errorStringKey, type ErrorWords } from '../shared/error-text.js';
import { withForeignText } from '../shared/foreign-text.js';
import { KyiElement, LatestRun } from '../shared/kyi-element.js';
import { show, type ElementView, type View } from '../shared/view.js';
import { createIn } from '../../browser/page.js';
import { blockStyles } from '../shared/blocks.styles.js';
import { sharedStyles } from '../shared/styles.js';
import { spinnerStyles } from './spinner.styles.js';
import { verifyButtonStyles } from './verify-button.styles.js';
import './strings.js';

/** Lifecycle of a verify button: `pending` while a token is fetched, `open` while the drawer shows. */
export type KyiVerifyButtonStatus = 'idle' | 'pending' | 'open';


const SCOPES = Object.keys(WIDGET_SCOPES) as WidgetScope[];

/** The words of the codes only a verify button meets (the token endpoint's, the widget's, a bad `scope` or `mode`); the others are shared (error-text.ts). */
const WIDGET_ERRORS: Record<string, ErrorWords> = {
  invalid_attribute: 'invalidAttribute',
  signing_failed: 'signingFailed',
  widget_error: 'widget',
  widget_timeout: 'widgetTimeout',
  // The widget's host did not answer at all: the visitor reads that the service could not be reached.
  widget_unreachable: 'network',
};

/** Whether a drawer can open at all: the vendor SDK or a widget URL is configured. */
const canOpen = (config: KyiConfig) => !!(config.sdk || config.widgetUrl);

/**
 * A button that starts issuer verification in the KYI widget drawer, from inside a partner
 * product. On activation it gets a fresh single-use access token from the partner's server
 * piece (`POST tokenEndpoint`, or `configure({ fetchAccessToken })`), then opens the widget
 * in a modal drawer in its own shadow DOM — or, with `mode="modal"`, a centred modal dialog
 * with the same behaviour (or in the vendor's own drawer/modal with `configure({ sdk: kyi })`).
 * The drawer shows one title and one close button at a time: its own header while the widget
 * loads, then the widget's own header once it reports ready. It sits at the inline end (the
 * left on a right-to-left page) and fills the screen on a phone.
 * A failure only the partner can fix (`origin_not_allowed`, `widget_unreachable`, `widget_timeout`) is
 * also told once on the console, naming what to change; the button itself says it in plain words.
 * A widget error after the widget reported ready is reported (`kyi-error`) but leaves the
 * drawer open: the widget shows it and stays usable. Only an error before ready, a token
 * expiry after its one automatic retry, or the ready timeout close it. The widget has no
 * completion event, so after each close every `<kyi-token-status>` and `<kyi-asset-card>`
 * on the page re-checks, and `kyi-verification-changed` fires when any of them changed.
 *
 * The page needs `frame-src` for the widget origin in its Content-Security-Policy; nothing
 * else: no inline styles or scripts are used.
 *
 * @tag kyi-verify-button
 * @summary Starts KYI verification in the widget drawer, with token minting, a11y and re-checks.
 *
 * @slot - The button label. Default: "Verify with KYI" from the strings table (`verifyButton.label`).
 *
 * @csspart button - The `<button>`.
 * @csspart label - The label wrapper around the slot.
 * @csspart spinner - Progress indicator shown while a token is fetched.
 * @csspart error - The error shown below the button (`role="alert"`): a title, then the message (a widget's or the kit's English message inside it marked `lang="en"` when the element's language is another).
 * @csspart drawer - The modal drawer or centred modal (`<dialog>`; class `modal` in modal mode).
 * @csspart drawer-panel - The drawer's content column.
 * @csspart drawer-header - Header row with the title and the close button, shown until the widget is ready (then the widget's own header is the chrome).
 * @csspart drawer-title - The drawer's heading, shown with the header (the dialog's accessible name stays).
 * @csspart close-button - The drawer's close button, shown with the header.
 * @csspart drawer-body - The area holding the widget.
 * @csspart drawer-status - "Loading…" covering the frame until the widget is ready.
 * @csspart drawer-frame - The widget's `<iframe>`.
 *
 * @cssprop --kyi-verify-button-background - Button background (default: the accent color).
 * @cssprop --kyi-verify-button-color - Button text color.
 * @cssprop --kyi-verify-button-drawer-width - Drawer width (default `760px`; the full width on narrower screens).
 * @cssprop --kyi-verify-button-modal-width - Modal width in `mode="modal"` (default `760px`; the full screen on a phone).
 * @cssprop --kyi-verify-button-modal-height - Modal height in `mode="modal"` (default `90vh`).
 * @cssprop --kyi-verify-button-drawer-background - Drawer background (default: the surface color).
 * @cssprop --kyi-verify-button-backdrop - Backdrop behind the drawer.
 *
 * @fires kyi-open - The drawer opened. `detail: { scope }`.
 * @fires kyi-ready - The widget in the drawer reported ready. `detail: { scope }`.
 * @fires kyi-close - The drawer closed; exactly one per `kyi-open`. `detail: { scope, reason }`,
 *   reason `widget` | `user` | `method` | `removed` | `error`.
 * @fires kyi-verification-changed - After a close, a re-check found a changed status on the page. `detail: { scope }`.
 * @fires kyi-error - `detail: { code, message, status? }`; code `session_required` (401), `forbidden` (403),
 *   `origin_not_allowed` (403: this page's origin is not the server's `publicOrigin` or in its `allowedOrigins`),
 *   `not_configured` (503 or 404, or no widget URL), `signing_failed` (502), `network`, `widget_error` (message
 *   from the widget; after `kyi:ready` the drawer stays open), `widget_unreachable` (the widget URL's host did
 *   not answer: down, or a wrong address; told within seconds), `widget_timeout` (no `kyi:ready` in time, the
 *   host answering: most often this site's origin is not on the widget's allow-list), `invalid_attribute` (bad `scope` or `mode`);
 *   other answers of the token endpoint carry the kit's usual codes (e.g. `too_many_requests`).
 */
export class KyiVerifyButton extends KyiElement {
  // The drawer's styles arrive with its code (drawer-loader.ts, widget-run.ts).
  static override styles = [...sharedStyles, blockStyles, spinnerStyles, verifyButtonStyles];

  static override properties = {
    scope: { reflect: true },
    mode: { reflect: true },
    prefetch: { type: Boolean, reflect: true },
    disabled: { type: Boolean, reflect: true },
    readyTimeout: { type: Number, attribute: 'ready-timeout' },
    ...internalState('_status', '_error'),
  };

  /** Which widget opens: `kyi` (issuer verification), `asset-list` or `wallet-list`. */
  scope: WidgetScope = 'kyi';
  /** How the widget is shown: `drawer` (a panel at the inline end) or `modal` (centred). */
  mode: WidgetPresentation = 'drawer';
  /** Fetch a token ahead on hover or focus, so the drawer opens sooner. A token is used once at most. */
  prefetch: boolean = false;
  /** Disables the button. */
  disabled: boolean = false;
  /** How long the widget has to report ready before `widget_timeout`, in ms. */
  readyTimeout: number = DEFAULT_READY_TIMEOUT_MS;

  private _status: KyiVerifyButtonStatus = 'idle';
  private _error: KyiErrorDetail | null = null;

  /** The prefetched token, once the session code has arrived (it holds the slot's code). */
  #slot: TokenSlot | undefined;
  /**
   * The token request of the attempt in progress (open or expired-token retry), as the kit's one
   * async controller runs it: a new attempt, `close()` and removal abort it; only the latest settles.
   */
  readonly #tokenRun = new LatestRun(this);
  /** The open widget (its code loads with the session code: `widget-run.ts`). */
  #run: WidgetRun | undefined;
  #returningFocus: boolean | undefined;

  /** `idle`, `pending` (getting a token) or `open` (drawer showing). Read-only. */
  get status(): KyiVerifyButtonStatus {
    return this._status;
  }

  /** The last failure shown under the button, or `null`. Read-only. */
  get lastError(): KyiErrorDetail | null {
    return this._error;
  }

  /**
   * Gets a token and opens the drawer, like a click. Does nothing while a drawer is open or
   * opening, or when disabled. Resolves once the drawer is open or the attempt has failed.
   */
  async open(): Promise<void> {
    if (this._status !== 'idle' || this.disabled || !this.isConnected) return;
    const { scope, mode } = this;
    if (!isOneOf(SCOPES, scope)) {
      return this.#fail({ code: 'invalid_attribute', message: invalidValue('scope', scope, SCOPES) });
    }
    if (!isOneOf(WIDGET_PRESENTATIONS, mode)) {
      return this.#fail({ code: 'invalid_attribute', message: invalidValue('mode', mode, WIDGET_PRESENTATIONS) });
    }
    if (!canOpen(getConfig())) {
      return this.#fail({ code: 'not_configured', message: 'No widget URL is configured (configure({ widgetUrl }) or <meta name="kyi:widget-url">)' });
    }
    this._error = null;
    this._status = 'pending';
    const token = await this.#freshToken();
    // A token means the session code, with the drawer, has arrived (it requested the token).
    if (token !== undefined && this._status === 'pending') this.#startWidget(loadedSession()!, scope, mode, token);
  }

  /** Closes the drawer (`kyi-close` with reason `method`), or cancels an opening in progress. */
  close(): void {
    if (this._status === 'pending') this.#cancelPending();
    else this.#finish('method');
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this._status === 'pending') this.#cancelPending();
    else this.#finish('removed');
    this.#slot?.clear();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // A button disabled while opening stops opening; an open drawer stays until closed.
    if (changed.has('disabled') && this.disabled && this._status === 'pending') this.#cancelPending();
  }

  /** @internal */
  protected override paint(view: View): void {
    show(this.renderRoot, [view]);
  }

  /**
   * What the button shows, one view (view.ts): the button, its status line and its error, in one
   * wrapper (`display: contents`: each stays a flex item of the host). The button is the first
   * node of the wrapper in every state, so opening, disabling and failing change it in place and
   * it keeps focus. @internal
   */
  protected override render(): View {
    const pending = this._status === 'pending';
    const error = this._error;
    return [
      'div',
      { class: 'parts' },
      [
        'button',
        {
          part: 'button',
          class: 'button verify',
          type: 'button',
          disabled: this.disabled ? '' : undefined,
          'aria-busy': pending ? 'true' : undefined,
          'aria-disabled': this._status !== 'idle' ? 'true' : undefined,
          'aria-describedby': error ? 'error' : undefined,
          '@click': this.#onClick,
          '@pointerenter': this.#onIntent,
          '@focus': this.#onIntent,
        },
        pending && ['span', { part: 'spinner', class: 'spinner', 'aria-hidden': 'true' }],
        ['span', { part: 'label' }, ['slot', {}, this.t('verifyButton.label')]],
      ],
      ['span', { class: 'visually-hidden', role: 'status' }, pending ? this.t('verifyButton.opening') : ''],
      error ? this.#errorView(error) : undefined,
    ];
  }

  /** The failure under the button: a title, then the message (a widget's or the kit's English in it marked `lang`). */
  #errorView(error: KyiErrorDetail): ElementView {
    const message = withForeignText((message) => this.t(errorStringKey(error, WIDGET_ERRORS), { message }), error.message, this.renderLang);
    return [
      'div',
      { part: 'error', id: 'error', class: 'alert error', role: 'alert' },
      ['span', { class: 'alert-title' }, this.t('verifyButton.errorTitle')],
      typeof message === 'string'
        ? ['span', {}, message]
        : ['span', {}, message.before, ['span', { lang: message.lang }, message.text], message.after],
    ];
  }

  /**
   * Where the drawer opens (widget-run.ts): after the wrapper, outside the view. The drawer owns
   * what is in it (a view of it would patch the dialog away on the next render), and the nodes
   * before it come and go (the error), which would take it out of the page and back (a modal
   * dialog taken out of the page closes).
   * @internal
   */
  protected override firstUpdated(changed: PropertyValues<this>): void {
    super.firstUpdated(changed);
    const host = createIn('div');
    host.className = 'drawer-host';
    this.renderRoot.append(host);
  }

  // A click while a drawer is open or opening does nothing (the button is aria-disabled: `open()` returns).
  #onClick = () => void this.open();

  #onIntent = () => {
    // the opening code comes with the first sign of interest, not with the page (once: loadSession);
    // a click reports a failure
    const wanted = () => this.prefetch && !this.#returningFocus && !this.disabled && this._status === 'idle' && this.isConnected && canOpen(getConfig());
    const session = loadedSession();
    if (session) {
      if (wanted()) this.#slotFrom(session).prefetch();
    } else {
      // Prefetch once the session code is here, if that is still wanted (no click meanwhile).
      loadSession().then((code) => wanted() && this.#slotFrom(code).prefetch(), () => {});
    }
  };

  #slotFrom(session: SessionCode): TokenSlot {
    return (this.#slot ??= new session.TokenSlot((signal) => this.#requestToken(signal)));
  }

  /**
   * A token for the attempt in progress (opening, or the expired-token retry): the prefetched
   * one if usable (only ever there while idle, so a retry always asks anew), else a fresh one.
   * `undefined` when the attempt was cancelled, or failed (then reported).
   */
  async #freshToken(): Promise<string | undefined> {
    // A usable prefetched token (or one on its way) is taken once; otherwise ask now, so
    // the request leaves within the click's task.
    const slot = this.#slot;
    const prefetched = slot?.filled ? slot.take() : (slot?.clear(), undefined);
    let token: string | undefined;
    this.#tokenRun.start(
      async (abort) => (prefetched && (await prefetched)) ?? (await this.#requestToken(abort.signal)),
      // An abort means close() or removal already reset the state (and never settles here).
      (r) => {
        if (r.ok) token = r.value.token;
        else this.#fail(errorDetail(toProblem(r.error)));
      },
    );
    await this.#tokenRun.done;
    return token;
  }

  /** A token from the endpoint or `fetchAccessToken`, once the session code is there. */
  async #requestToken(signal: AbortSignal): Promise<AccessToken> {
    const { tokenEndpoint, fetchAccessToken } = getConfig();
    return (loadedSession() ?? (await loadSession())).requestAccessToken({ endpoint: tokenEndpoint, fetchAccessToken, signal });
  }

  #cancelPending(): void {
    this.#tokenRun.cancel();
    this._status = 'idle';
  }

  #startWidget(session: SessionCode, scope: WidgetScope, presentation: WidgetPresentation, token: string): void {
    const run: WidgetRun | undefined = session.startWidget(
      {
        element: this,
        root: this.renderRoot,
        // (`run` is there by the time the drawer is open)
        isOpen: () => this._status === 'open' && this.#run === run,
        fail: (detail) => this.#fail(detail),
        freshToken: () => this.#freshToken(),
        finish: (by) => this.#finish(by),
        text: (key) => this.t(`verifyButton.${key}`),
      },
      scope,
      presentation,
      token,
    );
    if (!run) return;
    this.#run = run;
    this._status = 'open';
    run.opened();
  }

  /** Ends an open drawer: exactly one `kyi-close`, then the page's live elements re-check. */
  #finish(reason: KyiCloseReason): void {
    const run = this.#run;
    if (this._status !== 'open' || !run) return;
    this.#run = undefined;
    this.#cancelPending();
    // Closing a modal dialog may itself restore focus to the button: neither that nor our own
    // focus return is a user's hint to prefetch.
    this.#returningFocus = true;
    try {
      run.stop(reason);
    } finally {
      this.#returningFocus = false;
    }
    // Tokens fetched before or during this open are never handed out again.
    this.#slot?.clear();
    run.closed(reason);
  }

  /**
   * Reports a failure under the button and as `kyi-error`. An opening in progress stops
   * before the event; an open drawer closes after it (`kyi-close` reason `error`).
   */
  #fail(detail: KyiErrorDetail): void {
    const open = this._status === 'open';
    if (!open) this._status = 'idle';
    this._error = detail;
    // Each failure the partner must fix comes after the session code has arrived (partner-fix.ts).
    loadedSession()?.warnPartnerFix(detail);
    emit(this, new KyiErrorEvent(detail));
    if (open) this.#finish('error');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyi-verify-button': KyiVerifyButton;
  }
}
