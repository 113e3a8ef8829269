/**
 * A visitor who went away costs no upstream call (real HTTP both sides, a recording upstream
 * that never answers): a lookup whose browser aborted while it waited for an in-flight slot is
 * never sent; one in flight is aborted once every browser waiting for it has gone, and keeps
 * running while another still waits for the same lookup.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createKyiHandler, type KyiHandler } from '../../src/server/index.js';
import { listenLoopback, type Loopback } from './helpers/loopback.js';
import { nest, startRecordingUpstream, type RecordingUpstream } from './helpers/recording-upstream.js';
import { waitFor } from './helpers/wait.js';

/** Asks `probe` again until it answers true (a stuck state fails it, not a slow one). */
const until = (what: string, probe: () => boolean | Promise<boolean>) => waitFor(probe, { what, every: 20 });

describe('lookups of browsers that went away', () => {
  let up: RecordingUpstream;
  let proxy: Loopback;
  let handler: KyiHandler;
  let base: string;
  /** Requests the proxy has received. */
  let arrived = 0;
  before(async () => {
    up = await startRecordingUpstream();
    // one upstream call at a time, and none times out during the test
    handler = createKyiHandler({ publicApi: { baseUrl: up.url, apiKey: 'pk_test_cancel' }, maxInFlight: 1, timeoutMs: 120_000 });
    proxy = await listenLoopback((req, res) => {
      arrived++;
      handler.node(req, res);
    }, '/api/kyi');
    base = proxy.base;
  });
  after(async () => {
    await proxy.close();
    await handler.close();
    await up.close();
  });

  it('a queued lookup is never sent; one in flight is aborted when its last browser left, not before', async () => {
    const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
    const asset = (n: number) => `${base}/assets/ethereum/${address(n)}`;
    const browser = (url: string) => {
      const controller = new AbortController();
      const done = fetch(url, { signal: controller.signal }).then(
        (res) => res.status,
        (error: Error) => error.name,
      );
      return { abort: () => controller.abort(), done };
    };
    // the first call hangs until the test answers it; every later one hangs for good
    let answerFirst!: () => void;
    up.respond = (_r, index) =>
      index === 0 ? new Promise((resolve) => (answerFirst = () => resolve(nest(404, 'Asset not found', 'Not Found')))) : 'hang';

    const first = browser(asset(1));
    await until('the first lookup is upstream', () => up.open() === 1);
    const sharing = browser(asset(1)); // the same lookup: it waits for the call in flight
    const queued = Array.from({ length: 10 }, (_, i) => browser(asset(100 + i))); // wait for the one slot
    await until('the proxy has every lookup', () => arrived === 12);

    for (const b of queued) b.abort();
    first.abort();
    assert.deepEqual(new Set(await Promise.all([first.done, ...queued.map((b) => b.done)])), new Set(['AbortError']));
    // the browser side is done; wait for the server to have seen those 11 connections close
    // (on a loaded machine it may see them after the slot frees, and that is not what is tested)
    const connections = () => new Promise<number>((resolve, reject) => proxy.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
    await until('the server saw the browsers that left go', async () => (await connections()) === 1);
    assert.equal(up.open(), 1, 'the call another browser still waits for keeps running');
    // the call `sharing` still waits for was kept: answering it answers that browser
    answerFirst();
    assert.equal(await sharing.done, 404);

    // the slot is free and the gate's queue is first come, first served: a lookup still queued
    // would go out before the next one
    const next = browser(asset(999));
    await until('the next lookup is upstream', () => up.requests.length === 2);
    assert.deepEqual(
      up.requests.map((r) => [address(1), address(999)].findIndex((a) => r.path.includes(a))),
      [0, 1],
      'one call for the shared lookup, then the next lookup: none of those whose browsers left while queued was sent',
    );

    next.abort();
    assert.equal(await next.done, 'AbortError');
    await until('the call nobody waits for any more is aborted', () => up.open() === 0);
  });
});
