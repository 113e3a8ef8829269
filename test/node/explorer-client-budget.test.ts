import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BudgetExceededError } from '../../src/server/upstream/budget.js';
import { MemoryRateBudget } from '../../src/server/upstream/memory-budget.js';
import { pollTokenomics } from '../../src/server/poll/index.js';
import { MemoryStore } from '../../src/server/store/index.js';
import { drive, maxInWindow, startVirtualSandbox, untilIdle, type VirtualSandbox } from './helpers/explorer-sandbox.js';
import { ManualClock } from './helpers/manual-clock.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('MemoryRateBudget', () => {
  it('defaults to 120 per minute with a short burst', async () => {
    const clock = new ManualClock();
    const budget = new MemoryRateBudget({ clock });
    assert.equal(budget.limit, 120);
    assert.equal(budget.intervalMs, 60_000);
    let granted = 0;
    while (budget.delay() === 0) {
      (await budget.acquire()).release();
      granted++;
    }
    assert.equal(granted, 10);
    clock.advance(500); // 120/min = one grant per 500 ms
    assert.equal(budget.delay(), 0);
  });

  it('never grants more than the limit in any window, even with a large burst', async () => {
    const clock = new ManualClock({ autoAdvance: true });
    const budget = new MemoryRateBudget({ clock, capacity: 120 });
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 600 }, () =>
        budget.acquire().then((permit) => {
          times.push(clock.now());
          permit.release();
        }),
      ),
    );
    assert.equal(times.length, 600);
    assert.ok(maxInWindow(times, 60_000) <= 120, `max ${maxInWindow(times, 60_000)}`);
    assert.ok(clock.now() <= 5 * 60_000 + 1, String(clock.now()));
  });

  it('counts a request until its response arrived: a stalled answer keeps its slot', async () => {
    const clock = new ManualClock();
    const two = new MemoryRateBudget({ clock, limit: 2, capacity: 2 });
    const stalled = await two.acquire();
    (await two.acquire()).release(); // answered at once, at t = 0
    clock.advance(59_000);
    assert.equal(two.delay(), 1_000, 'the answered request leaves the window 60 s after its answer');
    clock.advance(1_000);
    assert.equal(two.delay(), 0);
    stalled.release();

    const one = new MemoryRateBudget({ clock, limit: 1, capacity: 1 });
    const slow = await one.acquire();
    const next = one.acquire();
    clock.advance(120_000);
    await tick();
    assert.equal(one.waiting, 1, 'still in flight after two minutes: nothing else is granted');
    slow.release(); // its answer arrives now: it counts for one more window
    await tick();
    assert.equal(one.waiting, 1);
    clock.advance(59_999);
    await tick();
    assert.equal(one.waiting, 1);
    clock.advance(1);
    (await next).release();
    assert.equal(one.waiting, 0);
  });

  it('acquire() waits in order, honours abort, and refuses a wait over maxWaitMs', async () => {
    const clock = new ManualClock();
    const budget = new MemoryRateBudget({ clock, capacity: 1, limit: 60 });
    (await budget.acquire()).release();
    const order: string[] = [];
    const ac = new AbortController();
    const a = budget.acquire().then((p) => (p.release(), order.push('a')));
    const b = budget.acquire({ signal: ac.signal }).then(
      () => order.push('b'),
      (e) => order.push(`b:${(e as Error).name}`),
    );
    const c = budget.acquire().then((p) => (p.release(), order.push('c')));
    assert.equal(budget.waiting, 3);
    await assert.rejects(budget.acquire({ maxWaitMs: 1000 }), (e) => e instanceof BudgetExceededError && e.retryAfterMs > 1000);
    ac.abort();
    await b;
    while (order.length < 3 && clock.next()) await tick();
    await Promise.all([a, c]);
    assert.deepEqual(order, ['b:AbortError', 'a', 'c']);
  });

  it('hold() pauses grants (Retry-After) and heldFor() says for how long', () => {
    const clock = new ManualClock();
    const budget = new MemoryRateBudget({ clock });
    budget.hold(3_000);
    assert.equal(budget.heldFor(), 3_000);
    assert.equal(budget.delay(), 3_000);
    clock.advance(3_000);
    assert.equal(budget.heldFor(), 0);
    assert.equal(budget.delay(), 0);
  });

  it('rejects nonsense options', () => {
    assert.throws(() => new MemoryRateBudget({ limit: 0 }), /limit must be a positive number/);
    assert.throws(() => new MemoryRateBudget({ capacity: -1 }), /capacity must be a positive number/);
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
    const budget = new MemoryRateBudget({ clock: v.clock });
    const client = v.client({ budget });
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
