/**
 * The sandbox Explorer watchlist against spec 2.4, 3 (states and transitions), 4.2 (watchlist
 * routes), 6 rule 2 (pausing), 7.1 (400/404/409) and 8 (cap, note length). Real HTTP.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  LIMITS,
  WATCH_STATES,
  notificationsEnvelopeSchema,
  watchlistItemSchema,
  watchlistResponseSchema,
} from '../../src/contract/index.js';
import { INTAKE_DURATION_MS, INTAKE_STAGES } from '../../src/sandbox/explorer/index.js';
import { DAY, KEYS, MINUTE, START, UNKNOWN_UUID, assertContract, assertError, ok, useExplorer } from './helpers/sandbox-explorer.js';

const ex = useExplorer();

async function list() {
  const body = ok(await ex.get('/me/watchlist'));
  assertContract(watchlistResponseSchema, body);
  return body as { data: any[]; limit: number; used: number };
}

/** Registry assets not on the watchlist. */
function unwatched() {
  const s = ex.state();
  return s.registry.filter((a) => !s.watchlist.byAsset(a.summary.id)).map((a) => a.summary.id);
}
/** An unwatched asset whose intake ends with `outcome`, never watched before. */
function unwatchedWith(outcome: 'ready' | 'partial' | 'unresolved') {
  const s = ex.state();
  return s.registry.find((a) => a.intake === outcome && !s.watchlist.byAsset(a.summary.id) && a !== s.registry[9])!.summary.id;
}
async function add(assetId: string, key: string = KEYS.full) {
  return ex.send('POST', '/me/watchlist', { key, body: { assetId } });
}
async function patch(id: string, body: unknown) {
  return ex.send('PATCH', `/me/watchlist/${id}`, { body });
}
async function notifications(unread = false) {
  const body = ok(await ex.get(`/me/notifications${unread ? '?unread=true' : ''}`));
  assertContract(notificationsEnvelopeSchema, body);
  return body as { items: any[]; unread: number };
}

describe('spec 2.4 / 4.2: GET /me/watchlist', () => {
  test('4.2 GET /me/watchlist: { data, limit, used } with items in every state (2.4 fields)', async () => {
    const body = await list();
    assert.equal(body.limit, LIMITS.watchlistCap);
    assert.equal(body.used, body.data.length);
    assert.deepEqual(new Set(body.data.map((i) => i.state)), new Set(WATCH_STATES));
    for (const item of body.data) {
      assertContract(watchlistItemSchema, item);
      assert.match(item.id, /^[0-9a-f-]{36}$/);
      assert.match(item.asset.id, /^[0-9a-f-]{36}$/);
      for (const k of ['name', 'symbol', 'issuerName', 'chain', 'contractAddress']) assert.equal(typeof item.asset[k], 'string');
      assert.ok(Number.isInteger(item.asset.chainId));
      assert.ok(!Number.isNaN(Date.parse(item.addedAt)));
    }
    const gathering = body.data.find((i) => i.state === 'gathering');
    assert.equal(typeof gathering.intakeStatus, 'string');
    const unresolved = body.data.find((i) => i.state === 'unresolved');
    assert.equal(typeof unresolved.stateReason, 'string');
    assert.ok(body.data.some((i) => i.monitoringEnabled === false), 'a paused item is seeded');
    assert.ok(body.data.some((i) => typeof i.note === 'string'), 'an item with a note is seeded');
  });

  test('4.2 GET /me/watchlist: the result changes only when the watchlist is written', async () => {
    ex.state().advance(3 * INTAKE_DURATION_MS); // let the seeded intakes finish
    const a = await ex.get('/me/watchlist');
    ex.state().advance(DAY);
    const b = await ex.get('/me/watchlist');
    assert.equal(a.text, b.text);
    await patch(JSON.parse(a.text).data[0].id, { note: 'changed' });
    const c = await ex.get('/me/watchlist');
    assert.notEqual(a.text, c.text);
  });

  test('7.1 400 invalid_parameter: GET /me/watchlist takes no parameters', async () => {
    assertError(await ex.get('/me/watchlist?limit=5'), 400, 'invalid_parameter');
  });
});

