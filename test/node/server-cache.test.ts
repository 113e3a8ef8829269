/** `SwrCache` (src/server/cache.ts): LRU order with the synchronous `fresh` hits of the Node shortcut. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SwrCache } from '../../src/server/cache.js';

describe('SwrCache', () => {
  const load = (value: string) => async () => ({ value, freshMs: 60_000, staleMs: 60_000 });

  it('keeps the most recently used entries, whether used through get or fresh', async () => {
    let now = 1_000_000;
    const cache = new SwrCache<string>({ maxEntries: 3, now: () => now });
    for (const k of ['a', 'b', 'c']) await cache.get(k, load(k));
    assert.equal(cache.fresh('a')?.value, 'a'); // order b, c, a
    assert.equal(cache.fresh('a')?.value, 'a'); // already the newest: unchanged
    await cache.get('d', load('d')); // c, a, d — b goes
    assert.deepEqual(['a', 'b', 'c', 'd'].map((k) => cache.peek(k) !== undefined), [true, false, true, true]);
    assert.equal((await cache.get('c', load('x'))).state, 'hit'); // a, d, c
    await cache.get('e', load('e')); // d, c, e — a goes
    assert.deepEqual(['a', 'c', 'd', 'e'].map((k) => cache.peek(k) !== undefined), [false, true, true, true]);
    // the newest key, dropped and loaded again, is stored again (and can be evicted later)
    cache.clear();
    await cache.get('e', load('e2'));
    assert.equal(cache.fresh('e')?.value, 'e2');
    for (const k of ['f', 'g', 'h']) await cache.get(k, load(k));
    assert.equal(cache.peek('e'), undefined);
    assert.equal(cache.size, 3);
  });

  it('evicts in least-recently-used order through thousands of stores, uses and clears (against a model)', async () => {
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
        await cache.get(key, load(key));
        model.push(key);
        if (model.length > max) model.shift();
      } else if (r < 0.97) {
        // a hit, through `fresh` or `get`: the key becomes the most recent
        const key = model[Math.floor(random() * model.length)]!;
        if (r < 0.75) assert.equal(cache.fresh(key)?.value, key);
        else assert.equal((await cache.get(key, load('unused'))).state, 'hit');
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

  it('fresh answers only fresh entries; stale and expired ones are left to get', async () => {
    let now = 1_000_000;
    const cache = new SwrCache<string>({ maxEntries: 10, now: () => now });
    await cache.get('k', load('v'));
    assert.equal(cache.fresh('k')?.value, 'v');
    now += 60_000; // stale
    assert.equal(cache.fresh('k'), undefined);
    assert.equal((await cache.get('k', load('v2'))).state, 'stale');
    await cache.idle();
    assert.equal(cache.fresh('k')?.value, 'v2');
    now += 200_000; // expired
    assert.equal(cache.fresh('k'), undefined);
    assert.equal(cache.fresh('missing'), undefined);
  });
});
