/**
 * `kyi()`: a drop-in for the vendor's client function (field notes, "Widget SDK"), built on
 * the kit's own dialog. Same signature, same synchronous errors in the same order, `onError`
 * receiving an `Error`, `drawer` and `modal` modes, `{ iframe, destroy }` back. What it does
 * better, on purpose:
 * - `onClose` fires exactly once per call, whatever closes it (the widget, Escape, the
 *   backdrop, the close button, or `destroy()`), never after;
 * - a message counts only from the widget's exact origin AND its own iframe's window;
 * - no `<style>` is injected into the page: the dialog lives in a shadow root whose styles
 *   are constructable stylesheets, so a `style-src` without `'unsafe-inline'` holds;
 * - focus is trapped in a real modal dialog and returns where it was;
 * - the widget URL comes from `configure({ widgetUrl })` only, never from the page's markup.
 */
import { adoptStyles } from '../shared/reactive.js';
import { attachRoot } from '../shared/element-core.js';
import { configuredWidgetUrl } from '../../browser/config.js';
import { bodyElement, createIn, pageDocument } from '../../browser/page.js';
import { WIDGET_SCOPES, type WidgetScope } from '../../contract/widget-enums.js';
import { isOneOf } from '../../contract/one-of.js';
import { openDrawer, type DrawerHandle } from './drawer.js';
import { WIDGET_PRESENTATIONS, type WidgetPresentation } from '../../client/widget-session.js';
import { drawerStyles, spinnerStyles } from './drawer.styles.js';
import { sharedStyles } from '../shared/styles.js';
import { resolveLang, t } from '../../browser/strings.js';

/** `drawer` (a panel at the inline end) or `modal` (centred). */
export type KyiMode = WidgetPresentation;
/** `kyi` (issuer verification), `asset-list` (the user's verified assets) or `wallet-list` (their wallets). */
export type KyiScope = WidgetScope;

/** The vendor's callbacks. Each runs at most as the widget reports; a throwing callback does not break closing. */
export interface KyiOptions {
  /** The widget loaded and is ready (may come more than once, as the widget posts it). */
  onReady?: () => void;
  /** The widget closed (or `destroy()` was called). Exactly once. */
  onClose?: () => void;
  /** The widget reported an error; it stays open and usable. */
  onError?: (error: Error) => void;
}

/** What `kyi()` returns, as the vendor's client does. */
export interface KyiInstance {
  /** The widget's frame. */
  readonly iframe: HTMLIFrameElement;
  /** Closes and removes the widget; calls `onClose` if it had not closed yet. Idempotent. */
  destroy(): void;
}

const SCOPES = Object.keys(WIDGET_SCOPES) as WidgetScope[];

/** The vendor's synchronous checks, in the vendor's order and words. */
function checkArguments(mode: unknown, scope: unknown, accessToken: unknown): asserts mode is KyiMode {
  if (!accessToken) throw new Error('Access token is required');
  if (!isOneOf(WIDGET_PRESENTATIONS, mode)) throw new Error(`Invalid mode: ${String(mode)}. Expected 'modal' or 'drawer'.`);
  if (!isOneOf(SCOPES, scope)) throw new Error(`Invalid scope: ${String(scope)}`);
}

/** The page's widget URL, or an error saying how to set it. */
function widgetUrl(): string {
  if (!pageDocument()) throw new Error('kyi() opens a widget in the page: call it in the browser, not during server rendering');
  const url = configuredWidgetUrl();
  if (!url) throw new Error('No widget URL is configured: call configure({ widgetUrl }) before kyi()');
  return url;
}

/** Calls a partner callback; an exception is rethrown asynchronously so our own state stays consistent. */
function call<A extends unknown[]>(callback: ((...args: A) => void) | undefined, ...args: A): void {
  try {
    callback?.(...args);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

/** A host element at the end of `<body>` whose shadow root holds the dialog and adopts its styles. */
function createHost(): { host: HTMLElement; root: ShadowRoot } {
  const host = createIn('div');
  host.setAttribute('data-kyi-widget', '');
  const root = attachRoot(host);
  adoptStyles(root, [...sharedStyles, spinnerStyles, drawerStyles]);
  bodyElement()!.append(host);
  return { host, root };
}

/**
 * Opens the widget: `kyi(mode, scope, accessToken, { onReady, onClose, onError })`, exactly
 * as the vendor's client is called. Throws synchronously for a missing token, an unknown
 * mode or scope (the vendor's messages), a missing widget URL, or no document.
 */
export function kyi(mode: string, scope: string, accessToken: string, options: KyiOptions = {}): KyiInstance {
  checkArguments(mode, scope, accessToken);
  const url = widgetUrl();
  const { host, root } = createHost();
  const lang = resolveLang(host);
  let drawer: DrawerHandle | undefined;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    drawer?.destroy();
    host.remove();
    call(options.onClose);
  };
  try {
    drawer = openDrawer({
      host: root,
      widgetUrl: url,
      scope: scope as WidgetScope,
      token: accessToken,
      presentation: mode,
      text: (key) => t(`verifyButton.${key}`, undefined, lang),
      onReady: () => call(options.onReady),
      onError: (message) => call(options.onError, new Error(message || 'The widget reported an error')),
      onClose: close,
    });
  } catch (error) {
    host.remove();
    throw error;
  }
  return { iframe: drawer.iframe!, destroy: close };
}
