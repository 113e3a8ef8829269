/**
 * The sandbox Explorer monitoring feed and inbox against spec 2.5, 2.6, 4.2
 * (`GET /me/monitoring/changes` rules 1–5, `GET /me/notifications`), 6, 7.1 and 8. Real HTTP.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  IMPACT_ORDER,
  LIMITS,
  MATERIALITIES,
  NOTIFICATION_KINDS,
  changeSchema,
  changesEnvelopeSchema,
  explanationSchema,
  impactAssessmentSchema,
  impactRank,
  notificationSchema,
  notificationsEnvelopeSchema,
} from '../../src/contract/index.js';
import { CHANGE_CATEGORIES, CHANGE_TEMPLATES } from '../../src/sandbox/explorer/index.js';
import { DAY, MINUTE, START, UNKNOWN_UUID, assertContract, assertError, ok, useExplorer } from './helpers/sandbox-explorer.js';

const ex = useExplorer();

async function changes(query = '') {
  const body = ok(await ex.get(`/me/monitoring/changes${query ? `?${query}` : ''}`));
  assertContract(changesEnvelopeSchema, body);
  return body as { items: any[]; since: string; seenAt: string; truncated: boolean };
}
async function notifications(query = '') {
  const body = ok(await ex.get(`/me/notifications${query ? `?${query}` : ''}`));
  assertContract(notificationsEnvelopeSchema, body);
  return body as { items: any[]; unread: number };
}
const at = (c: { detectedAt: string }) => Date.parse(c.detectedAt);
function readyItem(): string {
  return ex.state().watchlist.list().find((e) => e.state === 'ready' && e.monitoringEnabled)!.id;
}

describe('spec 2.5 / 4.2: GET /me/monitoring/changes', () => {
  test('2.5 changes envelope: items, since, seenAt, truncated; every row has its explanation and impactAssessment', async () => {
    const body = await changes('days=365&showAll=true');
    assert.ok(body.items.length > 0);
    for (const c of body.items) {
      assertContract(changeSchema, c);
      assertContract(explanationSchema, c.explanation);
      assertContract(impactAssessmentSchema, c.impactAssessment);
      for (const k of ['id', 'category', 'watchlistItemId', 'detectedAt', 'title', 'detail', 'sourceUrl', 'href', 'fieldGroup', 'changeKind', 'sourceHash', 'impact', 'direction', 'disposition'])
        assert.equal(typeof c[k], 'string', k);
      for (const k of ['isNew', 'confirmed', 'lowSignal']) assert.equal(typeof c[k], 'boolean', k);
      for (const k of ['kind', 'headline', 'what', 'whatDetail', 'whyItMatters', 'impact']) assert.equal(typeof c.explanation[k], 'string', k);
      for (const k of ['name', 'label', 'meaning', 'stake']) assert.equal(typeof c.explanation.field[k], 'string', k);
      assert.ok('value' in c.explanation.previous && 'value' in c.explanation.current);
      const ia = c.impactAssessment;
      assert.match(ia.id, /^[0-9a-f-]{36}$/);
      assert.match(ia.groupId, /^[0-9a-f-]{36}$/);
      assert.equal(ia.direction, c.direction);
      assert.equal(ia.rulesVersion, 'impact-v1');
      assert.equal(typeof ia.confidence, 'number');
      assert.equal(typeof ia.isFallback, 'boolean');
      assert.equal(typeof ia.retryRequired, 'boolean');
      assert.ok(Array.isArray(ia.childEventIds) && Array.isArray(ia.dimensions));
      for (const side of ['old', 'new']) assert.equal(typeof ia.evidence[side].observationSha256, 'string');
      assert.equal(c.asset.id, ex.state().watchlist.get(c.watchlistItemId)!.asset.summary.id);
    }
    assert.ok(!Number.isNaN(Date.parse(body.since)) && !Number.isNaN(Date.parse(body.seenAt)));
    assert.equal(typeof body.truncated, 'boolean');
  });

  test('4.2 data: rows of every materiality, direction, category, unconfirmed and low-signal rows', async () => {
    const rows = (await changes('showAll=true')).items;
    assert.deepEqual(new Set(rows.filter((c) => c.materiality).map((c) => c.materiality)), new Set(MATERIALITIES));
    assert.deepEqual(new Set(rows.map((c) => c.direction)), new Set(IMPACT_ORDER));
    assert.deepEqual(new Set(rows.map((c) => c.category)), new Set(CHANGE_CATEGORIES));
    assert.ok(rows.some((c) => c.confirmed === false));
    assert.ok(rows.some((c) => c.lowSignal === true));
    assert.ok(rows.some((c) => c.isNew === true));
  });

  test(`4.2 days window: default ${LIMITS.monitoringDefaultDays} days`, async () => {
    const body = await changes();
    assert.equal(body.since, new Date(START - LIMITS.monitoringDefaultDays * DAY).toISOString());
    assert.ok(body.items.every((c) => at(c) > START - LIMITS.monitoringDefaultDays * DAY && at(c) <= START));
    const wide = await changes('days=365');
    assert.ok(wide.items.some((c) => at(c) < START - LIMITS.monitoringDefaultDays * DAY), 'older rows exist outside the default window');
  });

  test('4.2 days=N narrows the rolling window to N days', async () => {
    const body = await changes('days=7');
    assert.equal(body.since, new Date(START - 7 * DAY).toISOString());
    assert.ok(body.items.length > 0);
    assert.ok(body.items.every((c) => at(c) > START - 7 * DAY));
    assert.ok(body.items.length < (await changes()).items.length);
  });

  test('4.2 rule 5: the window rolls with the clock', async () => {
    const oldest = (await changes('days=7')).items.at(-1)!;
    ex.state().advance(START + 7 * DAY - at(oldest) + 1);
    assert.ok(!(await changes('days=7')).items.some((c) => c.id === oldest.id));
  });

  for (const value of ['0', '-1', '1.5', 'abc', '', '366']) {
    test(`7.1 400 invalid_parameter: days=${value}`, async () => {
      assertError(await ex.get(`/me/monitoring/changes?days=${value}`), 400, 'invalid_parameter');
    });
  }

  test(`4.2 rule 4 / 8: at most ${LIMITS.changesPerResponse} rows, then truncated: true (a wide window)`, async () => {
    const wide = await changes('days=365&showAll=true');
    assert.equal(wide.items.length, LIMITS.changesPerResponse);
    assert.equal(wide.truncated, true);
    const narrow = await changes();
    assert.ok(narrow.items.length < LIMITS.changesPerResponse);
    assert.equal(narrow.truncated, false);
  });

  test('4.2 newest first by default (sort=recent is the default)', async () => {
    const rows = (await changes('showAll=true')).items;
    for (let i = 1; i < rows.length; i++) assert.ok(at(rows[i - 1]) >= at(rows[i]));
    assert.deepEqual((await changes('showAll=true&sort=recent')).items.map((c) => c.id), rows.map((c) => c.id));
  });

  test('4.2 sort=impact orders weakens, mixed, strengthens, neutral, unassessed, then newest', async () => {
    const rows = (await changes('showAll=true&sort=impact')).items;
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1];
      const b = rows[i];
      assert.ok(impactRank(a.direction) <= impactRank(b.direction), `${a.direction} before ${b.direction}`);
      if (a.direction === b.direction) assert.ok(at(a) >= at(b));
    }
    assert.deepEqual([...new Set(rows.map((c) => c.direction))], [...IMPACT_ORDER]);
  });

  for (const materiality of MATERIALITIES) {
    test(`4.2 materiality=${materiality}: only disclosure-field changes with this materiality`, async () => {
      const rows = (await changes(`materiality=${materiality}`)).items;
      assert.ok(rows.length > 0);
      assert.ok(rows.every((c) => c.category === 'disclosure_field' && c.materiality === materiality));
    });
  }

  for (const category of CHANGE_CATEGORIES) {
    test(`4.2 category=${category}: only rows of that category`, async () => {
      const rows = (await changes(`category=${category}&showAll=true`)).items;
      assert.ok(rows.length > 0);
      assert.ok(rows.every((c) => c.category === category));
    });
  }

  for (const [query, label] of [
    ['category=unknown_category', 'an unknown category'],
    ['materiality=major', 'an unknown materiality'],
    ['sort=oldest', 'an unknown sort'],
    ['newOnly=yes', 'newOnly not true/false'],
    ['showAll=1', 'showAll not true/false'],
    ['colour=red', 'an unknown parameter'],
    [`item=${'x'.repeat(8)}`, 'an item that is not a watchlist item id'],
    ['days=7&days=8', 'a repeated parameter'],
  ] as const) {
    test(`4.2 rule 1 / 7.1 400 invalid_parameter: ${label} (${query}); the feed never widens silently`, async () => {
      assertError(await ex.get(`/me/monitoring/changes?${query}`), 400, 'invalid_parameter');
    });
  }

  test('4.2 item=<ids>: restricts to those watchlist items (repeated or comma-separated)', async () => {
    const ids = [...new Set((await changes()).items.map((c) => c.watchlistItemId))].slice(0, 2);
    assert.equal(ids.length, 2);
    const one = (await changes(`item=${ids[0]}`)).items;
    assert.ok(one.length > 0 && one.every((c) => c.watchlistItemId === ids[0]));
    const both = (await changes(`item=${ids.join(',')}`)).items;
    assert.deepEqual(new Set(both.map((c) => c.watchlistItemId)), new Set(ids));
    assert.equal((await changes(`item=${ids[0]}&item=${ids[1]}`)).items.length, both.length);
    assert.equal((await changes(`item=${UNKNOWN_UUID}`)).items.length, 0);
  });

  test(`8 item filter: ${LIMITS.itemFilterMax} ids are accepted`, async () => {
    const ids = Array.from({ length: LIMITS.itemFilterMax }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    ok(await ex.get(`/me/monitoring/changes?item=${ids.join(',')}`));
  });

  test(`8 / 7.1 400 invalid_parameter: item list over ${LIMITS.itemFilterMax} ids`, async () => {
    const ids = Array.from({ length: LIMITS.itemFilterMax + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    assertError(await ex.get(`/me/monitoring/changes?item=${ids.join(',')}`), 400, 'invalid_parameter');
  });

  test('4.2 rule 3: low-signal rows appear only with showAll=true, and are never new', async () => {
    const plain = (await changes('days=30')).items;
    assert.ok(plain.every((c) => c.lowSignal === false));
    const all = (await changes('days=30&showAll=true')).items;
    const low = all.filter((c) => c.lowSignal);
    assert.ok(low.length > 0);
    assert.ok(low.every((c) => c.isNew === false));
    assert.equal((await changes('days=30&showAll=false')).items.length, plain.length);
    assert.equal(all.length, plain.length + low.length);
  });

  test('4.2 rule 3: a low-signal revision detected after the seen marker is still not new', async () => {
    const lowTemplate = CHANGE_TEMPLATES.findIndex((t) => t.lowSignal);
    const detected = ex.state().detectChange(readyItem(), { template: lowTemplate })!;
    const row = (await changes('showAll=true')).items.find((c) => c.id === detected.change.body.id);
    assert.equal(row.lowSignal, true);
    assert.equal(row.isNew, false);
    assert.ok(!(await changes('newOnly=true&showAll=true')).items.some((c) => c.id === row.id));
  });

  test('4.2 rule 2: unconfirmed rows are provisional: listed, never new', async () => {
    const detected = ex.state().detectChange(readyItem(), { confirmed: false })!;
    const rows = (await changes()).items;
    const row = rows.find((c) => c.id === detected.change.body.id);
    assert.equal(row.confirmed, false);
    assert.equal(row.isNew, false);
    assert.ok(rows.filter((c) => !c.confirmed).every((c) => c.isNew === false));
    assert.ok(!(await changes('newOnly=true')).items.some((c) => c.id === row.id));
  });

  test('4.2 newOnly=true: only confirmed changes detected after the seen marker (seenAt)', async () => {
    const all = await changes();
    const seenAt = Date.parse(all.seenAt);
    const expected = all.items.filter((c) => c.confirmed && !c.lowSignal && at(c) > seenAt).map((c) => c.id);
    assert.ok(expected.length > 0);
    assert.deepEqual(all.items.filter((c) => c.isNew).map((c) => c.id), expected);
    const fresh = await changes('newOnly=true');
    assert.deepEqual(fresh.items.map((c) => c.id), expected);
    assert.ok(fresh.items.every((c) => c.isNew));
  });

  test('4.2 newOnly=true advances the seen marker; a plain read does not', async () => {
    const first = await changes();
    assert.equal((await changes()).seenAt, first.seenAt);
    assert.ok((await changes('newOnly=true')).items.length > 0);
    ex.state().advance(MINUTE);
    const second = await changes('newOnly=true');
    assert.equal(second.seenAt, new Date(START).toISOString());
    assert.equal(second.items.length, 0);
    assert.ok((await changes()).items.every((c) => !c.isNew));
    ex.state().advance(1000);
    const detected = ex.state().detectChange(readyItem())!;
    const third = await changes('newOnly=true');
    assert.deepEqual(third.items.map((c) => c.id), [detected.change.body.id]);
  });

  test('6 polling: changes detected by the clock arrive as new rows', async () => {
    ex.state().advance(3 * MINUTE);
    const fresh = (await changes('newOnly=true')).items.filter((c) => at(c) > START);
    assert.ok(fresh.length >= 1);
  });

  test('4.2 rule 5: no cursor; the envelope is items, since, seenAt, truncated', async () => {
    assert.deepEqual(Object.keys(await changes()).sort(), ['items', 'seenAt', 'since', 'truncated']);
  });
});

describe('spec 2.6 / 4.2 / 6: GET /me/notifications', () => {
  test('2.6 / 6: { items, unread } with every notification kind of part 6', async () => {
    const body = await notifications();
    for (const n of body.items) {
      assertContract(notificationSchema, n);
      assert.match(n.id, /^[0-9a-f-]{36}$/);
      for (const k of ['title', 'body', 'href', 'assetName', 'headline', 'impact']) assert.equal(typeof n[k], 'string', k);
      assert.ok(!Number.isNaN(Date.parse(n.createdAt)));
    }
    assert.deepEqual(new Set(body.items.map((n) => n.kind)), new Set(NOTIFICATION_KINDS));
    assert.equal(body.unread, body.items.filter((n) => n.readAt === null).length);
    assert.ok(body.unread > 0 && body.unread < body.items.length, 'read and unread notifications are seeded');
    for (let i = 1; i < body.items.length; i++) assert.ok(Date.parse(body.items[i - 1].createdAt) >= Date.parse(body.items[i].createdAt));
  });

  test('2.6 readAt is set once read (by the service\'s own interface)', async () => {
    const before = await notifications('unread=true');
    const id = before.items[0].id;
    assert.equal(ex.state().markNotificationsRead([id]), 1);
    const after = await notifications();
    assert.equal(after.items.find((n) => n.id === id).readAt, new Date(START).toISOString());
    assert.equal(after.unread, before.unread - 1);
  });

  test('4.2 unread=true returns unread notifications only; unread=false all', async () => {
    const all = await notifications();
    const unread = await notifications('unread=true');
    assert.ok(unread.items.length > 0);
    assert.ok(unread.items.every((n) => n.readAt === null));
    assert.equal(unread.items.length, all.unread);
    assert.equal(unread.unread, all.unread);
    assert.equal((await notifications('unread=false')).items.length, all.items.length);
  });

  for (const query of ['unread=yes', 'unread=', 'page=2']) {
    test(`7.1 400 invalid_parameter: GET /me/notifications?${query}`, async () => {
      assertError(await ex.get(`/me/notifications?${query}`), 400, 'invalid_parameter');
    });
  }

  test('6: a confirmed change notifies with its headline, impact and changeHref', async () => {
    const detected = ex.state().detectChange(readyItem())!;
    const n = (await notifications('unread=true')).items.find((x) => x.id === detected.notification!.body.id);
    assert.equal(n.kind, 'disclosure_change');
    assert.equal(n.changeHref, detected.change.body.href);
    assert.equal(n.headline, detected.change.body.explanation!.headline);
    assert.equal(n.impact, detected.change.body.impact);
    assert.equal(n.assetName, detected.change.body.asset!.name);
  });

  test('4.2 rule 2 / 6 rule 1: unconfirmed changes never produce notifications', async () => {
    const before = await notifications();
    const detected = ex.state().detectChange(readyItem(), { confirmed: false })!;
    assert.equal(detected.notification, null);
    const after = await notifications();
    assert.equal(after.items.length, before.items.length);
    assert.ok(!after.items.some((n) => n.changeHref === detected.change.body.href));
  });

  test('4.2 rule 3 / 6 rule 1: low-signal revisions never produce notifications', async () => {
    const before = await notifications();
    const detected = ex.state().detectChange(readyItem(), { template: CHANGE_TEMPLATES.findIndex((t) => t.lowSignal) })!;
    assert.equal(detected.notification, null);
    assert.equal((await notifications()).items.length, before.items.length);
  });

  test('6 rule 1: no seeded notification points at an unconfirmed or low-signal row', async () => {
    const rows = (await changes('days=365&showAll=true')).items;
    const byHref = new Map(rows.map((c) => [c.href, c]));
    for (const n of (await notifications()).items.filter((x) => x.changeHref)) {
      const c = byHref.get(n.changeHref);
      if (c) assert.ok(c.confirmed && !c.lowSignal, n.changeHref);
    }
  });

  test('6: each change category notifies with its kind', async () => {
    const expected: Record<string, string> = {
      register_entry: 'register_change',
      party_edge: 'party_edge_change',
      disclosure_field: 'disclosure_change',
    };
    for (const [category, kind] of Object.entries(expected)) {
      const d = ex.state().detectChange(readyItem(), { template: category })!;
      assert.equal(d.notification!.body.kind, kind);
    }
  });
});
