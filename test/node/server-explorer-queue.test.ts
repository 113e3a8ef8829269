/**
 * Waiting for the Explorer budget has a deadline and a visitor who left costs nothing (real
 * HTTP both sides, the real sandbox upstream):
 * - 30 readers at the 120-per-minute budget for 90 s of virtual time (the clock moves only
 *   while every open read sits in the budget's queue, so a wait measured on it is queueing,
 *   never the machine's speed): every read is answered 200, or 429 with `Retry-After`,
 *   within `maxQueueMs` + 1 s — including the reads queued when the window's last grant
 *   went out, whatever the estimate said when they were admitted;
 * - 10 browsers whose reads the budget had queued abort after 1 s: none of them is sent
 *   upstream, even once the budget has room again.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../src/sandbox/index.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKyiHandler } from '../../src/server/index.js';
import { createMemoryBudget } from '../../src/server/upstream/memory-budget.js';
import { ManualClock } from './helpers/manual-clock.js';
import { closeAfter } from './helpers/closing.js';
import { mount, startFixtureSandbox, type Mounted } from './helpers/server.js';
import { waitFor } from './helpers/wait.js';


describe('Explorer budget queue', () => {
  let sandbox: Sandbox;
  let m: Mounted | undefined;
  let closeServer: (() => Promise<void>) | undefined;
  before(async () => {
    sandbox = await startFixtureSandbox();
    sandbox.state.explorer.rateLimiter.configure({ perMinute: 6000 });
  });
  after(async () => {
    await m?.close();
    await closeServer?.();
    await sandbox.close();
  });

  it('30 readers at 120 per minute: no read waits past maxQueueMs (+1 s); refusals are 429 with Retry-After', async () => {
    const MAX_QUEUE_MS = 2000;
    const clock = new ManualClock({ start: Date.UTC(2031, 0, 1) });
    const budget = createMemoryBudget({ clock }); // 120 a minute, bursts of 10
    /** Upstream calls on the wire, requests the server holds, reads the readers await. */
    const open = { upstream: 0, server: 0, readers: 0 };
    const { info } = sandbox;
    const handler = closeAfter(createKyiHandler({
      publicApi: { baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey },
      explorer: { baseUrl: info.explorerUrl, apiKey: info.credentials.explorerKeys.full, budget, maxQueueMs: MAX_QUEUE_MS },
      authorize: () => true,
      clock,
      fetch: async (input, init) => {
        open.upstream++;
        try {
          const response = await fetch(input, init);
          return new Response(await response.arrayBuffer(), { status: response.status, headers: response.headers });
        } finally {
          open.upstream--;
        }
      },
    }));
    const server = createServer((req, res) => {
      open.server++;
      res.once('close', () => open.server--);
      void handler.node(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closeServer = () => (server.closeAllConnections(), new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/kyi/explorer/me/watchlist`;

    sandbox.stats.reset();
    /** Each read with its wait in virtual time: the clock moves only while every open read sits in the budget's queue. */
    const reads: Array<{ status: number; waited: number; retryAfter: string | null }> = [];
    const start = clock.now();
    const reader = async () => {
      while (clock.now() - start < 90_000) {
        const sent = clock.now();
        open.readers++;
        const res = await fetch(url);
        await res.arrayBuffer();
        open.readers--;
        const retryAfter = res.headers.get('retry-after');
        reads.push({ status: res.status, waited: clock.now() - sent, retryAfter });
        // as a browser does: come back when Retry-After says
        if (res.status === 429) await clock.sleep(Number(retryAfter) * 1000);
      }
    };
    let done = false;
    const all = Promise.all(Array.from({ length: 30 }, reader)).finally(() => (done = true));
    while (!done) {
      for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
      if (done) break;
      const idle = open.upstream === 0 && open.readers === open.server && open.server === budget.waiting;
      if (idle && clock.next()) continue;
      // no event says every open read sits in the queue: look again in a moment
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await all;

    const statuses = new Set(reads.map((r) => r.status));
    assert.deepEqual([...statuses].sort(), [200, 429], 'reads answered and reads refused');
    assert.ok(sandbox.stats.count('explorer:watchlist') > 120, 'the readers outlasted one window');
    for (const r of reads.filter((r) => r.status === 429)) assert.match(r.retryAfter ?? '', /^[1-9]\d*$/, 'Retry-After in whole seconds');
    const slowest = Math.max(...reads.map((r) => r.waited));
    assert.ok(slowest <= MAX_QUEUE_MS + 1000, `the longest wait was ${slowest} ms (maxQueueMs ${MAX_QUEUE_MS})`);
    assert.ok(reads.some((r) => r.status === 200 && r.waited > 0), 'some reads waited in the queue for their turn');
  });

  it('10 browsers aborting after 1 s while the budget queues them make no upstream call', async () => {
    const clock = new ManualClock({ start: Date.UTC(2031, 0, 1) });
    // two requests a minute: two spent, the next ten wait for the window
    const budget = createMemoryBudget({ limit: 2, capacity: 2, clock });
    m = await mount(sandbox, (d) => ({ ...d, clock, explorer: { ...d.explorer!, budget, maxQueueMs: 600_000 } }));
    sandbox.stats.reset();
    for (let i = 0; i < 2; i++) assert.equal((await fetch(`${m.base}/explorer/me/watchlist`)).status, 200);
    assert.equal(sandbox.stats.count('explorer:watchlist'), 2);

    const reads = Array.from({ length: 10 }, () =>
      fetch(`${m!.base}/explorer/me/watchlist`, { signal: AbortSignal.timeout(1000) }).then(
        () => 'answered',
        (error: Error) => error.name,
      ),
    );
    await waitFor(() => budget.waiting === 10, { what: 'the budget to queue all ten' });
    assert.deepEqual(new Set(await Promise.all(reads)), new Set(['TimeoutError']));
    await waitFor(() => budget.waiting === 0, { what: 'the reads of browsers that left to be out of the queue' });
    clock.advance(61_000); // the window has room again
    // the budget's queue is first come, first served: a read still queued would reach the upstream before this one
    assert.equal((await fetch(`${m.base}/explorer/me/watchlist`)).status, 200, 'the budget serves the next visitor');
    assert.equal(sandbox.stats.count('explorer:watchlist'), 3, 'none of the ten reached the upstream');
  });
});
