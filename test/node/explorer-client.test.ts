import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ExplorerApiError, ExplorerClient, isExplorerApiError } from '../../src/server/upstream/explorer-client.js';
import type { MemoryRateBudget } from '../../src/server/upstream/memory-budget.js';
import { drive, startVirtualSandbox, type VirtualSandbox } from './helpers/explorer-sandbox.js';

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

async function rejectsWith(promise: Promise<unknown>, code: string, status: number): Promise<ExplorerApiError> {
  let caught: unknown;
  await promise.then(
    () => assert.fail(`expected ${code}`),
    (e: unknown) => (caught = e),
  );
  assert.ok(caught instanceof ExplorerApiError, String(caught));
  assert.equal(caught.code, code, caught.message);
  assert.equal(caught.status, status);
  return caught;
}

describe('ExplorerClient against the sandbox', () => {
  let v: VirtualSandbox;
  let client: ExplorerClient;
  const keys = () => v.sandbox.info.credentials.explorerKeys;

  before(async () => {
    v = await startVirtualSandbox();
  });
  after(async () => {
    await v.close();
  });
  beforeEach(() => {
    v.sandbox.reset();
    client = v.client();
  });

  it('refuses configuration mistakes at creation', () => {
    const baseUrl = v.sandbox.info.explorerUrl;
    assert.throws(() => new ExplorerClient({ baseUrl, apiKey: '' }), /apiKey/);
    assert.throws(() => new ExplorerClient({ baseUrl, apiKey: `Bearer ${keys().full}` }), /without "Bearer "/);
    assert.throws(() => new ExplorerClient({ baseUrl, apiKey: 'sk_test_123' }), /live key starting with "bx_live_"/);
    assert.throws(() => new ExplorerClient({ baseUrl: 'ftp://x', apiKey: keys().full }), /http\(s\)/);
  });

  it('calls every route of spec 4.2 with Bearer auth and validated bodies', async () => {
    const health = await client.health();
    assert.equal(health['status'], 'ok');

    const page = await client.tokenomicsChanges({ limit: 200 });
    assert.equal(page.items.length, 200);
    assert.equal(page.hasMore, true);
    assert.match(page.nextCursor ?? '', /^tfc1_/);
    const next = await client.tokenomicsChanges({ since: page.nextCursor!, limit: 200 });
    assert.equal(next.hasMore, false);

    const watchlist = await client.watchlist();
    assert.ok(watchlist.data.length > 0);
    assert.equal(watchlist.limit, 50);
    const states = new Set(watchlist.data.map((i) => i.state));
    assert.deepEqual([...states].sort(), ['gathering', 'ready', 'unresolved']);

    const assetId = watchlist.data.find((i) => i.state === 'ready')!.asset.id;
    const perAsset = await client.assetTokenomicsChanges(assetId, { limit: 5 });
    assert.ok(Array.isArray(perAsset.items));

    const registry = v.sandbox.state.explorer.registry;
    const watched = new Set(watchlist.data.map((i) => i.asset.id));
    const fresh = registry.find((a) => !watched.has(a.summary.id))!;
    const added = await client.addToWatchlist(fresh.summary.id);
    assert.equal(added.asset.id, fresh.summary.id);
    const patched = await client.updateWatchlistItem(added.id, { monitoringEnabled: false, note: 'check Q3 report' });
    assert.equal(patched.monitoringEnabled, false);
    assert.equal(patched.note, 'check Q3 report');
    const cleared = await client.updateWatchlistItem(added.id, { note: '' });
    assert.equal(cleared.note ?? null, null, 'an empty note is sent as null and clears it');
    await client.removeFromWatchlist(added.id);
    assert.ok(!(await client.watchlist()).data.some((i) => i.id === added.id));

    const changes = await client.monitoringChanges({ days: 30, sort: 'impact', materiality: 'material' });
    assert.equal(typeof changes.truncated, 'boolean');
    assert.ok(changes.items.every((c) => c.materiality === 'material'));

    const inbox = await client.notifications({ unread: true });
    assert.ok(inbox.unread >= inbox.items.length);
    assert.ok(inbox.items.every((n) => !n.readAt));

    const keyed = v.sandbox.stats.requests.filter((r) => r.route !== 'explorer:health');
    assert.ok(keyed.length >= 10);
    for (const r of keyed) assert.equal(r.key, `Bearer ${keys().full}`);
    const healthCall = v.sandbox.stats.requests.find((r) => r.route === 'explorer:health')!;
    assert.equal(healthCall.key, null, '/health is called without the key');
  });

  it('accepts bodies wrapped in the { data, meta, errors } envelope', async () => {
    v.sandbox.state.explorer.envelope = true;
    const watchlist = await client.watchlist();
    assert.ok(watchlist.data.length > 0);
    assert.equal(watchlist.limit, 50);
    const page = await client.tokenomicsChanges({ limit: 3 });
    assert.equal(page.items.length, 3);
    await rejectsWith(client.tokenomicsChanges({ since: 'tfc1_zz_nope' }), 'invalid_cursor', 400);
  });

  it('turns every 7.1 error into a typed ExplorerApiError', async () => {
    await rejectsWith(client.tokenomicsChanges({ since: 'tfc1_zz_forged' }), 'invalid_cursor', 400);
    await rejectsWith(client.tokenomicsChanges({ page: 'tfp1_1_2_3_4' }), 'invalid_page', 400);
    await rejectsWith(client.monitoringChanges({ category: 'no_such_category' }), 'invalid_parameter', 400);
    await rejectsWith(v.client({ apiKey: keys().revoked }).watchlist(), 'api_key_invalid', 401);
    await rejectsWith(v.client({ apiKey: keys().tokenomicsRead }).watchlist(), 'api_key_scope_missing', 403);
    await rejectsWith(v.client({ apiKey: keys().monitoringRead }).tokenomicsChanges(), 'api_key_scope_missing', 403);
    const stripAuth: typeof fetch = (input, init) => {
      const headers = { ...(init?.headers as Record<string, string>) };
      delete headers['authorization'];
      return v.fetch(input, { ...init, headers });
    };
    await rejectsWith(v.client({ fetch: stripAuth }).watchlist(), 'signature_missing', 403);
    await rejectsWith(client.assetTokenomicsChanges(UNKNOWN_UUID), 'not_found', 404);
    await rejectsWith(client.addToWatchlist(UNKNOWN_UUID), 'not_found', 404);
    await rejectsWith(client.updateWatchlistItem(UNKNOWN_UUID, { monitoringEnabled: true }), 'not_found', 404);

    v.sandbox.state.explorer.tokenomicsFeedEnabled = false;
    await rejectsWith(client.tokenomicsChanges(), 'not_found', 404);
    v.sandbox.state.explorer.tokenomicsFeedEnabled = true;

    v.sandbox.state.explorer.setWatchlistCap(v.sandbox.state.explorer.watchlist.used);
    const watched = new Set((await client.watchlist()).data.map((i) => i.asset.id));
    const another = v.sandbox.state.explorer.registry.find((a) => !watched.has(a.summary.id))!;
    const full = await rejectsWith(client.addToWatchlist(another.summary.id), 'watchlist_limit_reached', 409);
    assert.match(full.message, /409 watchlist_limit_reached/);

    v.sandbox.state.explorer.siteGateOpen = false;
    await rejectsWith(client.watchlist(), 'site_gate_required', 403);
    v.sandbox.state.explorer.siteGateOpen = true;

    v.sandbox.faults.set('explorer:watchlist', { kind: 'status', status: 500 });
    const err = await rejectsWith(drive(v, client.watchlist()), 'internal_error', 500);
    assert.equal(err.transient, true);
    v.sandbox.faults.clear();
  });

  it('never puts the key into an error', async () => {
    const errors: unknown[] = [];
    for (const run of [
      () => v.client({ apiKey: keys().revoked }).watchlist(),
      () => client.tokenomicsChanges({ since: 'tfc1_zz_forged' }),
      () => client.addToWatchlist(UNKNOWN_UUID),
    ]) {
      await run().catch((e: unknown) => errors.push(e));
    }
    assert.equal(errors.length, 3);
    for (const e of errors) {
      const text = `${(e as Error).message} ${JSON.stringify(e)} ${(e as Error).stack}`;
      for (const k of Object.values(keys())) assert.ok(!text.includes(k), 'an API key leaked into an error');
    }
  });

  it('checks input before sending anything', async () => {
    v.sandbox.stats.reset();
    await rejectsWith(client.updateWatchlistItem('not-a-uuid', { note: 'x' }), 'invalid_parameter', 400);
    await rejectsWith(client.updateWatchlistItem(UNKNOWN_UUID, { note: 'x'.repeat(501) }), 'invalid_parameter', 400);
    await rejectsWith(client.updateWatchlistItem(UNKNOWN_UUID, {}), 'invalid_parameter', 400);
    await rejectsWith(client.addToWatchlist('../../etc/passwd'), 'invalid_parameter', 400);
    await rejectsWith(client.monitoringChanges({ item: Array.from({ length: 26 }, () => UNKNOWN_UUID) }), 'invalid_parameter', 400);
    await rejectsWith(client.monitoringChanges({ materiality: 'bogus' as never }), 'invalid_parameter', 400);
    await rejectsWith(client.tokenomicsChanges({ limit: 500 }), 'invalid_parameter', 400);
    const local = await client.tokenomicsChanges({ since: 'bad cursor!' }).catch((e: ExplorerApiError) => e);
    assert.ok(isExplorerApiError(local, 'invalid_cursor') && local.local);
    assert.equal(v.sandbox.stats.count(), 0, 'nothing reached the service');
  });

  it('retries 5xx with backoff for idempotent calls, never for POST', async () => {
    v.sandbox.faults.set('explorer:watchlist', { kind: 'status', status: 502 }, { times: 2 });
    const list = await drive(v, client.watchlist());
    assert.ok(list.data.length > 0);
    assert.equal(v.sandbox.stats.count('explorer:watchlist'), 3);

    v.sandbox.faults.set('explorer:watchlist-add', { kind: 'status', status: 500 }, { times: 1 });
    const asset = v.sandbox.state.explorer.registry[40]!.summary.id;
    await rejectsWith(drive(v, client.addToWatchlist(asset)), 'internal_error', 500);
    assert.equal(v.sandbox.stats.count('explorer:watchlist-add'), 1, 'a POST is not repeated after a 5xx');
  });

  it('rejects a malformed body as upstream_invalid', async () => {
    v.sandbox.faults.set('explorer:watchlist', { kind: 'malformed' });
    await rejectsWith(client.watchlist(), 'upstream_invalid', 200);
  });

  it('honours Retry-After: waits out a short one, reports a long one with retryAfter', async () => {
    client = v.client({ requestsPerMinute: 120 });
    v.sandbox.faults.set('explorer:notifications', { kind: 'rate-limit', retryAfterSeconds: 3 }, { times: 1 });
    const start = v.clock.now();
    const inbox = await drive(v, client.notifications());
    assert.ok(inbox.items.length > 0);
    const calls = v.sandbox.stats.requests.filter((r) => r.route === 'explorer:notifications');
    assert.equal(calls.length, 2);
    assert.ok(calls[1]!.at - calls[0]!.at >= 3000, 'the retry waited for Retry-After');
    assert.ok(v.clock.now() - start >= 3000);

    v.sandbox.faults.set('explorer:notifications', { kind: 'rate-limit', retryAfterSeconds: 600 }, { times: 1 });
    const err = await rejectsWith(drive(v, client.notifications()), 'too_many_requests', 429);
    assert.equal(err.retryAfter, 600);
    // the key is held for everyone: the next call is refused at once, and the service sees nothing
    const seen = v.sandbox.stats.requests.length;
    const held = await rejectsWith(drive(v, client.watchlist()), 'too_many_requests', 429);
    assert.ok(held.retryAfter! >= 599 && held.retryAfter! <= 600, String(held.retryAfter));
    assert.equal(v.sandbox.stats.requests.length, seen);
  });

  it('aborts waiting for the budget and in-flight calls with the caller signal', async () => {
    const bucketed = v.client({ requestsPerMinute: 1 });
    await bucketed.watchlist();
    const controller = new AbortController();
    const pending = bucketed.watchlist({ signal: controller.signal });
    const budget = bucketed.budget as MemoryRateBudget;
    while (budget.waiting === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error('stop'));
    await assert.rejects(pending, /stop/);
    assert.equal(budget.waiting, 0);
    assert.equal(v.sandbox.stats.count('explorer:watchlist'), 1);
  });
});

describe('ExplorerApiError.transient', () => {
  it("is true for the shared budget's database out of reach (store_unavailable, no HTTP status): pollers wait it out, never stop", () => {
    // what a replica's poller met during a PostgreSQL restart: before, it stopped polling and the process exited
    const error = new ExplorerApiError({ code: 'store_unavailable', status: 0, message: 'budget unreadable', route: 'GET /tokenomics/changes', retryAfter: 5 });
    assert.equal(error.transient, true);
  });
});
