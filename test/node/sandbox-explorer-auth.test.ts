/**
 * The sandbox Explorer API against spec 5 (Explorer rows), 7.1 (authentication, gate, rate,
 * server errors), 8 (rate budget) and the field notes (key shape, envelope). Real HTTP.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  EXPLORER_LIVE_KEY_PREFIX,
  LIMITS,
  changesEnvelopeSchema,
  healthSchema,
  isEnvelope,
  unwrapEnvelope,
  watchlistResponseSchema,
  explorerErrorSchema,
} from '../../src/contract/index.js';
import { SESSION_ONLY_ROUTES } from '../../src/sandbox/explorer/index.js';
import { KEYS, MINUTE, UNKNOWN_UUID, assertContract, assertError, ok, useExplorer } from './helpers/sandbox-explorer.js';

const ex = useExplorer();

/** Every keyed route of 4.2 with its scope; `{item}`/`{asset}` are filled per test. */
const KEYED: Array<{ method: string; path: string; scope: string; body?: unknown }> = [
  { method: 'GET', path: '/tokenomics/changes', scope: 'tokenomics:read' },
  { method: 'GET', path: '/assets/{asset}/tokenomics/changes', scope: 'tokenomics:read' },
  { method: 'GET', path: '/me/watchlist', scope: 'monitoring:read' },
  { method: 'GET', path: '/me/monitoring/changes', scope: 'monitoring:read' },
  { method: 'GET', path: '/me/notifications', scope: 'monitoring:read' },
  { method: 'POST', path: '/me/watchlist', scope: 'watchlist:write', body: { assetId: '{asset}' } },
  { method: 'PATCH', path: '/me/watchlist/{item}', scope: 'watchlist:write', body: { note: 'x' } },
  { method: 'DELETE', path: '/me/watchlist/{item}', scope: 'watchlist:write' },
];

function fill(value: unknown): any {
  const state = ex.state();
  const item = state.watchlist.list()[0]!.id;
  const asset = state.registry[0]!.summary.id;
  const text = JSON.stringify(value).replaceAll('{item}', item).replaceAll('{asset}', asset);
  return JSON.parse(text);
}

function call(route: (typeof KEYED)[number], opts: { key?: string | null; authorization?: string }) {
  return ex.send(route.method, fill(route.path), { ...opts, body: route.body === undefined ? undefined : fill(route.body) });
}

const SINGLE_SCOPE_KEYS = [
  ['tokenomicsRead', 'tokenomics:read'],
  ['monitoringRead', 'monitoring:read'],
  ['watchlistWrite', 'watchlist:write'],
] as const;

describe('spec 4.2 / 5: GET /health', () => {
  test('4.2 GET /health answers 200 without a key', async () => {
    const body = ok(await ex.get('/health', null));
    assertContract(healthSchema, body);
    assert.equal(body.status, 'ok');
  });
});

