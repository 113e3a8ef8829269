/**
 * Replicas on PostgreSQL (a throwaway cluster, or KYI_TEST_DATABASE_URL):
 * - what the shared budget adds per request: acquire + release through `createPostgresBudget`
 *   against the in-memory `MemoryRateBudget`, one caller at a time and 24 at once (3 pools, as 3
 *   replicas would have), p50 and p99;
 * - lease takeover: a holder dies at a random point of its renewal cycle; how long until a
 *   waiting replica (`runExclusive`) holds the lease, against the TTL.
 */
import { startTestPostgres } from '../scripts/lib/postgres.mjs';
import { runExclusive } from '../src/server/poll/index.js';
import { createPostgresBudget, createPostgresStore, type PostgresBudget } from '../src/server/postgres/index.js';
import { MemoryRateBudget } from '../src/server/upstream/memory-budget.js';
import { median, ms, percentile, verdict, type BenchResult } from './lib.js';

const REQUESTS = 1000;
const TTL = 1000;
const TRIALS = 8;

async function timeEach(count: number, concurrency: number, one: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let left = count;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const t0 = performance.now();
        await one();
        times.push(performance.now() - t0);
      }
    }),
  );
  return times;
}

async function budgetLatency(url: string) {
  const tablePrefix = `bench_${Date.now().toString(36)}_`;
  const budgets: PostgresBudget[] = [0, 1, 2].map(() => createPostgresBudget({ connectionString: url, tablePrefix, perMinute: 1_000_000 }));
  const inMemory = new MemoryRateBudget({ limit: 1_000_000, capacity: 1_000_000 });
  const memory = async () => {
    (await inMemory.acquire()).release();
  };
  let turn = 0;
  const shared = async () => {
    const permit = await budgets[turn++ % 3]!.acquire();
    permit.release();
  };
  await timeEach(50, 1, shared); // connect, create tables, warm up
  const result = {
    memory: await timeEach(REQUESTS, 1, memory),
    pgOne: await timeEach(REQUESTS, 1, shared),
    pgMany: await timeEach(REQUESTS, 24, shared),
  };
  await Promise.all(budgets.map((b) => b.close()));
  return result;
}

async function takeover(url: string): Promise<number[]> {
  const store = createPostgresStore({ connectionString: url, tablePrefix: `bench_lease_${Date.now().toString(36)}_` });
  const times: number[] = [];
  for (let trial = 0; trial < TRIALS; trial++) {
    const name = `trial-${trial}`;
    await store.acquireLease(name, 'dead', TTL); // the holder's last renewal
    const controller = new AbortController();
    let diedAt = 0;
    const taken = new Promise<number>((resolve) => {
      void runExclusive(
        { store, name, ttlMs: TTL, signal: controller.signal, onChange: (e) => e.held && resolve(performance.now()) },
        (_, signal) => new Promise((r) => signal.addEventListener('abort', () => r(), { once: true })),
      );
    });
    // It renewed every TTL/3, so it dies somewhere in the third of the TTL after its last renewal.
    await new Promise((r) => setTimeout(r, Math.random() * (TTL / 3)));
    diedAt = performance.now();
    times.push((await taken) - diedAt);
    controller.abort();
  }
  await store.close();
  return times;
}

export async function run(): Promise<BenchResult> {
  const pg = await startTestPostgres({ log: () => {} });
  try {
    const lat = await budgetLatency(pg.url);
    const take = await takeover(pg.url);
    const p50 = (v: number[]) => median(v);
    const p99 = (v: number[]) => percentile(v, 99);
    const add50 = p50(lat.pgOne) - p50(lat.memory);
    const add99 = p99(lat.pgOne) - p99(lat.memory);
    const maxTake = Math.max(...take);
    return {
      id: 'replicas',
      title: '5. Replicas on PostgreSQL: shared budget and lease',
      rows: [
        { metric: 'In-memory MemoryRateBudget acquire, p50 / p99', value: `${ms(p50(lat.memory), 3)} / ${ms(p99(lat.memory), 3)}` },
        { metric: 'PostgreSQL budget acquire + release, one caller, p50 / p99', value: `${ms(p50(lat.pgOne), 2)} / ${ms(p99(lat.pgOne), 2)}` },
        { metric: 'Added latency per request (PostgreSQL − in-memory), p50', value: ms(add50, 2), target: '≤ 2 ms', verdict: verdict(add50 <= 2) },
        { metric: 'Added latency per request (PostgreSQL − in-memory), p99', value: ms(add99, 2), target: '≤ 10 ms', verdict: verdict(add99 <= 10) },
        {
          metric: 'PostgreSQL budget, 24 callers on 3 pools at once, p50 / p99',
          value: `${ms(p50(lat.pgMany), 2)} / ${ms(p99(lat.pgMany), 2)}`,
        },
        {
          metric: `Lease takeover after the holder died, TTL ${TTL} ms (${TRIALS} trials): median / max`,
          value: `${ms(median(take), 0)} / ${ms(maxTake, 0)}`,
          target: `≤ TTL + retry (${TTL + TTL / 10} ms)`,
          verdict: verdict(maxTake <= TTL + TTL / 10 + 50),
        },
      ],
      notes: [
        `${REQUESTS} requests per series on loopback; the database is a throwaway cluster with fsync off (KYI_TEST_DATABASE_URL to measure another).`,
        'A grant is one round trip (lock the budget row, prune, count and insert, as one implicit transaction); release is one UPDATE sent without waiting. The load average above (2 cores) inflates every p99 here.',
        `Takeover: the holder's last renewal, then death at a random point of its renewal cycle (TTL/3); a waiting replica retries every TTL/10. The lease then ends at most TTL after death.`,
      ],
    };
  } finally {
    await pg.stop();
  }
}
