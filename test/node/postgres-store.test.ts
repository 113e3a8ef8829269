/**
 * `createPostgresStore` on a real PostgreSQL: tables made on first use, values, leases and
 * their fencing, exactly-once delivery of tokenomics revisions through `tx`, and the bound on
 * the seen pairs (`maxSeen`) as the store keeps it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { revisionKey } from '../../src/contract/index.js';
import { ExplorerClient } from '../../src/server/upstream/explorer-client.js';
import {
  pollTokenomics,
  readPollState,
  readTokenomicsState,
  runExclusive,
  runMonitoringSweeps,
  runNotificationPolls,
  sweepMonitoring,
} from '../../src/server/poll/index.js';
import { createServer } from 'node:net';
import pg from 'pg';
import { KyiConfigError } from '../../src/server/errors.js';
import { systemClock } from '../../src/server/clock.js';
import { createPostgresBudget, createPostgresStore, schemaSql, type PostgresStore } from '../../src/server/postgres/index.js';
import { LeaseLostError, StoreUnavailableError, MemoryStore, type LeasingPollStore, type StoreTransaction } from '../../src/server/store/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { usePostgres } from './helpers/postgres.js';
import { waitFor } from './helpers/wait.js';
// the poll loops' traffic with the sandbox is checked against openapi/service.json
import './helpers/openapi-check.js';

const db = usePostgres();
/** A revision's (id, revision) pair as text PostgreSQL can hold. */
const pair = (r: { id: string; revision: unknown }) => `${r.id}#${String(r.revision)}`;
const store = (prefix = db().prefix()) => createPostgresStore({ pool: db().pool, tablePrefix: prefix });

