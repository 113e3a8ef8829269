/**
 * One open widget of a verify button, from the open to the close: the ready timer, the
 * widget's errors (with the one automatic retry on an expired token) and the close with its
 * events and the page's re-check. It runs only after a click, so it loads with the session
 * code on the button's first hover, focus or click (`drawer-loader.ts`), not with the page.
 */
import type { WidgetScope } from '../../contract/widget-enums.js';
import { refreshLiveLookups } from '../../client/lookup/refresh.js';
import { onPageEvent, pageOrigin } from '../../browser/page.js';
import { emit, KyiErrorEvent, type KyiErrorDetail } from '../../browser/events.js';
import { KyiCloseEvent, KyiOpenEvent, KyiReadyEvent, KyiVerificationChangedEvent, type KyiCloseReason } from '../../browser/widget-events.js';
import type { DrawerText } from './drawer.js';
import { addStrings } from '../../browser/strings.js';
import { enSessionFailures } from './session-strings.js';
import { messageOf } from '../../client/errors.js';
import type { WidgetHandle, WidgetPresentation } from '../../client/widget-session.js';
import { DEFAULT_READY_TIMEOUT_MS } from './ready-timeout.js';
import { getConfig } from '../../browser/config.js';
import { openVendorWidget } from '../../client/vendor-sdk.js';
import { adoptStyles, type Styles } from '../shared/reactive.js';
import { openDrawer } from './drawer.js';
import { drawerStyles } from './drawer.styles.js';
import { MAX_TIMER_MS } from '../../browser/timers.js';

// The words of the failures only the session code meets (a token's signing, the widget's error
// and timeout) come with it, here in the module of its own that defines what it runs
// (session-code.ts only re-exports, and a bundler keeps a module's statements only with its own code).
addStrings('en', enSessionFailures);

/** The widget reports an expired token with this message (field notes); match it loosely. */
const EXPIRED = /expired/i;

/** A `widget_error` with the widget's message, or the kit's words when it said none (a thrown `{}`). */
const widgetError = (message: string): KyiErrorDetail => ({ code: 'widget_error', message: message || 'The widget reported an error' });

/** What a run needs of its button (closures over the button's private state). */
export interface RunButton {
  /** The button element: events are fired on it; its `readyTimeout` is read at each open and reload. */
  element: HTMLElement & { readonly readyTimeout: number };
  /** The button's shadow root: the drawer host, its styles and the button to return focus to. */
  root: ShadowRoot;
  /** Whether this run is still the button's open drawer. */
  isOpen(): boolean;
  /** Reports a failure like the button does (closing the drawer when open). */
  fail(detail: KyiErrorDetail): void;
  /** A fresh token for the retry; `undefined` when cancelled or failed (then reported). */
  freshToken(): Promise<string | undefined>;
  /** Ends the run from the widget's side (`kyi:close` or the user). */
  finish(reason: 'widget' | 'user'): void;
  /** A drawer word (`verifyButton.<key>`). */
  text(key: DrawerText): string;
}

/** An open widget, as its button drives it. */
export interface WidgetRun {
  /** Fires `kyi-open` and starts the ready timer (once the button shows the drawer as open). */
  opened(): void;
  /** Removes the widget and, unless the button was removed, returns focus to it. */
  stop(reason: KyiCloseReason): void;
  /** Exactly one `kyi-close` per `kyi-open`, then the page's live elements re-check. */
  closed(reason: KyiCloseReason): void;
}

/**
 * Opens the widget, in the vendor's client when configured, else in the built-in drawer; its
 * run, or `undefined` after a `widget_error` failure when that throws.
 */