describe('spec 3 / 4.2 / 7.1: POST /me/watchlist', () => {
  test('4.2 POST /me/watchlist 201: a registry asset is added in gathering with intakeStatus', async () => {
    const assetId = unwatchedWith('ready');
    const res = await add(assetId);
    const item = ok(res, 201);
    assertContract(watchlistItemSchema, item);
    assert.equal(item.asset.id, assetId);
    assert.equal(item.state, 'gathering');
    assert.equal(item.intakeStatus, INTAKE_STAGES[0]![1]);
    assert.equal(item.monitoringEnabled, true);
    assert.equal(item.note, null);
    assert.equal(item.addedAt, new Date(START).toISOString());
    const after = await list();
    assert.ok(after.data.some((i) => i.id === item.id));
  });

  test('4.2 / 7.1 POST /me/watchlist 404 not_found: a UUID that is not in the public registry', async () => {
    const before = (await list()).used;
    assertError(await add(UNKNOWN_UUID), 404, 'not_found');
    assert.equal((await list()).used, before);
  });

  for (const [label, body] of [
    ['not JSON', '{"assetId":'],
    ['an empty body', ''],
    ['a JSON array', '[]'],
    ['no assetId', {}],
    ['assetId not a string', { assetId: 42 }],
    ['assetId not a UUID', { assetId: 'pyusd' }],
    ['an unknown field', { assetId: UNKNOWN_UUID, note: 'x' }],
  ] as const) {
    test(`7.1 400 invalid_parameter: POST /me/watchlist with a malformed body (${label})`, async () => {
      assertError(await ex.send('POST', '/me/watchlist', { body }), 400, 'invalid_parameter');
    });
  }

  test('4.2: POST of an asset already on the watchlist returns that item (200) and adds nothing', async () => {
    const before = await list();
    const existing = before.data[0];
    const item = ok(await add(existing.asset.id), 200);
    assert.equal(item.id, existing.id);
    assert.equal((await list()).used, before.used);
  });

  test(`8 / 7.1 409 watchlist_limit_reached: POST at the cap of ${LIMITS.watchlistCap}`, async () => {
    const free = unwatched();
    let used = (await list()).used;
    while (used < LIMITS.watchlistCap) {
      ok(await add(free.shift()!), 201);
      used++;
    }
    const body = await list();
    assert.equal(body.used, LIMITS.watchlistCap);
    assertError(await add(free.shift()!), 409, 'watchlist_limit_reached');
    assert.equal((await list()).used, LIMITS.watchlistCap);
  });

  test('8: unresolved items count against the cap', async () => {
    const body = await list();
    const unresolved = body.data.filter((i) => i.state === 'unresolved').length;
    assert.ok(unresolved > 0);
    assert.equal(body.used, body.data.length);
    ex.state().setWatchlistCap(body.used);
    assertError(await add(unwatched()[0]!), 409, 'watchlist_limit_reached');
    // Removing the unresolved item frees a place.
    const id = body.data.find((i) => i.state === 'unresolved').id;
    assert.equal((await ex.send('DELETE', `/me/watchlist/${id}`)).status, 204);
    ok(await add(unwatched()[0]!), 201);
  });

  test('field notes: the watchlist cap is configurable (default 50, up to 500)', async () => {
    assert.throws(() => ex.state().setWatchlistCap(501), RangeError);
    ex.state().setWatchlistCap(500);
    assert.equal((await list()).limit, 500);
  });
});

describe('spec 3: the intake worker (gathering → ready | unresolved)', () => {
  test('3 intake: gathering walks its intakeStatus stages, then becomes ready with an intake_ready notification', async () => {
    const item = ok(await add(unwatchedWith('ready')), 201);
    const seen: string[] = [];
    for (const [at] of INTAKE_STAGES) {
      ex.state().advance(at - (ex.now() - START));
      const now = (await list()).data.find((i) => i.id === item.id);
      assert.equal(now.state, 'gathering');
      seen.push(now.intakeStatus);
    }
    assert.deepEqual(seen, INTAKE_STAGES.map(([, s]) => s));
    ex.state().advance(INTAKE_DURATION_MS);
    const done = (await list()).data.find((i) => i.id === item.id);
    assert.equal(done.state, 'ready');
    assert.equal(done.intakeStatus, null);
    assert.equal(done.stateReason, null);
    const inbox = await notifications(true);
    assert.ok(inbox.items.some((n) => n.kind === 'intake_ready' && n.assetName === item.asset.name));
  });

  test('3 intake: an asset intake cannot resolve becomes unresolved with stateReason and an intake_unresolved notification', async () => {
    const item = ok(await add(unwatchedWith('unresolved')), 201);
    ex.state().advance(INTAKE_DURATION_MS);
    const done = (await list()).data.find((i) => i.id === item.id);
    assert.equal(done.state, 'unresolved');
    assert.equal(typeof done.stateReason, 'string');
    assert.ok(done.stateReason.length > 0);
    assert.equal(done.intakeStatus, null);
    const inbox = await notifications(true);
    assert.ok(inbox.items.some((n) => n.kind === 'intake_unresolved' && n.assetName === item.asset.name));
  });

  test('3 intake: a partial intake becomes ready with an intake_partial notification', async () => {
    const item = ok(await add(unwatchedWith('partial')), 201);
    ex.state().advance(INTAKE_DURATION_MS);
    assert.equal((await list()).data.find((i) => i.id === item.id).state, 'ready');
    assert.ok((await notifications(true)).items.some((n) => n.kind === 'intake_partial' && n.assetName === item.asset.name));
  });

  test('3: no changes accrue while an item is gathering or unresolved', async () => {
    const s = ex.state();
    for (const e of s.watchlist.list().filter((e) => e.state !== 'ready')) {
      assert.equal(s.detectChange(e.id), null);
    }
    const feed = ok(await ex.get('/me/monitoring/changes?days=365&showAll=true'));
    const notReady = new Set(s.watchlist.list().filter((e) => e.state !== 'ready').map((e) => e.id));
    assert.ok(feed.items.every((c: any) => !notReady.has(c.watchlistItemId)));
  });

  test('3: the seeded gathering items finish on the clock', async () => {
    const gathering = (await list()).data.filter((i) => i.state === 'gathering');
    assert.ok(gathering.length >= 2);
    ex.state().advance(3 * INTAKE_DURATION_MS);
    const after = (await list()).data;
    for (const g of gathering) assert.notEqual(after.find((i) => i.id === g.id).state, 'gathering');
  });
});

