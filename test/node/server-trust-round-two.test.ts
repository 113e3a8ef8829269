/**
 * Trust, round two (issue 23), over real HTTP on loopback against the sandbox:
 * - a path with a dot segment, an encoded slash or a backslash is refused with 400
 *   `malformed_path` before routing, so middleware in front decides on the path that is
 *   routed: through the Node adapter under Express, and through the fetch entry under Hono;
 * - a cache hit does not tell when another visitor looked the token up;
 * - a request body trickled in past `bodyTimeoutMs` gets 408;
 * - the per-client budget counts an IPv6 client by its /64.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Hono } from 'hono';
import { createAdaptorServer } from '@hono/node-server';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { createKyiHandler, KyiConfigError, type KyiHandlerOptions } from '../../src/server/index.js';
import { createKyiHandler as createFetchHandler } from '../../src/server/fetch.js';
import { closeAfter } from './helpers/closing.js';
import { checkProxyAt } from './helpers/openapi-check.js';
import { PREFIX, defaultOptions, mount, rawRequest, startFixtureSandbox, trickle } from './helpers/server.js';

let sandbox: Sandbox;
before(async () => {
  sandbox = await startFixtureSandbox();
});
after(async () => {
  await sandbox.close();
});

/** Listens on loopback; the origin is known before the handler is made (its `publicOrigin`). */
async function listen(server: Server): Promise<{ origin: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stopChecking = checkProxyAt(origin, PREFIX);
  return {
    origin,
    close: async () => {
      stopChecking();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Handler options with a session for everyone and a token minter that counts what it mints. */
function tokenOptions(origin: string, minted: { count: number }): KyiHandlerOptions {
  return {
    ...defaultOptions(sandbox, [], [], { offsetMs: 0 }),
    publicOrigin: origin,
    getUserId: () => 'user-42',
    widget: {
      partnerId: sandbox.info.credentials.partnerId,
      secretKey: sandbox.info.credentials.secretKey,
      generateToken: () => (minted.count++, 'header.eyJleHAiOjk5OTk5OTk5OTl9.signature'),
    },
  };
}

/** The rate limit the partner put in front of the token route. */
const LIMITED = { code: 'too_many_requests', message: 'Too many token requests' };

/** Paths that the URL parser turns into `/api/kyi/token`, and paths with an encoded slash or backslash. */
const DOT_SEGMENTS = [
  '/api/kyi/x/../token',
  '/api/kyi/%2e%2e/kyi/token',
  '/api/kyi/x/%2E./token',
  '/api/kyi/x/.%2e/token',
  '/api/kyi/./token',
  '/api/kyi/%2e/token',
  '/api/kyi/x\\..\\token',
];
const ENCODED_SLASHES = ['/api/kyi/x%2F..%2Ftoken', '/api/kyi/explorer%2fme%2fwatchlist', `/api/kyi/assets/solana/abc%5Cdef`, '/api/kyi/x%5c..%5ctoken'];

const post = (origin: string, path: string) =>
  rawRequest(origin, path, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: '{}' });

describe('a malformed path is refused before routing', () => {
  it('Node adapter under Express: dot segments and encoded slashes get 400 malformed_path; the 429 in front is never bypassed', async () => {
    const minted = { count: 0 };
    const app = express();
    app.post('/api/kyi/token', (_req, res) => void res.status(429).json(LIMITED));
    const server = createServer(app);
    const { origin, close } = await listen(server);
    try {
      app.use(closeAfter(createKyiHandler(tokenOptions(origin, minted))).node);
      assert.equal((await post(origin, '/api/kyi/token')).status, 429, 'the middleware guards the token route');
      for (const path of [...DOT_SEGMENTS, ...ENCODED_SLASHES]) {
        for (const method of ['POST', 'GET']) {
          const res = method === 'POST' ? await post(origin, path) : await rawRequest(origin, path);
          assert.equal(res.status, 400, `${method} ${path}`);
          const body = res.json() as { code: string; message: string };
          assert.equal(body.code, 'malformed_path', `${method} ${path}`);
          assert.match(body.message, /request path is malformed/);
          assert.equal(res.headers['cache-control'], 'private, no-store');
        }
      }
      assert.equal(minted.count, 0, 'no token was minted');
      // a path outside the prefix is Express's to answer, dot segments or not
      assert.equal((await rawRequest(origin, '/elsewhere/../api/kyi/capabilities')).status, 404);
      assert.equal((await rawRequest(origin, '/api/kyi/capabilities')).status, 200);
    } finally {
      await close();
    }
  });

  it('fetch entry under Hono: encoded slashes get 400 malformed_path; dot segments arrive resolved, so the 429 in front sees the routed path', async () => {
    const minted = { count: 0 };
    let kyi: ReturnType<typeof createFetchHandler> | undefined;
    const app = new Hono();
    app.post('/api/kyi/token', (c) => c.json(LIMITED, 429));
    app.all('/api/kyi/*', (c) => kyi!(c.req.raw));
    const { origin, close } = await listen(createAdaptorServer({ fetch: app.fetch }) as Server);
    try {
      kyi = closeAfter(createFetchHandler(tokenOptions(origin, minted)));
      for (const path of ENCODED_SLASHES) {
        const res = await post(origin, path);
        assert.equal(res.status, 400, path);
        assert.equal((res.json() as { code: string }).code, 'malformed_path', path);
      }
      // the Request a fetch entry gets has a parsed URL (here @hono/node-server's; workerd, Deno
      // and Bun do the same): `..` is gone before any middleware or the handler sees the path
      // (@hono/node-server refuses a raw backslash itself)
      for (const path of DOT_SEGMENTS) assert.equal((await post(origin, path)).status, path.includes('\\') ? 400 : 429, path);
      assert.equal(minted.count, 0, 'no token was minted');
    } finally {
      await close();
    }
  });
});

describe('a cache hit does not date another visitor’s lookup', () => {
  it('a miss, a hit two seconds later and a stale answer carry the same Cache-Control, no Age and the same ETag', async () => {
    const m = await mount(sandbox);
    sandbox.stats.reset();
    try {
      for (const token of [F.pyusd, F.usdc]) {
        // pyusd has no image; usdc has a signed token_image link
        const url = `${m.base}/assets/${token.chain}/${token.address}`;
        const seen: Array<{ status: number; cacheControl: string | null; age: string | null; etag: string | null }> = [];
        for (const offsetMs of [0, 2000, 61_000]) {
          m.clock.offsetMs = offsetMs;
          const res = await fetch(url);
          await res.arrayBuffer();
          seen.push({ status: res.status, cacheControl: res.headers.get('cache-control'), age: res.headers.get('age'), etag: res.headers.get('etag') });
        }
        await m.handler.idle();
        m.clock.offsetMs = 0;
        assert.equal(seen[0]!.status, 200);
        assert.match(seen[0]!.cacheControl ?? '', /^public, max-age=\d+/);
        assert.deepEqual(seen[1], seen[0], `${token.chain}/${token.address}: the hit says what the miss said`);
        assert.deepEqual(seen[2], seen[0], `${token.chain}/${token.address}: so does the stale answer`);
        assert.equal(seen[0]!.age, null);
      }
      assert.equal(sandbox.stats.count('public:asset'), 2 + 2, 'the later answers came from the cache (the stale ones refreshed once each)');
    } finally {
      await m.close();
    }
  });
});

describe('request bodies have a read deadline', () => {
  it('a body sent two bytes a second gets 408 request_timeout once bodyTimeoutMs passes', async () => {
    const m = await mount(sandbox, { bodyTimeoutMs: 1500 });
    try {
      sandbox.stats.reset();
      assert.deepEqual(await trickle(m.origin, `${PREFIX}/lookup`), { status: 408, code: 'request_timeout', connection: 'close' });
      assert.equal(sandbox.stats.count(), 0, 'nothing was looked up');
      // a body sent at once is read as before
      const res = await fetch(`${m.base}/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ kind: 'asset', chain: F.pyusd.chain, address: F.pyusd.address }] }),
      });
      assert.equal(res.status, 200);
      await res.arrayBuffer();
    } finally {
      await m.close();
    }
  });

  it('bodyTimeoutMs and clientBudget.ipv6PrefixLength outside their ranges are configuration errors', () => {
    const base = defaultOptions(sandbox, [], [], { offsetMs: 0 });
    for (const bodyTimeoutMs of [0, -1, 1.5, 300_001, '100', Number.NaN]) {
      assert.throws(() => createKyiHandler({ ...base, bodyTimeoutMs } as KyiHandlerOptions), (e: unknown) => e instanceof KyiConfigError && /bodyTimeoutMs/.test(e.message), String(bodyTimeoutMs));
    }
    for (const ipv6PrefixLength of [0, 129, 64.5, '64', null]) {
      assert.throws(
        () => createKyiHandler({ ...base, clientBudget: { ipv6PrefixLength } } as KyiHandlerOptions),
        (e: unknown) => e instanceof KyiConfigError && /clientBudget\.ipv6PrefixLength/.test(e.message),
        String(ipv6PrefixLength),
      );
    }
    assert.ok(closeAfter(createKyiHandler({ ...base, bodyTimeoutMs: 1, clientBudget: { ipv6PrefixLength: 128 } })));
  });
});

describe('the per-client budget counts an IPv6 client by its network', () => {
  /** Statuses of one lookup each (unknown addresses: every one is an upstream call), from `clients` in turn. */
  const lookups = async (base: string, from: number, clients: string[]) => {
    const statuses: number[] = [];
    for (const [i, client] of clients.entries()) {
      const res = await fetch(`${base}/assets/ethereum/0x${(from + i).toString(16).padStart(40, '0')}`, { headers: { 'x-forwarded-for': client } });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    return statuses;
  };

  it('two addresses of one /64 share a budget, two /64s do not; an IPv4-mapped address is its IPv4 address', async () => {
    const m = await mount(sandbox, { clientBudget: { limit: 1 }, trustProxy: 1 });
    try {
      assert.deepEqual(await lookups(m.base, 0x6400, ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:db8:1:3::1']), [404, 429, 404]);
      assert.deepEqual(await lookups(m.base, 0x6500, ['192.0.2.7', '::ffff:192.0.2.7', '192.0.2.8']), [404, 429, 404]);
    } finally {
      await m.close();
    }
    const wide = await mount(sandbox, { clientBudget: { limit: 1, ipv6PrefixLength: 48 }, trustProxy: 1 });
    try {
      assert.deepEqual(await lookups(wide.base, 0x6600, ['2001:db8:1:2::1', '2001:db8:1:3::1', '2001:db8:2::1']), [404, 429, 404]);
    } finally {
      await wide.close();
    }
  });
});
