/**
 * The Explorer budget holds at the upstream, as the service counts: a 61 s burst from 8
 * clients through the proxy (real HTTP both sides, virtual time), with the first upstream
 * responses slowed by 20 s, never shows the recording upstream more than 120 requests in any
 * 60 s window, whether it counts arrivals or answers.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createKyiHandler, type KyiHandler } from '../../src/server/index.js';
import { listenLoopback, type Loopback } from './helpers/loopback.js';
import { maxInWindow } from './helpers/explorer-sandbox.js';
import { ManualClock } from './helpers/manual-clock.js';
import { startRecordingUpstream, type RecordingUpstream } from './helpers/recording-upstream.js';

const EXPLORER_KEY = 'bx_live_Q2w3E4r5T6y7U8i9O0pAaSsDdFfGgHhJjKkLlZzXxCcV';
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Explorer budget at the upstream', () => {
  let up: RecordingUpstream;
  let server: Loopback;
  let handler: KyiHandler;
  let base: string;
  const clock = new ManualClock({ start: Date.UTC(2031, 0, 1) });
  /** Upstream requests whose answer waits on the virtual clock. */
  let slowed = 0;
  /** Upstream calls the handler has sent and not finished reading. */
  let inflight = 0;

  before(async () => {
    up = await startRecordingUpstream(() => clock.now());
    up.respond = async (_r, i) => {
      if (i < 30) {
        slowed++;
        await clock.sleep(20_000);
        slowed--;
      }
      return { status: 200, body: { data: [] } };
    };
    handler = createKyiHandler({
      publicApi: { baseUrl: up.url, apiKey: 'pk_test_window' },
      explorer: { baseUrl: `${up.url}/explorer`, apiKey: EXPLORER_KEY, maxQueueMs: 600_000 },
      authorize: () => true,
      maxInFlight: 256,
      clock,
      fetch: async (input, init) => {
        inflight++;
        try {
          const response = await fetch(input, init);
          const body = await response.arrayBuffer();
          return new Response(body, { status: response.status, headers: response.headers });
        } finally {
          inflight--;
        }
      },
    });
    server = await listenLoopback(handler.node, '/api/kyi');
    base = server.base;
  });
  after(async () => {
    await server.close();
    await handler.close();
    await up.close();
  });

  it('8 clients for 61 s, first answers slowed: never more than 120 in any 60 s window', async () => {
    const start = clock.now();
    const statuses: number[] = [];
    const client = async () => {
      while (clock.now() - start < 61_000) {
        const r = await fetch(`${base}/explorer/me/watchlist`);
        statuses.push(r.status);
        await r.arrayBuffer();
      }
    };
    let done = false;
    // 8 clients, each with 20 requests at a time
    const all = Promise.all(Array.from({ length: 8 * 20 }, client)).finally(() => (done = true));
    // virtual time moves when every upstream call on the wire is one waiting on the clock
    while (!done) {
      for (let i = 0; i < 5; i++) await tick();
      if (done) break;
      if (inflight === slowed && clock.next()) continue;
      // no event says every call on the wire waits on the clock: look again in a moment
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await all;
    assert.deepEqual([...new Set(statuses)], [200], 'every client waited for the budget instead of failing');
    const arrivals = up.requests.map((r) => r.at);
    const answers = up.requests.map((r) => r.answeredAt!);
    assert.ok(up.requests.length > 120, `the burst used the budget (${up.requests.length} requests)`);
    assert.ok(maxInWindow(arrivals, 60_000) <= 120, `arrivals: ${maxInWindow(arrivals, 60_000)} in one window`);
    assert.ok(maxInWindow(answers, 60_000) <= 120, `answers: ${maxInWindow(answers, 60_000)} in one window`);
  });
});
