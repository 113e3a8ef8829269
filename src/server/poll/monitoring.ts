/**
 * Monitoring changes have no cursor (spec 4.2 rule 5): the window is rolling, plus a seen
 * marker. Incremental reads use `newOnly=true`; scheduled sweeps choose `days` as the poll
 * interval plus a margin (spec 6), and deduplicate on the change id because consecutive
 * windows overlap.
 *
 * Fetch-API only (no `node:` imports).
 */
import { MONITORING_DAYS_MAX, type Change, type ChangesEnvelope, type MonitoringChangesQuery } from '../../contract/index.js';
import type { ExplorerClient } from '../explorer-client.js';
import type { PollStore } from '../store/types.js';
import type { DeliveryContext } from './commit.js';
import { deliverOnce } from './deliver-once.js';

const DAY = 86_400_000;

/** `days` covering one sweep interval plus a margin, in whole days (1 to the contract's maximum). */
export function sweepDays(intervalMs: number, marginMs = DAY): number {
  if (!(intervalMs > 0)) throw new RangeError('intervalMs must be a positive number of milliseconds');
  if (!(marginMs >= 0)) throw new RangeError('marginMs must be zero or more milliseconds');
  return Math.min(MONITORING_DAYS_MAX, Math.max(1, Math.ceil((intervalMs + marginMs) / DAY)));
}

export interface SweepMonitoringOptions extends Omit<MonitoringChangesQuery, 'days' | 'newOnly'> {
  client: ExplorerClient;
  /** Only confirmed changes after the last seen marker. Default `false` for a sweep over the window. */
  newOnly?: boolean;
  /** Window in days. Default `sweepDays(intervalMs, marginMs)`. */
  days?: number;
  /** How often the sweep runs, ms. Default one hour. */
  intervalMs?: number;
  /** Safety margin added to the interval (late runs, clock skew), ms. Default one day. */
  marginMs?: number;
  /** With a store, rows delivered by an earlier sweep are left out of `fresh`. */
  store?: PollStore;
  /** Store key of the seen change ids. Default `"monitoring"`. */
  key?: string;
  /** Receives `fresh`; the ids are recorded only after it resolved. */
  onChanges?: (changes: Change[], context: DeliveryContext) => Promise<void> | void;
  /** Most change ids remembered. Default 10 000. */
  maxSeen?: number;
  signal?: AbortSignal;
}

export interface SweepResult {
  /** The response as the service sent it. */
  envelope: ChangesEnvelope;
  /** The `days` the sweep asked for. */
  days: number;
  /**
   * Confirmed, non-low-signal changes not delivered by an earlier sweep — the ones worth
   * acting on (spec 4.2 rules 2–3: drafts and low-signal rows are never notified).
   */
  fresh: Change[];
  /** `true` when the service cut the window (200 rows): sweep more often or filter by `item`. */
  truncated: boolean;
}

/** One sweep of `GET /me/monitoring/changes`. */
export async function sweepMonitoring(options: SweepMonitoringOptions): Promise<SweepResult> {
  const {
    client,
    newOnly = false,
    intervalMs = 60 * 60_000,
    marginMs = DAY,
    store,
    key = 'monitoring',
    onChanges,
    maxSeen,
    signal,
    days: givenDays,
    ...filters
  } = options;
  const days = givenDays ?? sweepDays(intervalMs, marginMs);
  const envelope = await client.monitoringChanges({ ...filters, newOnly, days }, { signal });
  const actionable = envelope.items.filter((c) => c.confirmed !== false && c.lowSignal !== true);
  const fresh = store
    ? await deliverOnce({ store, key, items: actionable, id: (c) => c.id, deliver: onChanges, maxSeen })
    : actionable;
  if (!store && fresh.length > 0) await onChanges?.(fresh, {});
  return { envelope, days, fresh, truncated: envelope.truncated };
}
