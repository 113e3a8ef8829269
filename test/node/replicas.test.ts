/**
 * Replicas as separate Node processes on one real PostgreSQL:
 * - three replicas behind one Explorer key, a 61 s burst from many clients: the sandbox never
 *   sees more than the budget in any 60 s window, and never answers 429;
 * - three pollers over 500 revisions while the lease holder is SIGKILLed at random steps,
 *   the consumer writing through `tx`: every revision in its table exactly once; another
 *   replica takes over from the committed cursor once the dead holder's lease expired, within
 *   its TTL plus one retry (asserted with a slack of one more TTL: the machine is shared; how
 *   fast it really is is measured in `npm run bench -- replicas`).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createPostgresStore } from '../../src/server/postgres/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { maxInWindow } from './helpers/explorer-sandbox.js';
import { usePostgres } from './helpers/postgres.js';
import { waitFor } from './helpers/wait.js';

const db = usePostgres();

interface Replica {
  child: ChildProcess;
  /** Every stdout line so far. */
  lines: string[];
  /** Whether its last lease event said it holds the lease (poller replicas). */
  held: boolean;
  /** Resolves with the next line matching `test`. */
  next(test: (line: string) => boolean): Promise<string>;
  exited: Promise<unknown>;
}

const running = new Set<ChildProcess>();
after(() => {
  for (const child of running) child.kill('SIGKILL');
});

function startReplica(script: string, args: object): Replica {
  const child = spawn(process.execPath, ['--import', 'tsx', `test/node/replicas/${script}`, JSON.stringify(args)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  running.add(child);
  const exited = once(child, 'exit');
  void exited.then(() => running.delete(child));
  const lines: string[] = [];
  const replica = { held: false } as Replica;
  const waiters: Array<{ test: (line: string) => boolean; resolve: (line: string) => void }> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    if (line.includes('"event":"lease"')) replica.held = line.includes('"held":true');
    for (const w of waiters.splice(0)) (w.test(line) ? w.resolve(line) : waiters.push(w));
  });
  return Object.assign(replica, {
    child,
    lines,
    exited,
    next: (test: (line: string) => boolean) => new Promise<string>((resolve) => waiters.push({ test, resolve })),
  });
}

