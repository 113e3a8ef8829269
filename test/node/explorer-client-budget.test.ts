import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock, TokenBucket } from '../../src/server/token-bucket.js';

function maxInWindow(times: number[], windowMs: number): number {
  let max = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= windowMs) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
}

describe('TokenBucket', () => {
  it('defaults to 120 per minute with a short burst', () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket({ clock });
    assert.equal(bucket.limit, 120);
    assert.equal(bucket.intervalMs, 60_000);
    let granted = 0;
    while (bucket.tryTake()) granted++;
    assert.equal(granted, 10);
    clock.advance(500); // 120/min = one token per 500 ms
    assert.equal(bucket.tryTake(), true);
    assert.equal(bucket.tryTake(), false);
  });

  it('never grants more than the limit in any window, even with a large capacity', async () => {
    const clock = new ManualClock({ autoAdvance: true });
    const bucket = new TokenBucket({ clock, capacity: 120 });
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 600 }, () => bucket.take().then(() => times.push(clock.now()))),
    );
    assert.equal(times.length, 600);
    assert.ok(maxInWindow(times, 60_000) <= 120, `max ${maxInWindow(times, 60_000)}`);
    // and it is not needlessly slow: 600 grants within ~5 minutes of virtual time
    assert.ok(clock.now() <= 5 * 60_000 + 1, String(clock.now()));
  });

  it('take() waits in order and honours abort without consuming a token', async () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket({ clock, capacity: 1, limit: 60 });
    assert.equal(bucket.tryTake(), true);
    const order: string[] = [];
    const ac = new AbortController();
    const a = bucket.take().then(() => order.push('a'));
    const b = bucket.take(ac.signal).then(
      () => order.push('b'),
      (e) => order.push(`b:${(e as Error).name}`),
    );
    const c = bucket.take().then(() => order.push('c'));
    assert.equal(bucket.waiting, 3);
    assert.equal(bucket.tryTake(), false, 'tryTake never jumps the queue');
    ac.abort();
    await b;
    while (order.length < 3 && clock.next()) await new Promise((r) => setImmediate(r));
    await Promise.all([a, c]);
    assert.deepEqual(order, ['b:AbortError', 'a', 'c']);
  });

  it('holdFor() pauses grants (Retry-After)', () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket({ clock });
    bucket.holdFor(3_000);
    assert.equal(bucket.tryTake(), false);
    assert.equal(bucket.delay(), 3_000);
    clock.advance(3_000);
    assert.equal(bucket.tryTake(), true);
  });

  it('rejects nonsense options', () => {
    assert.throws(() => new TokenBucket({ limit: 0 }), RangeError);
    assert.throws(() => new TokenBucket({ capacity: -1 }), RangeError);
  });
});
