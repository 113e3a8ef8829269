/**
 * Where pollers keep their state (cursors, seen pairs). A small async key–value interface,
 * so a partner can put a real database behind it; the kit ships an in-memory store and a
 * file-backed one (`./file.ts`, Node only).
 */
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

/** Thrown when a store's backing data is unreadable; never silently replaced by an empty state. */
export class StoreCorruptError extends Error {
  override readonly name = 'StoreCorruptError';
  readonly code = 'store_corrupt';
  constructor(
    message: string,
    /** Where the data lives (file path, table…). */
    readonly location: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
