/**
 * Replicas as separate Node processes on one real PostgreSQL:
 * - three replicas behind one Explorer key, a 61 s burst from many clients: the sandbox never
 *   sees more than the budget in any 60 s window, and never answers 429;
 * - three pollers over 500 revisions while the lease holder is SIGKILLed at random steps,
 *   the consumer writing through `tx`: every revision in its table exactly once, and the
 *   lease taken over within its TTL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { maxInWindow } from './helpers/explorer-sandbox.js';
import { usePostgres } from './helpers/postgres.js';

const db = usePostgres();

interface Replica {
  child: ChildProcess;
  /** Every stdout line so far. */
  lines: string[];
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
  const waiters: Array<{ test: (line: string) => boolean; resolve: (line: string) => void }> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const w of waiters.splice(0)) (w.test(line) ? w.resolve(line) : waiters.push(w));
  });
  return {
    child,
    lines,
    exited,
    next: (test) => new Promise((resolve) => waiters.push({ test, resolve })),
  };
}

describe('replicas on one PostgreSQL', { concurrency: false }, () => {
  let sandbox: Sandbox;
  const PER_MINUTE = 30;
  before(async () => {
    sandbox = await startSandbox({ port: 0, explorer: { rateLimit: { perMinute: PER_MINUTE } } });
  });
  after(() => sandbox.close());

  it('three replicas behind one key stay inside its budget in every 60 s window: a 61 s burst, no 429', async () => {
    const args = {
      url: db().url,
      tablePrefix: db().prefix(),
      perMinute: PER_MINUTE,
      explorerUrl: sandbox.info.explorerUrl,
      apiKey: sandbox.info.credentials.explorerKeys.full,
      clients: 8,
      durationMs: 61_000,
    };
    const replicas = [0, 1, 2].map(() => startReplica('budget-replica.ts', args));
    await Promise.all(replicas.map((r) => r.next((l) => l === 'ready')));
    sandbox.stats.reset();
    for (const r of replicas) r.child.stdin!.end('go\n');
    const results = await Promise.all(replicas.map((r) => r.next((l) => l.startsWith('{')).then((l) => JSON.parse(l))));
    await Promise.all(replicas.map((r) => r.exited));

    const seen = sandbox.stats.requests.filter((q) => q.route === 'explorer:notifications').map((q) => q.at);
    const sent = results.reduce((n, r) => n + r.sent, 0);
    assert.equal(seen.length, sent);
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

  it('three pollers, the lease holder SIGKILLed at random steps: every revision exactly once, takeover within the TTL', async () => {
    const TTL = 2_000;
    const feed = sandbox.state.explorer;
    sandbox.state.explorer.rateLimiter.configure({ perMinute: 6000 });
    while (feed.tokenomics.all().length < 500) feed.appendRevision();
    const expected = feed.tokenomics.all().map((r) => `${r.id}#${String(r.revision)}`).sort();
    assert.equal(expected.length, 500);

    const tablePrefix = db().prefix();
    const consumer = `${tablePrefix}consumer`;
    await db().pool.query(`CREATE TABLE ${consumer} (id text NOT NULL, revision text NOT NULL, holder text NOT NULL)`);
    let seq = 0;
    const base = {
      url: db().url,
      tablePrefix,
      explorerUrl: sandbox.info.explorerUrl,
      apiKey: sandbox.info.credentials.explorerKeys.full,
      ttlMs: TTL,
    };
    const start = () => startReplica('poller-replica.ts', { ...base, holder: `p${++seq}` });
    const alive = new Set<Replica>([start(), start(), start()]);
    const holding = () =>
      Promise.race([...alive].map((r) => r.next((l) => l.includes('"event":"lease"') && l.includes('"held":true')).then(() => r)));
    const count = async () =>
      (await db().pool.query<{ n: number }>(`SELECT count(DISTINCT (id, revision))::int AS n FROM ${consumer}`)).rows[0]!.n;

    const seed = Date.now() % 100_000;
    let random = seed;
    const nextRandom = (n: number) => ((random = (random * 48_271) % 2_147_483_647), random % n);
    const takeovers: number[] = [];
    let holder = await holding();
    for (let kill = 0; kill < 4; kill++) {
      // Kill on the holder's k-th event after now: a batch written but not committed, or just after a commit.
      const steps = 1 + nextRandom(4);
      for (let s = 0; s < steps; s++) await holder.next((l) => l.includes('"event":"batch"'));
      if (nextRandom(2) === 1) await new Promise((r) => setImmediate(r)); // sometimes a little later
      const killedAt = Date.now();
      holder.child.kill('SIGKILL');
      await holder.exited;
      alive.delete(holder);
      alive.add(start());
      holder = await holding();
      takeovers.push(Date.now() - killedAt);
      if ((await count()) >= 500) break;
    }
    for (;;) {
      if ((await count()) >= 500) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const r of alive) r.child.kill('SIGTERM');
    await Promise.all([...alive].map((r) => r.exited));

    const { rows } = await db().pool.query<{ pair: string; n: number }>(
      `SELECT id || '#' || revision AS pair, count(*)::int AS n FROM ${consumer} GROUP BY 1`,
    );
    const where = `random seed ${seed}`;
    assert.deepEqual(rows.map((r) => r.pair).sort(), expected, `${where}: every revision arrived`);
    assert.deepEqual(rows.filter((r) => r.n !== 1), [], `${where}: none twice`);
    assert.ok(takeovers.length >= 1);
    // The dead holder's lease ends at most TTL after the kill; a waiting replica retries every TTL/10.
    for (const ms of takeovers) assert.ok(ms <= TTL + TTL / 10 + 1_000, `${where}: takeover after ${ms} ms (TTL ${TTL} ms)`);
  });
});
