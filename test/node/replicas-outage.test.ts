/**
 * A PostgreSQL restart is a wait, not a crash: three replicas as separate Node processes
 * (built as the docs' replica recipe: the handler on `node:http` with the shared budget,
 * `pollTokenomics` on the PostgreSQL store), on a cluster of this file's own that is
 * restarted with `-m immediate` twice while revisions keep arriving. No replica exits; while
 * the database is down every replica answers Explorer routes 503 `store_unavailable` with
 * `Retry-After` (fail closed) and lookups 200; afterwards polling resumes and the consumer's
 * table holds every revision exactly once.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { usePostgres } from './helpers/postgres.js';
import { waitFor } from './helpers/wait.js';

const db = usePostgres({ own: true });

interface Replica {
  child: ChildProcess;
  lines: string[];
  port: Promise<number>;
  exit: { code: number | null; signal: string | null } | undefined;
}

const running = new Set<ChildProcess>();
after(() => {
  for (const child of running) child.kill('SIGKILL');
});

function startReplica(args: object): Replica {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/node/replicas/outage-replica.ts', JSON.stringify(args)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  const replica: Replica = { child, lines: [], port: undefined as never, exit: undefined };
  child.once('exit', (code, signal) => {
    running.delete(child);
    replica.exit = { code, signal };
  });
  replica.port = new Promise((resolve, reject) => {
    child.once('exit', () => reject(new Error('replica exited before listening')));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      replica.lines.push(line);
      const event = JSON.parse(line) as { event: string; port?: number };
      if (event.event === 'listening') resolve(event.port!);
    });
  });
  return replica;
}

/**
 * Asks `probe` again until it answers true; fails after a minute (a stuck replica, not a
 * slow one). A request that fails on the socket is asked again: on a loaded machine a pooled
 * keep-alive connection can be closed by the replica's idle timeout just as it is reused
 * ("other side closed"). A replica that really went away shows in the exit check at the end.
 */
async function until(what: string, probe: () => Promise<boolean>): Promise<void> {
  const asked = () =>
    probe().catch((error: unknown) => {
      if (error instanceof TypeError && error.message === 'fetch failed') return false;
      throw error;
    });
  await waitFor(asked, { what, timeout: 60_000, every: 50 });
}

describe('replicas ride out a PostgreSQL restart', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ port: 0, explorer: { rateLimit: { perMinute: 6000 } } });
  });
  after(() => sandbox.close());

  it('three replicas, two restarts with -m immediate: no exit, Explorer 503 while down, lookups 200, every pair once', async (t) => {
    const feed = sandbox.state.explorer;
    const tablePrefix = db().prefix();
    const consumer = `${tablePrefix}consumer`;
    await db().pool.query(`CREATE TABLE ${consumer} (id text NOT NULL, revision text NOT NULL, holder text NOT NULL)`);
    const base = {
      url: db().url,
      tablePrefix,
      publicApiUrl: sandbox.info.publicApiUrl,
      publicApiKey: sandbox.info.credentials.publicApiKey,
      explorerUrl: sandbox.info.explorerUrl,
      apiKey: sandbox.info.credentials.explorerKeys.full,
    };
    const replicas = [1, 2, 3].map((n) => startReplica({ ...base, holder: `r${n}` }));
    const ports = await Promise.all(replicas.map((r) => r.port));
    const delivered = async () =>
      (await db().pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${consumer}`)).rows[0]!.n;
    const explorer = (port: number) => fetch(`http://127.0.0.1:${port}/kyi/explorer/me/notifications`);
    const lookup = (port: number) =>
      fetch(`http://127.0.0.1:${port}/kyi/assets/${F.pyusd.chain}/${F.pyusd.address}`, { headers: { 'cache-control': 'no-cache' } });
    const add = (n: number) => {
      for (let i = 0; i < n; i++) feed.appendRevision();
      return feed.tokenomics.all().length;
    };

    let total = add(30);
    await until('the first revisions delivered', async () => (await delivered()) >= total);
    const outages: Array<{ explorer: number[]; lookups: number[] }> = [];
    for (let round = 0; round < 2; round++) {
      total = add(30); // pairs arriving around the outage
      const seen = { explorer: [] as number[], lookups: [] as number[] };
      await db().restart(async () => {
        // every replica answers while the database is down: Explorer fails closed, lookups go on
        for (const port of ports) {
          await until(`replica on ${port} answers Explorer 503 while the database is down`, async () => {
            const res = await explorer(port);
            const body = (await res.json()) as { code: string };
            seen.explorer.push(res.status);
            if (res.status !== 503) return false;
            assert.equal(body.code, 'store_unavailable');
            assert.match(res.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
            return true;
          });
          const res = await lookup(port);
          await res.arrayBuffer();
          seen.lookups.push(res.status);
        }
        total = add(10); // and while it is down
      });
      outages.push(seen);
      for (const port of ports) {
        await until(`replica on ${port} answers Explorer 200 again`, async () => {
          const res = await explorer(port);
          await res.arrayBuffer();
          return res.status === 200;
        });
      }
      await until(`every revision delivered after restart ${round + 1}`, async () => (await delivered()) >= total);
    }

    assert.deepEqual(
      replicas.map((r) => r.exit),
      [undefined, undefined, undefined],
      'no replica exited',
    );
    for (const seen of outages) {
      assert.ok(seen.explorer.every((s) => s === 200 || s === 503), `Explorer answers while down: ${seen.explorer.join(' ')}`);
      assert.deepEqual(seen.lookups, [200, 200, 200], 'lookups while down');
    }
    for (const r of replicas) r.child.kill('SIGTERM');
    await Promise.all(replicas.map((r) => (r.exit ? undefined : once(r.child, 'exit'))));
    assert.deepEqual(
      replicas.map((r) => r.exit?.code),
      [0, 0, 0],
      'each replica stopped cleanly on SIGTERM',
    );

    const { rows } = await db().pool.query<{ pair: string; n: number }>(
      `SELECT id || '#' || revision AS pair, count(*)::int AS n FROM ${consumer} GROUP BY 1`,
    );
    const expected = feed.tokenomics.all().map((r) => `${r.id}#${String(r.revision)}`).sort();
    assert.deepEqual(rows.map((r) => r.pair).sort(), expected, 'every revision arrived');
    assert.deepEqual(rows.filter((r) => r.n !== 1), [], 'none twice');

    const told = replicas.map((r) => r.lines.filter((l) => l.includes('"event":"error"') && l.includes('store_unavailable')).length);
    const holders = replicas.filter((r) => r.lines.some((l) => l.includes('"held":true'))).length;
    assert.ok(told.some((n) => n > 0), 'the outage was told to onError');
    assert.ok(told.every((n) => n <= 2 * outages.length), `told at most once per outage and loop (${told.join(', ')})`);
    t.diagnostic(`store_unavailable told per replica: ${told.join(', ')}; replicas that held the lease: ${holders}; pairs: ${expected.length}`);
  });
});
