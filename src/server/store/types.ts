/**
 * Where pollers keep their state (cursors, seen pairs). A small async key–value interface,
 * so a partner can put a real database behind it; the kit ships an in-memory store and a
 * file-backed one (`./file.ts`, Node only).
 */
import { KyiError } from '../errors.js';
export interface PollStore {
  /** The value under `key`, or `undefined` when nothing was stored. */
  get<T = unknown>(key: string): Promise<T | undefined>;
  /**
   * Stores `value` (JSON-serialisable) under `key`. Resolves only once the value is durable:
   * a poller treats the resolution as its commit point.
   */
  set(key: string, value: unknown): Promise<void>;
  /** Removes `key` (no error when absent). */
  delete(key: string): Promise<void>;
}

/**
 * Thrown when a store's backing data is unreadable (`location`: the file path, table…); never
 * silently replaced by an empty state.
 */
export class StoreCorruptError extends KyiError {
  override name = 'StoreCorruptError';
  constructor(message: string, readonly location: string, options?: { cause?: unknown }) {
    super('store_corrupt', message, 0, options);
  }
}

/**
 * The store's database cannot be reached right now (down, restarting, out of connections):
 * a wait, not a failure. Pollers pause and try again; the HTTP side answers 503 with
 * `Retry-After` where it needs the store. `message` names the target, never a password.
 */
export class StoreUnavailableError extends KyiError {
  override name = 'StoreUnavailableError';
  constructor(
    message: string,
    /** Where the data lives, password left out (`postgres://user@host:port/database`). */
    readonly location: string,
    options?: { cause?: unknown },
  ) {
    super('store_unavailable', message, 503, options);
  }
}

/** Whether `error` says the store is unreachable for now (a `KyiError` coded `store_unavailable`, however wrapped). */
export function isStoreUnavailable(error: unknown): boolean {
  return error instanceof KyiError && error.code === 'store_unavailable';
}

/** What a consumer's statements get back inside a store transaction (node-postgres' shape). */
export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  rowCount: number | null;
}

/**
 * One open transaction of a transactional store: the store's own reads and writes, plus
 * `query` for the consumer's statements, all committed together or not at all.
 */
export interface StoreTransaction extends PollStore {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
}

/** A store whose writes can commit in one transaction with the consumer's own (exactly-once delivery). */
export interface TransactionalPollStore extends PollStore {
  /** Runs `work` in one transaction; commits when it resolves, rolls back when it rejects. */
  transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T>;
}

/**
 * A store that replicas share: it hands a named lease to one holder at a time, and gives
 * that holder a view whose writes commit only while it still holds the lease.
 */
export interface LeasingPollStore extends TransactionalPollStore {
  /** Takes (or renews) `name` for `holder` until `ttlMs` from now; `true` when `holder` holds it. */
  acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives `name` up at once when `holder` holds it (no error otherwise). */
  releaseLease(name: string, holder: string): Promise<void>;
  /** This store, with every write and transaction refused (`LeaseLostError`) once `holder` lost `name`. */
  fenced(name: string, holder: string): TransactionalPollStore;
}

/** A write refused because the writer no longer holds the lease: another replica took over. */
export class LeaseLostError extends KyiError {
  override name = 'LeaseLostError';
  constructor(
    readonly lease: string,
    readonly holder: string,
  ) {
    super('lease_lost', `Lease "${lease}" is no longer held by ${holder}: another replica took over; nothing was committed.`);
  }
}

export function isTransactional(store: PollStore): store is TransactionalPollStore {
  return typeof (store as Partial<TransactionalPollStore>).transaction === 'function';
}

export function canLease(store: PollStore): store is LeasingPollStore {
  const s = store as Partial<LeasingPollStore>;
  return isTransactional(store) && typeof s.acquireLease === 'function' && typeof s.fenced === 'function';
}
