/**
 * A bounded, insertion-ordered set of keys, stored as a plain array so it round-trips
 * through any `PollStore`. When full, the oldest keys leave first.
 */
export class SeenSet {
  readonly max: number;
  #keys: string[];
  #set: Set<string>;

  constructor(keys: readonly string[] = [], max = 10_000) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('maxSeen must be a whole number ≥ 1');
    this.max = max;
    this.#keys = keys.slice(-max);
    this.#set = new Set(this.#keys);
  }

  has(key: string): boolean {
    return this.#set.has(key);
  }

  get size(): number {
    return this.#keys.length;
  }

  /** A copy with `keys` added (already present ones move nowhere). */
  with(keys: Iterable<string>): SeenSet {
    const next = this.#keys.slice();
    const set = new Set(this.#set);
    for (const k of keys) {
      if (set.has(k)) continue;
      set.add(k);
      next.push(k);
    }
    return new SeenSet(next, this.max);
  }

  toJSON(): string[] {
    return this.#keys.slice();
  }
}
