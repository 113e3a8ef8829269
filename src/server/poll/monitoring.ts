/**
 * Monitoring changes have no cursor (spec 4.2 rule 5): the window is rolling, plus a seen
 * marker. Scheduled sweeps choose `days` as the poll interval plus a margin (spec 6) and
 * deduplicate on the change id because consecutive windows overlap. A response holds at most
 * 200 rows (`truncated: true` past that, rule 4): a sweep then narrows — `item` groups of at
 * most 25, halved while still cut, and for a single item a smaller `days` — so no row is lost.
 *
 * Fetch-API only (no `node:` imports).
 */
import { LIMITS, impactRank, type Change, type ChangesEnvelope, type MonitoringChangesQuery } from '../../contract/index.js';
import type { ExplorerClient } from '../upstream/explorer-client.js';
import type { PollStore } from '../store/types.js';
import { deliverOnce, type DeliveryContext } from './batch.js';
import { runLeased, runLoop, type LoopOptions } from './loop.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `days` covering one sweep interval plus a margin, in whole days (at least 1). */
export function sweepDays(intervalMs: number, marginMs = DAY): number {
  if (!(intervalMs > 0)) throw new RangeError('intervalMs must be a positive number of milliseconds');
  if (!(marginMs >= 0)) throw new RangeError('marginMs must be zero or more milliseconds');
  return Math.max(1, Math.ceil((intervalMs + marginMs) / DAY));
}

export interface SweepMonitoringOptions extends Omit<MonitoringChangesQuery, 'days' | 'newOnly'> {
  client: ExplorerClient;
  /**
   * Only confirmed changes after the key's seen marker, which this read then moves (the
   * marker is the key's, one for everyone: keep it to one server-side reader). Default `false`.
   */
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
  /** The first response, as the service sent it. */
  envelope: ChangesEnvelope;
  /** The `days` the sweep asked for. */
  days: number;
  /** Every row of the window, after narrowing (newest first, or in impact order with `sort: 'impact'`). */
  items: Change[];
  /**
   * Confirmed, non-low-signal changes not delivered by an earlier sweep — the ones worth
   * acting on (spec 4.2 rules 2–3: drafts and low-signal rows are never notified).
   */
  fresh: Change[];
  /** Extra reads made to narrow a truncated window (0 when the first answer held everything). */
  narrowReads: number;
  /**
   * `true` only when narrowing could not get every row: one watchlist item has more than 200
   * changes in a single day. `completeDays` then says how far back the window is whole.
   */
  truncated: boolean;
  /** Days back from now over which every row arrived (`days` unless `truncated`). */
  completeDays: number;
}

type WindowQuery = MonitoringChangesQuery & { days: number };

interface WindowRead {
  rows: Map<string, Change>;
  reads: number;
  truncated: boolean;
  completeDays: number;
}

/** Halves a list of ids (a single id stays as it is). */
function halves(ids: string[]): string[][] {
  if (ids.length <= 1) return [ids];
  const mid = Math.ceil(ids.length / 2);
  return [ids.slice(0, mid), ids.slice(mid)];
}

