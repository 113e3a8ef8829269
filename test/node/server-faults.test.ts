/**
 * Upstream faults injected in the sandbox (500, 502, slow, malformed, 429) give retries with
 * capped exponential backoff, timeouts and Retry-After handling. Backoff waits are recorded
 * by the injected sleep (resolved at once): the tests check the asked-for delays, not time.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { mount, mountFresh, postJson, startFixtureSandbox, unmount, type Mounted } from './helpers/server.js';

let sandbox: Sandbox;
let m: Mounted;
const assetUrl = () => `${m.base}/assets/${F.pyusd.chain}/${F.pyusd.address}`;
const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

before(async () => {
  sandbox = await startFixtureSandbox();
});
after(async () => {
  await sandbox.close();
});

describe('upstream faults', () => {
  beforeEach(async () => (m = await mountFresh(sandbox)));
  afterEach(async () => {
    sandbox.faults.clear();
    await unmount(m);
  });

  it('retries a 500 with capped exponential backoff and jitter, then succeeds', async () => {
    sandbox.faults.set('public:asset', { kind: 'status', status: 500 }, { times: 2 });
    const res = await fetch(assetUrl());
    assert.equal(res.status, 200);
    assert.equal(sandbox.stats.count('public:asset'), 3);
    // base 200 ms, doubling, equal jitter with random() = 0.5: 150, 300
    assert.deepEqual(m.sleeps, [150, 300]);
  });

  it('caps the backoff at maxDelayMs', async () => {
    const capped = await mount(sandbox, { retries: 4, backoff: { baseDelayMs: 400, maxDelayMs: 1000 } });
    try {
      sandbox.faults.set('public:asset', { kind: 'status', status: 502 }, { times: 4 });
      const res = await fetch(`${capped.base}/assets/${F.pyusd.chain}/${F.pyusd.address}`);
      assert.equal(res.status, 200);
      assert.deepEqual(capped.sleeps, [300, 600, 750, 750]);
    } finally {
      await capped.close();
    }
  });

  it('gives 502 upstream_unavailable after the last retry of a 502, and does not cache it', async () => {
    sandbox.faults.set('public:asset', { kind: 'status', status: 502 });
    const res = await fetch(assetUrl());
    assert.equal(res.status, 502);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    assert.equal(await codeOf(res), 'upstream_unavailable');
    assert.equal(sandbox.stats.count('public:asset'), 3, 'first try + 2 retries');
    sandbox.faults.clear();
    assert.equal((await fetch(assetUrl())).status, 200);
  });

  it('times out a slow upstream (504 upstream_timeout after the retries)', async () => {
    const quick = await mount(sandbox, { timeoutMs: 150, retries: 1 });
    try {
      sandbox.faults.set('public:tokens', { kind: 'slow', delayMs: 30_000 });
      const res = await fetch(`${quick.base}/kyi/v1/tokens?address=${F.pyusd.address}`);
      assert.equal(res.status, 504);
      assert.equal(await codeOf(res), 'upstream_timeout');
      // Tried twice: one backoff wait between the attempts. (Not the sandbox's count: on a loaded
      // machine the retry can time out before the sandbox has read it, and it counts 1.)
      assert.equal(quick.sleeps.length, 1);
      assert.ok(sandbox.stats.count('public:tokens') >= 1);
    } finally {
      await quick.close();
    }
  });

  it('retries after one slow attempt times out', async () => {
    // A timeout a loaded machine's answer stays within (150 ms did not: the retry timed out too,
    // and a third attempt answered); the slow attempt still times out at it.
    const quick = await mount(sandbox, { timeoutMs: 1000 });
    try {
      sandbox.faults.set('public:tokens', { kind: 'slow', delayMs: 30_000 }, { times: 1 });
      const res = await fetch(`${quick.base}/kyi/v1/tokens?address=${F.pyusd.address}`);
      assert.equal(res.status, 200);
      // The slow attempt timed out (one backoff wait), and a retry answered.
      assert.ok(quick.sleeps.length >= 1, 'waited before a retry');
      assert.ok(sandbox.stats.count('public:tokens') >= 2, 'tried again after the slow attempt');
    } finally {
      await quick.close();
    }
  });

  it('turns a malformed body into 502 upstream_invalid, never partial data, and does not cache it', async () => {
    sandbox.faults.set('public:asset', { kind: 'malformed' }, { times: 1 });
    const res = await fetch(assetUrl());
    assert.equal(res.status, 502);
    const body = (await res.json()) as { code: string; message: string };
    assert.deepEqual(Object.keys(body).sort(), ['code', 'message']);
    assert.equal(body.code, 'upstream_invalid');
    assert.equal((await fetch(assetUrl())).status, 200);
    assert.equal(sandbox.stats.count('public:asset'), 2);
  });

  it('reports a truncated 404 body as upstream_invalid, not as a wrong address', async () => {
    const unknown = (tail: string) => `${m.base}/assets/${F.pyusd.chain}/${F.pyusd.address.slice(0, -4)}${tail}`;
    const notFound = await fetch(unknown('AAAA'));
    assert.equal(notFound.status, 404, 'the sandbox answers 404 for an unknown asset');
    await notFound.arrayBuffer();
    sandbox.faults.set('public:asset', { kind: 'malformed' }, { times: 1 });
    const res = await fetch(unknown('BBBB'));
    assert.equal(res.status, 502);
    assert.equal(await codeOf(res), 'upstream_invalid');
    sandbox.faults.set('explorer:watchlist-remove', { kind: 'malformed' }, { times: 1 });
    const explorer = await fetch(`${m.base}/explorer/me/watchlist/00000000-0000-4000-8000-000000000000`, {
      method: 'DELETE',
      headers: { origin: m.origin },
    });
    assert.equal(explorer.status, 502);
    assert.equal(await codeOf(explorer), 'upstream_invalid');
    const reported = m.errors.map((e) => (e as { code?: string }).code);
    assert.deepEqual(reported, ['upstream_invalid', 'upstream_invalid'], 'onError hears of a garbled answer, not a configuration mistake');
  });

  it('waits out a short Retry-After and tries again', async () => {
    sandbox.faults.set('public:asset', { kind: 'rate-limit', retryAfterSeconds: 1 }, { times: 1 });
    const res = await fetch(assetUrl());
    assert.equal(res.status, 200);
    assert.deepEqual(m.sleeps, [1000]);
    assert.equal(sandbox.stats.count('public:asset'), 2);
  });

  it('answers 429 with Retry-After when the wait is long', async () => {
    sandbox.faults.set('public:asset', { kind: 'rate-limit', retryAfterSeconds: 120 });
    const res = await fetch(assetUrl());
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '120');
    assert.equal(await codeOf(res), 'too_many_requests');
    assert.equal(sandbox.stats.count('public:asset'), 1);
    assert.deepEqual(m.sleeps, []);
  });

  it('reports a long 429 per batch entry with retryAfter', async () => {
    sandbox.faults.set('public:tokens', { kind: 'rate-limit', retryAfterSeconds: 30 });
    const { results } = (await (
      await postJson(`${m.base}/lookup`, {
        requests: [
          { kind: 'token', address: F.pyusd.address },
          { kind: 'asset', chain: F.pyusd.chain, address: F.pyusd.address },
        ],
      })
    ).json()) as { results: Array<{ status: number; retryAfter?: number }> };
    assert.equal(results[0]!.status, 429);
    assert.equal(results[0]!.retryAfter, 30);
    assert.equal(results[1]!.status, 200);
  });

  it('retries an idempotent Explorer GET after a 500', async () => {
    sandbox.faults.set('explorer:watchlist', { kind: 'status', status: 500 }, { times: 1 });
    const res = await fetch(`${m.base}/explorer/me/watchlist`);
    assert.equal(res.status, 200);
    assert.equal(sandbox.stats.count('explorer:watchlist'), 2);
  });

  it('never retries an Explorer write after a 500', async () => {
    sandbox.faults.set('explorer:watchlist-add', { kind: 'status', status: 500 }, { times: 1 });
    const res = await postJson(`${m.base}/explorer/me/watchlist`, { assetId: '00000000-0000-4000-8000-000000000000' }, { origin: m.origin });
    assert.equal(res.status, 502);
    assert.equal(await codeOf(res), 'upstream_unavailable');
    assert.equal(sandbox.stats.count('explorer:watchlist-add'), 1);
  });

  it('turns a malformed Explorer body into 502, then passes an Explorer 429 on with Retry-After', async () => {
    sandbox.faults.set('explorer:notifications', { kind: 'malformed' }, { times: 1 });
    const malformed = await fetch(`${m.base}/explorer/me/notifications`);
    assert.equal(malformed.status, 502);
    assert.equal(await codeOf(malformed), 'upstream_invalid');
    sandbox.faults.set('explorer:changes', { kind: 'rate-limit', retryAfterSeconds: 60 }, { times: 1 });
    const limited = await fetch(`${m.base}/explorer/me/monitoring/changes`);
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '60');
    assert.equal(limited.headers.get('cache-control'), 'private, no-store');
    // the key's budget now holds for the Retry-After: the next call is answered here, not sent
    const held = await fetch(`${m.base}/explorer/me/watchlist`);
    assert.equal(held.status, 429);
    assert.ok(Number(held.headers.get('retry-after')) > 0);
    assert.equal(sandbox.stats.count('explorer:watchlist'), 0);
  });
});
