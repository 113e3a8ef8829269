/**
 * The base of the kit's events and `kyi-error`, the one event every element may fire (a badge
 * page loads this module and nothing else of the events). The other events live in events.ts,
 * which re-exports these: import from there.
 *
 * Nothing here touches the DOM at import time (classes are only instantiated when an event is
 * fired).
 */

// Server renders and old runtimes may lack CustomEvent; the classes must still load there.
const CustomEventBase: typeof CustomEvent = globalThis.CustomEvent ?? (class {} as unknown as typeof CustomEvent);

/**
 * Base of every kit event: a `CustomEvent` with a typed `detail`, bubbling and composed.
 * `e instanceof KyiEvent` tells a kit event from any other.
 */
export interface KyiEvent<D> extends CustomEvent<D> {}

/**
 * The base class of the kit's events. A subclass declares only its `eventName` and its detail
 * type; the constructor takes the name from the class being constructed. (Typed by its shape,
 * so the shipped types name the platform's `CustomEvent`, not the fallback old runtimes get.)
 */
export const KyiEvent: {
  new <D>(detail: D, init?: Omit<CustomEventInit<D>, 'detail'>): KyiEvent<D>;
  readonly prototype: KyiEvent<unknown>;
  /** The event's type, `kyi-<verb>`: each subclass sets its own. */
  readonly eventName: string;
} = class KyiEvent<D> extends CustomEventBase<D> {
  declare static readonly eventName: string;

  constructor(detail: D, init?: Omit<CustomEventInit<D>, 'detail'>) {
    const type = (new.target as unknown as { eventName?: unknown }).eventName;
    if (typeof type !== 'string') throw new TypeError(`${new.target.name} must declare a static eventName`);
    // (no prototype: a polluted `Object.prototype.cancelable` makes no kit event cancelable)
    super(type, { __proto__: null, bubbles: true, composed: true, ...init, detail } as CustomEventInit<D>);
  }
};

/** Stable error codes the display elements report (the server piece's codes pass through). */
export type KyiErrorCode =
  | 'invalid_attribute'
  | 'invalid_input'
  | 'network'
  | 'invalid_response'
  | 'image_failed'
  | 'copy_failed'
  | 'session_required'
  | 'forbidden'
  | 'origin_not_allowed'
  | 'not_configured'
  | 'signing_failed'
  | 'widget_error'
  | 'widget_timeout'
  | 'widget_unreachable'
  | 'untrusted_proxy_url'
  | 'payload_too_large'
  | (string & {});

/** `detail` of `kyi-error`: a stable code, an English message and the HTTP status behind it. */
export interface KyiErrorDetail {
  /** Stable code, e.g. `invalid_attribute`, `network`, `upstream_unavailable`, `session_required`. */
  code: KyiErrorCode;
  /** Human-readable English message; may change, do not match on it. */
  message: string;
  /** HTTP status behind the error, when there was one. */
  status?: number;
}

/** `kyi-error`: something failed (a lookup, an attribute, the widget…). */
export class KyiErrorEvent extends KyiEvent<KyiErrorDetail> {
  static override readonly eventName = 'kyi-error';
}

/**
 * Dispatches a kit event. Elements call this rather than `this.dispatchEvent(new X())` so
 * the manifest analyzer does not list nameless events; each class documents its events
 * with `@fires` instead.
 */
export const emit = (target: EventTarget, event: Event): boolean => target.dispatchEvent(event);