describe('spec 5 / 7.1: Explorer authentication', () => {
  test('field notes: sandbox Explorer keys are bx_live_ followed by 43 characters', () => {
    for (const key of Object.values(KEYS)) {
      assert.ok(key.startsWith(EXPLORER_LIVE_KEY_PREFIX));
      assert.equal(key.length - EXPLORER_LIVE_KEY_PREFIX.length, LIMITS.explorerKeyBodyLength);
    }
  });

  test('5 / SandboxInfo: the sandbox lists the five Explorer keys it accepts', () => {
    const listed = ex.sandbox().info.credentials.explorerKeys;
    for (const name of ['full', 'tokenomicsRead', 'monitoringRead', 'watchlistWrite', 'revoked'] as const) {
      assert.equal(listed[name], KEYS[name]);
    }
  });

  for (const route of KEYED) {
    test(`5 rule 2 / 7.1 403 signature_missing: ${route.method} ${route.path} without Authorization`, async () => {
      assertError(await call(route, { key: null }), 403, 'signature_missing');
    });
  }

  test('7.1 403 signature_missing: an empty Authorization header counts as none', async () => {
    assertError(await ex.send('GET', '/me/watchlist', { authorization: '' }), 403, 'signature_missing');
  });

  test('5 rule 3 / 7.1 401 api_key_invalid: unknown key of the right shape', async () => {
    assertError(await ex.get('/me/watchlist', `${EXPLORER_LIVE_KEY_PREFIX}${'Z'.repeat(43)}`), 401, 'api_key_invalid');
  });

  for (const route of KEYED) {
    test(`5 rule 3 / 7.1 401 api_key_invalid: revoked key on ${route.method} ${route.path}`, async () => {
      assertError(await call(route, { key: KEYS.revoked }), 401, 'api_key_invalid');
    });
  }

  for (const [label, key] of [
    ['wrong prefix', `bx_test_${'a'.repeat(43)}`],
    ['42 characters after the prefix', `${EXPLORER_LIVE_KEY_PREFIX}${'a'.repeat(42)}`],
    ['44 characters after the prefix', `${EXPLORER_LIVE_KEY_PREFIX}${'a'.repeat(44)}`],
    ['characters outside the key alphabet', `${EXPLORER_LIVE_KEY_PREFIX}${'a'.repeat(42)}!`],
    ['no key after Bearer', ''],
  ] as const) {
    test(`5 rule 3 / 7.1 401 api_key_invalid: malformed key (${label})`, async () => {
      assertError(await ex.get('/me/watchlist', key), 401, 'api_key_invalid');
    });
  }

  test('5 rule 3 / 7.1 401 api_key_invalid: a valid key without the Bearer prefix', async () => {
    assertError(await ex.send('GET', '/me/watchlist', { authorization: KEYS.full }), 401, 'api_key_invalid');
  });

  test('5 rule 3 / 7.1 401 api_key_invalid: a valid key with another scheme (Basic)', async () => {
    assertError(await ex.send('GET', '/me/watchlist', { authorization: `Basic ${KEYS.full}` }), 401, 'api_key_invalid');
  });

  test('5: the full key opens every keyed route', async () => {
    for (const route of KEYED) {
      const res = await call(route, { key: KEYS.full });
      assert.ok(res.status >= 200 && res.status < 300, `${route.method} ${route.path}: ${res.status} ${res.text}`);
      ex.sandbox().reset();
    }
  });

  for (const [name, scope] of SINGLE_SCOPE_KEYS) {
    test(`5 scopes: a ${scope} key opens exactly the ${scope} routes`, async () => {
      for (const route of KEYED.filter((r) => r.scope === scope)) {
        const res = await call(route, { key: KEYS[name] });
        assert.ok(res.status >= 200 && res.status < 300, `${route.method} ${route.path}: ${res.status} ${res.text}`);
        ex.sandbox().reset();
      }
    });
    for (const route of KEYED.filter((r) => r.scope !== scope)) {
      test(`5 rule 4 / 7.1 403 api_key_scope_missing: ${scope} key on ${route.method} ${route.path} (${route.scope})`, async () => {
        assertError(await call(route, { key: KEYS[name] }), 403, 'api_key_scope_missing');
      });
    }
  }

  for (const line of SESSION_ONLY_ROUTES) {
    test(`5 rule 5 / 7.1 403 api_key_not_permitted: ${line} is not open to keys, any scope`, async () => {
      const [method, path] = line.split(' ') as [string, string];
      const filled = path.replace('{id}', UNKNOWN_UUID);
      for (const key of [KEYS.full, KEYS.tokenomicsRead, KEYS.monitoringRead, KEYS.watchlistWrite]) {
        assertError(await ex.send(method, filled, { key }), 403, 'api_key_not_permitted');
      }
    });
  }

  test('1 / 5 rule 5: marking notifications read cannot be done with an API key', async () => {
    const before = ok(await ex.get('/me/notifications')).unread;
    assertError(await ex.send('POST', '/me/notifications/read', { body: {} }), 403, 'api_key_not_permitted');
    assert.equal(ok(await ex.get('/me/notifications')).unread, before);
  });

  test('5 rule 6 / 7.1 404 not_found: an asset outside the key\'s scope (per-asset tokenomics)', async () => {
    const state = ex.state();
    const key = state.keys.get(KEYS.assetScoped)!;
    const outside = state.registry.find((a) => !key.assets!.has(a.summary.id))!.summary.id;
    const inside = state.registry.find((a) => key.assets!.has(a.summary.id))!.summary.id;
    ok(await ex.get(`/assets/${inside}/tokenomics/changes`, KEYS.assetScoped));
    assertError(await ex.get(`/assets/${outside}/tokenomics/changes`, KEYS.assetScoped), 404, 'not_found');
    ok(await ex.get(`/assets/${outside}/tokenomics/changes`, KEYS.full));
  });

  test('5 rule 6 / 7.1 404 not_found: POST /me/watchlist of an asset outside the key\'s scope', async () => {
    const state = ex.state();
    const key = state.keys.get(KEYS.assetScoped)!;
    const unwatched = state.registry.filter((a) => !state.watchlist.byAsset(a.summary.id));
    const outside = unwatched.find((a) => !key.assets!.has(a.summary.id))!.summary.id;
    const inside = unwatched.find((a) => key.assets!.has(a.summary.id))!.summary.id;
    assertError(await ex.send('POST', '/me/watchlist', { key: KEYS.assetScoped, body: { assetId: outside } }), 404, 'not_found');
    ok(await ex.send('POST', '/me/watchlist', { key: KEYS.assetScoped, body: { assetId: inside } }), 201);
  });

  test('5 rule 6: the tokenomics feed of an asset-scoped key holds only its assets', async () => {
    const key = ex.state().keys.get(KEYS.assetScoped)!;
    const page = ok(await ex.get('/tokenomics/changes?limit=200', KEYS.assetScoped));
    assert.ok(page.items.length > 0);
    for (const r of page.items) assert.ok(key.assets!.has(r.assetId));
  });
});

