/**
 * The server piece under pressure, over real HTTP, against a recording upstream that counts
 * what reaches it: a 429 holds the whole key (both APIs), the in-flight cap under thousands
 * of concurrent distinct lookups against a hanging upstream, the per-client budget, no
 * upstream text (and no key, in any form) in a response, and misconfiguration made loud.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKyiHandler, ExplorerClient, MemoryRateBudget, type KyiHandlerOptions } from '../../src/server/index.js';
import type { Clock } from '../../src/server/clock.js';
import { UpstreamGate, type Ticket } from '../../src/server/upstream/call.js';
import { checkProxyAt } from './helpers/openapi-check.js';
import { nest, startRecordingUpstream, type Answer, type RecordingUpstream } from './helpers/recording-upstream.js';
import { waitFor } from './helpers/wait.js';

const PREFIX = '/api/kyi';
const PUBLIC_KEY = 'pk_test_Zq81mNd0x7Lw2Rt5Ys9Vb3Kc6Hj4Pg';
const EXPLORER_KEY = 'bx_live_Q2w3E4r5T6y7U8i9O0pAaSsDdFfGgHhJjKkLlZzXxCcV';
const ASSET_NOT_FOUND = nest(404, 'Asset not found', 'Not Found');

/** A clock whose sleeps pass at once, moving time by what they waited. */
class JumpClock implements Clock {
  t = Date.UTC(2031, 5, 1, 12, 0, 0); // far from the real date: HTTP dates must be read against it
  sleeps: number[] = [];
  now = () => this.t;
  sleep = async (ms: number) => {
    this.sleeps.push(ms);
    this.t += ms;
  };
}

interface Mounted {
  base: string;
  origin: string;
  errors: unknown[];
  clock: JumpClock;
  close(): Promise<void>;
}

let up: RecordingUpstream;
const open: Mounted[] = [];

before(async () => {
  up = await startRecordingUpstream();
});
after(async () => {
  await up.close();
});
afterEach(async () => {
  for (const m of open.splice(0)) await m.close();
  up.requests.length = 0;
  up.respond = () => ASSET_NOT_FOUND;
});

