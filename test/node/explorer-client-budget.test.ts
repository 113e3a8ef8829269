import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock, TokenBucket } from '../../src/server/token-bucket.js';
import { pollTokenomics } from '../../src/server/poll/index.js';
import { MemoryStore } from '../../src/server/store/index.js';
import { drive, maxInWindow, startVirtualSandbox, untilIdle, type VirtualSandbox } from './helpers/explorer-sandbox.js';

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

describe('Explorer budget counted at the sandbox (virtual time)', () => {
  let v: VirtualSandbox;
  before(async () => {
    v = await startVirtualSandbox();
  });
  after(async () => {
    await v.close();
  });

  it('a burst of 400 concurrent calls never exceeds 120 requests in any 60 s window', async () => {
    v.sandbox.reset();
    const client = v.client({ requestsPerMinute: 120 });
    const calls = Array.from({ length: 400 }, (_, i) => {
      switch (i % 4) {
        case 0:
          return client.watchlist();
        case 1:
          return client.monitoringChanges({ newOnly: true });
        case 2:
          return client.notifications({ unread: true });
        default:
          return client.tokenomicsChanges({ limit: 10 });
      }
    });
    const started = v.clock.now();
    const results = await drive(v, Promise.allSettled(calls));
    assert.deepEqual(
      results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
      [],
    );
    const seen = v.sandbox.stats.requests.filter((r) => r.route !== 'explorer:health');
    assert.equal(seen.length, 400, 'every call reached the sandbox once: no 429, no retry');
    const times = seen.map((r) => r.at);
    assert.ok(maxInWindow(times, 60_000) <= 120, `max ${maxInWindow(times, 60_000)} in a 60 s window`);
    // and the budget is used, not wasted: 400 calls need a little over three virtual minutes
    const elapsed = v.clock.now() - started;
    assert.ok(elapsed >= 3 * 60_000 && elapsed <= 3.5 * 60_000, `took ${elapsed} ms of virtual time`);
  });

  it('a poller catching up a large backlog and dashboard reads share one budget', async () => {
    v.sandbox.reset();
    for (let i = 0; i < 20_000; i++) v.sandbox.state.explorer.appendRevision();
    const bucket = new TokenBucket({ clock: v.clock });
    const client = v.client({ bucket });
    const store = new MemoryStore();
    const controller = new AbortController();
    let delivered = 0;
    const poll = pollTokenomics({
      client,
      store,
      clock: v.clock,
      signal: controller.signal,
      onRevisions: (r) => void (delivered += r.length),
    });
    const reads = Array.from({ length: 150 }, () => client.watchlist());
    const both = Promise.all([
      Promise.all(reads),
      untilIdle(v, () => delivered === v.sandbox.state.explorer.tokenomics.head).then(() => controller.abort()),
      poll,
    ]);
    await drive(v, both);
    assert.equal(delivered, v.sandbox.state.explorer.tokenomics.head);
    const times = v.sandbox.stats.requests.map((r) => r.at);
    assert.ok(times.length > 250);
    assert.ok(maxInWindow(times, 60_000) <= 120, `max ${maxInWindow(times, 60_000)} in a 60 s window`);
  });
});
