/**
 * Typed events of the kit: one class per event, named `kyi-<verb>`, `bubbles` and
 * `composed` so they cross shadow roots, and listed in `GlobalEventHandlersEventMap` so
 * `addEventListener('kyi-status', e => e.detail.status)` is typed in every framework.
 *
 * Elements fire them for async results and user actions only, never because code set a
 * property. Nothing here touches the DOM at import time (classes are only instantiated
 * when an event is fired).
 */

import { KyiEvent, type KyiErrorEvent } from './event-base.js';

// The base, `kyi-error` and `emit` sit in their own module so a badge page carries no other event.
export { KyiEvent, KyiErrorEvent, emit, type KyiErrorCode, type KyiErrorDetail } from './event-base.js';

/** Status values shared by `<kyi-token-status>` and `<kyi-asset-card>`. */
export type KyiLookupStatus = 'idle' | 'loading' | 'verified' | 'unverified' | 'not-found' | 'invalid' | 'error';

/** `detail` of `kyi-status`: the settled status and the record shown. */
export interface KyiStatusDetail<R = unknown> {
  /** The settled status (never `idle` or `loading`). */
  status: KyiLookupStatus;
  /** The validated lookup body (token lookup result or asset record), or `null` when none. */
  result: R | null;
}

/** `kyi-status`: a lookup settled (from the network or the cache). */
export class KyiStatusEvent<R = unknown> extends KyiEvent<KyiStatusDetail<R>> {
  static override readonly eventName = 'kyi-status';
}

/** `detail` of `kyi-copy`. */
export interface KyiCopyDetail {
  /** The text placed on the clipboard. */
  value: string;
}

/** `kyi-copy`: the user copied a value (e.g. an authority address) with a copy button. */
export class KyiCopyEvent extends KyiEvent<KyiCopyDetail> {
  static override readonly eventName = 'kyi-copy';
}

// ---- <kyi-verify-button> ----

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

// ---- monitoring elements ----

/** What a watchlist write did. */
export interface KyiWatchlistChangeDetail {
  action: 'add' | 'update' | 'remove';
  /** The watchlist item id. */
  itemId: string;
  /** The item as the service returned it (`null` after `remove`). */
  item: import('../contract/index.js').WatchlistItem | null;
}

/** `kyi-watchlist-change`: the user added, updated (monitoring, note) or removed a watchlist item. */
export class KyiWatchlistChangeEvent extends KyiEvent<KyiWatchlistChangeDetail> {
  static override readonly eventName = 'kyi-watchlist-change';
}

/** `detail` of `kyi-changes`. */
export interface KyiChangesDetail {
  /** Every row now shown. */
  items: import('../contract/index.js').Change[];
  /** Rows that were not shown before this load (all of them on a full load). */
  added: import('../contract/index.js').Change[];
  /** The service cut the window at 200 rows. */
  truncated: boolean;
}

/** `kyi-changes`: a monitoring changes read settled (a filter load or a `refresh-interval` poll). */
export class KyiChangesEvent extends KyiEvent<KyiChangesDetail> {
  static override readonly eventName = 'kyi-changes';
}

/** `detail` of `kyi-notifications`. */
export interface KyiNotificationsDetail {
  /** Unread count the service reported. */
  unread: number;
  /** The notifications shown. */
  items: import('../contract/index.js').Notification[];
}

/** `kyi-notifications`: a notifications read settled. */
export class KyiNotificationsEvent extends KyiEvent<KyiNotificationsDetail> {
  static override readonly eventName = 'kyi-notifications';
}

declare global {
  interface GlobalEventHandlersEventMap {
    'kyi-error': KyiErrorEvent;
    'kyi-status': KyiStatusEvent;
    'kyi-copy': KyiCopyEvent;
    'kyi-open': KyiOpenEvent;
    'kyi-ready': KyiReadyEvent;
    'kyi-close': KyiCloseEvent;
    'kyi-verification-changed': KyiVerificationChangedEvent;
    'kyi-watchlist-change': KyiWatchlistChangeEvent;
    'kyi-changes': KyiChangesEvent;
    'kyi-notifications': KyiNotificationsEvent;
  }
}
