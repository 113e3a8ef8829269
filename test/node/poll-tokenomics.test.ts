import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { revisionKey, type TokenomicsRevision } from '../../src/contract/index.js';
import {
  backfillTokenomics,
  pollTokenomics,
  readTokenomicsState,
  resetTokenomicsCursor,
  TokenomicsPollError,
  type PollTokenomicsOptions,
  type RevisionBatchInfo,
} from '../../src/server/poll/index.js';
import { FileStore } from '../../src/server/store/file.js';
import { MemoryStore, StoreCorruptError } from '../../src/server/store/index.js';
import { StoreUnavailableError } from '../../src/server/store/types.js';
import type { RateBudget } from '../../src/server/upstream/budget.js';
import { MemoryRateBudget } from '../../src/server/upstream/memory-budget.js';
import { drive, suiteSandbox, untilIdle, type VirtualSandbox } from './helpers/explorer-sandbox.js';

interface Batch {
  keys: string[];
  info: RevisionBatchInfo;
}

/** A consumer that records every batch it acknowledged. */
function sink() {
  const batches: Batch[] = [];
  return {
    batches,
    keys: () => batches.flatMap((b) => b.keys),
    onRevisions: (revisions: TokenomicsRevision[], info: RevisionBatchInfo) => {
      batches.push({ keys: revisions.map(revisionKey), info });
    },
  };
}

function tokenomicsPaths(v: VirtualSandbox): string[] {
  return v.sandbox.stats.requests.filter((r) => r.route === 'explorer:tokenomics').map((r) => r.path);
}

