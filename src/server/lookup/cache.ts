/**
 * The one lookup cache of the server piece: `SwrCache`, a bounded in-memory LRU with a TTL and a
 * stale window (stale-while-revalidate). It says how a key is answered from what it holds;
 * loading, and coalescing the loads of a key, is its owner's (`PublicApiClient`, `./public-api.ts`).
 *
 * Fetch-API only (no `node:` imports).
 */

/** What a load came to: the value and how long it may be kept. */
export interface Loaded<V> {
  value: V;
  /** ms the value is fresh; 0 (or less) = do not store. */
  freshMs: number;
  /** ms after freshness during which the value may still be served while refreshing. */
  staleMs: number;
}

/** A stored value with its timing. */
export interface CacheEntry<V> {
  value: V;
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
}

/** How `look` answers a key: `hit` (fresh), `stale` (serve it, and refresh it), or `miss` (load it). */
export type CacheVerdict<V> =
  | { state: 'hit' | 'stale'; entry: CacheEntry<V> }
  /** `entry`: the servable entry a bypass passed over, if any. */
  | { state: 'miss'; entry?: CacheEntry<V> };

export interface SwrCacheOptions {
  /** Most entries kept; the least recently used goes first. */
  maxEntries: number;
  /** Clock in ms. */
  now?: () => number;
}

/** A bypassing `look` reuses an entry younger than this (ms). */
export const BYPASS_FLOOR_MS = 1000;

/**
 * Bounded in-memory LRU cache with a TTL and a stale window: `look` says how a key is answered
 * from what is stored (a fresh entry at once; a stale one at once, to be refreshed; else a
 * miss), `store` keeps what its owner loaded. Loading, and coalescing the loads of a key, is
 * the owner's (`PublicApiClient`): nothing here calls back.
 */
export class SwrCache<V> {
  readonly maxEntries: number;
  readonly #now: () => number;
  /** Map iteration order is insertion order: re-inserting on use makes it an LRU. */
  readonly #entries = new Map<string, CacheEntry<V>>();
  /** The key last moved to the end of `#entries` (the most recently used, while it is there). */
  #newest: string | undefined;
  /**
   * One iterator over `#entries` kept for eviction, so it goes on from where the last eviction
   * stopped. A new `keys()` iterator starts at the front of the Map's table and walks past every
   * slot that deletions left there (V8 reclaims them only when the table is rebuilt): with
   * 10,000 entries, taking the oldest that way cost ~35 µs per stored miss. A live iterator
   * still yields the oldest entry: everything before its position was evicted or moved
   * (deleted, then appended behind it), and entries added later come after it.
   */
  #oldest: Iterator<string> | undefined;

  constructor(options: SwrCacheOptions) {
    this.maxEntries = Math.max(0, Math.floor(options.maxEntries));
    this.#now = options.now ?? Date.now;
  }

  /** Number of stored entries. */
  get size(): number {
    return this.#entries.size;
  }

  /** Drops everything (loads in flight still store what they load). */
  clear(): void {
    this.#entries.clear();
    this.#oldest = undefined;
  }

  /** The entry for `key` if it may still be served (fresh or stale), without touching LRU order. */
  peek(key: string): CacheEntry<V> | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.staleUntil <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /**
   * The entry for `key` when it is fresh, marked as used: what `look` answers as a `hit`
   * without `bypass`. `undefined` otherwise (stale, expired or missing: use `look`).
   * `now`: the clock's time, when the caller has just read it.
   */
  fresh(key: string, now = this.#now()): CacheEntry<V> | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.freshUntil <= now) return undefined;
    this.#touch(key, entry);
    return entry;
  }

  /**
   * How `key` is answered from what is stored (a hit or a stale entry is marked as used). With
   * `bypass`, a stored value answers only while it is fresh and younger than `BYPASS_FLOOR_MS`:
   * "no-cache" refreshes a key at most once a second, never a flood upstream.
   * `now`: the clock's time, when the caller has just read it.
   */
  look(key: string, bypass: boolean, now = this.#now()): CacheVerdict<V> {
    const entry = this.peek(key);
    if (!entry) return { state: 'miss' };
    if (bypass) return entry.freshUntil > now && now - entry.storedAt < BYPASS_FLOOR_MS ? { state: 'hit', entry } : { state: 'miss', entry };
    this.#touch(key, entry);
    return { state: entry.freshUntil > now ? 'hit' : 'stale', entry };
  }

  /** Stores what a load of `key` came to (when it may be kept at all) and returns its entry. */
  store(key: string, loaded: Loaded<V>): CacheEntry<V> {
    const storedAt = this.#now();
    const freshMs = Math.max(0, loaded.freshMs);
    const entry: CacheEntry<V> = { value: loaded.value, storedAt, freshUntil: storedAt + freshMs, staleUntil: storedAt + freshMs + Math.max(0, loaded.staleMs) };
    if (freshMs > 0 && this.maxEntries > 0) this.#touch(key, entry);
    return entry;
  }

  #touch(key: string, entry: CacheEntry<V>): void {
    if (key === this.#newest && this.#entries.get(key) === entry) return; // already the most recent
    this.#newest = key;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.maxEntries) this.#entries.delete(this.#takeOldest());
  }

  /** The least recently used key (the Map is not empty). */
  #takeOldest(): string {
    let next = this.#oldest?.next();
    if (!next || next.done) {
      // first eviction, or the iterator ran to the end (a finished iterator stays finished)
      this.#oldest = this.#entries.keys();
      next = this.#oldest.next();
    }
    return next.value as string;
  }
}
