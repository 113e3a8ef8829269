/**
 * `createPostgresBudget` on a real PostgreSQL: one budget shared by separate pools (as
 * replicas have), a grant occupying the budget until a window after its release, and a
 * 429 hold seen by every holder. (Separate processes: `replicas.test.ts`.)
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BudgetExceededError } from '../../src/server/upstream/budget.js';
import { createPostgresBudget, type PostgresBudget, type PostgresBudgetOptions } from '../../src/server/postgres/index.js';
import { usePostgres } from './helpers/postgres.js';

const db = usePostgres();
/** A budget on its own pool, like a replica's. */
function replica(options: Omit<PostgresBudgetOptions, 'connectionString' | 'pool'>): PostgresBudget {
  return db().track(createPostgresBudget({ connectionString: db().url, ...options }));
}

const refused = (b: PostgresBudget) =>
  b.acquire({ maxWaitMs: 0 }).then(
    () => assert.fail('granted over budget'),
    (error: unknown) => {
      assert.ok(error instanceof BudgetExceededError, String(error));
      return error.retryAfterMs;
    },
  );

describe('createPostgresBudget', () => {
  it('refuses bad options with a message naming what is wrong', () => {
    assert.throws(() => createPostgresBudget({ connectionString: db().url, perMinute: 0 }), /perMinute must be a whole number ≥ 1 \(got 0\)/);
    assert.throws(() => createPostgresBudget({ perMinute: 10 } as never), /connectionString \(a postgres:\/\/ URL\) or pool is required/);
    assert.throws(() => createPostgresBudget({ pool: db().pool, perMinute: 1.5 }), /perMinute must be a whole number/);
  });

  it('grants at most perMinute across replicas; a released grant still counts for a window', async () => {
    const tablePrefix = db().prefix();
    const a = replica({ perMinute: 3, tablePrefix });
    const b = replica({ perMinute: 3, tablePrefix });
    const permits = await Promise.all([a.acquire(), b.acquire(), a.acquire()]);
    assert.ok((await refused(b)) > 0, 'all three in flight: b must wait');
    assert.ok((await refused(a)) > 0);
    permits[0]!.release();
    // the release is written in the background: wait until it is
    const releases = () => db().pool.query(`SELECT count(*)::int AS n FROM ${tablePrefix}budget_grant WHERE released_at IS NOT NULL`);
    while ((await releases()).rows[0].n < 1) await new Promise((r) => setImmediate(r));
    const retry = await refused(b);
    assert.ok(retry > 50_000, `a released grant frees its slot one window after its release (retry in ${retry} ms)`);
    const other = replica({ perMinute: 3, tablePrefix, name: 'another-key' });
    (await other.acquire({ maxWaitMs: 0 })).release(); // budgets are per name
  });

  it('waits for a slot and grants once one window passed since the earliest release', async () => {
    const tablePrefix = db().prefix();
    const a = replica({ perMinute: 1, tablePrefix, windowMs: 300, pollMs: 20 });
    const b = replica({ perMinute: 1, tablePrefix, windowMs: 300, pollMs: 20 });
    const first = await a.acquire();
    const waiting = b.acquire();
    const releasedAt = performance.now();
    first.release();
    (await waiting).release();
    // A lower bound only: a slow machine can make the wait longer, never shorter.
    const waited = performance.now() - releasedAt;
    assert.ok(waited >= 300, `second grant ${waited} ms after the first release`);
  });

  it('a 429 hold seen by one replica holds all of them', async () => {
    const tablePrefix = db().prefix();
    const a = replica({ perMinute: 100, tablePrefix });
    const b = replica({ perMinute: 100, tablePrefix });
    assert.equal(await b.heldFor(), 0);
    await a.hold(30_000);
    const held = await b.heldFor();
    assert.ok(held > 20_000 && held <= 30_000, `b held for ${held} ms`);
    assert.ok((await refused(b)) > 20_000);
    await b.hold(1_000); // a shorter hold never shortens a longer one
    assert.ok((await a.heldFor()) > 20_000);
    const controller = new AbortController();
    const waiting = b.acquire({ signal: controller.signal });
    controller.abort(new Error('stopped'));
    await assert.rejects(waiting, /stopped/);
  });

  it('counts a grant never released (its replica died) as released after staleAfterMs', async () => {
    const tablePrefix = db().prefix();
    const a = replica({ perMinute: 1, tablePrefix, windowMs: 100, staleAfterMs: 200, pollMs: 20 });
    await a.acquire(); // never released
    (await a.acquire()).release();
  });
});