describe('spec 7.1: service-side errors', () => {
  test('7.1 404 not_found: an unknown route', async () => {
    assertError(await ex.get('/me/unknown'), 404, 'not_found');
    assertError(await ex.get('/nope', null), 404, 'not_found');
    assertError(await ex.send('PUT', '/me/watchlist'), 404, 'not_found');
  });

  test('4.2 / 7.1 404 not_found: GET /tokenomics/changes while its feature flag is off', async () => {
    ok(await ex.get('/tokenomics/changes'));
    ex.state().tokenomicsFeedEnabled = false;
    assertError(await ex.get('/tokenomics/changes'), 404, 'not_found');
    assertError(await ex.get('/tokenomics/changes', KEYS.tokenomicsRead), 404, 'not_found');
    ex.state().tokenomicsFeedEnabled = true;
    ok(await ex.get('/tokenomics/changes'));
  });

  test('7.1 403 site_gate_required: every route, /health included, while the site gate is closed', async () => {
    ex.state().siteGateOpen = false;
    assertError(await ex.get('/health', null), 403, 'site_gate_required');
    for (const route of KEYED) assertError(await call(route, { key: KEYS.full }), 403, 'site_gate_required');
    assertError(await ex.get('/me/watchlist', null), 403, 'site_gate_required');
    ex.state().siteGateOpen = true;
    ok(await ex.get('/me/watchlist'));
  });

  test('7.1 500 internal_error: a server fault (sandbox fault injection) on an Explorer route', async () => {
    ex.sandbox().faults.set('explorer:watchlist', { kind: 'status', status: 500 }, { times: 1 });
    assertError(await ex.get('/me/watchlist'), 500, 'internal_error');
    ok(await ex.get('/me/watchlist'));
  });

  test('7.1 500 internal_error: an unexpected exception inside a route handler', async () => {
    ex.state().inbox.read = () => {
      throw new Error('boom');
    };
    assertError(await ex.get('/me/notifications'), 500, 'internal_error');
  });

  test('7.1: the same { code, message } body is used for unauthenticated calls', async () => {
    for (const res of [await ex.get('/me/watchlist', null), await ex.get('/me/watchlist', KEYS.revoked), await ex.get('/x', null)]) {
      assertContract(explorerErrorSchema, res.json());
      assert.deepEqual(Object.keys(res.json()).sort(), ['code', 'message']);
    }
  });

  test('route ids: every 4.2 route is counted under its own id; unknown routes are not counted', async () => {
    const calls: Array<[string, string, string]> = [
      ['GET', '/health', 'explorer:health'],
      ['GET', '/tokenomics/changes', 'explorer:tokenomics'],
      ['GET', `/assets/${UNKNOWN_UUID}/tokenomics/changes`, 'explorer:asset-tokenomics'],
      ['GET', '/me/watchlist', 'explorer:watchlist'],
      ['POST', '/me/watchlist', 'explorer:watchlist-add'],
      ['PATCH', `/me/watchlist/${UNKNOWN_UUID}`, 'explorer:watchlist-update'],
      ['DELETE', `/me/watchlist/${UNKNOWN_UUID}`, 'explorer:watchlist-remove'],
      ['GET', '/me/monitoring/changes?days=7', 'explorer:changes'],
      ['GET', '/me/notifications', 'explorer:notifications'],
    ];
    for (const [method, path, id] of calls) {
      await ex.send(method, path);
      assert.equal(ex.sandbox().stats.requests.at(-1)?.route, id, `${method} ${path}`);
    }
    const total = ex.sandbox().stats.count();
    await ex.get('/nope');
    await ex.send('POST', '/me/notifications/read');
    assert.equal(ex.sandbox().stats.count(), total);
  });

  test('stats: Explorer requests are counted under their route ids', async () => {
    await ex.get('/me/watchlist');
    await ex.get('/me/monitoring/changes');
    assert.equal(ex.sandbox().stats.count('explorer:watchlist'), 1);
    assert.equal(ex.sandbox().stats.count('explorer:changes'), 1);
  });
});