describe('spec 3 / 4.2: PATCH /me/watchlist/{id}', () => {
  test('4.2 PATCH monitoringEnabled false pauses, true resumes; the updated item is returned', async () => {
    const id = (await list()).data.find((i) => i.monitoringEnabled).id;
    const paused = ok(await patch(id, { monitoringEnabled: false }));
    assertContract(watchlistItemSchema, paused);
    assert.equal(paused.monitoringEnabled, false);
    assert.equal((await list()).data.find((i) => i.id === id).monitoringEnabled, false);
    assert.equal(ok(await patch(id, { monitoringEnabled: true })).monitoringEnabled, true);
  });

  test('3 / 6 rule 2: pausing stops new changes and notifications for that asset; resuming restarts them', async () => {
    const s = ex.state();
    const item = (await list()).data.find((i) => i.state === 'ready' && i.monitoringEnabled);
    ok(await patch(item.id, { monitoringEnabled: false }));
    const before = ok(await ex.get(`/me/monitoring/changes?item=${item.id}&showAll=true`)).items.length;
    assert.equal(s.detectChange(item.id), null);
    s.advance(2 * DAY); // every scheduled detection falls due
    const unreadBefore = (await notifications()).unread;
    assert.equal(ok(await ex.get(`/me/monitoring/changes?item=${item.id}&showAll=true`)).items.length, before);
    const inbox = await notifications();
    assert.ok(!inbox.items.some((n) => n.assetName === item.asset.name && Date.parse(n.createdAt) > START));
    ok(await patch(item.id, { monitoringEnabled: true }));
    const detected = s.detectChange(item.id);
    assert.ok(detected?.notification);
    assert.equal(ok(await ex.get(`/me/monitoring/changes?item=${item.id}&showAll=true`)).items.length, before + 1);
    const after = await notifications();
    assert.ok(after.items.some((n) => n.id === detected.notification!.body.id));
    assert.equal(after.unread, unreadBefore + 1);
  });

  test('6 rule 2: the seeded paused item misses its clock-driven detection', async () => {
    const s = ex.state();
    const paused = s.watchlist.list().find((e) => !e.monitoringEnabled)!;
    const running = s.watchlist.list().filter((e) => e.monitoringEnabled && e.state === 'ready');
    s.advance(DAY);
    const feed = ok(await ex.get('/me/monitoring/changes?days=1'));
    const fresh = feed.items.filter((c: any) => Date.parse(c.detectedAt) > START);
    assert.ok(fresh.length > 0, 'detections arrived for running items');
    assert.ok(fresh.every((c: any) => c.watchlistItemId !== paused.id));
    assert.ok(fresh.every((c: any) => running.some((e) => e.id === c.watchlistItemId)));
  });

  test(`8 PATCH note of ${LIMITS.noteMaxLength} characters is accepted`, async () => {
    const id = (await list()).data[0].id;
    const note = 'n'.repeat(LIMITS.noteMaxLength);
    assert.equal(ok(await patch(id, { note })).note, note);
  });

  test(`8 PATCH note counts characters, not UTF-16 units (${LIMITS.noteMaxLength} emoji accepted)`, async () => {
    const id = (await list()).data[0].id;
    const note = '🙂'.repeat(LIMITS.noteMaxLength);
    assert.equal(ok(await patch(id, { note })).note, note);
  });

  test(`8 / 7.1 400 invalid_parameter: PATCH note of ${LIMITS.noteMaxLength + 1} characters`, async () => {
    const item = (await list()).data[0];
    assertError(await patch(item.id, { note: 'n'.repeat(LIMITS.noteMaxLength + 1) }), 400, 'invalid_parameter');
    assert.equal((await list()).data[0].note, item.note);
  });

  test('2.4 PATCH note null clears the note', async () => {
    const item = (await list()).data.find((i) => typeof i.note === 'string');
    assert.ok(item);
    assert.equal(ok(await patch(item.id, { note: null })).note, null);
    assert.equal((await list()).data.find((i) => i.id === item.id).note, null);
  });

  test('4.2 PATCH changes only the fields sent', async () => {
    const item = (await list()).data.find((i) => typeof i.note === 'string' && i.monitoringEnabled);
    const updated = ok(await patch(item.id, { monitoringEnabled: false }));
    assert.equal(updated.note, item.note);
    assert.equal(updated.addedAt, item.addedAt);
  });

  for (const [label, body] of [
    ['monitoringEnabled not a boolean', { monitoringEnabled: 'false' }],
    ['note not a string or null', { note: 5 }],
    ['an unknown field', { state: 'ready' }],
    ['no field', {}],
    ['not JSON', 'nope'],
  ] as const) {
    test(`7.1 400 invalid_parameter: PATCH with a malformed body (${label})`, async () => {
      assertError(await patch((await list()).data[0].id, body), 400, 'invalid_parameter');
    });
  }

  test('7.1 404 not_found: PATCH of an unknown or malformed watchlist item id', async () => {
    assertError(await patch(UNKNOWN_UUID, { note: 'x' }), 404, 'not_found');
    assertError(await patch('not-a-uuid', { note: 'x' }), 404, 'not_found');
  });
});