function chunks(ids: string[], size: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/**
 * Narrower reads: never `newOnly` (each would move the key's seen marker). For a `newOnly`
 * sweep a row is kept when the service marks it new, or when it is a confirmed, not low-signal
 * change detected after `seenAt`, the marker the first response reported: so no row is lost
 * when the marker moved meanwhile (a service that moves it on a truncated read, or another
 * reader of the key). `seenAt` is `NaN` when the first response did not say.
 */
function narrowReader(client: ExplorerClient, query: WindowQuery, signal: AbortSignal | undefined, into: WindowRead, seenAt: number) {
  const afterMarker = (c: Change) => c.confirmed !== false && c.lowSignal !== true && Date.parse(c.detectedAt) > seenAt;
  const keep = (c: Change) => query.newOnly !== true || c.isNew === true || afterMarker(c);
  return async (narrower: Partial<WindowQuery>): Promise<boolean> => {
    const envelope = await client.monitoringChanges({ ...query, newOnly: false, ...narrower }, { signal });
    into.reads += 1;
    for (const c of envelope.items) if (keep(c)) into.rows.set(c.id, c);
    return envelope.truncated;
  };
}

/** Reads the window of one item with ever smaller `days` until an answer is whole; returns those days (0: never). */
async function narrowDays(read: (q: Partial<WindowQuery>) => Promise<boolean>, item: string[], days: number): Promise<number> {
  while (days > 1) {
    days = Math.ceil(days / 2);
    if (!(await read({ item, days }))) return days;
  }
  return 0;
}

/** Reads a truncated window again in narrower parts until every part is whole. */
async function narrowWindow(
  client: ExplorerClient,
  query: WindowQuery,
  signal: AbortSignal | undefined,
  into: WindowRead,
  seenAt: number,
): Promise<void> {
  const read = narrowReader(client, query, signal, into, seenAt);
  const ids = query.item ?? (await client.watchlist({ signal })).data.map((w) => w.id);
  const groups = ids.length > LIMITS.itemFilterMax ? chunks(ids, LIMITS.itemFilterMax) : halves(ids);
  for (let group = groups.shift(); group; group = groups.shift()) {
    if (group.length === 0 || !(await read({ item: group }))) continue;
    if (group.length > 1) {
      groups.push(...halves(group));
      continue;
    }
    const whole = await narrowDays(read, group, query.days);
    if (whole < into.completeDays) into.completeDays = whole;
    into.truncated ||= whole === 0 || whole < query.days;
  }
}

function ordered(rows: Iterable<Change>, sort: MonitoringChangesQuery['sort']): Change[] {
  const newest = (a: Change, b: Change) => Date.parse(b.detectedAt) - Date.parse(a.detectedAt);
  const list = [...rows];
  return sort === 'impact' ? list.sort((a, b) => impactRank(a.direction) - impactRank(b.direction) || newest(a, b)) : list.sort(newest);
}

/** One sweep of `GET /me/monitoring/changes`, narrowed until every row of the window arrived. */
export async function sweepMonitoring(options: SweepMonitoringOptions): Promise<SweepResult> {
  const { client, newOnly = false, intervalMs = HOUR, marginMs = DAY, store, key = 'monitoring', ...rest } = options;
  // Only the query's own fields reach the request (`formatMonitoringChangesQuery` picks them).
  const { onChanges, maxSeen, signal, days: givenDays, ...filters } = rest;
  const days = givenDays ?? sweepDays(intervalMs, marginMs);
  const query: WindowQuery = { ...filters, newOnly, days };
  const envelope = await client.monitoringChanges(query, { signal });
  const window: WindowRead = { rows: new Map(envelope.items.map((c) => [c.id, c])), reads: 0, truncated: false, completeDays: days };
  if (envelope.truncated) await narrowWindow(client, query, signal, window, Date.parse(envelope.seenAt ?? ''));
  const items = ordered(window.rows.values(), query.sort);
  const actionable = items.filter((c) => c.confirmed !== false && c.lowSignal !== true);
  const fresh = store ? await deliverOnce({ store, key, items: actionable, keyOf: (c) => c.id, deliver: onChanges, maxSeen }) : actionable;
  if (!store && fresh.length > 0) await onChanges?.(fresh, { redelivery: false });
  return { envelope, days, items, fresh, narrowReads: window.reads, truncated: window.truncated, completeDays: window.completeDays };
}

export interface RunMonitoringSweepsOptions extends SweepMonitoringOptions, LoopOptions {
  /** Where delivered change ids are kept (required: a loop delivers each change once). */
  store: PollStore;
}

/**
 * Sweeps every `intervalMs` (default one hour) until `signal` aborts (then resolves), each
 * change delivered once to `onChanges` through the store. Service-side conditions are waited
 * out with backoff (see `LoopOptions`); anything else (a refused filter, a missing scope, the
 * consumer's own error) rejects.
 */
export function runMonitoringSweeps(options: RunMonitoringSweepsOptions): Promise<void> {
  if (!options?.client) throw new TypeError('runMonitoringSweeps: client is required');
  if (!options.store) throw new TypeError('runMonitoringSweeps: store is required');
  const interval = options.intervalMs ?? HOUR;
  return runLeased({ ...options, name: options.key ?? 'monitoring' }, (store, signal) =>
    runLoop(async () => {
      await sweepMonitoring({ ...options, store, signal });
      return interval;
    }, { ...options, signal }),
  );
}
