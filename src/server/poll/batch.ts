/**
 * The one place where a poller hands a batch over and commits it. Every loop — the
 * tokenomics feed, monitoring sweeps, the notification inbox — keeps one `PollState` per
 * store key and delivers through `deliverBatch`:
 * 1. the batch's keys not delivered before are written down as `pending`;
 * 2. the consumer gets the fresh items (`redelivery: true` when a crash cut the last commit short);
 * 3. once it resolved, the keys join the (bounded) seen set and the cursor moves, in one write.
 * A crash anywhere loses nothing: the next run reads the same batch again.
 *
 * Fetch-API only (no `node:` imports).
 */
import type { PollStore } from '../store/types.js';
import { PollError } from './loop.js';
import { SeenSet } from './seen.js';

/** Progress of a one-time history backfill: the next `page` to read (a number or a service token). */
export interface BackfillState {
  page: string | null;
  done: boolean;
}

/** What a loop keeps in the store under its key (one JSON value). */
export interface PollState {
  version: 1;
  /** Where the feed continues (`nextCursor` of the last delivered page); `null` for window reads. */
  cursor: string | null;
  /** Keys of delivered items, oldest first, bounded. */
  seen: string[];
  /** Keys handed to the consumer whose commit has not been written yet. */
  pending: string[];
  /** Progress of the one-time history backfill (tokenomics only). */
  backfill: BackfillState | null;
}

export const emptyPollState = (): PollState => ({ version: 1, cursor: null, seen: [], pending: [], backfill: null });

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : []);

/** Reads a loop's state, tolerating a missing value (fresh start) but not a foreign one. */
export async function readPollState(store: PollStore, key: string): Promise<PollState> {
  const raw = await store.get<Partial<PollState>>(key);
  if (raw === undefined) return emptyPollState();
  if (typeof raw !== 'object' || raw === null || raw.version !== 1 || !Array.isArray(raw.seen)) {
    throw new PollError('store_state_invalid', `The poll store value "${key}" is not poller state; use another key or remove it.`);
  }
  const backfill = raw.backfill;
  return {
    version: 1,
    cursor: typeof raw.cursor === 'string' ? raw.cursor : null,
    seen: strings(raw.seen),
    pending: strings(raw.pending),
    backfill: backfill && typeof backfill === 'object' ? { page: backfill.page ?? null, done: backfill.done === true } : null,
  };
}

export interface BatchOptions<T> {
  store: PollStore;
  key: string;
  /** The state as last read or committed. */
  state: PollState;
  items: readonly T[];
  /** Dedupe key of an item. */
  keyOf: (item: T) => string;
  /** Receives the fresh items; rejecting leaves the state as it was (the batch comes again). */
  deliver?: (fresh: T[], redelivery: boolean) => Promise<void> | void;
  /** Cursor / backfill progress committed together with the delivered keys. */
  commit?: Partial<Pick<PollState, 'cursor' | 'backfill'>>;
  /** Most keys remembered. Default 10 000. */
  maxSeen?: number;
}

/** Delivers the items not delivered before, then commits their keys and `commit` in one write. */
export async function deliverBatch<T>(options: BatchOptions<T>): Promise<{ state: PollState; fresh: T[] }> {
  const { store, key, items, keyOf } = options;
  let state = options.state;
  const seen = new SeenSet(state.seen, options.maxSeen ?? 10_000);
  const fresh: T[] = [];
  const keys = new Set<string>();
  for (const item of items) {
    const k = keyOf(item);
    if (seen.has(k) || keys.has(k)) continue;
    keys.add(k);
    fresh.push(item);
  }
  if (fresh.length > 0) {
    const redelivery = state.pending.some((k) => keys.has(k));
    state = { ...state, pending: [...keys] };
    await store.set(key, state);
    await options.deliver?.(fresh, redelivery);
  }
  const next: PollState = { ...state, ...options.commit, seen: seen.with(keys).toJSON(), pending: [] };
  if (JSON.stringify(next) !== JSON.stringify(state)) await store.set(key, next);
  return { state: next, fresh };
}

/**
 * Reads the state under `key`, delivers the items not delivered before and commits them:
 * for window reads (monitoring sweeps, the inbox) that return the same rows on every call.
 */
export async function deliverOnce<T>(
  options: Omit<BatchOptions<T>, 'state' | 'deliver' | 'commit'> & { deliver?: (fresh: T[]) => Promise<void> | void },
): Promise<T[]> {
  const state = await readPollState(options.store, options.key);
  const deliver = options.deliver;
  const result = await deliverBatch<T>({ ...options, state, deliver: deliver && ((fresh: T[]) => deliver(fresh)) });
  return result.fresh;
}
