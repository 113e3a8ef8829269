/**
 * Server piece over real HTTP against the real sandbox: every lookup route, the batch,
 * capabilities; upstream request counts (sandbox stats) prove cache hits, coalescing and
 * batching; ETag / 304; stale-while-revalidate; token_image lifetime.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { checkTokenInput } from '../../src/elements/shared/lookup-element.js';
import { checkAssetInput } from '../../src/elements/asset-card/input.js';
import {
  ASSET_LOOKUP_RULES,
  TOKEN_LOOKUP_RULES,
  assetRecordSchema,
  assetsPageSchema,
  checkContract,
  tokenLookupResultSchema,
} from '../../src/contract/index.js';
import { LIMITS } from '../../src/contract/limits.js';
import { routeMatcher } from '../../src/server/routing.js';
import { mount, mountFresh, postJson, rawRequest, startFixtureSandbox, unmount, type Mounted } from './helpers/server.js';

let sandbox: Sandbox;
let m: Mounted;

before(async () => {
  sandbox = await startFixtureSandbox();
});
after(async () => {
  await sandbox.close();
});

describe('lookup routes', () => {
  beforeEach(async () => (m = await mountFresh(sandbox)));
  afterEach(() => unmount(m));

  it('GET /capabilities reports what is configured', async () => {
    const res = await fetch(`${m.base}/capabilities`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { explorer: true, explorerWrites: true, widget: true });
    const bare = await mount(sandbox, (d) => ({ publicApi: d.publicApi, prefix: d.prefix }));
    try {
      assert.deepEqual(await (await fetch(`${bare.base}/capabilities`)).json(), { explorer: false, explorerWrites: false, widget: false });
      const token = await fetch(`${bare.base}/token`, { method: 'POST' });
      assert.equal(token.status, 503);
      assert.equal(((await token.json()) as { code: string }).code, 'not_configured');
      const explorer = await fetch(`${bare.base}/explorer/me/watchlist`);
      assert.equal(explorer.status, 503);
    } finally {
      await bare.close();
    }
    assert.equal(sandbox.stats.count(), 0);
  });

  it('GET /assets/{chain}/{address} forwards with the raw key and answers the asset record', async () => {
    const res = await fetch(`${m.base}/assets/${F.pyusd.chain}/${F.pyusd.address}`, {
      headers: { authorization: 'Bearer browser-token', cookie: 'demo_session=user-42' },
    });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.ok(checkContract(assetRecordSchema, body).ok);
    assert.equal((body as { token_details: { address: string } }).token_details.address, F.pyusd.address);
    const [req] = sandbox.stats.requests;
    assert.equal(req?.route, 'public:asset');
    assert.equal(req?.key, sandbox.info.credentials.publicApiKey, 'raw key, no Bearer, not the browser Authorization');
    assert.equal(req?.path, `/assets/${F.pyusd.chain}/${F.pyusd.address}`);
    assert.match(res.headers.get('cache-control') ?? '', /^public, max-age=\d+/);
    assert.ok(res.headers.get('etag'));
    assert.equal(res.headers.get('deprecation'), null, 'upstream headers are not passed through');
  });

  it('serves the second identical lookup from the cache (one upstream call)', async () => {
    const url = `${m.base}/assets/${F.pyusd.chain}/${F.pyusd.address}`;
    const first = await (await fetch(url)).text();
    const second = await (await fetch(url)).text();
    assert.equal(first, second);
    assert.equal(sandbox.stats.count('public:asset'), 1);
  });

  it('answers If-None-Match with 304 and no upstream call', async () => {
    const url = `${m.base}/assets/${F.pyusd.chain}/${F.pyusd.address}`;
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    // fetch() adds Cache-Control: no-cache to a hand-made conditional request; a browser
    // revalidating its own cached copy does not, so send the bare header
    const path = new URL(url).pathname;
    const again = await rawRequest(m.origin, path, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.headers['etag'], etag);
    assert.equal(again.text, '');
    assert.match(String(again.headers['cache-control']), /max-age/);
    assert.equal(sandbox.stats.count('public:asset'), 1);
    const other = await rawRequest(m.origin, path, { headers: { 'if-none-match': '"nope"' } });
    assert.equal(other.status, 200);
    assert.equal(sandbox.stats.count('public:asset'), 1);
  });

  it('GET /assets/{chain}/{address} for an unknown asset is a 404 result, cached like a hit', async () => {
    const url = `${m.base}/assets/${F.unknown.chain}/${F.unknown.address}`;
    const res = await fetch(url);
    assert.equal(res.status, 404);
    const body = (await res.json()) as { code: string; message: string };
    assert.equal(body.code, 'asset_not_found');
    assert.equal(typeof body.message, 'string');
    assert.match(res.headers.get('cache-control') ?? '', /^public/);
    await (await fetch(url)).arrayBuffer();
    assert.equal(sandbox.stats.count('public:asset'), 1);
  });

  it('GET /assets/{namespace}/{reference}/{address} (CAIP-10 path form)', async () => {
    const [ns, ref, addr] = F.usdc.accountId.split(':');
    const res = await fetch(`${m.base}/assets/${ns}/${ref}/${addr}`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as { token_details: { account_id: string } };
    assert.ok(checkContract(assetRecordSchema, body).ok);
    assert.equal(sandbox.stats.requests[0]?.route, 'public:asset-caip10');
    assert.equal(sandbox.stats.requests[0]?.path, `/assets/${ns}/${ref}/${addr}`);
  });

  it('GET /assets pages with page_size / page_number', async () => {
    const res = await fetch(`${m.base}/assets?page_size=2&page_number=1`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as { data: unknown[]; meta: { page_size: number } };
    assert.ok(checkContract(assetsPageSchema, body).ok);
    assert.equal(body.data.length, 2);
    assert.equal(sandbox.stats.requests[0]?.path, '/assets?page_size=2&page_number=1');
  });

  it('GET /kyi/v1/tokens by address, by caip19, and 404 for an unknown token', async () => {
    const byAddress = await fetch(`${m.base}/kyi/v1/tokens?address=${F.pyusd.address}&chain_slug=solana`);
    assert.equal(byAddress.status, 200);
    const body = (await byAddress.json()) as { kyi_verified: boolean; data: unknown[] };
    assert.ok(checkContract(tokenLookupResultSchema, body).ok);
    assert.equal(body.kyi_verified, true);

    const multi = (await (await fetch(`${m.base}/kyi/v1/tokens?address=${F.multiChain.address}`)).json()) as { data: unknown[] };
    assert.ok(multi.data.length >= 2, 'an address on several chains');

    const byCaip = await fetch(`${m.base}/kyi/v1/tokens?caip19=${encodeURIComponent(F.usdc.caip19)}`);
    assert.equal(byCaip.status, 200);

    const unknown = await fetch(`${m.base}/kyi/v1/tokens?address=${F.unknown.address}`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { kyi_verified: false, data: [] });

    const indexed = (await (await fetch(`${m.base}/kyi/v1/tokens?address=${F.indexedNotVerified.address}&chain_slug=base`)).json()) as {
      kyi_verified: boolean;
    };
    assert.equal(indexed.kyi_verified, false);
    assert.equal(sandbox.stats.count('public:tokens'), 5);
  });

  it('coalesces 100 identical concurrent lookups into one upstream call', async () => {
    const url = `${m.base}/kyi/v1/tokens?address=${F.pyusd.address}&chain_slug=solana`;
    const responses = await Promise.all(Array.from({ length: 100 }, () => fetch(url).then(async (r) => [r.status, await r.text()] as const)));
    assert.ok(responses.every(([status]) => status === 200));
    assert.equal(new Set(responses.map(([, text]) => text)).size, 1);
    assert.equal(sandbox.stats.count('public:tokens'), 1);
  });

  it('coalesces identical in-flight calls even with the cache off', async () => {
    // the upstream call is held until all 50 requests have entered the handler
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const nocache = await mount(sandbox, { cache: false, fetch: async (input, init) => (await gate, fetch(input, init)) });
    let arrived = 0;
    nocache.server.on('request', () => {
      if (++arrived === 50) setImmediate(release);
    });
    try {
      const url = `${nocache.base}/assets/${F.usdc.chain}/${F.usdc.address}`;
      const statuses = await Promise.all(Array.from({ length: 50 }, () => fetch(url).then(async (r) => (await r.arrayBuffer(), r.status))));
      assert.ok(statuses.every((s) => s === 200));
      assert.equal(sandbox.stats.count('public:asset'), 1);
      const later = await fetch(url);
      assert.equal(later.headers.get('cache-control'), 'no-cache');
      await later.arrayBuffer();
      assert.equal(sandbox.stats.count('public:asset'), 2, 'nothing kept once the call finished');
    } finally {
      await nocache.close();
    }
  });

  it('Cache-Control: no-cache (or fresh: true on a batch) bypasses the cache, at most once a second', async () => {
    const url = `${m.base}/assets/${F.pyusd.chain}/${F.pyusd.address}`;
    await (await fetch(url)).arrayBuffer();
    // within a second of the last load a bypass is answered from the cache (no flood upstream)
    await (await fetch(url, { headers: { 'cache-control': 'no-cache' } })).arrayBuffer();
    assert.equal(sandbox.stats.count('public:asset'), 1);
    m.clock.offsetMs = 2000;
    await (await fetch(url, { headers: { 'cache-control': 'no-cache' } })).arrayBuffer();
    assert.equal(sandbox.stats.count('public:asset'), 2);
    await (await postJson(`${m.base}/lookup`, { requests: [{ kind: 'asset', chain: F.pyusd.chain, address: F.pyusd.address }] })).arrayBuffer();
    assert.equal(sandbox.stats.count('public:asset'), 2, 'a plain batch uses the cache');
    m.clock.offsetMs = 4000;
    await (
      await postJson(`${m.base}/lookup`, { requests: [{ kind: 'asset', chain: F.pyusd.chain, address: F.pyusd.address }], fresh: true })
    ).arrayBuffer();
    assert.equal(sandbox.stats.count('public:asset'), 3, 'fresh: true on the batch bypasses it');
    await (await fetch(url)).arrayBuffer();
    assert.equal(sandbox.stats.count('public:asset'), 3, 'the refreshed answer is cached again');
  });

  it('serves a stale entry at once and revalidates it in the background', async () => {
    const url = `${m.base}/assets/${F.pyusd.chain}/${F.pyusd.address}`;
    await (await fetch(url)).arrayBuffer();
    m.clock.offsetMs = 61_000; // past the 60 s TTL, inside the stale window
    const stale = await fetch(url);
    assert.equal(stale.status, 200);
    // the same Cache-Control as when it was fresh: an answer never tells how long it was kept
    assert.equal(stale.headers.get('cache-control'), 'public, max-age=60, stale-while-revalidate=60');
    await stale.arrayBuffer();
    await m.handler.idle();
    assert.equal(sandbox.stats.count('public:asset'), 2, 'one background refresh');
    const fresh = await fetch(url);
    assert.equal(fresh.headers.get('cache-control'), 'public, max-age=60, stale-while-revalidate=60');
    await fresh.arrayBuffer();
    assert.equal(sandbox.stats.count('public:asset'), 2);
    m.clock.offsetMs = 61_000 + 200_000; // past TTL + stale window: loaded again before answering
    await (await fetch(url)).arrayBuffer();
    assert.equal(sandbox.stats.count('public:asset'), 3);
  });

  it('never keeps a signed token_image link past its lifetime', async () => {
    const long = await mount(sandbox, { cache: { ttlSeconds: 86_400, staleSeconds: 86_400 } });
    try {
      const url = `${long.base}/assets/${F.usdc.chain}/${F.usdc.address}`;
      const res = await fetch(url);
      const body = (await res.json()) as { token_details: { token_image: string } };
      const image = new URL(body.token_details.token_image);
      const expires = Number(image.searchParams.get('expires')) * 1000;
      assert.ok(expires > Date.now());
      const cc = res.headers.get('cache-control') ?? '';
      const maxAge = Number(/max-age=(\d+)/.exec(cc)?.[1]);
      const swr = Number(/stale-while-revalidate=(\d+)/.exec(cc)?.[1] ?? 0);
      assert.ok(maxAge + swr <= 55 * 60, `cache lifetime ${maxAge}+${swr}s stays within the link's hour`);
      assert.ok(Date.now() + (maxAge + swr) * 1000 <= expires, 'and before the signed expiry');
      // a record without an image may be kept for the whole configured TTL
      const plain = await fetch(`${long.base}/assets/${F.pyusd.chain}/${F.pyusd.address}`);
      assert.equal(plain.headers.get('cache-control'), 'public, max-age=86400, stale-while-revalidate=86400');
      await plain.arrayBuffer();
      // late in its life here the entry says what it said when loaded, and a cache downstream
      // keeping it that long from now still drops it before the link expires
      long.clock.offsetMs = 27 * 60_000;
      const late = await fetch(url);
      await late.arrayBuffer();
      assert.equal(sandbox.stats.count('public:asset'), 2, 'answered from the cache');
      assert.equal(late.headers.get('cache-control'), cc);
      assert.ok(Date.now() + long.clock.offsetMs + (maxAge + swr) * 1000 <= expires, 'kept downstream, it still ends before the signed expiry');
      // once the link's lifetime has passed, the entry is gone
      long.clock.offsetMs = 56 * 60_000;
      await (await fetch(url)).arrayBuffer();
      assert.equal(sandbox.stats.count('public:asset'), 3);
    } finally {
      await long.close();
    }
  });

  it('answers unknown routes with 404 and wrong methods with 405, as { code, message }', async () => {
    const unknown = await fetch(`${m.base}/nope`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(Object.keys((await unknown.json()) as object).sort(), ['code', 'message']);
    const wrong = await fetch(`${m.base}/lookup`);
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'POST');
    assert.equal(((await wrong.json()) as { code: string }).code, 'method_not_allowed');
    const head = await fetch(`${m.base}/assets/${F.pyusd.chain}/${F.pyusd.address}`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(sandbox.stats.count(), 1);
  });

  it("a path outside the prefix (a framework stripped its mount path, as Hono's plain app.mount does) answers 404 naming the prefix", async () => {
    const { Hono } = await import('hono');
    const app = new Hono();
    app.mount('/api/kyi', m.handler);
    const res = await app.fetch(new Request(`${m.base}/kyi/v1/tokens?caip19=${encodeURIComponent(F.pyusd.caip19)}`));
    assert.equal(res.status, 404);
    const body = (await res.json()) as { code: string; message: string };
    assert.equal(body.code, 'not_found');
    assert.match(body.message, /answers under \/api\/kyi\/.*prefix: ''/);
    assert.equal(sandbox.stats.count(), 0);
  });
});

describe('POST /lookup', () => {
  beforeEach(async () => (m = await mountFresh(sandbox)));
  afterEach(() => unmount(m));

  const batch = () => [
    { kind: 'token', caip19: F.usdc.caip19 },
    { kind: 'token', address: F.pyusd.address, chainSlug: 'solana' },
    { kind: 'asset', chain: F.pyusd.chain, address: F.pyusd.address },
    { kind: 'asset', accountId: F.usdc.accountId },
    { kind: 'asset', chain: 'solana', address: '../../etc/passwd' },
    { kind: 'token', address: F.unknown.address },
    { kind: 'asset', chain: F.unknown.chain, address: F.unknown.address },
    { kind: 'bogus' },
  ];

  it('answers every entry in order with { status, body }, one upstream call per distinct entry', async () => {
    const res = await postJson(`${m.base}/lookup`, { requests: batch() });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const { results } = (await res.json()) as { results: Array<{ status: number; body: any }> };
    assert.deepEqual(
      results.map((r) => r.status),
      [200, 200, 200, 200, 400, 404, 404, 400],
    );
    assert.equal(results[0]!.body.kyi_verified, true);
    assert.equal(results[2]!.body.token_details.address, F.pyusd.address);
    assert.equal(results[4]!.body.code, 'invalid_parameter');
    assert.match(results[4]!.body.message, /requests\[4\]\.address/);
    assert.deepEqual(results[5]!.body, { kyi_verified: false, data: [] });
    assert.equal(results[6]!.body.code, 'asset_not_found');
    assert.match(results[7]!.body.message, /requests\[7\]\.kind/);
    assert.equal(sandbox.stats.count(), 6, 'six valid distinct entries, six upstream calls');

    // the same batch again, and the single routes, come from the cache
    await (await postJson(`${m.base}/lookup`, { requests: batch() })).arrayBuffer();
    await (await fetch(`${m.base}/assets/${F.pyusd.chain}/${F.pyusd.address}`)).arrayBuffer();
    await (await fetch(`${m.base}/kyi/v1/tokens?caip19=${encodeURIComponent(F.usdc.caip19)}`)).arrayBuffer();
    assert.equal(sandbox.stats.count(), 6);
  });

  it('refuses an entry by the same rules as the elements, with the contract\'s messages', async () => {
    const refused = [
      [{ kind: 'asset', accountId: F.usdc.accountId, chain: 'solana' }, 'accountId', ASSET_LOOKUP_RULES.mixed[1]],
      [{ kind: 'asset', chain: 'solana' }, 'address', ASSET_LOOKUP_RULES.chainAlone[1]],
      [{ kind: 'asset', address: F.pyusd.address }, 'chain', ASSET_LOOKUP_RULES.addressAlone[1]],
      [{ kind: 'asset' }, 'accountId', ASSET_LOOKUP_RULES.missing[1]],
      [{ kind: 'asset', accountId: 'eip155:1' }, 'accountId', ASSET_LOOKUP_RULES.accountId[1]],
      [{ kind: 'asset', accountId: 'eip155:1:a_b' }, 'accountId', ASSET_LOOKUP_RULES.accountId[1]],
      [{ kind: 'asset', chain: 'So-lana', address: F.pyusd.address }, 'chain', ASSET_LOOKUP_RULES.chain[1]],
      [{ kind: 'asset', chain: 'solana', address: '-x' }, 'address', ASSET_LOOKUP_RULES.address[1]],
      [{ kind: 'token', chainSlug: 'solana' }, 'chainSlug', TOKEN_LOOKUP_RULES.chainWithoutAddress[1]],
      [{ kind: 'token', caip19: F.usdc.caip19, address: F.pyusd.address }, 'caip19', TOKEN_LOOKUP_RULES.mixed[1]],
      [{ kind: 'token', caip19: 'eip155:1' }, 'caip19', TOKEN_LOOKUP_RULES.caip19[1]],
      [{ kind: 'token', address: F.pyusd.address, chain_slug: 'Sol' }, 'chainSlug', TOKEN_LOOKUP_RULES.chain[1]],
    ] as const;
    const requests = refused.map(([entry]) => entry);
    const { results } = (await (await postJson(`${m.base}/lookup`, { requests })).json()) as {
      results: Array<{ status: number; body: { code: string; message: string } }>;
    };
    refused.forEach(([entry, field, message], i) => {
      assert.equal(results[i]!.status, 400, `entry ${i}`);
      assert.equal(results[i]!.body.message, `Invalid parameter "requests[${i}].${field}": ${message}`);
      // the element refuses the same input before any request
      const { kind, ...input } = entry as { kind: string } & Record<string, string>;
      const element = kind === 'asset' ? checkAssetInput(input) : checkTokenInput({ ...input, chainSlug: input['chainSlug'] ?? input['chain_slug'] });
      assert.equal(element.ok, false, `entry ${i} in the browser`);
    });
    assert.equal(sandbox.stats.count(), 0);
  });

  it('100 identical entries make one upstream call', async () => {
    const requests = Array.from({ length: 100 }, () => ({ kind: 'asset', chain: F.usdc.chain, address: F.usdc.address }));
    const { results } = (await (await postJson(`${m.base}/lookup`, { requests })).json()) as { results: Array<{ status: number }> };
    assert.equal(results.length, 100);
    assert.ok(results.every((r) => r.status === 200));
    assert.equal(sandbox.stats.count(), 1);
  });

  it('fans out distinct entries with a concurrency limit, each still answered', async () => {
    const limited = await mount(sandbox, { lookupConcurrency: 2 });
    try {
      const requests = [F.pyusd, F.usdc, F.pusd, F.businessNotVerified, F.allAuthorities, F.brokenImage].map((t) => ({
        kind: 'asset',
        chain: t.chain,
        address: t.address,
      }));
      const { results } = (await (await postJson(`${limited.base}/lookup`, { requests })).json()) as {
        results: Array<{ status: number; body: { token_details: { address: string } } }>;
      };
      assert.deepEqual(
        results.map((r) => r.body.token_details.address),
        requests.map((r) => r.address),
      );
      assert.equal(sandbox.stats.count('public:asset'), 6);
    } finally {
      await limited.close();
    }
  });

  it('one failing entry never fails its neighbours', async () => {
    sandbox.faults.set('public:tokens', { kind: 'status', status: 500 });
    const requests = [
      { kind: 'asset', chain: F.pyusd.chain, address: F.pyusd.address },
      { kind: 'token', address: F.pyusd.address },
      { kind: 'asset', accountId: F.usdc.accountId },
    ];
    const { results } = (await (await postJson(`${m.base}/lookup`, { requests })).json()) as {
      results: Array<{ status: number; body: { code?: string } }>;
    };
    assert.deepEqual(
      results.map((r) => r.status),
      [200, 502, 200],
    );
    assert.equal(results[1]!.body.code, 'upstream_unavailable');
    sandbox.faults.clear();
    // the failure was not cached
    const again = (await (await postJson(`${m.base}/lookup`, { requests })).json()) as { results: Array<{ status: number }> };
    assert.equal(again.results[1]!.status, 200);
  });

  it('refuses more than 500 entries, a non-JSON body and a missing requests array', async () => {
    const requests = Array.from({ length: LIMITS.lookupBatchMax + 1 }, () => ({ kind: 'asset', chain: 'solana', address: F.pyusd.address }));
    const big = await postJson(`${m.base}/lookup`, { requests });
    assert.equal(big.status, 400);
    assert.match(((await big.json()) as { message: string }).message, /"requests".*500/);
    const text = await fetch(`${m.base}/lookup`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    assert.equal(text.status, 415);
    const broken = await fetch(`${m.base}/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"requests":' });
    assert.equal(broken.status, 400);
    assert.equal(((await broken.json()) as { code: string }).code, 'invalid_body');
    const missing = await postJson(`${m.base}/lookup`, { lookups: [] });
    assert.equal(missing.status, 400);
    const empty = await postJson(`${m.base}/lookup`, { requests: [] });
    assert.deepEqual(await empty.json(), { results: [] });
    assert.equal(sandbox.stats.count(), 0);
  });
});

describe('routeMatcher (both route tables)', () => {
  const table = [
    { method: 'GET', path: 'assets/:chain/:address', id: 'asset' },
    { method: 'POST', path: '/me/watchlist', id: 'add' },
    { method: 'GET', path: '/me/watchlist', id: 'list' },
    { method: 'PATCH', path: 'me/watchlist/:id', id: 'update' },
    { method: '*', path: 'explorer/*', id: 'explorer' },
  ] as const;
  const match = routeMatcher(table, (r) => r.path);

  it('gives the first route matching path and method, with its raw parameters', () => {
    assert.deepEqual(match(['assets', 'solana', 'a%20b'], 'GET'), { route: table[0], params: { chain: 'solana', address: 'a%20b' } });
    assert.equal(match(['me', 'watchlist'], 'GET')?.route, table[2]);
    assert.deepEqual(match(['me', 'watchlist', 'x'], 'PATCH'), { route: table[3], params: { id: 'x' } });
  });
  it('names the methods the path takes when none matches, and null for an unknown path', () => {
    assert.deepEqual(match(['me', 'watchlist'], 'DELETE'), { allowed: ['POST', 'GET'] });
    assert.equal(match(['assets', 'solana'], 'GET'), null);
    assert.equal(match(['me', 'watchlist', 'x', 'y'], 'PATCH'), null);
  });
  it('a subtree takes any method and needs a segment below it', () => {
    assert.deepEqual(match(['explorer', 'me', 'watchlist'], 'DELETE'), { route: table[4], params: {} });
    assert.equal(match(['explorer'], 'GET'), null);
  });
});
