/**
 * {prefix}/explorer/… over real HTTP against the sandbox's Explorer API: every route, the
 * Bearer key, writes only when enabled, authorize, CSRF on writes, query parameters rebuilt
 * from the contract, error mapping, the envelope, the key's rate budget.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../src/sandbox/index.js';
import {
  changesEnvelopeSchema,
  checkContract,
  notificationsEnvelopeSchema,
  tokenomicsPageSchema,
  watchlistItemSchema,
  watchlistResponseSchema,
} from '../../src/contract/index.js';
import { KyiError, type ExplorerRouteInfo } from '../../src/server/index.js';
import { SESSION_COOKIE, mount, mountFresh, postJson, startFixtureSandbox, unmount, type Mounted } from './helpers/server.js';

let sandbox: Sandbox;
let m: Mounted;

before(async () => {
  sandbox = await startFixtureSandbox();
});
after(async () => {
  await sandbox.close();
});

const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;
type WatchItem = { id: string; asset: { id: string }; addedAt: string; note?: string | null };

describe('Explorer proxy', () => {
  beforeEach(async () => (m = await mountFresh(sandbox)));
  afterEach(() => unmount(m));

  it('GET /explorer/me/watchlist: Bearer key upstream, contract body, private no-store', async () => {
    const res = await fetch(`${m.base}/explorer/me/watchlist`, { headers: { authorization: 'Bearer browser', cookie: 'a=b' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    assert.ok(checkContract(watchlistResponseSchema, await res.json()).ok);
    const [req] = sandbox.stats.requests;
    assert.equal(req?.route, 'explorer:watchlist');
    assert.equal(req?.key, `Bearer ${sandbox.info.credentials.explorerKeys.full}`);
  });

  it('GET /explorer/health goes without a key', async () => {
    const res = await fetch(`${m.base}/explorer/health`);
    assert.equal(res.status, 200);
    assert.equal(sandbox.stats.requests[0]?.key, null);
  });

  it('GET /explorer/me/monitoring/changes forwards the checked filters only (newOnly stays with the server)', async () => {
    const res = await fetch(`${m.base}/explorer/me/monitoring/changes?sort=impact&days=30&materiality=material&newOnly=true`);
    assert.equal(res.status, 200);
    assert.ok(checkContract(changesEnvelopeSchema, await res.json()).ok);
    assert.equal(sandbox.stats.requests[0]?.path, '/explorer/me/monitoring/changes?materiality=material&days=30&sort=impact');
  });

  it('GET /explorer/me/notifications?unread=true', async () => {
    const res = await fetch(`${m.base}/explorer/me/notifications?unread=true`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as { items: Array<{ readAt?: string | null }> };
    assert.ok(checkContract(notificationsEnvelopeSchema, body).ok);
    assert.equal(sandbox.stats.requests[0]?.path, '/explorer/me/notifications?unread=true');
  });

  it('GET /explorer/tokenomics/changes pages by cursor, and the per-asset route', async () => {
    const first = (await (await fetch(`${m.base}/explorer/tokenomics/changes?limit=2`)).json()) as {
      items: Array<{ id: string; assetId: string }>;
      nextCursor: string;
    };
    assert.ok(checkContract(tokenomicsPageSchema, first).ok);
    assert.equal(first.items.length, 2);
    const next = await fetch(`${m.base}/explorer/tokenomics/changes?since=${first.nextCursor}&limit=200`);
    assert.equal(next.status, 200);
    const perAsset = await fetch(`${m.base}/explorer/assets/${first.items[0]!.assetId}/tokenomics/changes`);
    assert.equal(perAsset.status, 200);
    const bogus = await fetch(`${m.base}/explorer/tokenomics/changes?since=tfc1_bogus`);
    assert.equal(bogus.status, 400);
    assert.equal(await codeOf(bogus), 'invalid_cursor');
  });

  it('write routes: DELETE 204, POST 201 (re-add keeps addedAt), PATCH 200', async () => {
    const list = (await (await fetch(`${m.base}/explorer/me/watchlist`)).json()) as { data: WatchItem[] };
    const item = list.data[0]!;
    const headers = { origin: m.origin };
    const removed = await fetch(`${m.base}/explorer/me/watchlist/${item.id}`, { method: 'DELETE', headers });
    assert.equal(removed.status, 204);
    assert.equal(await removed.text(), '');
    const added = await postJson(`${m.base}/explorer/me/watchlist`, { assetId: item.asset.id }, headers);
    assert.equal(added.status, 201);
    const readded = (await added.json()) as WatchItem;
    assert.ok(checkContract(watchlistItemSchema, readded).ok);
    assert.equal(readded.addedAt, item.addedAt);
    const patched = await fetch(`${m.base}/explorer/me/watchlist/${readded.id}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'watch the redemption terms', monitoringEnabled: false }),
    });
    assert.equal(patched.status, 200);
    assert.equal(((await patched.json()) as WatchItem).note, 'watch the redemption terms');
    const unknown = await fetch(`${m.base}/explorer/me/watchlist/00000000-0000-4000-8000-000000000000`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ note: null }),
    });
    assert.equal(unknown.status, 404);
    assert.equal(await codeOf(unknown), 'not_found');
  });

  it('writes are refused with 403 writes_disabled unless explorer.writes is true', async () => {
    const readOnly = await mount(sandbox, (d) => ({ ...d, explorer: { ...d.explorer!, writes: false } }));
    try {
      sandbox.stats.reset();
      const id = '00000000-0000-4000-8000-000000000000';
      for (const [method, path] of [
        ['POST', '/explorer/me/watchlist'],
        ['PATCH', `/explorer/me/watchlist/${id}`],
        ['DELETE', `/explorer/me/watchlist/${id}`],
      ] as const) {
        const res = await fetch(readOnly.base + path, {
          method,
          headers: { 'content-type': 'application/json', origin: readOnly.origin },
          body: method === 'DELETE' ? undefined : JSON.stringify({ assetId: id }),
        });
        assert.equal(res.status, 403, `${method} ${path}`);
        assert.equal(await codeOf(res), 'writes_disabled');
      }
      const read = await fetch(`${readOnly.base}/capabilities`);
      assert.deepEqual(await read.json(), { explorer: true, explorerWrites: false, widget: true });
      assert.equal(sandbox.stats.count(), 0);
    } finally {
      await readOnly.close();
    }
  });

  it('refuses a cross-origin write with 403 before anything is sent', async () => {
    sandbox.stats.reset();
    const res = await postJson(`${m.base}/explorer/me/watchlist`, { assetId: '00000000-0000-4000-8000-000000000000' }, { origin: 'https://evil.example' });
    assert.equal(res.status, 403);
    assert.equal(await codeOf(res), 'origin_not_allowed');
    assert.equal(sandbox.stats.count(), 0);
  });

  it('authorize sees the route and can refuse (403) or answer itself', async () => {
    const seen: ExplorerRouteInfo[] = [];
    const gated = await mount(sandbox, {
      authorize: (request, route) => {
        seen.push(route);
        if (route.write) return false;
        if (route.id === 'explorer:notifications') return Response.json({ code: 'login', message: 'Sign in' }, { status: 401 });
        return request.headers.get('cookie')?.includes('staff=1') === true;
      },
    });
    try {
      sandbox.stats.reset();
      assert.equal((await fetch(`${gated.base}/explorer/me/watchlist`, { headers: { cookie: SESSION_COOKIE } })).status, 403);
      assert.equal((await fetch(`${gated.base}/explorer/me/watchlist`, { headers: { cookie: 'staff=1' } })).status, 200);
      assert.equal((await fetch(`${gated.base}/explorer/me/notifications`)).status, 401);
      const write = await postJson(`${gated.base}/explorer/me/watchlist`, { assetId: '00000000-0000-4000-8000-000000000000' }, { origin: gated.origin, cookie: SESSION_COOKIE });
      assert.equal(write.status, 403);
      assert.equal(await codeOf(write), 'forbidden');
      assert.equal(sandbox.stats.count(), 1, 'only the authorized read went upstream');
      assert.deepEqual(seen[0], { id: 'explorer:watchlist', method: 'GET', path: '/me/watchlist', scope: 'monitoring:read', write: false });
      assert.deepEqual(seen.at(-1), {
        id: 'explorer:watchlist-add',
        method: 'POST',
        path: '/me/watchlist',
        scope: 'watchlist:write',
        write: true,
      });
    } finally {
      await gated.close();
    }
  });

  it('a boolean authorize: signed out 401 session_required, signed in and refused 403 forbidden, each told to onError once', async () => {
    const staffOnly = await mount(sandbox, { authorize: (request) => request.headers.get('cookie')?.includes('staff=1') === true });
    try {
      const out = await fetch(`${staffOnly.base}/explorer/me/watchlist`);
      assert.equal(out.status, 401);
      assert.equal(await codeOf(out), 'session_required');
      assert.equal(staffOnly.errors.length, 1);
      const signedOut = staffOnly.errors[0] as KyiError;
      assert.ok(signedOut instanceof KyiError);
      assert.equal(signedOut.code, 'session_required');
      assert.match(signedOut.message, /authorize refused GET \/me\/watchlist \(explorer:watchlist\).*getUserId found no signed-in user/);

      const member = await fetch(`${staffOnly.base}/explorer/me/watchlist`, { headers: { cookie: SESSION_COOKIE } });
      assert.equal(member.status, 403);
      assert.equal(await codeOf(member), 'forbidden');
      assert.equal(staffOnly.errors.length, 2);
      const refused = staffOnly.errors[1] as KyiError;
      assert.equal(refused.code, 'forbidden');
      assert.match(refused.message, /for a signed-in user/);
      assert.equal(sandbox.stats.count(), 0, 'nothing went upstream');
    } finally {
      await staffOnly.close();
    }
  });

  it("an authorize that throws is told to onError as authorize's error (the cause kept), answered 500 internal_error", async () => {
    const throwing = await mount(sandbox, {
      authorize: (_request, _route, context) => (context as { node?: { req: { user: { staff: boolean } } } }).node!.req.user.staff,
    });
    try {
      const res = await fetch(`${throwing.base}/explorer/me/watchlist`, { headers: { cookie: SESSION_COOKIE } });
      assert.equal(res.status, 500);
      assert.equal(await codeOf(res), 'internal_error');
      const told = throwing.errors[0] as KyiError;
      assert.ok(told instanceof KyiError);
      assert.match(told.message, /^authorize threw TypeError: Cannot read properties of undefined \(reading 'staff'\)\. This is your authorize's error.*session middleware before the kyi handler/);
      assert.ok(told.cause instanceof TypeError);
    } finally {
      await throwing.close();
    }
  });

  it('without getUserId, a refusal is 403 forbidden and onError says getUserId would tell a signed-out visitor', async () => {
    const noSession = await mount(sandbox, (d) => ({ ...d, widget: undefined, getUserId: undefined, authorize: () => false }));
    try {
      const res = await fetch(`${noSession.base}/explorer/me/notifications`);
      assert.equal(res.status, 403);
      assert.equal(await codeOf(res), 'forbidden');
      assert.equal(noSession.errors.length, 1);
      assert.match((noSession.errors[0] as KyiError).message, /Pass getUserId too/);
    } finally {
      await noSession.close();
    }
  });

  it('maps upstream key errors: missing scope 403, revoked key 502 upstream_auth (no key in the answer)', async () => {
    const scoped = await mount(sandbox, (d) => ({ ...d, explorer: { ...d.explorer!, apiKey: sandbox.info.credentials.explorerKeys.tokenomicsRead } }));
    const revoked = await mount(sandbox, (d) => ({ ...d, explorer: { ...d.explorer!, apiKey: sandbox.info.credentials.explorerKeys.revoked } }));
    try {
      const scope = await fetch(`${scoped.base}/explorer/me/watchlist`);
      assert.equal(scope.status, 403);
      assert.equal(await codeOf(scope), 'api_key_scope_missing');
      const bad = await fetch(`${revoked.base}/explorer/me/watchlist`);
      assert.equal(bad.status, 502);
      const text = await bad.text();
      assert.equal(JSON.parse(text).code, 'upstream_auth');
      assert.ok(!text.includes('bx_live_'));
    } finally {
      await scoped.close();
      await revoked.close();
    }
  });

  it('unwraps the { data, meta, errors } envelope into the contract shapes', async () => {
    sandbox.state.explorer.envelope = true;
    try {
      const list = await fetch(`${m.base}/explorer/me/watchlist`);
      assert.equal(list.status, 200);
      const body = (await list.json()) as { data: unknown[] };
      assert.ok(checkContract(watchlistResponseSchema, body).ok);
      assert.ok(!('meta' in body));
      const changes = await fetch(`${m.base}/explorer/me/monitoring/changes`);
      assert.ok(checkContract(changesEnvelopeSchema, await changes.json()).ok);
      const bogus = await fetch(`${m.base}/explorer/tokenomics/changes?since=tfc1_bogus`);
      assert.equal(await codeOf(bogus), 'invalid_cursor');
    } finally {
      sandbox.state.explorer.envelope = false;
    }
  });

  it('unknown Explorer routes 404, wrong methods 405', async () => {
    const unknown = await fetch(`${m.base}/explorer/me/secrets`);
    assert.equal(unknown.status, 404);
    const wrong = await fetch(`${m.base}/explorer/me/monitoring/changes`, { method: 'DELETE', headers: { origin: m.origin } });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'GET');
    assert.equal(sandbox.stats.count(), 0);
  });
});

describe('Explorer budget', () => {
  beforeEach(() => sandbox.reset());

  it('answers 429 with Retry-After itself once the key budget is spent, sending nothing more', async () => {
    const tight = await mount(sandbox, (d) => ({ ...d, explorer: { ...d.explorer!, budget: { limit: 2, capacity: 2 }, maxQueueMs: 0 } }));
    try {
      assert.equal((await fetch(`${tight.base}/explorer/me/watchlist`)).status, 200);
      assert.equal((await fetch(`${tight.base}/explorer/me/notifications`)).status, 200);
      const third = await fetch(`${tight.base}/explorer/me/watchlist`);
      assert.equal(third.status, 429);
      assert.equal(await codeOf(third), 'too_many_requests');
      assert.ok(Number(third.headers.get('retry-after')) >= 1);
      // /health is not keyed, but it is no unbudgeted relay either
      assert.equal((await fetch(`${tight.base}/explorer/health`)).status, 429);
      assert.equal(sandbox.stats.count(), 2);
    } finally {
      await tight.close();
    }
  });

  it('waits for the budget when the wait is short', async () => {
    const paced = await mount(sandbox, (d) => ({
      ...d,
      explorer: { ...d.explorer!, budget: { limit: 1, capacity: 1, intervalMs: 20 }, maxQueueMs: 5000 },
    }));
    try {
      const statuses = await Promise.all([1, 2, 3].map(() => fetch(`${paced.base}/explorer/me/watchlist`).then((r) => r.status)));
      assert.deepEqual(statuses, [200, 200, 200]);
      assert.equal(sandbox.stats.count('explorer:watchlist'), 3);
    } finally {
      await paced.close();
    }
  });

  it('shares one RateBudget between handlers using the same key', async () => {
    const { MemoryRateBudget } = await import('../../src/server/index.js');
    const bucket = new MemoryRateBudget({ limit: 1, capacity: 1 });
    const a = await mount(sandbox, (d) => ({ ...d, explorer: { ...d.explorer!, budget: bucket, maxQueueMs: 0 } }));
    const b = await mount(sandbox, (d) => ({ ...d, explorer: { ...d.explorer!, budget: bucket, maxQueueMs: 0 } }));
    try {
      assert.equal((await fetch(`${a.base}/explorer/me/watchlist`)).status, 200);
      assert.equal((await fetch(`${b.base}/explorer/me/watchlist`)).status, 429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
