/**
 * Bounded in-memory LRU cache with a TTL, stale-while-revalidate and request coalescing:
 * identical in-flight loads share one upstream call, a fresh entry answers at once, a stale
 * one answers at once and refreshes in the background (once), an expired one is loaded again.
 *
 * Fetch-API only (no `node:` imports).
 */

/** What a loader returns: the value and how long it may be kept. */
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

/** How a `get` was answered. */
export type CacheState = 'hit' | 'stale' | 'miss' | 'coalesced' | 'bypass';

export interface CacheResult<V> {
  entry: CacheEntry<V>;
  state: CacheState;
}

export interface SwrCacheOptions {
  /** Most entries kept; the least recently used goes first. */
  maxEntries: number;
  /** Clock in ms. */
  now?: () => number;
  /** Called when a background refresh fails (it never reaches a caller). */
  onBackgroundError?: (error: unknown) => void;
}

/** A bypassing `get` reuses an entry younger than this (ms). */
export const BYPASS_FLOOR_MS = 1000;

export class SwrCache<V> {
  readonly maxEntries: number;
  readonly #now: () => number;
  readonly #onBackgroundError: (error: unknown) => void;
  /** Map iteration order is insertion order: re-inserting on use makes it an LRU. */
  readonly #entries = new Map<string, CacheEntry<V>>();
  readonly #inflight = new Map<string, Promise<CacheEntry<V>>>();
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
    this.#onBackgroundError = options.onBackgroundError ?? (() => {});
  }

  /** Number of stored entries. */
  get size(): number {
    return this.#entries.size;
  }

  /** Whether a load of `key` is in flight. */
  loading(key: string): boolean {
    return this.#inflight.has(key);
  }

  /** Number of loads in flight. */
  get inflight(): number {
    return this.#inflight.size;
  }

  /** Resolves once no load is in flight (background refreshes included). */
  async idle(): Promise<void> {
    while (this.#inflight.size > 0) {
      await Promise.allSettled([...this.#inflight.values()]);
    }
  }

  /** Drops everything (in-flight loads still finish and store). */
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
   * The entry for `key` when it is fresh, marked as used — what `get` answers as a `hit`
   * without `bypass`, synchronously. `undefined` otherwise (stale, expired or missing: use `get`).
   * `now`: the clock's time, when the caller has just read it.
   */
  fresh(key: string, now = this.#now()): CacheEntry<V> | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.freshUntil <= now) return undefined;
    this.#touch(key, entry);
    return entry;
  }

  /**
   * Answers `key` from the cache or through `load`. With `bypass`, stored values are ignored
   * (the load still coalesces with one in flight and its result is stored).
   */
  async get(key: string, load: () => Promise<Loaded<V>>, options: { bypass?: boolean } = {}): Promise<CacheResult<V>> {
    const now = this.#now();
    if (options.bypass) {
      // a bypass refreshes at most once a second per key: "no-cache" never amplifies into a flood upstream
      const entry = this.peek(key);
      if (entry && entry.freshUntil > now && now - entry.storedAt < BYPASS_FLOOR_MS) return { entry, state: 'hit' };
    } else {
      const entry = this.peek(key);
      if (entry) {
        this.#touch(key, entry);
        if (entry.freshUntil > now) return { entry, state: 'hit' };
        if (!this.#inflight.has(key)) {
          this.#load(key, load).catch(this.#onBackgroundError);
        }
        return { entry, state: 'stale' };
      }
    }
    const pending = this.#inflight.get(key);
    if (pending) return { entry: await pending, state: 'coalesced' };
    return { entry: await this.#load(key, load), state: options.bypass ? 'bypass' : 'miss' };
  }

  #load(key: string, load: () => Promise<Loaded<V>>): Promise<CacheEntry<V>> {
    const promise = (async () => {
      try {
        const loaded = await load();
        const storedAt = this.#now();
        const entry: CacheEntry<V> = {
          value: loaded.value,
          storedAt,
          freshUntil: storedAt + Math.max(0, loaded.freshMs),
          staleUntil: storedAt + Math.max(0, loaded.freshMs) + Math.max(0, loaded.staleMs),
        };
        if (loaded.freshMs > 0 && this.maxEntries > 0) this.#touch(key, entry);
        return entry;
      } finally {
        this.#inflight.delete(key);
      }
    })();
    this.#inflight.set(key, promise);
    return promise;
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
