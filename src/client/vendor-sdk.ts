/**
 * Adapter for partners who pass the vendor's own client: `configure({ sdk: kyi })`.
 *
 * The vendor's `kyi(mode, scope, token, { onReady, onClose, onError })` returns
 * `{ iframe, destroy }` and draws its own drawer. The adapter gives the element the same
 * `WidgetHandle` as the built-in drawer and repairs what the field notes list:
 * - `onClose` fires twice when the widget closes itself → forwarded once;
 * - `destroy()` never calls `onClose` → the element owns the single close, so nothing is lost;
 * - a callback after `destroy()` or from a replaced instance (token retry) → ignored;
 * - the loose origin check → when the vendor invokes a callback while dispatching a
 *   `message` event, that event must come from the returned iframe's window and its exact
 *   origin, else the callback is dropped. (Callbacks run from user actions — its X, the
 *   backdrop, Escape — or asynchronously are accepted as they are.)
 * Styles the vendor injects into the page and its CSP needs are the vendor's: the built-in
 * drawer is the one that works under a strict CSP.
 */
import type { VendorKyiFunction } from '../config.js';
import type { WidgetScope } from '../contract/enums.js';
import { messageOf, type WidgetCallbacks, type WidgetHandle, type WidgetPresentation } from '../elements/verify-button/widget-session.js';

export interface VendorWidgetOptions extends WidgetCallbacks {
  scope: WidgetScope;
  /** The vendor's mode: `drawer` (default) or `modal`. */
  presentation?: WidgetPresentation;
  token: string;
}

type VendorInstance = { iframe?: HTMLIFrameElement; destroy: () => void } | undefined;

/** The `message` event being dispatched right now, if any (`window.event`, the legacy "current event"). */
function currentMessage(): MessageEvent | undefined {
  const event = (globalThis as { event?: unknown }).event;
  return typeof MessageEvent !== 'undefined' && event instanceof MessageEvent ? event : undefined;
}

/**
 * Whether the event being dispatched right now (if it is a `message` event) came from the
 * vendor iframe's own window and origin. The current event is what lets us check a message
 * the vendor already accepted without seeing it ourselves.
 */
function fromOwnFrame(instance: VendorInstance): boolean {
  const message = currentMessage();
  const frame = instance?.iframe;
  if (!message || !frame?.src) return true;
  try {
    return message.source === frame.contentWindow && message.origin === new URL(frame.src, frame.ownerDocument.baseURI).origin;
  } catch {
    return false;
  }
}

/** A vendor instance's `destroy()`; one after the vendor's own close may find its nodes gone. */
function destroyQuietly(instance: VendorInstance): void {
  try {
    instance?.destroy();
  } catch {
    // Nothing left to remove.
  }
}

/**
 * The callbacks handed to the vendor for one instance: forwarded only while `live()` says so
 * (this instance is the current one, not finished, and the message came from its own frame).
 */
function vendorCallbacks(options: VendorWidgetOptions, live: () => boolean, finish: () => void) {
  return {
    onReady: () => live() && options.onReady(),
    onError: (message: unknown) => live() && options.onError(messageOf(message)),
    onClose: () => {
      if (!live()) return;
      finish();
      options.onClose(currentMessage() ? 'widget' : 'user');
    },
  };
}

/**
 * Opens the vendor's drawer. A synchronous error from the vendor ("Access token is required",
 * "Invalid scope: X") is thrown to the caller.
 */
export function openVendorWidget(sdk: VendorKyiFunction, options: VendorWidgetOptions): WidgetHandle {
  let generation = 0;
  let instance: VendorInstance;
  let finished = false; // closed by the widget/user, or destroyed

  /** Silences the current instance (a new generation) before its destroy can call back, then destroys it. */
  const drop = () => {
    generation++;
    const current = instance;
    instance = undefined;
    destroyQuietly(current);
  };

  const start = (token: string) => {
    const gen = ++generation;
    let own: VendorInstance;
    const live = () => gen === generation && !finished && fromOwnFrame(own);
    const callbacks = vendorCallbacks(options, live, () => (finished = true));
    const result = sdk(options.presentation ?? 'drawer', options.scope, token, callbacks);
    instance = own = result && typeof result === 'object' ? result : undefined;
  };

  start(options.token);

  return {
    reload(token: string) {
      if (finished) return;
      drop();
      try {
        start(token);
      } catch (error) {
        const gen = generation;
        queueMicrotask(() => gen === generation && !finished && options.onError(messageOf(error)));
      }
    },
    destroy() {
      finished = true;
      drop();
    },
  };
}
