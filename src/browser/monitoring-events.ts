/**
 * The events of the monitoring elements (the kit's other events are in events.ts): in
 * a module of their own, so they load with those elements, not with every lookup element.
 */
import { KyiEvent } from './event-base.js';

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
    'kyi-watchlist-change': KyiWatchlistChangeEvent;
    'kyi-changes': KyiChangesEvent;
    'kyi-notifications': KyiNotificationsEvent;
  }
}