describe('replicas on one PostgreSQL', { concurrency: false }, () => {
  let sandbox: Sandbox;
  const PER_MINUTE = 30;
  before(async () => {
    sandbox = await startSandbox({ port: 0, explorer: { rateLimit: { perMinute: PER_MINUTE } } });
  });
  after(() => sandbox.close());

  it('three replicas behind one key stay inside its budget in every 60 s window: a 65 s burst, no 429', async () => {
    const args = {
      url: db().url,
      tablePrefix: db().prefix(),
      perMinute: PER_MINUTE,
      explorerUrl: sandbox.info.explorerUrl,
      apiKey: sandbox.info.credentials.explorerKeys.full,
      clients: 8,
      // past one window with room to spare: the first window's requests may be recorded a few
      // seconds after "go" on a loaded machine, and the window after them must still open in the burst
      durationMs: 65_000,
    };
    const replicas = [0, 1, 2].map(() => startReplica('budget-replica.ts', args));
    await Promise.all(replicas.map((r) => r.next((l) => l === 'ready')));
    sandbox.stats.reset();
    for (const r of replicas) r.child.stdin!.end('go\n');
    const results = await Promise.all(replicas.map((r) => r.next((l) => l.startsWith('{')).then((l) => JSON.parse(l))));
    await Promise.all(replicas.map((r) => r.exited));

    const seen = sandbox.stats.requests.filter((q) => q.route === 'explorer:notifications').map((q) => q.at);
    const sent = results.reduce((n, r) => n + r.sent, 0);
    const cutOff = results.reduce((n, r) => n + r.cutOff, 0);
    // every answered request was seen; a request the deadline aborted in flight may have been too
    assert.ok(seen.length >= sent && seen.length <= sent + cutOff, `seen ${seen.length}, sent ${sent}, cut off ${cutOff}`);
    assert.ok(sent > PER_MINUTE, `the burst outlasted one window (${sent} requests)`);
    assert.ok(maxInWindow(seen, 60_000) <= PER_MINUTE, `${maxInWindow(seen, 60_000)} requests in one 60 s window`);
    assert.deepEqual(
      results.map((r) => r.limited),
      [0, 0, 0],
      'no 429',
    );
    assert.deepEqual(
      results.map((r) => r.failed),
      [0, 0, 0],
    );
  });

  it('three pollers, the lease holder SIGKILLed at random steps: every revision exactly once, the lease lost within its TTL', async (t) => {
    const TTL = 2_000;
    const feed = sandbox.state.explorer;
    sandbox.state.explorer.rateLimiter.configure({ perMinute: 6000 });
    while (feed.tokenomics.all().length < 500) feed.appendRevision();
    const expected = feed.tokenomics.all().map((r) => `${r.id}#${String(r.revision)}`).sort();
    assert.equal(expected.length, 500);

    const tablePrefix = db().prefix();
    const consumer = `${tablePrefix}consumer`;
    await db().pool.query(`CREATE TABLE ${consumer} (id text NOT NULL, revision text NOT NULL, holder text NOT NULL)`);
    await createPostgresStore({ pool: db().pool, tablePrefix }).ready(); // the lease table, read below
    let seq = 0;
    const base = {
      url: db().url,
      tablePrefix,
      explorerUrl: sandbox.info.explorerUrl,
      apiKey: sandbox.info.credentials.explorerKeys.full,
      ttlMs: TTL,
    };
    const names = new Map<Replica, string>();
    const start = () => {
      const name = `p${++seq}`;
      const replica = startReplica('poller-replica.ts', { ...base, holder: name });
      names.set(replica, name);
      return replica;
    };
    const alive = new Set<Replica>([start(), start(), start()]);
    const count = async () =>
      (await db().pool.query<{ n: number }>(`SELECT count(DISTINCT (id, revision))::int AS n FROM ${consumer}`)).rows[0]!.n;

    const seed = Date.now() % 100_000;
    let random = seed;
    const nextRandom = (n: number) => ((random = (random * 48_271) % 2_147_483_647), random % n);
    const lease = async () =>
      (
        await db().pool.query<{ holder: string; acquired: number; expires: number }>(
          `SELECT holder, (extract(epoch FROM acquired_at) * 1000)::float8 AS acquired, (extract(epoch FROM expires_at) * 1000)::float8 AS expires
           FROM ${tablePrefix}poll_lease WHERE name = 'tokenomics'`,
        )
      ).rows[0];
    /** The live replica the lease table names as holder, once it says so itself, and that row. */
    const holding = () =>
      waitFor(
        async () => {
          const row = await lease();
          const replica = [...alive].find((r) => r.held && names.get(r) === row?.holder);
          return replica && { replica, row: row! };
        },
        { what: 'a live replica holding the lease', timeout: 30_000, every: 20 },
      );
    /** `promise`, or `'quiet'` after `ms`: a bound on waiting for a batch, not a sleep. */
    const within = async <T,>(promise: Promise<T>, ms: number): Promise<T | 'quiet'> => {
      let timer: NodeJS.Timeout | undefined;
      const quiet = new Promise<'quiet'>((resolve) => (timer = setTimeout(resolve, ms, 'quiet')));
      return Promise.race([promise, quiet]).finally(() => clearTimeout(timer));
    };
    const RETRY = TTL / 10; // poller-replica.ts: lease.retryMs
    const SLACK = TTL; // scheduling and query latency on a shared, noisy machine
    const takeovers: number[] = [];
    const skipped: string[] = [];
    for (let attempt = 0; attempt < 12 && takeovers.length < 4; attempt++) {
      if ((await count()) >= 500) break;
      const holder = (await holding()).replica;
      const deadName = names.get(holder)!;
      // Kill on the holder's k-th batch from now: written but not committed, or just after a commit.
      const steps = 1 + nextRandom(4);
      const lost = holder.next((l) => l.includes('"held":false')).then(() => 'lost' as const);
      let interrupted: 'lost' | 'quiet' | undefined;
      for (let s = 0; s < steps && !interrupted; s++) {
        // no batch for a while: the feed is drained (or the machine stalled); try again
        const event = await within(Promise.race([holder.next((l) => l.includes('"event":"batch"')), lost]), 5 * TTL);
        if (event === 'lost' || event === 'quiet') interrupted = event;
      }
      if (nextRandom(2) === 1) await new Promise((r) => setImmediate(r)); // sometimes a little later
      // Kill only a replica that holds the lease now: the lease row names it (its expiry bounds
      // any takeover from below) and it has not said it lost it.
      const before = await lease();
      if (interrupted || !holder.held || before?.holder !== deadName) {
        skipped.push(interrupted ?? 'not the holder any more');
        continue;
      }
      const killedAt = Date.now();
      holder.child.kill('SIGKILL');
      await holder.exited;
      alive.delete(holder);
      alive.add(start());
      const next = (await holding()).row;
      // Clock-free facts (the database and this process share the machine's clock).
      assert.notEqual(next.holder, deadName, 'another replica holds the lease');
      assert.ok(next.acquired >= before.expires, 'taken over only once the dead holder’s lease expired');
      const took = next.acquired - killedAt;
      assert.ok(
        took <= TTL + RETRY + SLACK,
        `taken over ${Math.round(took)} ms after the kill: more than the TTL ${TTL} ms + one retry ${RETRY} ms + slack ${SLACK} ms`,
      );
      takeovers.push(Math.round(took));
    }
    assert.ok(takeovers.length > 0, `no lease holder was killed and replaced (skipped: ${skipped.join(', ')})`);
    await waitFor(async () => (await count()) >= 500, { what: 'all 500 revisions in the consumer table', timeout: 120_000, every: 50 });
    for (const r of alive) r.child.kill('SIGTERM');
    await Promise.all([...alive].map((r) => r.exited));

    const { rows } = await db().pool.query<{ pair: string; n: number }>(
      `SELECT id || '#' || revision AS pair, count(*)::int AS n FROM ${consumer} GROUP BY 1`,
    );
    const where = `random seed ${seed}`;
    assert.deepEqual(rows.map((r) => r.pair).sort(), expected, `${where}: every revision arrived`);
    assert.deepEqual(rows.filter((r) => r.n !== 1), [], `${where}: none twice`);
    t.diagnostic(`${where}: takeovers after a kill (TTL ${TTL} ms): ${takeovers.map((ms) => `${ms} ms`).join(', ')}; attempts skipped: ${skipped.length}`);
  });
});
