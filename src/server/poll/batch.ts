/**
 * The one place where a poller hands a batch over and commits it. Every loop — the
 * tokenomics feed, monitoring sweeps, the notification inbox — keeps one `PollState` per
 * store key and delivers through `deliverBatch`:
 * 1. the batch's keys not delivered before are written down as `pending`;
 * 2. the consumer gets the fresh items (`redelivery: true` when a crash cut the last commit short);
 * 3. once it resolved, the keys join the (bounded) seen set and the cursor moves, in one write.
 * A crash anywhere loses nothing: the next run reads the same batch again (at-least-once).
 *
 * With a transactional store (PostgreSQL) steps 1–3 collapse into one transaction: the
 * consumer runs inside it and receives it as `tx`, so what it writes through `tx` commits
 * together with the seen keys and the cursor, or not at all (exactly once).
 *
 * Fetch-API only (no `node:` imports).
 */
import { isTransactional, type PollStore, type StoreTransaction } from '../store/types.js';
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

/** Context every poll handler receives with its batch. */
export interface DeliveryContext {
  /**
   * The transaction in which this batch is recorded, when the store has them: write your
   * results with `tx.query(text, params)` to get each item exactly once. `undefined` otherwise.
   */
  tx?: StoreTransaction;
  /** `true` when a crash cut the last commit of these items short (never with `tx`). */
  redelivery: boolean;
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
  deliver?: (fresh: T[], context: DeliveryContext) => Promise<void> | void;
  /** Cursor / backfill progress committed together with the delivered keys. */
  commit?: Partial<Pick<PollState, 'cursor' | 'backfill'>>;
  /** Most keys remembered. Default 10 000. */
  maxSeen?: number;
}

/** The items of `items` whose keys are neither in `seen` nor repeated. */
function unseen<T>(items: readonly T[], keyOf: (item: T) => string, seen: SeenSet): { fresh: T[]; keys: Set<string> } {
  const fresh: T[] = [];
  const keys = new Set<string>();
  for (const item of items) {
    const k = keyOf(item);
    if (seen.has(k) || keys.has(k)) continue;
    keys.add(k);
    fresh.push(item);
  }
  return { fresh, keys };
}

/** Delivers the items not delivered before, then commits their keys and `commit` in one write. */
export async function deliverBatch<T>(options: BatchOptions<T>): Promise<{ state: PollState; fresh: T[] }> {
  const { store, key, items, keyOf } = options;
  let state = options.state;
  const seen = new SeenSet(state.seen, options.maxSeen ?? 10_000);
  const { fresh, keys } = unseen(items, keyOf, seen);
  const next = (from: PollState): PollState => ({ ...from, ...options.commit, seen: seen.with(keys).toJSON(), pending: [] });
  if (fresh.length > 0 && isTransactional(store)) {
    const committed = next(state);
    await store.transaction(async (tx) => {
      await options.deliver?.(fresh, { tx, redelivery: false });
      await tx.set(key, committed);
    });
    return { state: committed, fresh };
  }
  if (fresh.length > 0) {
    const redelivery = state.pending.some((k) => keys.has(k));
    state = { ...state, pending: [...keys] };
    await store.set(key, state);
    await options.deliver?.(fresh, { redelivery });
  }
  const committed = next(state);
  if (JSON.stringify(committed) !== JSON.stringify(state)) await store.set(key, committed);
  return { state: committed, fresh };
}

/**
 * Reads the state under `key`, delivers the items not delivered before and commits them:
 * for window reads (monitoring sweeps, the inbox) that return the same rows on every call.
 */
export async function deliverOnce<T>(
  options: Omit<BatchOptions<T>, 'state' | 'commit'>,
): Promise<T[]> {
  const state = await readPollState(options.store, options.key);
  const result = await deliverBatch<T>({ ...options, state });
  return result.fresh;
}