describe('spec 8 / 7.1: rate budget', () => {
  test(`8 / 7.1 429 too_many_requests with Retry-After past ${LIMITS.explorerRequestsPerMinute} requests per minute per key`, async () => {
    for (let i = 0; i < LIMITS.explorerRequestsPerMinute; i++) {
      const res = await ex.get('/me/notifications?unread=true');
      assert.equal(res.status, 200, `request ${i + 1}`);
    }
    const over = await ex.get('/me/notifications?unread=true');
    assertError(over, 429, 'too_many_requests');
    const retryAfter = Number(over.headers.get('retry-after'));
    assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  });

  test('8: the budget is per key (another key is unaffected)', async () => {
    ex.state().rateLimiter.configure({ perMinute: 3 });
    for (let i = 0; i < 3; i++) ok(await ex.get('/me/watchlist', KEYS.full));
    assertError(await ex.get('/me/watchlist', KEYS.full), 429, 'too_many_requests');
    ok(await ex.get('/me/watchlist', KEYS.monitoringRead));
  });

  test('8: the minute is rolling (the budget frees up as requests age out; Retry-After says when)', async () => {
    ex.state().rateLimiter.configure({ perMinute: 2 });
    ok(await ex.get('/me/watchlist'));
    ex.state().advance(20_000);
    ok(await ex.get('/me/watchlist'));
    const over = await ex.get('/me/watchlist');
    assertError(over, 429, 'too_many_requests');
    assert.equal(over.headers.get('retry-after'), '40');
    ex.state().advance(40_000);
    ok(await ex.get('/me/watchlist'));
    assertError(await ex.get('/me/watchlist'), 429, 'too_many_requests');
    ex.state().advance(MINUTE);
    ok(await ex.get('/me/watchlist'));
  });

  test('field notes: the rate budget is configurable from 1 to 6000 per minute', async () => {
    const limiter = ex.state().rateLimiter;
    assert.throws(() => limiter.configure({ perMinute: 0 }), RangeError);
    assert.throws(() => limiter.configure({ perMinute: 6001 }), RangeError);
    const res = await ex.send('POST', '/settings', { body: { rateLimitPerMinute: 1 } });
    assert.equal(res.status, 404); // control routes live outside the API
    const ctl = await fetch(`${ex.sandbox().origin}/__sandbox/explorer/settings`, {
      method: 'POST',
      body: JSON.stringify({ rateLimitPerMinute: 1 }),
    });
    assert.equal(ctl.status, 200);
    ok(await ex.get('/me/watchlist'));
    assertError(await ex.get('/me/watchlist'), 429, 'too_many_requests');
  });

  test('field notes: an optional burst allowance adds requests on top of the per-minute budget', async () => {
    ex.state().rateLimiter.configure({ perMinute: 2, burst: 1 });
    for (let i = 0; i < 3; i++) ok(await ex.get('/me/watchlist'));
    assertError(await ex.get('/me/watchlist'), 429, 'too_many_requests');
  });

  test('8: requests without a valid key do not use up a key\'s budget; /health needs none', async () => {
    ex.state().rateLimiter.configure({ perMinute: 1 });
    for (let i = 0; i < 3; i++) ok(await ex.get('/health', null));
    for (let i = 0; i < 3; i++) assertError(await ex.get('/me/watchlist', KEYS.revoked), 401, 'api_key_invalid');
    ok(await ex.get('/me/watchlist'));
  });
});

