/**
 * A real PostgreSQL for a test file: `KYI_TEST_DATABASE_URL` (set by `npm test`), or, when a
 * file runs alone, a throwaway cluster of its own. Each test gets its own table prefix, so
 * files running side by side never see each other's rows.
 */
import { after, before } from 'node:test';
import pg from 'pg';
import { startTestPostgres } from '../../../scripts/lib/postgres.mjs';

export interface TestDatabase {
  url: string;
  /** A pool the file shares (ended after the file). */
  pool: pg.Pool;
  /** A fresh, unused table prefix. */
  prefix(): string;
  /** Closes `resource` after the file, before the database stops. */
  track<T extends { close(): Promise<void> }>(resource: T): T;
  /** `pg_ctl restart -m immediate`, awaiting `whileDown()` between stop and start (only with `usePostgres({ own: true })`). */
  restart(whileDown?: () => Promise<void>): Promise<void>;
}

let counter = 0;

/** `own: true`: a cluster of this file's own, which it may restart (never the shared `KYI_TEST_DATABASE_URL`). */
export function usePostgres({ own = false }: { own?: boolean } = {}): () => TestDatabase {
  let db: TestDatabase | undefined;
  let stop: (() => Promise<void>) | undefined;
  const tracked: Array<{ close(): Promise<void> }> = [];
  before(async () => {
    const started = await startTestPostgres({ log: () => {}, own });
    stop = started.stop;
    const pool = new pg.Pool({ connectionString: started.url });
    pool.on('error', () => undefined); // a restart drops its idle connections
    const run = `t${process.pid}_${Date.now().toString(36)}`;
    db = {
      url: started.url,
      pool,
      prefix: () => `${run}_${++counter}_`,
      track: (resource) => (tracked.push(resource), resource),
      restart: async (whileDown) => {
        if (!started.restart) throw new Error('restart() needs usePostgres({ own: true })');
        await started.restart(whileDown);
      },
    };
  });
  after(async () => {
    await Promise.all(tracked.map((r) => r.close()));
    await db?.pool.end();
    await stop?.();
  });
  return () => {
    if (!db) throw new Error('database not started');
    return db;
  };
}
