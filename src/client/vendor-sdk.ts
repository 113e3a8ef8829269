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
import type { WidgetScope } from '../contract/index.js';
import type { WidgetCallbacks, WidgetHandle } from './drawer.js';

export interface VendorWidgetOptions extends WidgetCallbacks {
  scope: WidgetScope;
  token: string;
}

type VendorInstance = { iframe?: HTMLIFrameElement; destroy: () => void } | undefined;

function messageText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.message;
  if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
    return (value as { message: string }).message;
  }
  return value === undefined ? '' : String(value);
}

/**
 * Whether the event being dispatched right now (if it is a `message` event) came from the
 * vendor iframe's own window and origin. `window.event` is the legacy "current event"; it
 * is what lets us check a message the vendor already accepted without seeing it ourselves.
 */
function fromOwnFrame(instance: VendorInstance): boolean {
  const current = (globalThis as { event?: unknown }).event;
  if (typeof MessageEvent === 'undefined' || !(current instanceof MessageEvent)) return true;
  const frame = instance?.iframe;
  if (!frame || !frame.src) return true;
  let origin: string;
  try {
    origin = new URL(frame.src, frame.ownerDocument.baseURI).origin;
  } catch {
    return false;
  }
  return current.source === frame.contentWindow && current.origin === origin;
}

function duringMessage(): boolean {
  const current = (globalThis as { event?: unknown }).event;
  return typeof MessageEvent !== 'undefined' && current instanceof MessageEvent;
}

function safeDestroy(instance: VendorInstance): void {
  try {
    instance?.destroy();
  } catch {
    // The vendor's destroy after its own close may find its nodes already gone.
  }
}

/**
 * Opens the vendor's drawer. A synchronous error from the vendor ("Access token is required",
 * "Invalid scope: X") is thrown to the caller.
 */
export function openVendorWidget(sdk: VendorKyiFunction, options: VendorWidgetOptions): WidgetHandle {
  let generation = 0;
  let instance: VendorInstance;
  let finished = false; // closed by the widget/user, or destroyed

  const start = (token: string) => {
    const gen = ++generation;
    const live = () => gen === generation && !finished;
    let own: VendorInstance;
    const result = sdk('drawer', options.scope, token, {
      onReady: () => {
        if (live() && fromOwnFrame(own)) options.onReady();
      },
      onError: (message: unknown) => {
        if (live() && fromOwnFrame(own)) options.onError(messageText(message));
      },
      onClose: () => {
        if (!live() || !fromOwnFrame(own)) return;
        finished = true;
        options.onClose(duringMessage() ? 'widget' : 'user');
      },
    });
    own = result && typeof result === 'object' ? result : undefined;
    instance = own;
  };

  start(options.token);

  return {
    reload(token: string) {
      if (finished) return;
      const previous = instance;
      generation++; // silences the old instance before its destroy can call back
      safeDestroy(previous);
      try {
        start(token);
      } catch (error) {
        const gen = generation;
        queueMicrotask(() => {
          if (gen === generation && !finished) options.onError(messageText(error));
        });
      }
    },
    destroy() {
      if (finished && !instance) return;
      finished = true;
      generation++;
      const current = instance;
      instance = undefined;
      safeDestroy(current);
    },
  };
}