describe('spec 3 / 4.2: DELETE /me/watchlist/{id} and re-add', () => {
  test('4.2 DELETE /me/watchlist/{id} → 204 with no body; the item is gone and no longer counts', async () => {
    const before = await list();
    const res = await ex.send('DELETE', `/me/watchlist/${before.data[0].id}`);
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    const after = await list();
    assert.equal(after.used, before.used - 1);
    assert.ok(!after.data.some((i) => i.id === before.data[0].id));
  });

  test('7.1 404 not_found: DELETE of an unknown item, and a second DELETE of the same item', async () => {
    assertError(await ex.send('DELETE', `/me/watchlist/${UNKNOWN_UUID}`), 404, 'not_found');
    const id = (await list()).data[0].id;
    assert.equal((await ex.send('DELETE', `/me/watchlist/${id}`)).status, 204);
    assertError(await ex.send('DELETE', `/me/watchlist/${id}`), 404, 'not_found');
  });

  test('3: a re-add after DELETE keeps the original addedAt', async () => {
    const item = (await list()).data.find((i) => Date.parse(i.addedAt) < START - 100 * DAY);
    assert.equal((await ex.send('DELETE', `/me/watchlist/${item.id}`)).status, 204);
    ex.state().advance(7 * DAY);
    const again = ok(await add(item.asset.id), 201);
    assert.equal(again.addedAt, item.addedAt);
  });

  test('3: re-adding an asset removed before the sandbox started keeps its earlier addedAt', async () => {
    const s = ex.state();
    const removed = s.registry[9]!.summary.id; // seeded as watched 200 days ago, then removed
    assert.equal(s.watchlist.byAsset(removed), undefined);
    const item = ok(await add(removed), 201);
    assert.equal(item.addedAt, new Date(START - 200 * DAY).toISOString());
  });

  test('3: a first watch of an asset gets addedAt = now', async () => {
    ex.state().advance(5 * MINUTE);
    const item = ok(await add(unwatchedWith('ready')), 201);
    assert.equal(item.addedAt, new Date(START + 5 * MINUTE).toISOString());
  });

  test('4.2: changes of a removed item leave the feed', async () => {
    const feed = ok(await ex.get('/me/monitoring/changes'));
    const id = feed.items[0].watchlistItemId;
    assert.equal((await ex.send('DELETE', `/me/watchlist/${id}`)).status, 204);
    const after = ok(await ex.get('/me/monitoring/changes'));
    assert.ok(!after.items.some((c: any) => c.watchlistItemId === id));
  });
});
