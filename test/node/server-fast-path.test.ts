/**
 * The Node adapter's shortcut for lookup GETs (`SERVE_LOOKUP`, src/server/prepared.ts) answers
 * exactly what the fetch path answers: the same handler (one cache, one fixed clock) behind
 * two servers, one through the shortcut and one through `Request` → handler → `Response`,
 * gives byte-identical HTTP responses (the `Date` header aside) for hits, misses, 304s, the
 * no-cache bypass, stale answers, upstream errors, unexpected errors, and everything the
 * shortcut leaves to the fetch path (HEAD, invalid parameters, other routes).
 */
import { after, before, beforeEach, afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { createKyiHandler, toNodeHandler, type KyiHandlerWithNode } from '../../src/server/index.js';
import { SERVE_LOOKUP } from '../../src/server/prepared.js';
import { PREFIX, defaultOptions, startFixtureSandbox } from './server-fixture.js';

let sandbox: Sandbox;
before(async () => {
  sandbox = await startFixtureSandbox();
});
after(async () => {
  await sandbox.close();
});

interface Pair {
  handler: KyiHandlerWithNode;
  /** Fixed wall clock of the handler (ms); `throwAfterFetch` makes it throw once an upstream call started. */
  clock: { now: number; throwAfterFetch: boolean; armed: boolean };
  /** Upstream calls are held while `hold` is set, until `release()`. */
  gate: { hold: boolean; release(): void };
  /** Calls that reached the fetch handler through the shortcut server (i.e. took the fetch path). */
  fetchPathCalls: number;
  errors: Array<{ error: unknown; route: string }>;
  fast: string;
  slow: string;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function pair(): Promise<Pair> {
  const clock = { now: Date.UTC(2026, 0, 1), throwAfterFetch: false, armed: false };
  let release = () => {};
  let held = Promise.resolve();
  const gate = {
    hold: false,
    release: () => release(),
  };
  const errors: Pair['errors'] = [];
  const base = defaultOptions(sandbox, [], [], { offsetMs: 0 });
  const handler = createKyiHandler({
    ...base,
    clock: {
      ...base.clock!,
      now: () => {
        if (clock.armed) throw new Error('clock exploded');
        return clock.now;
      },
    },
    fetch: async (input, init) => {
      if (clock.throwAfterFetch) clock.armed = true;
      if (gate.hold) {
        held = new Promise<void>((resolve) => (release = resolve));
        await held;
      }
      return fetch(input, init);
    },
    onError: (error, context) => errors.push({ error, route: context.route }),
  });
  const state = { fetchPathCalls: 0 };
  const counting = Object.assign(
    (request: Request) => {
      state.fetchPathCalls++;
      return handler(request);
    },
    { [SERVE_LOOKUP]: (handler as unknown as Record<typeof SERVE_LOOKUP, unknown>)[SERVE_LOOKUP] },
  );
  const fastServer = createServer(toNodeHandler(counting, { prefix: PREFIX }));
  // the same handler without the shortcut: every request becomes a Request
  const slowServer = createServer(toNodeHandler((request) => handler(request), { prefix: PREFIX }));
  const fast = await listen(fastServer);
  const slow = await listen(slowServer);
  return {
    handler,
    clock,
    gate,
    get fetchPathCalls() {
      return state.fetchPathCalls;
    },
    errors,
    fast,
    slow,
    async close() {
      for (const s of [fastServer, slowServer]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}

/** One request as raw bytes (`Connection: close`), the whole raw response back with its `Date` masked. */
function raw(hostPort: string, method: string, path: string, headers: Record<string, string> = {}): Promise<string> {
  const [host, port] = hostPort.split(':');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), host!);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1').replace(/\r\nDate: [^\r]*/i, '\r\nDate: <masked>')));
    socket.on('error', reject);
    const lines = [`${method} ${path} HTTP/1.1`, `Host: app.example`, 'Connection: close'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    // not `end()`: a half-closed client gets no answer to a request still in flight
    socket.write(lines.join('\r\n') + '\r\n\r\n');
  });
}

const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);
const headerOf = (response: string, name: string) => new RegExp(`\\r\\n${name}: ([^\\r]*)`, 'i').exec(response)?.[1];

const asset = (t: { chain: string; address: string }) => `${PREFIX}/assets/${t.chain}/${t.address}`;
const byCaip = (caip19: string) => `${PREFIX}/kyi/v1/tokens?caip19=${encodeURIComponent(caip19)}`;

describe('Node shortcut for lookup GETs = fetch path, byte for byte', () => {
  let p: Pair;
  beforeEach(async () => {
    sandbox.reset();
    sandbox.stats.reset();
    p = await pair();
  });
  afterEach(async () => {
    p.gate.release();
    await p.handler.idle();
    await p.close();
  });

  /** The same request through both servers (shortcut first), asserting identical bytes; returns them. */
  async function same(method: string, path: string, headers: Record<string, string> = {}, order: 'fast-first' | 'slow-first' = 'fast-first') {
    const first = order === 'fast-first' ? p.fast : p.slow;
    const second = order === 'fast-first' ? p.slow : p.fast;
    const a = await raw(first, method, path, headers);
    const b = await raw(second, method, path, headers);
    assert.equal(a, b, `${method} ${path} ${JSON.stringify(headers)}: shortcut and fetch path differ`);
    return a;
  }

  it('hits of every lookup route, 404 results included, never build a Request (misses take the fetch path, for the client budget)', async () => {
    const paths = [
      asset(F.pyusd),
      asset(F.unknown),
      `${PREFIX}/assets/${F.usdc.accountId.split(':').join('/')}`,
      `${PREFIX}/assets?page_size=2&page_number=1`,
      byCaip(F.usdc.caip19),
      `${PREFIX}/kyi/v1/tokens?address=${F.pyusd.address}&chain_slug=solana`,
      `${PREFIX}/kyi/v1/tokens?address=${F.unknown.address}`,
    ];
    for (const [i, path] of paths.entries()) {
      // a miss through one path, then the hit through the other (alternating which goes first)
      const response = await same('GET', path, {}, i % 2 ? 'slow-first' : 'fast-first');
      assert.ok([200, 404].includes(statusOf(response)), response);
      assert.match(headerOf(response, 'content-length') ?? '', /^\d+$/, 'sent with Content-Length');
      assert.equal(headerOf(response, 'transfer-encoding'), undefined);
      assert.ok(headerOf(response, 'etag'));
    }
    assert.equal(sandbox.stats.count(), paths.length, 'one upstream call per lookup');
    // a miss the fast server saw first went through the fetch handler (it counts against the client's budget)
    const misses = p.fetchPathCalls;
    assert.ok(misses > 0 && misses <= paths.length, String(misses));
    // and again, as hits on both: never the fetch handler
    for (const path of paths) await same('GET', path);
    assert.equal(sandbox.stats.count(), paths.length);
    assert.equal(p.fetchPathCalls, misses);
  });

  it('If-None-Match: 304 for a match (single, listed, weak, *), 200 otherwise', async () => {
    const path = asset(F.pyusd);
    const first = await same('GET', path);
    const etag = headerOf(first, 'etag')!;
    for (const inm of [etag, `"nope", ${etag}`, `W/${etag}`, '*']) {
      const response = await same('GET', path, { 'If-None-Match': inm });
      assert.equal(statusOf(response), 304, inm);
      assert.equal(headerOf(response, 'content-type'), undefined);
      assert.equal(headerOf(response, 'etag'), etag);
    }
    assert.equal(statusOf(await same('GET', path, { 'If-None-Match': '"nope"' })), 200);
    // two If-None-Match lines are read together, as Headers joins them
    assert.equal(statusOf(await same('GET', path, { 'If-None-Match': '"a"', 'if-none-match': etag })), 304);
    assert.equal(p.fetchPathCalls, 1, 'only the first miss took the fetch path');
    assert.equal(sandbox.stats.count(), 1);
  });

  it('Cache-Control: no-cache / Pragma: no-cache bypass the cache the same way', async () => {
    const path = asset(F.pyusd);
    await same('GET', path);
    // within a second of the last load a bypass is answered from the cache
    await same('GET', path, { 'Cache-Control': 'no-cache' });
    await same('GET', path, { Pragma: 'no-cache' });
    await same('GET', path, { 'Cache-Control': 'max-age=0' });
    assert.equal(sandbox.stats.count(), 1);
    // later, a bypass goes upstream, through either path (and the other path, within a
    // second of it, is answered from the refreshed entry)
    let calls = 1;
    for (const [headers, first, second] of [
      [{ 'Cache-Control': 'private, no-cache' }, p.fast, p.slow],
      [{ 'Cache-Control': 'no-cache' }, p.slow, p.fast],
      [{ Pragma: 'no-cache' }, p.fast, p.slow],
      [{ Pragma: 'No-Cache' }, p.slow, p.fast],
    ] as const) {
      p.clock.now += 2000;
      const a = await raw(first, 'GET', path, headers);
      assert.equal(sandbox.stats.count(), ++calls, `${JSON.stringify(headers)} bypasses the cache`);
      const b = await raw(second, 'GET', path, headers);
      assert.equal(sandbox.stats.count(), calls);
      assert.equal(a, b);
    }
    // misses, bypasses and stale answers go upstream: the fetch path takes them (client budget)
  });

  it('a stale entry is answered at once on both, with one background refresh', async () => {
    const path = byCaip(F.usdc.caip19);
    await same('GET', path);
    p.clock.now += 61_000; // past the TTL, inside the stale window
    p.gate.hold = true;
    const response = await same('GET', path);
    assert.match(headerOf(response, 'cache-control') ?? '', /max-age=0, stale-while-revalidate=\d+/);
    p.gate.release();
    await p.handler.idle();
    assert.equal(sandbox.stats.count(), 2, 'one refresh for both stale answers');
    const refreshed = await same('GET', path);
    assert.match(headerOf(refreshed, 'cache-control') ?? '', /max-age=60/);
    // misses, bypasses and stale answers go upstream: the fetch path takes them (client budget)
  });

  it('upstream failures (not cached) and unexpected errors answer alike', async () => {
    sandbox.faults.set('public:asset', { kind: 'status', status: 500 });
    const failed = await same('GET', asset(F.usdc));
    assert.equal(statusOf(failed), 502);
    assert.equal(headerOf(failed, 'cache-control'), 'private, no-store');
    sandbox.faults.clear();

    // the clock throws once the upstream call has started: the lookup itself fails
    p.clock.throwAfterFetch = true;
    const path = asset(F.pyusd);
    const fast = await raw(p.fast, 'GET', path);
    p.clock.armed = false;
    const slow = await raw(p.slow, 'GET', path);
    p.clock.armed = false;
    p.clock.throwAfterFetch = false;
    assert.equal(fast, slow);
    assert.equal(statusOf(fast), 500);
    assert.doesNotMatch(fast, /clock exploded/);
    assert.deepEqual(
      p.errors.map((e) => [(e.error as Error).message, e.route]),
      [
        // the upstream failure is told to onError too, once per path
        ['The verification service is unavailable; try again shortly', 'public:asset'],
        ['The verification service is unavailable; try again shortly', 'public:asset'],
        ['clock exploded', path],
        ['clock exploded', path],
      ],
    );
    // misses, bypasses and stale answers go upstream: the fetch path takes them (client budget)
  });

  it('what the shortcut leaves to the fetch path comes out the same', async () => {
    await same('GET', asset(F.pyusd));
    const before = p.fetchPathCalls;
    const cases: Array<[string, string, Record<string, string>?]> = [
      ['HEAD', asset(F.pyusd)],
      ['GET', `${PREFIX}/assets/solana/..%2f..%2fetc`],
      ['GET', `${PREFIX}/assets/${F.pyusd.chain}/${F.pyusd.address}?x=1`],
      ['GET', `${PREFIX}/kyi/v1/tokens?caip19=bogus`],
      ['GET', `${PREFIX}/kyi/v1/tokens?address=${F.pyusd.address}&address=${F.pyusd.address}`],
      ['GET', `${PREFIX}/lookup`],
      ['GET', `${PREFIX}/capabilities`],
      ['GET', `${PREFIX}/nope`],
      ['GET', `${PREFIX}/assets/${F.pyusd.chain}/${'a'.repeat(5000)}`],
      ['DELETE', asset(F.pyusd)],
      // a declared body over the adapter's limit is refused before the handler (413)
      ['GET', asset(F.pyusd), { 'Content-Length': String(2 * 1024 * 1024) }],
    ];
    for (const [method, path, headers] of cases) await same(method, path, headers);
    // all but the 413 (refused by the adapter itself) reached the fetch handler
    assert.equal(p.fetchPathCalls - before, cases.length - 1);
    // dot segments and case are resolved like the fetch path's URL: still the shortcut
    await same('GET', `${PREFIX}/x/../assets/${F.pyusd.chain}/${F.pyusd.address}`);
    assert.equal(p.fetchPathCalls - before, cases.length - 1);
    assert.equal(sandbox.stats.count(), 1);
  });
});

describe('POST /lookup answer text', () => {
  it('is exactly JSON.stringify of its results (bodies reused from the cache, retryAfter, errors)', async () => {
    sandbox.reset();
    sandbox.stats.reset();
    const p = await pair();
    try {
      sandbox.faults.set('public:tokens', { kind: 'rate-limit', retryAfterSeconds: 30 });
      const requests = [
        { kind: 'asset', chain: F.pyusd.chain, address: F.pyusd.address },
        { kind: 'asset', chain: F.unknown.chain, address: F.unknown.address },
        { kind: 'token', address: F.pyusd.address, chainSlug: 'solana' },
        { kind: 'asset', chain: 'solana', address: '../x' },
        { kind: 'asset', chain: F.pyusd.chain, address: F.pyusd.address },
      ];
      const post = async () => {
        const res = await fetch(`http://${p.fast}${PREFIX}/lookup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ requests }),
        });
        assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(await res.clone().text())));
        return res.text();
      };
      for (const text of [await post(), await post()]) {
        const parsed = JSON.parse(text) as { results: Array<{ status: number; body: unknown; retryAfter?: number }> };
        assert.equal(text, JSON.stringify(parsed));
        assert.deepEqual(
          parsed.results.map((r) => [r.status, r.retryAfter]),
          [
            [200, undefined],
            [404, undefined],
            [429, 30],
            [400, undefined],
            [200, undefined],
          ],
        );
        // the same bodies as the single routes answer
        const single = JSON.parse(await raw(p.fast, 'GET', asset(F.pyusd)).then((r) => r.slice(r.indexOf('\r\n\r\n') + 4)));
        assert.deepEqual(parsed.results[0]!.body, single);
      }
    } finally {
      sandbox.faults.clear();
      await p.handler.idle();
      await p.close();
    }
  });
});
