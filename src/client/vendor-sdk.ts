/**
 * Adapter for partners who pass the vendor's own client: `configure({ sdk: kyi })`.
 *
 * The vendor's `kyi(mode, scope, token, { onReady, onClose, onError })` returns
 * `{ iframe, destroy }` and draws its own drawer. The adapter gives the element the same
 * `WidgetHandle` as the built-in drawer and repairs what the field notes list:
 * - `onClose` fires twice when the widget closes itself → forwarded once;
 * - `destroy()` never calls `onClose` → the element owns the single close, so nothing is lost;
 * - a callback after `destroy()` or from a replaced instance (token retry) → ignored;
 * - the loose origin check → a callback counts only for an instance that returned an iframe
 *   created with a `src` (its origin read then, once). `onReady` and `onError` speak for the
 *   widget, so they count only while a `message` event from that iframe's own window and
 *   exact origin is being dispatched — its frame live, since a removed frame has no window.
 *   `onClose` counts from such a message too, or from a user action outside any message
 *   (its X, the backdrop, Escape), when the vendor may have torn its frame down already;
 *   a close grants nothing.
 * Styles the vendor injects into the page and its CSP needs are the vendor's: the built-in
 * drawer is the one that works under a strict CSP.
 */
import type { VendorKyiFunction } from '../browser/config.js';
import { currentEvent } from '../browser/page.js';
import type { WidgetScope } from '../contract/widget-enums.js';
import { fromOwnFrame, type OwnFrame } from './own-frame.js';
import { messageOf } from './errors.js';
import type { WidgetCallbacks, WidgetHandle, WidgetPresentation } from './widget-session.js';

export interface VendorWidgetOptions extends WidgetCallbacks {
  scope: WidgetScope;
  /** The vendor's mode: `drawer` (default) or `modal`. */
  presentation?: WidgetPresentation;
  token: string;
}

type VendorInstance = { iframe?: HTMLIFrameElement; destroy: () => void } | undefined;

/** The `message` event being dispatched right now, if any (`window.event`, the legacy "current event"). */
function currentMessage(): MessageEvent | undefined {
  const event = currentEvent();
  return typeof MessageEvent !== 'undefined' && event instanceof MessageEvent ? event : undefined;
}

/** The vendor instance's frame and the origin its `src` had when the instance was returned; `undefined` without one. */
function ownFrame(instance: VendorInstance): OwnFrame | undefined {
  const frame = instance?.iframe;
  if (!frame?.getAttribute('src')) return undefined;
  try {
    // Read once, as the vendor returns it: a `<base>` posted later moves nothing.
    return { frame, origin: new URL(frame.src).origin };
  } catch {
    return undefined;
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
 * The callbacks handed to the vendor for one instance: forwarded only while `current()` says
 * so (this instance is the current one, not finished) and from where each may come (above).
 */
function vendorCallbacks(options: VendorWidgetOptions, current: () => OwnFrame | undefined, finish: () => void) {
  // The current event is what lets us check a message the vendor already accepted without seeing it ourselves.
  const widgetSays = () => fromOwnFrame(current(), currentMessage());
  return {
    onReady: () => widgetSays() && options.onReady(),
    onError: (message: unknown) => widgetSays() && options.onError(messageOf(message)),
    onClose: () => {
      const message = currentMessage();
      if (!current() || (message && !fromOwnFrame(current(), message))) return;
      finish();
      options.onClose(message ? 'widget' : 'user');
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
    let own: OwnFrame | undefined;
    const current = () => (gen === generation && !finished ? own : undefined);
    const callbacks = vendorCallbacks(options, current, () => (finished = true));
    const result = sdk(options.presentation ?? 'drawer', options.scope, token, callbacks);
    instance = result && typeof result === 'object' ? result : undefined;
    own = ownFrame(instance);
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