describe('pollTokenomics against the sandbox', () => {
  const v = suiteSandbox();

  /** Runs a poller until it has caught up and sleeps (the back-off), then stops it. */
  async function runUntilIdle(options: Omit<PollTokenomicsOptions, 'client' | 'signal'> & { client?: PollTokenomicsOptions['client'] }) {
    const controller = new AbortController();
    const run = pollTokenomics({ client: v.client(), clock: v.clock, signal: controller.signal, ...options });
    let failure: unknown;
    const stopped = run.catch((e: unknown) => (failure = e));
    await Promise.race([untilIdle(v), stopped]);
    controller.abort();
    await stopped;
    if (failure) throw failure;
  }

  const allPairs = () => v.sandbox.state.explorer.tokenomics.all().map(revisionKey);

  it('a shared budget that cannot be read (its database restarting) is waited out: polling goes on, every pair once', async () => {
    // the budget's database is down for its first reads, as in a PostgreSQL restart
    const inner = new MemoryRateBudget({ limit: 6000, clock: v.clock });
    let down = 3;
    const unavailable = () => new StoreUnavailableError('the database is restarting', 'postgres://kyi@db:5432/kyi');
    const budget: RateBudget = {
      acquire: (options) => (down-- > 0 ? Promise.reject(unavailable()) : inner.acquire(options)),
      hold: (ms) => inner.hold(ms),
      heldFor: () => (down-- > 0 ? Promise.reject(unavailable()) : inner.heldFor()),
    };
    const s = sink();
    const told: unknown[] = [];
    const controller = new AbortController();
    const run = pollTokenomics({
      client: v.client({ budget }),
      store: new MemoryStore(),
      clock: v.clock,
      signal: controller.signal,
      onRevisions: s.onRevisions,
      onError: (e) => told.push(e),
    });
    try {
      // a poller that gave up rejects, and the race with it fails the test
      await drive(v, Promise.race([untilIdle(v, () => s.keys().length === allPairs().length), run]));
    } finally {
      controller.abort();
      await run.catch(() => undefined);
    }
    assert.ok(down < 0, 'the budget was asked while down');
    assert.deepEqual(s.keys(), allPairs(), 'every revision once, in feed order');
    assert.ok(told.length >= 1, 'the wait was told to onError');
  });

  it('reads history, loops at once while hasMore, persists nextCursor and backs off on an empty page', async () => {
    const store = new MemoryStore();
    const s = sink();
    const controller = new AbortController();
    const run = pollTokenomics({ client: v.client(), store, clock: v.clock, signal: controller.signal, onRevisions: s.onRevisions });
    await untilIdle(v);

    const paths = tokenomicsPaths(v);
    assert.equal(paths.length, 3, paths.join('\n'));
    assert.ok(!paths[0]!.includes('since='), 'no cursor yet: no since');
    assert.ok(paths[1]!.includes('since=tfc1_') && paths[2]!.includes('since=tfc1_'), 'since sent once a cursor exists');
    assert.ok(paths.every((p) => p.includes('limit=200')));
    assert.deepEqual(s.keys(), allPairs(), 'every revision once, in feed order (corrections included)');
    assert.deepEqual(
      s.batches.map((b) => b.keys.length),
      [200, 60],
    );

    const state = await readTokenomicsState(store);
    assert.match(state.cursor ?? '', /^tfc1_/);
    assert.equal(state.pending.length, 0);
    assert.equal(state.seen.length, 260);

    // backing off: the poller sleeps 60 s; nothing is sent until the clock gets there
    assert.equal(v.clock.pending, 1);
    v.clock.advance(59_999);
    await new Promise((r) => setImmediate(r));
    assert.equal(tokenomicsPaths(v).length, 3);
    const fresh = v.sandbox.state.explorer.appendRevision();
    v.clock.advance(1);
    await untilIdle(v, () => tokenomicsPaths(v).length >= 5);
    assert.deepEqual(s.batches.at(-1)!.keys, [revisionKey(fresh)]);
    assert.ok(tokenomicsPaths(v)[3]!.includes(`since=${encodeURIComponent(state.cursor!)}`), 'the stored cursor is sent');
    controller.abort();
    await run;
  });

  it('suppresses (id, revision) pairs it delivered before, also after the cursor is lost', async () => {
    const store = new MemoryStore();
    const s = sink();
    await runUntilIdle({ store, onRevisions: s.onRevisions });
    assert.equal(s.keys().length, 260);
    // a correction repeats an id with a higher revision: a new pair, delivered
    const first = v.sandbox.state.explorer.tokenomics.all()[0]!;
    const correction = v.sandbox.state.explorer.appendRevision({ id: first.id });
    // forget the cursor: the feed is re-read from the start, and only the new pair comes
    await resetTokenomicsCursor(store);
    await runUntilIdle({ store, onRevisions: s.onRevisions });
    assert.deepEqual(s.batches.at(-1)!.keys, [revisionKey(correction)]);
    assert.equal(new Set(s.keys()).size, s.keys().length, 'no pair twice');
  });

  it('backfills history once through page tokens, resumably, without duplicating polled pairs', async () => {
    const store = new MemoryStore();
    const s = sink();
    await backfillTokenomics({ client: v.client(), store, onRevisions: s.onRevisions });
    const pages = tokenomicsPaths(v);
    assert.equal(pages.length, 2);
    assert.match(pages[1]!, /page=tfp1_/);
    assert.deepEqual(s.keys(), allPairs());
    assert.ok(s.batches.every((b) => b.info.source === 'backfill'));
    const state = await readTokenomicsState(store);
    assert.deepEqual(state.backfill, { page: null, done: true });
    assert.match(state.cursor ?? '', /^tfc1_/, 'polling continues where the history ended');

    // a second backfill is a no-op; polling starts from the cursor and finds nothing old
    v.sandbox.stats.reset();
    await runUntilIdle({ store, onRevisions: s.onRevisions, backfill: true });
    assert.equal(tokenomicsPaths(v).length, 1);
    assert.match(tokenomicsPaths(v)[0]!, /since=tfc1_/);
    assert.equal(s.keys().length, 260);
  });

  it('stops on invalid_cursor with an actionable error and leaves the state alone', async () => {
    const store = new MemoryStore();
    await store.set('tokenomics', { version: 1, cursor: 'tfc1_zz_forged', seen: ['x\u00001'], pending: [], backfill: null });
    const s = sink();
    await assert.rejects(
      pollTokenomics({ client: v.client(), store, clock: v.clock, onRevisions: s.onRevisions }),
      (e: unknown) => {
        assert.ok(e instanceof TokenomicsPollError);
        assert.equal(e.code, 'invalid_cursor');
        assert.match(e.message, /resetTokenomicsCursor\(store\)/);
        assert.match(e.message, /backfill: true/);
        return true;
      },
    );
    assert.equal(s.batches.length, 0);
    const state = await readTokenomicsState(store);
    assert.equal(state.cursor, 'tfc1_zz_forged');
    assert.deepEqual(state.seen, ['x\u00001']);
  });

  it('stops with a clear error when the feed is switched off or the key lacks the scope', async () => {
    v.sandbox.state.explorer.tokenomicsFeedEnabled = false;
    await assert.rejects(
      pollTokenomics({ client: v.client(), store: new MemoryStore(), clock: v.clock, onRevisions: () => {} }),
      (e: unknown) => e instanceof TokenomicsPollError && e.code === 'not_found' && /switched off/.test(e.message),
    );
    v.sandbox.state.explorer.tokenomicsFeedEnabled = true;
    const client = v.client({ apiKey: v.sandbox.info.credentials.explorerKeys.monitoringRead });
    await assert.rejects(
      pollTokenomics({ client, store: new MemoryStore(), clock: v.clock, onRevisions: () => {} }),
      (e: unknown) => e instanceof TokenomicsPollError && e.code === 'api_key_scope_missing',
    );
  });

  it('rides out transient failures (5xx, 429) and reports them', async () => {
    v.sandbox.faults.set('explorer:tokenomics', { kind: 'status', status: 500 }, { times: 4 });
    const errors: string[] = [];
    const s = sink();
    const controller = new AbortController();
    const run = pollTokenomics({
      client: v.client(),
      store: new MemoryStore(),
      clock: v.clock,
      signal: controller.signal,
      onRevisions: s.onRevisions,
      onError: (e) => errors.push(e.code),
    });
    await drive(v, untilIdle(v, () => s.keys().length === 260));
    v.sandbox.faults.set('explorer:tokenomics', { kind: 'rate-limit', retryAfterSeconds: 3600 }, { times: 1 });
    v.sandbox.state.explorer.appendRevision();
    await drive(v, untilIdle(v, () => s.keys().length === 261));
    controller.abort();
    await run;
    assert.deepEqual(errors, ['internal_error', 'too_many_requests']);
    assert.deepEqual(s.keys(), allPairs());
  });

  it('rejects with the store error when the state cannot be read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kyi-poll-'));
    try {
      const path = join(dir, 'state.json');
      await writeFile(path, '{"format":"kyi-poll-store","version":1,"sha2');
      await assert.rejects(
        pollTokenomics({ client: v.client(), store: new FileStore(path), clock: v.clock, onRevisions: () => {} }),
        StoreCorruptError,
      );
      assert.equal(v.sandbox.stats.count('explorer:tokenomics'), 0, 'no read without state');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
