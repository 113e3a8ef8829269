/** `TtlCache` (src/client/lookup/cache.ts), the browser lookup client's cache: its bound, its least-recently-used order, its time-to-live. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TtlCache } from '../../src/client/lookup/cache.js';

describe('TtlCache', () => {
  const kept = (cache: TtlCache<string>, keys: string[]) => keys.filter((key) => cache.get(key) !== undefined);

  it('keeps at most its bound, dropping the least recently used (a read counts as a use, a write again too)', () => {
    const cache = new TtlCache<string>(60_000, 3);
    for (const key of ['a', 'b', 'c']) cache.set(key, key);
    assert.equal(cache.get('a'), 'a'); // a used: b is now the least recent
    cache.set('d', 'd');
    cache.set('c', 'c2'); // c written again: the most recent
    cache.set('e', 'e');
    // Read in an order that leaves the recency as it was: d, c, e were kept, a and b dropped.
    assert.deepEqual(kept(cache, ['a', 'b']), []);
    assert.deepEqual(kept(cache, ['d', 'c', 'e']), ['d', 'c', 'e']);
    assert.equal(cache.get('c'), 'c2');
  });

  it('holds its bound over many writes, distinct or repeated', () => {
    const cache = new TtlCache<number>(60_000, 100);
    for (let i = 0; i < 10_000; i++) cache.set(String(i % 250), i);
    const keys = Array.from({ length: 250 }, (_, i) => String(i));
    const present = keys.filter((key) => cache.get(key) !== undefined);
    assert.equal(present.length, 100);
    // The last 100 written (keys 150-249 of the last pass) are the ones kept.
    assert.deepEqual(present, keys.slice(150));
  });

  it('a bound of 0 or below keeps nothing', () => {
    for (const bound of [0, -5]) {
      const cache = new TtlCache<string>(60_000, bound);
      cache.set('a', 'a');
      cache.set('b', 'b');
      assert.deepEqual(kept(cache, ['a', 'b']), [], `bound ${bound}`);
    }
  });

  it('an entry is fresh for its time-to-live, then gone', () => {
    let now = 1_000;
    const cache = new TtlCache<string>(500, 10, () => now);
    cache.set('a', 'a');
    now += 499;
    assert.equal(cache.get('a'), 'a');
    now += 1;
    assert.equal(cache.get('a'), undefined);
    assert.equal(cache.get('a'), undefined); // dropped, not only hidden
  });
});
