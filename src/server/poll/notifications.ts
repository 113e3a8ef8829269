/**
 * The notification inbox (spec 4.2, 6): read with `unread=true` at the alerting cadence.
 * Marking read happens in the service's own interface (not with an API key), so unread
 * items come back on every read; with a store, each one is delivered once.
 *
 * Fetch-API only (no `node:` imports).
 */
import {
  notificationGroupOf,
  type Notification,
  type NotificationGroup,
  type NotificationsEnvelope,
} from '../../contract/index.js';
import type { ExplorerClient } from '../upstream/explorer-client.js';
import type { PollStore } from '../store/types.js';
import { deliverOnce, type DeliveryContext } from './batch.js';
import { runLeased, runLoop, type LoopOptions } from './loop.js';

export interface PollNotificationsOptions {
  client: ExplorerClient;
  /** Unread only. Default `true`. */
  unread?: boolean;
  /** With a store, notifications delivered before are left out of `fresh`. */
  store?: PollStore;
  /** Store key of the seen notification ids. Default `"notifications"`. */
  key?: string;
  /** Receives `fresh`; ids are recorded only after it resolved. */
  onNotifications?: (items: Notification[], context: DeliveryContext) => Promise<void> | void;
  maxSeen?: number;
  signal?: AbortSignal;
}

export interface NotificationsResult {
  envelope: NotificationsEnvelope;
  /** Notifications not delivered before (all of them without a store). */
  fresh: Notification[];
  /** `envelope.items` by kind group (intake, change notices, obligation alerts; `other` for unlisted kinds). */
  groups: Record<NotificationGroup | 'other', Notification[]>;
}

/** Splits notifications by the kind groups of spec 6. */
export function groupNotifications(items: readonly Notification[]): Record<NotificationGroup | 'other', Notification[]> {
  const groups: Record<NotificationGroup | 'other', Notification[]> = {
    intake: [],
    change_notices: [],
    obligation_alerts: [],
    other: [],
  };
  for (const n of items) groups[notificationGroupOf(n.kind) ?? 'other'].push(n);
  return groups;
}

/** One read of `GET /me/notifications`. */
export async function pollNotifications(options: PollNotificationsOptions): Promise<NotificationsResult> {
  const { client, unread = true, store, key = 'notifications', onNotifications, maxSeen, signal } = options;
  const envelope = await client.notifications({ unread }, { signal });
  const fresh = store
    ? await deliverOnce({ store, key, items: envelope.items, keyOf: (n) => n.id, deliver: onNotifications, maxSeen })
    : envelope.items.slice();
  if (!store && fresh.length > 0) await onNotifications?.(fresh, { redelivery: false });
  return { envelope, fresh, groups: groupNotifications(envelope.items) };
}

export interface RunNotificationPollsOptions extends PollNotificationsOptions, LoopOptions {
  /** Where delivered notification ids are kept (required: a loop delivers each one once). */
  store: PollStore;
  /** Time between reads, ms. Default 60 000. */
  intervalMs?: number;
}

/**
 * Reads the inbox every `intervalMs` until `signal` aborts (then resolves), each notification
 * delivered once to `onNotifications` through the store. Service-side conditions are waited
 * out with backoff (see `LoopOptions`); anything else rejects.
 */
export function runNotificationPolls(options: RunNotificationPollsOptions): Promise<void> {
  if (!options?.client) throw new TypeError('runNotificationPolls: client is required');
  if (!options.store) throw new TypeError('runNotificationPolls: store is required');
  const interval = options.intervalMs ?? 60_000;
  return runLeased({ ...options, name: options.key ?? 'notifications' }, (store, signal) =>
    runLoop(async () => {
      await pollNotifications({ ...options, store, signal });
      return interval;
    }, { ...options, signal }),
  );
}
