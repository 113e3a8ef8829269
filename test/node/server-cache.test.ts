/** `SwrCache` (src/server/lookup/cache.ts): LRU order with the `fresh` hits of the Node shortcut, and what `look` says of an entry's age. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BYPASS_FLOOR_MS, SwrCache } from '../../src/server/lookup/cache.js';

describe('SwrCache', () => {
  const loaded = (value: string) => ({ value, freshMs: 60_000, staleMs: 60_000 });
  /** What `look` answers without bypass, else what is loaded and stored (as `PublicApiClient` does on a miss). */
  const get = (cache: SwrCache<string>, key: string, value = key) => {
    const look = cache.look(key, false);
    if (look.state === 'miss') cache.store(key, loaded(value));
    return look.state;
  };

  it('keeps the most recently used entries, whether used through get or fresh', () => {
    let now = 1_000_000;
    const cache = new SwrCache<string>({ maxEntries: 3, now: () => now });
    for (const k of ['a', 'b', 'c']) get(cache, k);
    assert.equal(cache.fresh('a')?.value, 'a'); // order b, c, a
    assert.equal(cache.fresh('a')?.value, 'a'); // already the newest: unchanged
    get(cache, 'd'); // c, a, d — b goes
    assert.deepEqual(['a', 'b', 'c', 'd'].map((k) => cache.peek(k) !== undefined), [true, false, true, true]);
    assert.equal(get(cache, 'c', 'x'), 'hit'); // a, d, c
    get(cache, 'e'); // d, c, e — a goes
    assert.deepEqual(['a', 'c', 'd', 'e'].map((k) => cache.peek(k) !== undefined), [false, true, true, true]);
    // the newest key, dropped and loaded again, is stored again (and can be evicted later)
    cache.clear();
    get(cache, 'e', 'e2');
    assert.equal(cache.fresh('e')?.value, 'e2');
    for (const k of ['f', 'g', 'h']) get(cache, k);
    assert.equal(cache.peek('e'), undefined);
    assert.equal(cache.size, 3);
  });

  it('evicts in least-recently-used order through thousands of stores, uses and clears (against a model)', () => {
    const now = 1_000_000;
    const max = 50;
    const cache = new SwrCache<string>({ maxEntries: max, now: () => now });
    /** Keys from least to most recently used, as the cache should hold them. */
    let model: string[] = [];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let fresh = 0;
    for (let step = 0; step < 5000; step++) {
      const r = random();
      if (r < 0.5 || model.length === 0) {
        const key = `k${fresh++}`;
        get(cache, key);
        model.push(key);
        if (model.length > max) model.shift();
      } else if (r < 0.97) {
        // a hit, through `fresh` or `look`: the key becomes the most recent
        const key = model[Math.floor(random() * model.length)]!;
        if (r < 0.75) assert.equal(cache.fresh(key)?.value, key);
        else assert.equal(get(cache, key, 'unused'), 'hit');
        model = [...model.filter((k) => k !== key), key];
      } else if (r < 0.975) {
        cache.clear();
        model = [];
      }
      if (step % 97 === 0 || step > 4900) {
        assert.equal(cache.size, model.length, `size at step ${step}`);
        for (const key of model) assert.ok(cache.peek(key), `${key} kept at step ${step}`);
        const gone = `k${Math.max(0, fresh - max - 1 - Math.floor(random() * 20))}`;
        if (!model.includes(gone)) assert.equal(cache.peek(gone), undefined, `${gone} evicted at step ${step}`);
      }
    }
  });

  it('fresh answers only fresh entries; look says stale, then miss once expired', () => {
    let now = 1_000_000;
    const cache = new SwrCache<string>({ maxEntries: 10, now: () => now });
    get(cache, 'k', 'v');
    assert.equal(cache.fresh('k')?.value, 'v');
    now += 60_000; // stale
    assert.equal(cache.fresh('k'), undefined);
    const stale = cache.look('k', false);
    assert.equal(stale.state, 'stale');
    assert.equal(stale.entry?.value, 'v');
    cache.store('k', loaded('v2')); // the refresh
    assert.equal(cache.fresh('k')?.value, 'v2');
    now += 200_000; // expired
    assert.equal(cache.fresh('k'), undefined);
    assert.deepEqual(cache.look('k', false), { state: 'miss' });
    assert.equal(cache.fresh('missing'), undefined);
  });
});

describe('SwrCache bypass', () => {
  it('a bypass is answered by a fresh entry stored within the floor, else passes over it (and an error is never stored)', () => {
    let now = 1_000_000;
    const cache = new SwrCache<string>({ maxEntries: 10, now: () => now });
    cache.store('k', { value: 'v', freshMs: 60_000, staleMs: 60_000 });
    assert.equal(cache.look('k', true).state, 'hit');
    now += BYPASS_FLOOR_MS;
    const passed = cache.look('k', true);
    assert.equal(passed.state, 'miss');
    assert.equal(passed.entry?.value, 'v', 'what the bypass passed over is still known');
    cache.store('k', { value: 'error', freshMs: 0, staleMs: 0 });
    assert.equal(cache.fresh('k')?.value, 'v');
  });
});