async function tables(prefix: string): Promise<string[]> {
  const { rows } = await db().pool.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE tablename LIKE $1 ORDER BY 1`,
    [`${prefix.replace(/_/g, '\\_')}%`],
  );
  return rows.map((r) => r.name.slice(prefix.length));
}

describe('createPostgresStore', () => {
  it('refuses bad options with a message naming what is wrong', () => {
    assert.throws(() => createPostgresStore({} as never), /connectionString \(a postgres:\/\/ URL\) or pool is required/);
    assert.throws(() => createPostgresStore({ pool: db().pool, tablePrefix: 'kyi; DROP TABLE x' }), /tablePrefix "kyi; DROP TABLE x" must match/);
    assert.throws(
      () => createPostgresStore({ pool: db().pool, connectionString: db().url } as never),
      /either connectionString or pool, not both/,
    );
  });

  it('refuses a connection string that is not a postgres:// URL at creation, without echoing it', () => {
    for (const connectionString of ['not a url', 'http://kyi:hunter2@db.example/kyi', 'postgres://']) {
      for (const create of [() => createPostgresStore({ connectionString }), () => createPostgresBudget({ connectionString, perMinute: 1 })]) {
        assert.throws(create, (error: Error) => {
          assert.ok(error instanceof KyiConfigError, String(error));
          assert.match(error.message, /connectionString must be a postgres:\/\/user:password@host:port\/database URL/);
          assert.doesNotMatch(error.message, /hunter2|not a url/);
          return true;
        });
      }
    }
  });

  it('a database out of reach is store_unavailable, naming the target without its password', async () => {
    // a port nobody listens on
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const url = `postgres://kyi:hunter2@127.0.0.1:${port}/kyi_db`;
    const down = db().track(createPostgresStore({ connectionString: url }));
    const budget = db().track(createPostgresBudget({ connectionString: url, perMinute: 1 }));
    for (const attempt of [() => down.get('k'), () => down.acquireLease('l', 'h', 1000), () => budget.heldFor(), () => budget.acquire()]) {
      await assert.rejects(attempt, (error: Error) => {
        assert.ok(error instanceof StoreUnavailableError, String(error));
        assert.equal((error as StoreUnavailableError).code, 'store_unavailable');
        assert.match(error.message, new RegExp(`PostgreSQL at postgres://kyi@127\\.0\\.0\\.1:${port}/kyi_db cannot be used right now \\(ECONNREFUSED\\)`));
        assert.doesNotMatch(error.message, /hunter2/);
        return true;
      });
    }
  });

  it("gives a partner's pool without an 'error' listener one, so a dropped idle connection does not crash the process", async () => {
    const pool = new pg.Pool({ connectionString: db().url });
    try {
      const given = createPostgresStore({ pool, tablePrefix: db().prefix() });
      assert.equal(pool.listenerCount('error'), 1);
      await given.get('k'); // one idle client in the pool now
      // the pool drops the client whose connection died (not events.once: it would listen for 'error' too)
      const removed = new Promise((resolve) => pool.once('remove', resolve));
      const { rows } = await db().pool.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND application_name = '' AND backend_type = 'client backend' AND state = 'idle' AND query LIKE '%poll_state%'`,
      );
      assert.ok(rows[0]!.n >= 1, 'the idle connection was dropped by the server');
      await removed;
      assert.equal(await given.get('k'), undefined, 'the next query opens a new connection');
      // a pool that has a listener of its own keeps just that one
      const own = new pg.Pool({ connectionString: db().url });
      own.on('error', () => undefined);
      createPostgresStore({ pool: own });
      assert.equal(own.listenerCount('error'), 1);
      await own.end();
    } finally {
      await pool.end();
    }
  });

  it('creates its tables on first use, idempotently, even when replicas start together', async () => {
    const prefix = db().prefix();
    assert.deepEqual(await tables(prefix), []);
    const a = store(prefix);
    const b = db().track(createPostgresStore({ connectionString: db().url, tablePrefix: prefix }));
    await Promise.all([a.get('x'), b.get('x'), a.ready(), b.set('k', 1)]);
    assert.deepEqual(await tables(prefix), ['budget', 'budget_grant', 'poll_lease', 'poll_state']);
    await db().pool.query(schemaSql(prefix)); // the SQL of the docs' Deploying page runs again without error
    assert.equal(await a.get('k'), 1);
  });

  it("the docs' Deploying page shows the SQL the store runs", async () => {
    const page = await readFile('docs/deploying.md', 'utf8');
    assert.ok(page.includes(`\`\`\`sql\n${schemaSql('kyi_').trim()}\n\`\`\``), 'docs/deploying.md "Replicas with PostgreSQL" SQL is current');
  });

  it('stores JSON values by key and refuses what JSON cannot hold', async () => {
    const s = store();
    assert.equal(await s.get('missing'), undefined);
    await s.set('state', { cursor: 'c1', seen: ['a:1'] });
    assert.deepEqual(await s.get('state'), { cursor: 'c1', seen: ['a:1'] });
    await s.set('state', { cursor: 'c2', seen: [] });
    assert.deepEqual(await s.get('state'), { cursor: 'c2', seen: [] });
    await assert.rejects(s.set('bad', undefined), /value for "bad" is not JSON-serialisable/);
    await s.delete('state');
    assert.equal(await s.get('state'), undefined);
  });

  it('hands a lease to one holder at a time; it passes on only once expired or released', async () => {
    const s = store();
    assert.equal(await s.acquireLease('poll', 'a', 60_000), true);
    assert.equal(await s.acquireLease('poll', 'b', 60_000), false, 'held by a');
    assert.equal(await s.acquireLease('poll', 'a', 60_000), true, 'a renews');
    assert.equal(await s.acquireLease('other', 'b', 60_000), true, 'leases are per name');
    assert.equal(await s.acquireLease('poll', 'a', 0), true, 'a renews with no time left: expired at once');
    assert.equal(await s.acquireLease('poll', 'b', 60_000), true, 'b takes the expired lease');
    await s.releaseLease('poll', 'a'); // not a's any more: no effect
    assert.equal(await s.acquireLease('poll', 'c', 60_000), false);
    await s.releaseLease('poll', 'b');
    assert.equal(await s.acquireLease('poll', 'c', 60_000), true);
  });

  // A holder killed inside a fenced transaction keeps the lease row locked until PostgreSQL ends
  // its session: a successor's takeover waits on that lock, and its lease starts when it takes
  // over, not when it began to wait (else it would read as taken before the old one expired, and
  // run out sooner than its TTL).
  it('dates a lease taken over after waiting on the old holder\'s transaction from the takeover', async () => {
    const s = store();
    assert.equal(await s.acquireLease('poll', 'a', 200), true);
    const holder = await s.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT holder FROM ${s.tablePrefix}poll_lease WHERE name = 'poll' FOR UPDATE`);
      const taking = s.acquireLease('poll', 'b', 60_000);
      // b waits on a's row lock (seen by PostgreSQL, not guessed by a sleep), past a's expiry
      await waitFor(
        async () =>
          (await s.pool.query(`SELECT 1 FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'`)).rowCount! > 0 &&
          (await s.pool.query(`SELECT 1 FROM ${s.tablePrefix}poll_lease WHERE name = 'poll' AND expires_at < clock_timestamp() - interval '100 milliseconds'`)).rowCount! > 0,
        { what: 'b waiting on the lease row past a\'s expiry', timeout: 10_000, every: 20 },
      );
      const { rows: before } = await s.pool.query<{ expires: Date }>(`SELECT expires_at AS expires FROM ${s.tablePrefix}poll_lease WHERE name = 'poll'`);
      await holder.query('ROLLBACK'); // a's session ends its transaction: the lock is released
      assert.equal(await taking, true, 'b took the expired lease');
      const { rows } = await s.pool.query<{ holder: string; acquired: Date; expires: Date; now: Date }>(
        `SELECT holder, acquired_at AS acquired, expires_at AS expires, clock_timestamp() AS now FROM ${s.tablePrefix}poll_lease WHERE name = 'poll'`,
      );
      assert.equal(rows[0]!.holder, 'b');
      assert.ok(rows[0]!.acquired.getTime() >= before[0]!.expires.getTime() + 100, 'taken over at the takeover, after a\'s lease expired');
      assert.ok(rows[0]!.expires.getTime() - rows[0]!.now.getTime() > 59_000, 'its full TTL from the takeover');
    } finally {
      holder.release();
    }
  });

  it('refuses writes and rolls back transactions of a holder that lost its lease', async () => {
    const s = store();
    await s.pool.query(`CREATE TABLE ${s.tablePrefix}consumer (v int)`);
    assert.equal(await s.acquireLease('poll', 'a', 0), true);
    const fenced = s.fenced('poll', 'a');
    await fenced.set('cursor', 'a1');
    assert.equal(await s.acquireLease('poll', 'b', 60_000), true, 'b took over');
    await assert.rejects(fenced.set('cursor', 'stale'), LeaseLostError);
    await assert.rejects(
      fenced.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${s.tablePrefix}consumer VALUES (1)`);
      }),
      (error: unknown) => error instanceof LeaseLostError && /another replica took over/.test(error.message),
    );
    assert.equal(await s.get('cursor'), 'a1');
    assert.equal((await s.pool.query(`SELECT * FROM ${s.tablePrefix}consumer`)).rowCount, 0);
  });

  it('runs a loop at once with a store that cannot lease', async () => {
    let ran = false;
    await runExclusive({ store: new MemoryStore(), name: 'x' }, async () => void (ran = true));
    assert.equal(ran, true);
  });

  it('stops a loop whose signal aborted while its lease was being taken, and gives the lease up', async () => {
    const s = store();
    const controller = new AbortController();
    const racing: LeasingPollStore = {
      get: (key) => s.get(key),
      set: (key, value) => s.set(key, value),
      delete: (key) => s.delete(key),
      transaction: (work) => s.transaction(work),
      fenced: (name, holder) => s.fenced(name, holder),
      releaseLease: (name, holder) => s.releaseLease(name, holder),
      acquireLease: async (name, holder, ttl) => {
        const taken = await s.acquireLease(name, holder, ttl);
        controller.abort(); // the stop arrives while the lease query is in flight
        return taken;
      },
    };
    let sawAborted: boolean | undefined;
    await runExclusive({ store: racing, name: 'race', signal: controller.signal, ttlMs: 60_000 }, async (_store, signal) => {
      sawAborted = signal.aborted;
    });
    assert.equal(sawAborted, true, 'the loop is told to stop at once');
    assert.equal(await s.acquireLease('race', 'someone-else', 60_000), true, 'the lease was released');
  });
});

describe('poll loops with the PostgreSQL store', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ port: 0, explorer: { rateLimit: { perMinute: 6000 } } });
  });
  after(async () => {
    await sandbox.close();
  });

  const client = () =>
    new ExplorerClient({ baseUrl: sandbox.info.explorerUrl, apiKey: sandbox.info.credentials.explorerKeys.full, budget: null });

  /** Polls until every revision of the feed is in the consumer table (or the poller fails). */
  async function pollUntilAll(s: PostgresStore, failOnBatch: number): Promise<void> {
    const consumer = `${s.tablePrefix}consumer`;
    const all = sandbox.state.explorer.tokenomics.all().length;
    const controller = new AbortController();
    let batches = 0;
    const run = pollTokenomics({
      client: client(),
      store: s,
      signal: controller.signal,
      limit: 7,
      idleDelayMs: 20,
      lease: { ttlMs: 5_000 },
      onRevisions: async (revisions, { tx, redelivery }) => {
        assert.ok(tx, 'a transactional store hands over its transaction');
        assert.equal(redelivery, false);
        for (const r of revisions) await tx.query(`INSERT INTO ${consumer} (pair) VALUES ($1)`, [pair(r)]);
        if (++batches === failOnBatch) throw new Error('consumer failed after writing');
      },
    });
    const delivered = async () => (await s.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${consumer}`)).rows[0]!.n;
    const watch = waitFor(async () => (await delivered()) >= all, { what: 'every revision in the consumer table', timeout: 30_000, every: 20, signal: controller.signal });
    try {
      await Promise.race([run, watch]);
    } finally {
      controller.abort();
    }
    await run;
  }

  it('commits what onRevisions wrote through tx together with the cursor: exactly once, across a failed batch', async () => {
    const s = store();
    const consumer = `${s.tablePrefix}consumer`;
    await s.pool.query(`CREATE TABLE ${consumer} (pair text NOT NULL)`);
    await assert.rejects(pollUntilAll(s, 3), /consumer failed after writing/);
    const afterFailure = await s.pool.query(`SELECT pair FROM ${consumer}`);
    assert.equal(afterFailure.rowCount, 14, 'the failed third batch left nothing behind');
    assert.equal((await readTokenomicsState(s)).seen.length, 14, 'nor did its seen pairs commit');

    await pollUntilAll(s, 0);
    const { rows } = await s.pool.query<{ pair: string; n: number }>(
      `SELECT pair, count(*)::int AS n FROM ${consumer} GROUP BY pair`,
    );
    const expected = sandbox.state.explorer.tokenomics.all().map(pair).sort();
    assert.deepEqual(rows.map((r) => r.pair).sort(), expected);
    assert.deepEqual(rows.filter((r) => r.n !== 1), [], 'no pair twice');
  });

  it('keeps only the newest maxSeen pairs in the store; a replayed page delivers again just the pairs that fell out', async () => {
    const MAX = 50;
    const s = store();
    const consumer = `${s.tablePrefix}consumer`;
    await s.pool.query(`CREATE TABLE ${consumer} (n serial PRIMARY KEY, pair text NOT NULL)`);
    const feed = sandbox.state.explorer.tokenomics;
    const all = feed.all();
    assert.ok(all.length > 2 * MAX, `the feed has more revisions (${all.length}) than maxSeen`);
    const keys = (revisions: readonly { id: string; revision: number }[]) => revisions.map(revisionKey);
    const stored = async () => {
      const { rows } = await s.pool.query<{ value: { seen: string[]; cursor: string } }>(
        `SELECT value FROM ${s.tablePrefix}poll_state WHERE key = 'tokenomics'`,
      );
      return rows[0]!.value;
    };
    const rows = async () => (await s.pool.query<{ pair: string }>(`SELECT pair FROM ${consumer} ORDER BY n`)).rows.map((r) => r.pair);

    /** Polls until the consumer table holds `total` rows and the poller has then found nothing new three times, stops it. */
    async function pollUntil(total: number): Promise<void> {
      const controller = new AbortController();
      const IDLE_MS = 20;
      let idlePolls = 0;
      const run = pollTokenomics({
        // the real clock, counting the waits after a poll that found nothing new
        clock: { now: Date.now, sleep: (ms, signal) => systemClock.sleep(ms, signal).then(() => void (ms === IDLE_MS && idlePolls++)) },
        client: client(),
        store: s,
        signal: controller.signal,
        limit: 30, // pages that do not line up with maxSeen
        maxSeen: MAX,
        idleDelayMs: IDLE_MS,
        lease: { ttlMs: 5_000 },
        onRevisions: async (revisions, { tx, redelivery }) => {
          assert.ok(tx);
          assert.equal(redelivery, false, 'with tx a batch is never a redelivery: it committed or left nothing');
          for (const r of revisions) await tx.query(`INSERT INTO ${consumer} (pair) VALUES ($1)`, [pair(r)]);
        },
      });
      const watch = (async () => {
        await waitFor(async () => (await rows()).length >= total, { what: `${total} rows in the consumer table`, timeout: 30_000, every: 20, signal: controller.signal });
        // three idle polls after that: nothing more may arrive
        const from = idlePolls;
        await waitFor(() => idlePolls >= from + 3, { what: 'three idle polls', signal: controller.signal });
      })();
      try {
        await Promise.race([run, watch]);
      } finally {
        controller.abort();
      }
      await run;
    }

    await pollUntil(all.length);
    assert.deepEqual(await rows(), all.map(pair), 'every revision once, in feed order');
    const state = await stored();
    assert.equal(state.seen.length, MAX, `the store keeps ${MAX} pairs, not ${all.length}`);
    assert.deepEqual(state.seen, keys(all.slice(-MAX)), 'the newest ones, oldest first');
    assert.equal(state.cursor, feed.cursor(feed.head));

    // A cursor from further back (a restored backup, a replayed cursor): the page re-reads
    // pairs still in the seen set — skipped — and 10 that fell out of it — delivered again,
    // the documented limit of the bound ("as far as maxSeen reaches").
    const from = all.length - MAX - 10;
    await s.set('tokenomics', { ...state, cursor: feed.cursor(from) });
    await pollUntil(all.length + 10);
    const again = (await rows()).slice(all.length);
    assert.deepEqual(again, all.slice(from, from + 10).map(pair), 'only the pairs older than the newest maxSeen came again');
    const replayed = await stored();
    assert.deepEqual(replayed.seen, [...keys(all.slice(-(MAX - 10))), ...keys(all.slice(from, from + 10))], 'still bounded: the redelivered pairs are the newest now');
    assert.equal(replayed.cursor, feed.cursor(feed.head));
  });

  it('hands monitoring sweeps the same transaction', async () => {
    const s = store();
    const consumer = `${s.tablePrefix}changes`;
    await s.pool.query(`CREATE TABLE ${consumer} (id text NOT NULL)`);
    const sweep = () =>
      sweepMonitoring({
        client: client(),
        store: s,
        days: 365,
        onChanges: async (changes, { tx }) => {
          for (const c of changes) await tx!.query(`INSERT INTO ${consumer} (id) VALUES ($1)`, [c.id]);
        },
      });
    const first = await sweep();
    assert.ok(first.fresh.length > 0);
    assert.equal((await sweep()).fresh.length, 0);
    const { rows } = await s.pool.query<{ id: string }>(`SELECT id FROM ${consumer}`);
    assert.deepEqual(rows.map((r) => r.id).sort(), first.fresh.map((c) => c.id).sort());
  });

  /** Row ids in `table`, sorted. */
  async function ids(s: PostgresStore, table: string): Promise<string[]> {
    const { rows } = await s.pool.query<{ id: string }>(`SELECT id FROM ${table} ORDER BY id`);
    return rows.map((r) => r.id);
  }

  type Loop = (s: PostgresStore, signal: AbortSignal, write: (items: { id: string }[], tx: StoreTransaction | undefined) => Promise<void>, held: string[]) => Promise<void>;

  /** Runs `loop` with a handler that writes through `tx` and then `ends` (throws, or stops the loop). */
  async function runOnce(loop: Loop, s: PostgresStore, table: string, ends: 'throw' | 'stop') {
    const controller = new AbortController();
    const handed: string[] = [];
    const held: string[] = [];
    const run = loop(s, controller.signal, async (items, tx) => {
      assert.ok(tx, 'the loop hands over the store transaction');
      for (const item of items) await tx.query(`INSERT INTO ${table} (id) VALUES ($1)`, [item.id]);
      handed.push(...items.map((i) => i.id));
      if (ends === 'throw') throw new Error('handler failed after writing');
      controller.abort();
    }, held);
    return { run, handed, held };
  }

  const loops: Record<string, { key: string; loop: Loop }> = {
    runMonitoringSweeps: {
      key: 'monitoring',
      loop: (s, signal, write, held) =>
        runMonitoringSweeps({
          client: client(),
          store: s,
          signal,
          days: 365,
          lease: { ttlMs: 5_000, onChange: (e) => held.push(`${e.lease}:${e.held}`) },
          onChanges: (changes, { tx }) => write(changes, tx),
        }),
    },
    runNotificationPolls: {
      key: 'notifications',
      loop: (s, signal, write, held) =>
        runNotificationPolls({
          client: client(),
          store: s,
          signal,
          unread: false,
          lease: { ttlMs: 5_000, onChange: (e) => held.push(`${e.lease}:${e.held}`) },
          onNotifications: (items, { tx }) => write(items, tx),
        }),
    },
  };

  for (const [name, { key, loop }] of Object.entries(loops)) {
    it(`${name} holds the lease and commits what its handler wrote through tx with its state, or neither`, async () => {
      const s = store();
      const table = `${s.tablePrefix}consumer`;
      await s.pool.query(`CREATE TABLE ${table} (id text NOT NULL)`);

      const failed = await runOnce(loop, s, table, 'throw');
      await assert.rejects(failed.run, /handler failed after writing/);
      assert.ok(failed.handed.length > 0, 'the handler received items');
      assert.deepEqual(await ids(s, table), [], 'the rows written before the throw rolled back');
      assert.deepEqual((await readPollState(s, key)).seen, [], 'and so did the seen ids');
      assert.deepEqual(failed.held, [`${key}:true`, `${key}:false`], 'the loop ran under its lease');

      const done = await runOnce(loop, s, table, 'stop');
      await done.run;
      const written = await ids(s, table);
      assert.deepEqual(written, [...done.handed].sort(), 'a resolved batch committed its rows');
      assert.deepEqual([...(await readPollState(s, key)).seen].sort(), written, 'together with its seen ids');
    });
  }
});
