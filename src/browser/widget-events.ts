/**
 * The events of `<kyi-verify-button>` (the kit's other events are in events.ts): in a
 * module of their own, so they load with the verify button, not with every lookup element.
 */
import { KyiEvent } from './event-base.js';

/** Widget scope a verify button opens (`kyi` | `asset-list` | `wallet-list`). */
export interface KyiWidgetDetail {
  scope: 'kyi' | 'asset-list' | 'wallet-list';
}

/** `kyi-open`: the verification drawer opened. */
export class KyiOpenEvent extends KyiEvent<KyiWidgetDetail> {
  static override readonly eventName = 'kyi-open';
}

/** `kyi-ready`: the widget inside the drawer reported ready. */
export class KyiReadyEvent extends KyiEvent<KyiWidgetDetail> {
  static override readonly eventName = 'kyi-ready';
}

/**
 * Why a drawer closed: the widget closed itself (`widget`), the user closed it (Escape,
 * backdrop, close button: `user`), `close()` was called (`method`), the element was removed
 * (`removed`), or a widget error / timeout ended it (`error`).
 */
export type KyiCloseReason = 'widget' | 'user' | 'method' | 'removed' | 'error';

/** `detail` of `kyi-close`: the widget scope and why the drawer closed. */
export interface KyiCloseDetail extends KyiWidgetDetail {
  reason: KyiCloseReason;
}

/** `kyi-close`: the drawer closed. Exactly one per `kyi-open`, whatever closed it. */
export class KyiCloseEvent extends KyiEvent<KyiCloseDetail> {
  static override readonly eventName = 'kyi-close';
}

/** `kyi-verification-changed`: after a drawer closed, a re-check found a changed status on the page. */
export class KyiVerificationChangedEvent extends KyiEvent<KyiWidgetDetail> {
  static override readonly eventName = 'kyi-verification-changed';
}

declare global {
  interface GlobalEventHandlersEventMap {
    'kyi-open': KyiOpenEvent;
    'kyi-ready': KyiReadyEvent;
    'kyi-close': KyiCloseEvent;
    'kyi-verification-changed': KyiVerificationChangedEvent;
  }
}
