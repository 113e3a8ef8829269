/**
 * The sandbox Explorer tokenomics feeds against spec 2.7, 4.2 (`GET /tokenomics/changes`,
 * `GET /assets/{id}/tokenomics/changes`), 6 (polling pattern), 7.1 (invalid_cursor,
 * invalid_page, invalid_parameter, not_found), 8 (page of 200) and the field notes. Real HTTP.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LIMITS, revisionKey, tokenomicsPageSchema, tokenomicsRevisionSchema } from '../../src/contract/index.js';
import { KEYS, UNKNOWN_UUID, assertContract, assertError, ok, useExplorer } from './helpers/sandbox-explorer.js';

const ex = useExplorer();

interface Page {
  items: Array<{ id: string; revision: number; assetId: string; [k: string]: unknown }>;
  nextCursor: string;
  hasMore: boolean;
  nextPage: string | null;
}

async function feed(query = '', path = '/tokenomics/changes'): Promise<Page> {
  const body = ok(await ex.get(`${path}${query ? `?${query}` : ''}`));
  assertContract(tokenomicsPageSchema, body);
  for (const r of body.items) assertContract(tokenomicsRevisionSchema, r);
  return body;
}

/** Follows `since` from a first read until `hasMore` is false (the polling pattern of part 6). */
async function pollAll(cursor: string, limit = LIMITS.tokenomicsPageMax, path?: string) {
  const items: Page['items'] = [];
  let page: Page;
  do {
    page = await feed(`since=${cursor}&limit=${limit}`, path);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (page.hasMore);
  return { items, cursor };
}

function assetPath(id: string) {
  return `/assets/${id}/tokenomics/changes`;
}

describe('spec 4.2: GET /tokenomics/changes', () => {
  test('4.2 GET /tokenomics/changes: { items, nextCursor, hasMore }; revisions carry id and revision', async () => {
    const page = await feed();
    assert.ok(page.items.length > 0);
    assert.equal(typeof page.hasMore, 'boolean');
    assert.equal(typeof page.nextCursor, 'string');
    for (const r of page.items) {
      assert.equal(typeof r.id, 'string');
      assert.ok(Number.isInteger(r.revision) && r.revision >= 1);
    }
  });

  test(`field notes: limit defaults to ${LIMITS.tokenomicsPageDefault}`, async () => {
    const page = await feed();
    assert.equal(page.items.length, LIMITS.tokenomicsPageDefault);
    assert.equal(page.hasMore, true);
  });

  test(`8: a page holds up to ${LIMITS.tokenomicsPageMax} items (the polling page size)`, async () => {
    const page = await feed(`limit=${LIMITS.tokenomicsPageMax}`);
    assert.equal(page.items.length, LIMITS.tokenomicsPageMax);
    assert.equal(page.hasMore, true, 'the seeded history is longer than one page');
  });

  test('field notes: limit=1 is the smallest page', async () => {
    assert.equal((await feed('limit=1')).items.length, 1);
  });

  for (const value of ['0', `${LIMITS.tokenomicsPageMax + 1}`, 'abc', '-5', '2.5']) {
    test(`field notes / 7.1 400 invalid_parameter: limit=${value} (limit is 1–${LIMITS.tokenomicsPageMax})`, async () => {
      assertError(await ex.get(`/tokenomics/changes?limit=${value}`), 400, 'invalid_parameter');
    });
  }

  test('7.1 400 invalid_parameter: an unknown parameter on the tokenomics feed', async () => {
    assertError(await ex.get('/tokenomics/changes?asset=x'), 400, 'invalid_parameter');
  });

  test('field notes: nextCursor values start tfc1_, page tokens start tfp1_', async () => {
    const page = await feed();
    assert.match(page.nextCursor, /^tfc1_/);
    assert.match(page.nextPage!, /^tfp1_/);
  });

  test('4.2 since=<cursor>: only revisions newer than the cursor', async () => {
    const first = await feed('limit=10');
    const next = await feed(`since=${first.nextCursor}&limit=10`);
    const all = await feed('limit=20');
    assert.deepEqual(
      next.items.map(revisionKey),
      all.items.slice(10).map(revisionKey),
    );
    const seen = new Set(first.items.map(revisionKey));
    assert.ok(next.items.every((r) => !seen.has(revisionKey(r))));
  });

  test('6 polling: following since until hasMore is false reads the whole feed once; then an empty page', async () => {
    const head = ex.state().tokenomics.head;
    const first = await feed(`limit=${LIMITS.tokenomicsPageMax}`);
    const rest = await pollAll(first.nextCursor);
    const keys = [...first.items, ...rest.items].map(revisionKey);
    assert.equal(keys.length, head);
    assert.equal(new Set(keys).size, head);
    const idle = await feed(`since=${rest.cursor}&limit=${LIMITS.tokenomicsPageMax}`);
    assert.deepEqual(idle.items, []);
    assert.equal(idle.hasMore, false);
    assert.equal(idle.nextCursor, rest.cursor);
  });

  test('4.2 hasMore with since: more new revisions than the page size → hasMore true, poll again at once', async () => {
    const head = await pollAll((await feed('limit=1')).nextCursor);
    for (let i = 0; i < 250; i++) ex.state().appendRevision();
    const page = await feed(`since=${head.cursor}&limit=${LIMITS.tokenomicsPageMax}`);
    assert.equal(page.items.length, LIMITS.tokenomicsPageMax);
    assert.equal(page.hasMore, true);
    const more = await feed(`since=${page.nextCursor}&limit=${LIMITS.tokenomicsPageMax}`);
    assert.equal(more.items.length, 50);
    assert.equal(more.hasMore, false);
  });

  test('state: appended revisions reach a poller holding a cursor', async () => {
    const { cursor } = await pollAll((await feed('limit=1')).nextCursor);
    const added = ex.state().appendRevision({ field: 'total_supply' });
    const page = await feed(`since=${cursor}`);
    assert.deepEqual(page.items.map(revisionKey), [revisionKey(added)]);
  });

  test('2.7 revisions repeat an id with a higher revision; (id, revision) pairs are unique', async () => {
    const first = await feed(`limit=${LIMITS.tokenomicsPageMax}`);
    const all = [...first.items, ...(await pollAll(first.nextCursor)).items];
    const keys = all.map(revisionKey);
    assert.equal(new Set(keys).size, keys.length);
    const byId = new Map<string, number[]>();
    for (const r of all) byId.set(r.id, [...(byId.get(r.id) ?? []), r.revision]);
    const repeated = [...byId.values()].filter((revs) => revs.length > 1);
    assert.ok(repeated.length > 0, 'the seeded feed holds corrections');
    for (const revs of repeated) for (let i = 1; i < revs.length; i++) assert.ok(revs[i]! > revs[i - 1]!);
  });

  test('2.7 a correction appended later repeats the id with revision + 1', async () => {
    const { cursor } = await pollAll((await feed('limit=1')).nextCursor);
    const original = (await feed('limit=1')).items[0]!;
    const latest = ex.state().tokenomics.all().filter((r) => r.id === original.id).at(-1)!;
    const correction = ex.state().appendRevision({ id: original.id });
    assert.equal(correction.id, original.id);
    assert.equal(correction.revision, latest.revision + 1);
    const page = await feed(`since=${cursor}`);
    assert.deepEqual(page.items.map((r) => [r.id, r.revision]), [[original.id, latest.revision + 1]]);
  });

  for (const [label, value] of [
    ['garbage', 'nonsense'],
    ['a made-up tfc1_ cursor', 'tfc1_5k_abcdef'],
    ['a page token in since', 'PAGE'],
    ['a cursor beyond the feed head', 'FUTURE'],
    ['a tampered cursor', 'TAMPERED'],
  ] as const) {
    test(`7.1 400 invalid_cursor: since is not a cursor the service issued (${label})`, async () => {
      let since: string = value;
      if (value === 'PAGE') since = (await feed()).nextPage!;
      if (value === 'FUTURE') since = ex.state().tokenomics.cursor(ex.state().tokenomics.head + 5);
      if (value === 'TAMPERED') since = (await feed()).nextCursor.replace(/^tfc1_[0-9a-z]+/, 'tfc1_1');
      assertError(await ex.get(`/tokenomics/changes?since=${encodeURIComponent(since)}`), 400, 'invalid_cursor');
    });
  }

  test('7.1 400 invalid_cursor: a cursor issued before a sandbox reset that shrank the feed', async () => {
    for (let i = 0; i < 3; i++) ex.state().appendRevision();
    const { cursor } = await pollAll((await feed('limit=1')).nextCursor);
    ex.sandbox().reset();
    assertError(await ex.get(`/tokenomics/changes?since=${cursor}`), 400, 'invalid_cursor');
  });

  test('7.1 400 invalid_parameter: since and page together', async () => {
    const page = await feed();
    assertError(await ex.get(`/tokenomics/changes?since=${page.nextCursor}&page=${page.nextPage}`), 400, 'invalid_parameter');
  });
});

describe('spec 4.2 / 7.1: page tokens for history backfill', () => {
  test('4.2 page: following nextPage walks the whole history once, oldest first, then hasMore false', async () => {
    const head = ex.state().tokenomics.head;
    const keys: string[] = [];
    let page = await feed('limit=100');
    keys.push(...page.items.map(revisionKey));
    while (page.hasMore) {
      assert.match(page.nextPage!, /^tfp1_/);
      page = await feed(`limit=100&page=${page.nextPage}`);
      keys.push(...page.items.map(revisionKey));
    }
    assert.equal(page.nextPage, null);
    assert.equal(keys.length, head);
    assert.equal(new Set(keys).size, head);
    const published = ex.state().tokenomics.all().map((r) => Date.parse(r.publishedAt));
    for (let i = 1; i < published.length; i++) assert.ok(published[i]! >= published[i - 1]!);
  });

  test('4.2 page: a backfill is a snapshot; revisions appended meanwhile come through since', async () => {
    const first = await feed(`limit=${LIMITS.tokenomicsPageMax}`);
    const added = ex.state().appendRevision();
    const second = await feed(`limit=${LIMITS.tokenomicsPageMax}&page=${first.nextPage}`);
    assert.equal(second.hasMore, false);
    assert.ok(!second.items.some((r) => revisionKey(r) === revisionKey(added)));
    const poll = await feed(`since=${second.nextCursor}`);
    assert.deepEqual(poll.items.map(revisionKey), [revisionKey(added)]);
  });

  test('7.1 400 invalid_page: a page token is bound to the filters it was issued with (other route)', async () => {
    const token = (await feed('limit=10')).nextPage!;
    const asset = ex.state().tokenomics.all()[0]!.assetId;
    assertError(await ex.get(`${assetPath(asset)}?limit=10&page=${token}`), 400, 'invalid_page');
  });

  test('7.1 400 invalid_page: a page token is bound to the filters it was issued with (other asset)', async () => {
    const revs = ex.state().tokenomics.all();
    const a = revs[0]!.assetId;
    const b = revs.find((r) => r.assetId !== a)!.assetId;
    const token = (await feed('limit=2', assetPath(a))).nextPage!;
    assert.ok(token);
    ok(await ex.get(`${assetPath(a)}?limit=2&page=${token}`));
    assertError(await ex.get(`${assetPath(b)}?limit=2&page=${token}`), 400, 'invalid_page');
  });

  test('7.1 400 invalid_page: a page token is bound to the key\'s asset scope', async () => {
    const token = (await feed('limit=10')).nextPage!;
    assertError(await ex.get(`/tokenomics/changes?limit=10&page=${token}`, KEYS.assetScoped), 400, 'invalid_page');
  });

  for (const [label, value] of [
    ['not a number or token', 'abc'],
    ['a cursor used as page', 'CURSOR'],
    ['a tampered token', 'TAMPERED'],
    ['page 0', '0'],
    ['a page number out of range', '999'],
  ] as const) {
    test(`7.1 400 invalid_page: page ${label}`, async () => {
      let page: string = value;
      if (value === 'CURSOR') page = (await feed()).nextCursor;
      if (value === 'TAMPERED') page = (await feed()).nextPage!.replace(/^tfp1_[0-9a-z]+/, 'tfp1_9');
      assertError(await ex.get(`/tokenomics/changes?page=${encodeURIComponent(page)}`), 400, 'invalid_page');
    });
  }

  test('7.1 invalid_page: page numbers within range are accepted (page=2 follows page 1)', async () => {
    const one = await feed('limit=10&page=1');
    const two = await feed('limit=10&page=2');
    const twenty = await feed('limit=20');
    assert.deepEqual([...one.items, ...two.items].map(revisionKey), twenty.items.map(revisionKey));
  });
});

describe('spec 4.2: GET /assets/{id}/tokenomics/changes', () => {
  test('4.2 GET /assets/{id}/tokenomics/changes: only that asset\'s revisions, same page shape', async () => {
    const asset = ex.state().tokenomics.all()[0]!.assetId;
    const page = await feed(`limit=${LIMITS.tokenomicsPageMax}`, assetPath(asset));
    assert.ok(page.items.length > 0);
    assert.ok(page.items.every((r) => r.assetId === asset));
    assert.equal(page.items.length, ex.state().tokenomics.all().filter((r) => r.assetId === asset).length);
  });

  test('4.2 per-asset feed: since returns only that asset\'s newer revisions', async () => {
    const revs = ex.state().tokenomics.all();
    const a = revs[0]!.assetId;
    const b = revs.find((r) => r.assetId !== a)!.assetId;
    const { cursor } = await pollAll((await feed('limit=1', assetPath(a))).nextCursor, 200, assetPath(a));
    ex.state().appendRevision({ assetId: b });
    const mine = ex.state().appendRevision({ assetId: a });
    const page = await feed(`since=${cursor}`, assetPath(a));
    assert.deepEqual(page.items.map(revisionKey), [revisionKey(mine)]);
  });

  test('4.2 per-asset feed: a registry asset with no revisions answers an empty page', async () => {
    const s = ex.state();
    const withRevs = new Set(s.tokenomics.all().map((r) => r.assetId));
    const quiet = s.registry.find((a) => !withRevs.has(a.summary.id))!.summary.id;
    const page = await feed('', assetPath(quiet));
    assert.deepEqual(page.items, []);
    assert.equal(page.hasMore, false);
  });

  test('7.1 404 not_found: per-asset route for an asset id not in the registry, or not a UUID', async () => {
    assertError(await ex.get(assetPath(UNKNOWN_UUID)), 404, 'not_found');
    assertError(await ex.get(assetPath('not-a-uuid')), 404, 'not_found');
  });

  test('4.2: the per-asset route is not switched off with the feed\'s feature flag', async () => {
    ex.state().tokenomicsFeedEnabled = false;
    ok(await ex.get(assetPath(ex.state().tokenomics.all()[0]!.assetId)));
  });

  test('7.1 400 invalid_cursor and invalid_page apply to the per-asset route too', async () => {
    const asset = ex.state().tokenomics.all()[0]!.assetId;
    assertError(await ex.get(`${assetPath(asset)}?since=bogus`), 400, 'invalid_cursor');
    assertError(await ex.get(`${assetPath(asset)}?page=bogus`), 400, 'invalid_page');
  });
});