async function mount(overrides: Partial<KyiHandlerOptions> = {}, clock = new JumpClock()): Promise<Mounted> {
  let listener: ReturnType<typeof createKyiHandler>['node'] = () => {};
  const server: Server = createServer((req, res) => listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const errors: unknown[] = [];
  const handler = createKyiHandler({
    prefix: PREFIX,
    publicOrigin: origin,
    publicApi: { baseUrl: `${up.url}/v1`, apiKey: PUBLIC_KEY },
    explorer: { baseUrl: `${up.url}/explorer`, apiKey: EXPLORER_KEY },
    authorize: () => true,
    clock,
    random: () => 0.5,
    onError: (error) => errors.push(error),
    ...overrides,
  });
  listener = handler.node;
  // every answer of the server piece is checked against openapi/proxy.json
  const unchecked = checkProxyAt(origin, PREFIX);
  const m: Mounted = {
    base: origin + PREFIX,
    origin,
    errors,
    clock,
    close: async () => {
      unchecked();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
    },
  };
  open.push(m);
  return m;
}

const evm = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
const assetPath = (i: number) => `/assets/ethereum/${evm(i)}`;
const lookupBatch = (base: string, from: number, count: number, headers: Record<string, string> = {}) =>
  fetch(`${base}/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ requests: Array.from({ length: count }, (_, i) => ({ kind: 'asset', chain: 'ethereum', address: evm(from + i) })) }),
  }).then(async (r) => ({ status: r.status, results: ((await r.json()) as { results: Array<{ status: number; retryAfter?: number }> }).results }));
const codeOf = async (r: Response) => ((await r.json()) as { code: string }).code;

describe('a 429 holds the whole key', () => {
  it('Public API: after Retry-After: 20, 15 more lookups get 429 and upstream sees nothing until it passes', async () => {
    const m = await mount();
    up.respond = (_r, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '20' }, body: { message: 'slow down' } } : ASSET_NOT_FOUND);
    const first = await fetch(m.base + assetPath(0));
    assert.equal(first.status, 429);
    assert.equal(first.headers.get('retry-after'), '20');
    const rest = await Promise.all(Array.from({ length: 15 }, (_, i) => fetch(m.base + assetPath(i + 1))));
    for (const r of rest) {
      assert.equal(r.status, 429);
      assert.equal(await codeOf(r), 'too_many_requests');
      assert.ok(Number(r.headers.get('retry-after')) >= 19 && Number(r.headers.get('retry-after')) <= 20);
    }
    assert.equal(up.requests.length, 1, 'upstream saw only the first lookup');
    m.clock.t += 20_000;
    assert.equal((await fetch(m.base + assetPath(99))).status, 404);
    assert.equal(up.requests.length, 2);
  });

  it('Public API: callers queued for a slot when the 429 lands are held too, not sent', async () => {
    const m = await mount({ maxInFlight: 2 });
    // The two in flight are answered a moment later, so the other four are queued at the gate by
    // then: the gate's queue is not observable from outside the handler, so this is a wait in time.
    const later = (answer: Answer) => new Promise<Answer>((resolve) => setTimeout(() => resolve(answer), 50));
    up.respond = (_r, i) => (i === 0 ? later({ status: 429, headers: { 'retry-after': '20' } }) : later(ASSET_NOT_FOUND));
    const all = await Promise.all(Array.from({ length: 6 }, (_, i) => fetch(m.base + assetPath(i))));
    const statuses = await Promise.all(all.map(async (r) => (await r.arrayBuffer(), r.status)));
    assert.equal(up.requests.length, 2, 'only the two in flight reached upstream');
    assert.deepEqual(statuses.slice(2), [429, 429, 429, 429]);
  });

  it('Public API: a short Retry-After is waited out by the caller (then it succeeds)', async () => {
    const m = await mount();
    up.respond = (_r, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '1' } } : ASSET_NOT_FOUND);
    assert.equal((await fetch(m.base + assetPath(1))).status, 404);
    assert.deepEqual(m.clock.sleeps, [1000]);
    assert.equal(up.requests.length, 2);
  });

  it('reads an HTTP-date Retry-After against the injected clock', async () => {
    const m = await mount();
    const date = new Date(m.clock.t + 30_000).toUTCString();
    up.respond = () => ({ status: 429, headers: { 'retry-after': date } });
    const r = await fetch(m.base + assetPath(2));
    assert.equal(r.status, 429);
    assert.equal(r.headers.get('retry-after'), '30');
  });

  it('Explorer: the proxy and an ExplorerClient sharing the budget are held; upstream sees nothing', async () => {
    const clock = new JumpClock();
    const budget = new MemoryRateBudget({ clock });
    const m = await mount({ explorer: { baseUrl: `${up.url}/explorer`, apiKey: EXPLORER_KEY, budget } }, clock);
    up.respond = (_r, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '45' }, body: { code: 'too_many_requests' } } : { status: 200, body: { data: [] } });
    assert.equal((await fetch(`${m.base}/explorer/me/watchlist`)).status, 429);
    const rest = await Promise.all(Array.from({ length: 10 }, () => fetch(`${m.base}/explorer/me/notifications`)));
    for (const r of rest) {
      assert.equal(r.status, 429);
      assert.ok(Number(r.headers.get('retry-after')) >= 44);
    }
    assert.equal((await fetch(`${m.base}/explorer/health`)).status, 429, '/health is held too');
    const client = new ExplorerClient({ baseUrl: `${up.url}/explorer`, apiKey: EXPLORER_KEY, budget, clock, maxRetryAfterSeconds: 10 });
    await assert.rejects(client.watchlist(), (e: { code?: string; retryAfter?: number }) => e.code === 'too_many_requests' && e.retryAfter! >= 44);
    assert.equal(up.requests.length, 1);
    clock.t += 45_000;
    assert.equal((await fetch(`${m.base}/explorer/me/watchlist`)).status, 200);
    assert.equal(up.requests.length, 2);
  });
});

describe('in-flight cap and per-client budget', () => {
  it('3,000 concurrent distinct lookups against a hanging upstream: bounded, and every caller answered', async () => {
    const maxInFlight = 16;
    // upstream requests in flight, as the handler sees them (the upstream learns of an abort later)
    let open = 0;
    let maxOpen = 0;
    const counting: typeof fetch = async (input, init) => {
      maxOpen = Math.max(maxOpen, ++open);
      try {
        return await fetch(input, init);
      } finally {
        open--;
      }
    };
    const m = await mount({ maxInFlight, timeoutMs: 300, retries: 0, lookupConcurrency: 100, clientBudget: false, fetch: counting });
    up.respond = () => 'hang';
    const batches = await Promise.all(Array.from({ length: 30 }, (_, b) => lookupBatch(m.base, 1_000_000 + b * 100, 100)));
    const entries = batches.flatMap((b) => b.results);
    assert.equal(entries.length, 3000);
    const statuses = new Map<number, number>();
    for (const e of entries) statuses.set(e.status, (statuses.get(e.status) ?? 0) + 1);
    assert.deepEqual([...statuses.keys()].sort(), [429, 504], 'timed out at the upstream, or refused at once');
    for (const e of entries.filter((x) => x.status === 429)) assert.ok(e.retryAfter! >= 1);
    assert.ok(maxOpen <= maxInFlight, `at most ${maxInFlight} upstream requests at once (saw ${maxOpen})`);
    // only the capped slots and the bounded queue behind them ever reach the upstream
    assert.ok(up.requests.length < 300, `upstream saw ${up.requests.length}`);
    assert.ok(statuses.get(504)! >= up.requests.length, 'each upstream attempt answered by its timeout');
    // let the aborted upstream connections close before the next test counts requests
    await waitFor(() => up.open() === 0, { what: 'the aborted upstream connections to close' });
  });

  it('the gate keeps at most maxInFlight in flight and maxQueue waiting; the rest are refused at once', async () => {
    const gate = new UpstreamGate({ maxInFlight: 2, maxQueue: 3, clock: new JumpClock() });
    const limits = { holdMs: 0, queueMs: 60_000 };
    const admits = Array.from({ length: 10 }, () => gate.admit(limits));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(gate.inFlight, 2);
    assert.equal(gate.queued, 3);
    const settled = await Promise.all(admits.map((a) => Promise.race([a, new Promise((resolve) => setImmediate(() => resolve('waiting')))])));
    const refused = settled.filter((x) => typeof x === 'object' && x !== null && 'retryAfterMs' in x);
    assert.equal(refused.length, 5);
    const tickets = settled.filter((x) => typeof x === 'object' && x !== null && 'release' in x) as Ticket[];
    assert.equal(tickets.length, 2);
    for (const t of tickets) t.release();
    const next = (await Promise.all(admits.slice(2, 4))) as Ticket[];
    assert.equal(gate.inFlight, 2);
    assert.equal(gate.queued, 1);
    for (const t of next) t.release();
    ((await admits[4]) as Ticket).release();
    assert.equal(gate.inFlight, 0);
  });

  it('one client may cause `limit` upstream lookups per window; cache hits and other clients are not counted', async () => {
    // addresses of this test only: a straggler of another test can never be counted here
    const B = 10_000;
    const mine = new Set(Array.from({ length: 8 }, (_, i) => evm(B + i)));
    const seen = () => up.requests.filter((r) => mine.has(r.path.split('/').pop()!)).length;
    const m = await mount({ clientBudget: { limit: 5 }, getClientId: (request) => request.headers.get('x-test-client') });
    const a = { 'x-test-client': 'a' };
    const first = await lookupBatch(m.base, B, 7, a);
    assert.deepEqual(first.results.map((r) => r.status), [404, 404, 404, 404, 404, 429, 429]);
    assert.ok(first.results[5]!.retryAfter! >= 1 && first.results[5]!.retryAfter! <= 60);
    assert.equal(seen(), 5);
    // the five cached answers again: hits, never counted
    assert.deepEqual((await lookupBatch(m.base, B, 5, a)).results.map((r) => r.status), [404, 404, 404, 404, 404]);
    const single = await fetch(m.base + assetPath(B + 6), { headers: a });
    assert.equal(single.status, 429);
    assert.ok(Number(single.headers.get('retry-after')) >= 1);
    // another client has its own budget
    assert.deepEqual((await lookupBatch(m.base, B + 5, 2, { 'x-test-client': 'b' })).results.map((r) => r.status), [404, 404]);
    assert.equal(seen(), 7);
    // and the window passes
    m.clock.t += 60_000;
    assert.equal((await fetch(m.base + assetPath(B + 7), { headers: a })).status, 404);
  });

  it('by default a client is its peer address: X-Forwarded-For is trusted only with trustProxy', async () => {
    const plain = await mount({ clientBudget: { limit: 2 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(plain.base + assetPath(20_000 + i), { headers: { 'x-forwarded-for': `10.0.0.${i}` } })).status);
    assert.deepEqual(statuses, [404, 404, 429], 'a forged X-Forwarded-For does not make a new client');
    const proxied = await mount({ clientBudget: { limit: 2 }, trustProxy: 1 });
    const behind = [];
    for (let i = 0; i < 3; i++) behind.push((await fetch(proxied.base + assetPath(20_100 + i), { headers: { 'x-forwarded-for': `10.0.0.${i}` } })).status);
    assert.deepEqual(behind, [404, 404, 404]);
  });
});

describe('upstream words never reach the browser', () => {
  const forms = (key: string) => [key.slice(3, 19), encodeURIComponent(key), Buffer.from(key).toString('base64'), key.slice(11, 30).toUpperCase()];
  const leaks = (text: string, key: string) => {
    for (let i = 0; i + 8 <= key.length; i++) if (text.includes(key.slice(i, i + 8))) return `fragment at ${i}`;
    const b64 = Buffer.from(key).toString('base64');
    if (text.includes(b64.slice(4, 16))) return 'base64';
    if (text.toLowerCase().includes(key.slice(9, 21).toLowerCase())) return 'case-folded';
    return undefined;
  };

  for (const status of [400, 401, 403, 404, 409, 418, 500]) {
    it(`an upstream ${status} echoing the key (any offset, encoded) leaves as a fixed message`, async () => {
      const m = await mount({ retries: 0 });
      let n = 0;
      up.respond = (r) => {
        const key = r.path.startsWith('/explorer') ? EXPLORER_KEY : PUBLIC_KEY;
        const echo = forms(key)[n++ % 4]!;
        return { status, headers: { 'x-echo': echo }, body: { code: 'invalid_parameter', message: `bad key ${echo} at ${key}`, error: echo, statusCode: status } };
      };
      const answers = [
        await fetch(m.base + assetPath(1)),
        await fetch(`${m.base}/kyi/v1/tokens?address=${evm(2)}`),
        await fetch(`${m.base}/explorer/me/watchlist`),
        await fetch(`${m.base}/explorer/tokenomics/changes?limit=5`),
      ];
      for (const r of answers) {
        const text = JSON.stringify([...r.headers]) + (await r.text());
        assert.equal(leaks(text, PUBLIC_KEY), undefined, text);
        assert.equal(leaks(text, EXPLORER_KEY), undefined, text);
        assert.doesNotMatch(text, /bad key/, 'the upstream message is not passed on');
      }
      // the upstream's words went to onError, with the keys blotted out
      const details = m.errors.map((e) => String((e as { detail?: string }).detail ?? ''));
      assert.ok(details.some((d) => d.includes('bad key')), details.join('\n'));
      for (const d of details) assert.ok(!d.includes(PUBLIC_KEY) && !d.includes(EXPLORER_KEY), d);
    });
  }
});

describe('a refused parameter is named by the kit, not quoted from the upstream', () => {
  it('names the query parameter the upstream refused, in a fixed message', async () => {
    const m = await mount();
    up.respond = () => ({ status: 400, body: { code: 'invalid_parameter', message: `unknown category <img src=x> for ${EXPLORER_KEY}` } });
    const r = await fetch(`${m.base}/explorer/me/monitoring/changes?category=odd&days=7`);
    assert.equal(r.status, 400);
    assert.deepEqual(await r.json(), { code: 'invalid_parameter', message: 'The service refused a parameter: "category"' });
  });
});

describe('misconfiguration is loud', () => {
  it('a wrong base path: the generic 404 is 502 upstream_error, never cached, told to onError', async () => {
    const m = await mount({ publicApi: { baseUrl: `${up.url}/wrong`, apiKey: PUBLIC_KEY } });
    up.respond = (r) => (r.path.startsWith('/v1/') ? ASSET_NOT_FOUND : nest(404, `Cannot GET ${r.path}`, 'Not Found'));
    for (const path of [assetPath(1), `/kyi/v1/tokens?address=${evm(1)}`]) {
      const r = await fetch(m.base + path);
      assert.equal(r.status, 502);
      assert.equal(r.headers.get('cache-control'), 'private, no-store');
      assert.equal(await codeOf(r), 'upstream_error');
    }
    assert.equal((await fetch(m.base + assetPath(1))).status, 502);
    assert.equal(up.requests.length, 3, 'not cached: every lookup asks again');
    assert.equal(m.errors.length, 3);
    assert.match(String((m.errors[0] as { detail: string }).detail), /upstream 404: Cannot GET \/wrong/);
    // the contract's own not-found bodies stay results (and are cached)
    const right = await mount({ publicApi: { baseUrl: `${up.url}/v1`, apiKey: PUBLIC_KEY } });
    up.respond = (r) => (r.path.includes('/kyi/') ? { status: 404, body: { kyi_verified: false, data: [] } } : ASSET_NOT_FOUND);
    assert.equal((await fetch(right.base + assetPath(1))).status, 404);
    assert.equal((await fetch(right.base + assetPath(1))).status, 404);
    assert.equal((await fetch(`${right.base}/kyi/v1/tokens?address=${evm(1)}`)).status, 404);
    assert.equal(up.requests.length, 5);
    assert.equal(right.errors.length, 0);
  });

  it('a wrong key: 502 upstream_auth on both APIs, and onError says the key is wrong', async () => {
    const m = await mount();
    up.respond = (r) => (r.path.startsWith('/explorer') ? { status: 401, body: { code: 'api_key_invalid', message: 'nope' } } : nest(401, 'Invalid API key', 'Unauthorized'));
    for (const path of [assetPath(1), '/explorer/me/watchlist']) {
      const r = await fetch(m.base + path);
      assert.equal(r.status, 502);
      assert.equal(await codeOf(r), 'upstream_auth');
    }
    assert.equal(m.errors.length, 2);
    for (const e of m.errors) assert.match((e as Error).message, /refused this server's key/);
  });

  it('the default onError logs each distinct problem once', async () => {
    const lines: string[] = [];
    const original = console.error;
    console.error = (line: string) => void lines.push(line);
    try {
      const m = await mount({ onError: undefined, publicApi: { baseUrl: `${up.url}/wrong`, apiKey: PUBLIC_KEY } });
      up.respond = (r) => nest(404, `Cannot GET ${r.path}`, 'Not Found');
      for (let i = 0; i < 3; i++) await fetch(m.base + assetPath(i));
      up.respond = () => nest(401, `Invalid API key ${PUBLIC_KEY}`, 'Unauthorized');
      for (let i = 3; i < 5; i++) await fetch(m.base + assetPath(i));
    } finally {
      console.error = original;
    }
    assert.equal(lines.length, 2, lines.join('\n'));
    assert.match(lines[0]!, /upstream_error/);
    assert.match(lines[1]!, /upstream_auth/);
    assert.ok(!lines[1]!.includes(PUBLIC_KEY), 'the key is blotted out of the log too');
  });

  it('an idempotent call is tried at most 5 times', async () => {
    const m = await mount({ retries: 4 });
    up.respond = () => nest(503, 'down', 'Service Unavailable');
    assert.equal((await fetch(m.base + assetPath(1))).status, 502);
    assert.equal(up.requests.length, 5);
  });
});