export function startWidget(button: RunButton, scope: WidgetScope, presentation: WidgetPresentation, token: string): WidgetRun | undefined {
  const { element, root } = button;
  const { sdk, widgetUrl } = getConfig();
  let ready = false;
  let retried = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let widget: WidgetHandle | undefined;
  /** Whether the widget URL's host is known not to answer: asked once per open, when the widget is slow to report ready. */
  let down: Promise<boolean> | undefined;

  const armReadyTimer = () => {
    clearTimeout(timer);
    const { readyTimeout } = element;
    // Never past what a timer keeps (`3e9` would time out at once).
    const ms = Number.isFinite(readyTimeout) && readyTimeout > 0 ? Math.min(readyTimeout, MAX_TIMER_MS) : DEFAULT_READY_TIMEOUT_MS;
    const checkAt = Math.min(CHECK_AFTER_MS, ms);
    // Not ready yet: does the widget's host answer at all? A host that is down is told within
    // seconds, not as an allow-list's refusal after the whole timeout (a working widget is
    // ready sooner: no check, no request).
    const failing = () => button.isOpen() && !ready;
    timer = setTimeout(async () => {
      const isDown = await (down ??= unreachable(widgetUrl));
      if (!failing()) return;
      if (isDown)
        return button.fail({
          code: 'widget_unreachable',
          message: `Could not reach the widget at ${widgetUrl}: down, or a wrong kyi:widget-url / configure({ widgetUrl }) (is the sandbox running?)`,
        });
      timer = setTimeout(() => failing() && button.fail({ code: 'widget_timeout', message: timeoutMessage(ms) }), ms - checkAt);
    }, checkAt);
  };

  const onReady = () => {
    clearTimeout(timer);
    if (!button.isOpen() || ready) return;
    ready = true;
    emit(element, new KyiReadyEvent({ scope }));
  };

  const onError = (message: string) => {
    if (!button.isOpen()) return;
    const expired = EXPIRED.test(message);
    if (retried || !expired) {
      const detail = widgetError(message);
      // Once ready, the widget shows its own (recoverable) errors and stays usable; a token
      // expiry after its one retry is not recoverable, so it closes the drawer even then.
      if (ready && !expired) return void emit(element, new KyiErrorEvent(detail));
      return button.fail(detail);
    }
    // One automatic retry with a fresh token before surfacing it.
    retried = true;
    ready = false;
    clearTimeout(timer);
    void button.freshToken().then((token) => {
      if (token === undefined) return;
      widget?.reload(token);
      armReadyTimer();
    });
  };

  try {
    // The drawer's styles join the button's own in its shadow root (adopted again on each open, the same sheets).
    if (!sdk) adoptStyles(root, [...(element.constructor as unknown as { elementStyles: Styles[] }).elementStyles, drawerStyles]);
    const options = {
      scope,
      presentation,
      token,
      widgetUrl,
      // A static node of the button's shadow root, after its view (verify-button.ts).
      host: root.querySelector<HTMLElement>('.drawer-host')!,
      text: button.text,
      onReady,
      onError,
      onClose: (by: 'widget' | 'user') => button.finish(by),
    };
    widget = sdk ? openVendorWidget(sdk, options) : openDrawer(options);
  } catch (error) {
    button.fail(widgetError(messageOf(error)));
    return undefined;
  }

  return {
    opened() {
      emit(element, new KyiOpenEvent({ scope }));
      armReadyTimer();
    },
    stop(reason) {
      clearTimeout(timer);
      const open = widget;
      widget = undefined;
      open?.destroy();
      if (reason !== 'removed') root.querySelector<HTMLElement>('.verify')?.focus();
    },
    closed(reason) {
      emit(element, new KyiCloseEvent({ scope, reason }));
      // A failing re-check shows in the elements themselves.
      refreshLiveLookups().then(
        ({ changed }) => changed && emit(element, new KyiVerificationChangedEvent({ scope })),
        () => {},
      );
    },
  };
}

/** How long the widget has to report ready before its host is checked, and how long the check may take, in ms. */
const CHECK_AFTER_MS = 2000;
const PROBE_MS = 4000;

/**
 * Whether the widget URL's host does not answer at all: an opaque `no-cors` HEAD whose answer is
 * never read, only that one came. No verdict (`false`) when there is no URL to ask (the vendor's
 * client) or the page's Content-Security-Policy forbids the request (`connect-src`: the browser
 * reports that after the request has failed, so the failure waits one moment for the report).
 */
async function unreachable(widgetUrl: string): Promise<boolean> {
  if (!/^https?:\/\//.test(widgetUrl)) return false;
  let blocked = false;
  const stop = onPageEvent('securitypolicyviolation', (event) => (blocked ||= event.blockedURI.startsWith(new URL(widgetUrl).origin)));
  try {
    // Without a prototype, as the lookup's (client/lookup/batcher.ts): an inherited `integrity` or `redirect` fails it.
    await fetch(widgetUrl, { __proto__: null, method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(PROBE_MS) } as RequestInit);
    return false;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return !blocked;
  } finally {
    stop();
  }
}

/**
 * The ready timeout's message: a widget that refuses this page's origin never posts
 * `kyi:ready`, so it names the origin to allow, at the service or in the local sandbox.
 */
function timeoutMessage(ms: number): string {
  const origin = pageOrigin() ?? 'this site';
  return (
    `The widget did not report ready within ${ms} ms. The likely cause: this site's origin (${origin}) is not on the ` +
    `widget's allow-list; ask the service to add it (sandbox: \`npx kyi-sandbox --widget-origin ${origin}\`).`
  );
}