describe('field notes: the { data, meta, errors } envelope', () => {
  test('field notes: with the envelope on, bodies are { data, meta: { request_id, fetched_at }, errors } and unwrap to the contract shapes', async () => {
    ex.state().envelope = true;
    const list = ok(await ex.get('/me/watchlist'));
    assert.equal(isEnvelope(list), true);
    assert.equal(typeof list.meta.request_id, 'string');
    assert.ok(!Number.isNaN(Date.parse(list.meta.fetched_at)));
    assert.deepEqual(list.errors, []);
    assertContract(watchlistResponseSchema, unwrapEnvelope(list));
    assert.equal((unwrapEnvelope(list) as any).limit, LIMITS.watchlistCap);
    const changes = ok(await ex.get('/me/monitoring/changes'));
    assert.equal(isEnvelope(changes), true);
    assertContract(changesEnvelopeSchema, unwrapEnvelope(changes));
    const err = await ex.get('/me/watchlist', null);
    assert.equal(err.status, 403);
    const body = err.json();
    assert.equal(isEnvelope(body), true);
    assert.equal(body.data, null);
    assert.equal(body.errors[0].code, 'signature_missing');
    assert.equal((unwrapEnvelope(body) as any).code, 'signature_missing');
  });

  test('field notes: bare bodies by default, with an x-request-id header', async () => {
    const res = await ex.get('/me/watchlist');
    assert.ok(!isEnvelope(res.json()));
    assert.ok(res.headers.get('x-request-id'));
  });
});

describe('sandbox control routes for the Explorer (/__sandbox/explorer)', () => {
  test('control: GET /state, POST /clock and POST /settings drive the Explorer state over HTTP', async () => {
    const base = `${ex.sandbox().origin}/__sandbox/explorer`;
    const state = await (await fetch(`${base}/state`)).json();
    assert.equal(state.keys.full, KEYS.full);
    assert.ok(state.registry.length > LIMITS.watchlistCap);
    const clock = await (await fetch(`${base}/clock`, { method: 'POST', body: JSON.stringify({ advanceMs: MINUTE }) })).json();
    assert.equal(clock.clockOffsetMs, MINUTE);
    await fetch(`${base}/settings`, { method: 'POST', body: JSON.stringify({ siteGateOpen: false }) });
    assertError(await ex.get('/health', null), 403, 'site_gate_required');
    const bad = await fetch(`${base}/settings`, { method: 'POST', body: JSON.stringify({ watchlistCap: 0 }) });
    assert.equal(bad.status, 400);
  });

  test('control: POST /changes, /tokenomics, /notifications/read and /reset over HTTP', async () => {
    const base = `${ex.sandbox().origin}/__sandbox/explorer`;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const item = ex.state().watchlist.list().find((e) => e.state === 'ready' && e.monitoringEnabled)!;
    const detected = await post('/changes', { watchlistItemId: item.id, template: 'register_entry' });
    assert.equal(detected.status, 201);
    assert.equal(detected.body.change.category, 'register_entry');
    assert.equal(detected.body.notification.kind, 'register_change');
    const paused = ex.state().watchlist.list().find((e) => !e.monitoringEnabled)!;
    assert.equal((await post('/changes', { watchlistItemId: paused.id })).body.change, null);
    const head = ex.state().tokenomics.head;
    const appended = await post('/tokenomics', { count: 3 });
    assert.equal(appended.status, 201);
    assert.equal(appended.body.items.length, 3);
    assert.equal(ex.state().tokenomics.head, head + 3);
    const marked = await post('/notifications/read', {});
    assert.ok(marked.body.marked > 0);
    assert.equal(ok(await ex.get('/me/notifications')).unread, 0);
    await post('/reset', {});
    assert.equal(ex.state().tokenomics.head, head);
    assert.ok(ok(await ex.get('/me/notifications')).unread > 0);
  });
});
