/**
 * The lookup client's cache: answers kept in memory with a time-to-live and a bound on
 * entries, the least recently used dropped first. One per page (inside the shared
 * `LookupClient`, ./batcher.ts), so every element reads the same answers.
 */
/**
 * A small in-memory cache with a time-to-live and a bound on entries (least recently used
 * goes first). Shared by every element on the page through the lookup client.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  /**
   * Entries stay fresh `ttlMs`; at most `maxEntries` are kept (the least recently used are
   * dropped first); `now` is the clock (tests step their own).
   */
  constructor(ttlMs: number, maxEntries: number, now = Date.now) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  /** The fresh value for `key`, or `undefined` (an expired entry is dropped). */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Taken out, and put back at the end when fresh: Map order is least-recently-used first.
    this.#entries.delete(key);
    if (entry.expires <= this.#now()) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` for the cache's time-to-live (a bound of 0 keeps nothing: it is trimmed at once). */
  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: this.#now() + this.#ttlMs });
    // One entry more at most (the cache held its bound before): the least recently used goes. (A
    // bound below 0 keeps nothing too, and ends.)
    if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }
}
