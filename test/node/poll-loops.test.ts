/**
 * The long-running loops (tokenomics, monitoring sweeps, notifications) on their one shared
 * loop and delivery path, against the sandbox on a virtual clock: service-side conditions are
 * waited out with bounded exponential backoff, truncated windows are narrowed, the backfill
 * pages by number, and `invalid_cursor` has a recovery option.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { revisionKey } from '../../src/contract/index.js';
import {
  backfillTokenomics,
  backoffDelay,
  pollTokenomics,
  readTokenomicsState,
  runMonitoringSweeps,
  runNotificationPolls,
  sweepMonitoring,
  type PollTokenomicsOptions,
} from '../../src/server/poll/index.js';
import { MemoryStore } from '../../src/server/store/index.js';
import { ExplorerApiError } from '../../src/server/upstream/explorer-client.js';
import type { Clock } from '../../src/server/clock.js';
import { drive, suiteSandbox, untilIdle } from './helpers/explorer-sandbox.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('poll loops against the sandbox', () => {
  const v = suiteSandbox();

  const explorer = () => v.sandbox.state.explorer;
  const readyItem = () => explorer().watchlist.list().find((e) => e.state === 'ready' && e.monitoringEnabled)!;
  /** The virtual clock, recording every wait asked of it. */
  function recordingClock(): Clock & { sleeps: number[] } {
    const sleeps: number[] = [];
    return { sleeps, now: () => v.clock.now(), sleep: (ms, signal) => (sleeps.push(ms), v.clock.sleep(ms, signal)) };
  }
  /** Runs `start` until `done()` holds and the loop went idle, then stops it; returns what it rejected with, if anything. */
  async function runUntil(start: (signal: AbortSignal) => Promise<void>, done: () => boolean): Promise<unknown> {
    const controller = new AbortController();
    let failure: unknown;
    const stopped = start(controller.signal).catch((e: unknown) => (failure = e));
    await drive(v, Promise.race([untilIdle(v, done), stopped]));
    controller.abort();
    await stopped;
    return failure;
  }

  it('backoff doubles from one second, is capped, and honours a longer Retry-After', () => {
    const error = new ExplorerApiError({ code: 'internal_error', status: 500, message: 'x', route: 'GET /x' });
    assert.deepEqual([0, 1, 2, 3, 9, 60].map((n) => backoffDelay(n, error)), [1000, 2000, 4000, 8000, 300_000, 300_000]);
    const limited = new ExplorerApiError({ code: 'too_many_requests', status: 429, message: 'x', route: 'GET /x', retryAfter: 900 });
    assert.equal(backoffDelay(0, limited), 900_000);
  });

  it('monitoring sweeps ride out a closed site gate and a 5xx window, then deliver', async () => {
    const clock = recordingClock();
    const errors: string[] = [];
    const delivered: string[] = [];
    explorer().siteGateOpen = false;
    let detected = '';
    const onError = (code: string) => {
      errors.push(code);
      if (errors.length === 6) explorer().siteGateOpen = true; // the next sweep succeeds …
      if (errors.length === 9) detected = explorer().detectChange(readyItem().id)!.change.body.id;
    };
    const failure = await runUntil(
      (signal) =>
        runMonitoringSweeps({
          client: v.client({ retries: 0 }),
          store: new MemoryStore(),
          clock: {
            now: clock.now,
            sleep: (ms, s) => {
              // … and after it, a window of 5xx answers
              if (ms === HOUR && clock.sleeps.filter((w) => w === HOUR).length === 0)
                v.sandbox.faults.set('explorer:changes', { kind: 'status', status: 500 }, { times: 3 });
              return clock.sleep(ms, s);
            },
          },
          signal,
          maxBackoffMs: 8000,
          onError: (e) => onError(e.code),
          onChanges: (changes) => void delivered.push(...changes.map((c) => c.id)),
        }),
      () => detected !== '' && delivered.includes(detected),
    );
    assert.equal(failure, undefined);
    assert.deepEqual(errors, [...Array(6).fill('site_gate_required'), ...Array(3).fill('internal_error')]);
    assert.deepEqual(clock.sleeps.slice(0, 10), [1000, 2000, 4000, 8000, 8000, 8000, HOUR, 1000, 2000, 4000], 'capped; reset after a success');
    assert.equal(new Set(delivered).size, delivered.length, 'each change once');
  });

  it('notification polls ride out 5xx and a closed gate, and deliver each notification once', async () => {
    const errors: string[] = [];
    const delivered: string[] = [];
    v.sandbox.faults.set('explorer:notifications', { kind: 'status', status: 502 }, { times: 2 });
    let added = '';
    const failure = await runUntil(
      (signal) =>
        runNotificationPolls({
          client: v.client({ retries: 0 }),
          store: new MemoryStore(),
          clock: v.clock,
          signal,
          onError: (e) => {
            errors.push(e.code);
            if (errors.length === 2) explorer().siteGateOpen = false;
            if (errors.length === 4) explorer().siteGateOpen = true;
          },
          onNotifications: (items) => {
            delivered.push(...items.map((n) => n.id));
            if (!added) added = explorer().detectChange(readyItem().id)!.notification!.body.id;
          },
        }),
      () => added !== '' && delivered.includes(added),
    );
    assert.equal(failure, undefined);
    assert.deepEqual(errors, ['internal_error', 'internal_error', 'site_gate_required', 'site_gate_required']);
    assert.equal(new Set(delivered).size, delivered.length);
  });

  /** Runs `pollTokenomics` until `count` pairs arrived; `onError(codes)` sees the codes so far. */
  async function runTokenomics(options: Partial<PollTokenomicsOptions>, count: number, onError: (codes: string[]) => void = () => {}) {
    const errors: string[] = [];
    const keys: string[] = [];
    const failure = await runUntil(
      (signal) =>
        pollTokenomics({
          client: v.client(),
          store: new MemoryStore(),
          clock: v.clock,
          signal,
          onError: (e) => (errors.push(e.code), onError(errors)),
          onRevisions: (revisions) => void keys.push(...revisions.map(revisionKey)),
          ...options,
        }),
      () => keys.length === count,
    );
    return { errors, keys, failure };
  }

  it('the tokenomics poller rides out a closed site gate instead of stopping', async () => {
    explorer().siteGateOpen = false;
    const run = await runTokenomics({}, 260, (codes) => {
      if (codes.length === 3) explorer().siteGateOpen = true;
    });
    assert.equal(run.failure, undefined);
    assert.deepEqual(run.errors, ['site_gate_required', 'site_gate_required', 'site_gate_required']);
    assert.deepEqual(run.keys, explorer().tokenomics.all().map(revisionKey));
  });

  it('the tokenomics poller backs off through network failures (fetch throws) and resumes by itself', async () => {
    const clock = recordingClock();
    let failing = 3;
    const fetching: typeof fetch = (input, init) => (failing-- > 0 ? Promise.reject(new TypeError('fetch failed')) : v.fetch(input, init));
    const run = await runTokenomics({ client: v.client({ retries: 0, fetch: fetching }), clock }, explorer().tokenomics.all().length);
    assert.equal(run.failure, undefined);
    assert.deepEqual(run.errors, Array(3).fill('upstream_unavailable'));
    assert.deepEqual(clock.sleeps.slice(0, 3), [1000, 2000, 4000], 'the same bounded backoff as for 5xx');
    assert.deepEqual(run.keys, explorer().tokenomics.all().map(revisionKey), 'everything, once, after the outage');
  });

  it('notification polls back off while the service is unreachable (connection refused) and resume by themselves', async () => {
    // A port nothing listens on: the real fetch fails to connect.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const live = v.sandbox.info.explorerUrl;
    let unreachable = true;
    const routed: typeof fetch = (input, init) =>
      v.fetch(unreachable ? String(input instanceof Request ? input.url : input).replace(live, dead) : input, init);
    const clock = recordingClock();
    const errors: string[] = [];
    const delivered: string[] = [];
    let added = '';
    const failure = await runUntil(
      (signal) =>
        runNotificationPolls({
          client: v.client({ retries: 0, fetch: routed }),
          store: new MemoryStore(),
          clock,
          signal,
          maxBackoffMs: 4000,
          onError: (e) => {
            errors.push(e.code);
            if (errors.length === 5) unreachable = false;
          },
          onNotifications: (items) => {
            delivered.push(...items.map((n) => n.id));
            if (!added) added = explorer().detectChange(readyItem().id)!.notification!.body.id;
          },
        }),
      () => added !== '' && delivered.includes(added),
    );
    assert.equal(failure, undefined);
    assert.deepEqual(errors, Array(5).fill('upstream_unavailable'));
    assert.deepEqual(clock.sleeps.slice(0, 6), [1000, 2000, 4000, 4000, 4000, 60_000], 'capped, then the normal interval');
    assert.equal(new Set(delivered).size, delivered.length, 'each notification once');
  });

  it("recovers from invalid_cursor with { onInvalidCursor: 'reset' }, delivering nothing twice", async () => {
    const store = new MemoryStore();
    const all = explorer().tokenomics.all().map(revisionKey);
    await store.set('tokenomics', { version: 1, cursor: 'tfc1_zz_forged', seen: all.slice(0, 10), pending: [], backfill: null });
    const run = await runTokenomics({ store, onInvalidCursor: 'reset' }, 250);
    assert.equal(run.failure, undefined);
    assert.deepEqual(run.errors, ['invalid_cursor']);
    assert.deepEqual(run.keys, all.slice(10));
    assert.match((await readTokenomicsState(store)).cursor ?? '', /^tfc1_/);
  });

  for (const hasMore of [true, false]) {
    it(`backfills by page number ${hasMore ? 'with' : 'without'} hasMore when the body carries no page token`, async () => {
      explorer().tokenomicsPageTokens = false;
      explorer().tokenomicsHasMore = hasMore;
      const store = new MemoryStore();
      const keys: string[] = [];
      await backfillTokenomics({ client: v.client(), store, limit: 100, onRevisions: (r) => void keys.push(...r.map(revisionKey)) });
      const pages = v.sandbox.stats.requests.filter((r) => r.route === 'explorer:tokenomics').map((r) => new URL(r.path, 'http://x').searchParams.get('page'));
      assert.deepEqual(pages, ['1', '2', '3']);
      assert.deepEqual(keys, explorer().tokenomics.all().map(revisionKey));
      const state = await readTokenomicsState(store);
      assert.deepEqual(state.backfill, { page: null, done: true });
      assert.match(state.cursor ?? '', /^tfc1_/);
    });
  }

  it('follows a page token when the body carries one', async () => {
    await backfillTokenomics({ client: v.client(), store: new MemoryStore(), limit: 100, onRevisions: () => {} });
    const pages = v.sandbox.stats.requests.filter((r) => r.route === 'explorer:tokenomics').map((r) => new URL(r.path, 'http://x').searchParams.get('page'));
    assert.equal(pages[0], '1');
    assert.ok(pages.slice(1).every((p) => p?.startsWith('tfp1_')), pages.join());
  });

  it('narrows a truncated window (item groups, then halves) until every row arrived', async () => {
    const days = 365;
    const now = explorer().now();
    const visible = new Set(explorer().watchlist.list().map((e) => e.id));
    const expected = explorer().changes.records.filter((r) => r.at > now - days * DAY && visible.has(r.itemId)).map((r) => r.body.id);
    assert.ok(expected.length > 200, 'the seeded year holds more than one response');
    const sweep = await sweepMonitoring({ client: v.client(), days, showAll: true });
    assert.equal(sweep.envelope.truncated, true);
    assert.ok(sweep.narrowReads > 0);
    assert.deepEqual(new Set(sweep.items.map((c) => c.id)), new Set(expected));
    assert.deepEqual([sweep.truncated, sweep.completeDays], [false, days]);
    const reads = v.sandbox.stats.requests.filter((r) => r.route === 'explorer:changes').slice(1);
    assert.ok(reads.every((r) => /item=/.test(r.path)), 'narrowed by item');
  });

  it('narrows with newOnly without moving the seen marker, keeping the rows the service marks new', async () => {
    const item = readyItem().id;
    for (let i = 0; i < 210; i++) explorer().detectChange(item);
    const marker = explorer().seenAt;
    const sweep = await sweepMonitoring({ client: v.client(), newOnly: true, days: 3 });
    assert.equal(sweep.envelope.truncated, true);
    assert.equal(explorer().seenAt, marker, 'a truncated read never moves it, nor do the narrower reads');
    assert.ok(v.sandbox.stats.requests.filter((r) => r.route === 'explorer:changes').slice(1).every((r) => /newOnly=false/.test(r.path)));
    assert.ok(sweep.items.every((c) => c.isNew === true));
    // one item with more than 200 rows in a day cannot be read whole: said, not hidden
    assert.deepEqual([sweep.truncated, sweep.completeDays], [true, 0]);
    assert.equal(sweep.items.filter((c) => c.watchlistItemId === item).length, 200);
  });

  it('narrowing a newOnly sweep loses no row when the seen marker moved after the truncated read', async () => {
    const items = explorer().watchlist.list().filter((e) => e.state === 'ready' && e.monitoringEnabled).slice(0, 2).map((e) => e.id);
    assert.equal(items.length, 2);
    const detected = items.flatMap((item) => Array.from({ length: 110 }, () => explorer().detectChange(item)!.change.body.id));
    const marker = explorer().seenAt;
    const now = explorer().now();
    const visible = new Set(explorer().watchlist.list().map((e) => e.id));
    const expected = explorer()
      .changes.records.filter((r) => r.at > marker && r.at > now - 3 * DAY && visible.has(r.itemId) && r.body.confirmed && !r.body.lowSignal)
      .map((r) => r.body.id);
    // A service that moves the marker on the truncated read too (the sandbox does not): every
    // narrower read then marks each row as not new; the first response still said where it was.
    let reads = 0;
    const moving: typeof fetch = async (input, init) => {
      const response = await v.fetch(input, init);
      if (String(input instanceof Request ? input.url : input).includes('/me/monitoring/changes') && reads++ === 0) explorer().seenAt = explorer().now();
      return response;
    };
    const sweep = await sweepMonitoring({ client: v.client({ fetch: moving }), newOnly: true, days: 3 });
    assert.equal(sweep.envelope.truncated, true);
    assert.ok(sweep.narrowReads > 0);
    assert.ok(sweep.items.length > sweep.envelope.items.length);
    assert.deepEqual(new Set(sweep.items.map((c) => c.id)), new Set(expected));
    assert.ok(detected.every((id) => sweep.fresh.some((c) => c.id === id)), 'every new change is fresh');
    assert.equal(sweep.truncated, false);
  });

  it('narrows one busy item by days and says how far back the window is whole', async () => {
    const item = readyItem().id;
    for (let i = 0; i < 120; i++) explorer().detectChange(item);
    explorer().advance(36 * HOUR);
    for (let i = 0; i < 120; i++) explorer().detectChange(item);
    const sweep = await sweepMonitoring({ client: v.client(), days: 4, item: [item] });
    assert.deepEqual([sweep.envelope.truncated, sweep.truncated, sweep.completeDays], [true, true, 1]);
    const paths = v.sandbox.stats.requests.filter((r) => r.route === 'explorer:changes').map((r) => new URL(r.path, 'http://x').searchParams.get('days'));
    assert.deepEqual(paths, ['4', '4', '2', '1']);
  });
});
