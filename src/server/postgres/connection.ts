/**
 * Connections and tables of the PostgreSQL module: a `pg` pool (given, or made from a
 * connection string and then owned), table names under a checked prefix, and the tables
 * created on first use — idempotent, and serialised by an advisory lock so replicas
 * starting together do not race on `CREATE TABLE`.
 */
import pg from 'pg';

/** How to reach the database: a connection string (a pool is made and owned) or your own pool. */
export type PostgresConnection = { connectionString: string; pool?: never } | { pool: pg.Pool; connectionString?: never };

export interface PostgresOptions {
  /** Prefix of the tables' names: lower-case letters, digits and `_`. Default `"kyi_"`. */
  tablePrefix?: string;
}

const PREFIX = /^[a-z_][a-z0-9_]{0,40}$/;

/** The pool to use and whether `close()` should end it. Throws a `TypeError` naming what is wrong. */
export function openPool(options: PostgresConnection & PostgresOptions, who: string): { pool: pg.Pool; owned: boolean } {
  if (!options || typeof options !== 'object') throw new TypeError(`${who}: options are required`);
  if (options.pool && options.connectionString) throw new TypeError(`${who}: give either connectionString or pool, not both`);
  if (options.pool) return { pool: options.pool, owned: false };
  if (typeof options.connectionString !== 'string' || options.connectionString === '') {
    throw new TypeError(`${who}: connectionString (a postgres:// URL) or pool is required`);
  }
  const pool = new pg.Pool({ connectionString: options.connectionString });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the next query opens a new one and reports its own error.
  pool.on('error', () => undefined);
  return { pool, owned: true };
}

/** The checked table prefix. */
export function tablePrefix(options: PostgresOptions, who: string): string {
  const prefix = options.tablePrefix ?? 'kyi_';
  if (!PREFIX.test(prefix)) {
    throw new TypeError(`${who}: tablePrefix ${JSON.stringify(prefix)} must match ${PREFIX} (lower-case letters, digits, _)`);
  }
  return prefix;
}

/** The SQL creating the module's tables for `prefix` (also printed in the README). */
export function schemaSql(prefix: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${prefix}poll_state ( -- json, not jsonb: jsonb refuses the NUL escape inside seen pairs
  key text PRIMARY KEY,
  value json NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS ${prefix}poll_lease (
  name text PRIMARY KEY,
  holder text NOT NULL,
  acquired_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS ${prefix}budget (
  name text PRIMARY KEY,
  held_until timestamptz NOT NULL DEFAULT 'epoch'
);
CREATE TABLE IF NOT EXISTS ${prefix}budget_grant (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  granted_at timestamptz NOT NULL,
  released_at timestamptz
);
CREATE INDEX IF NOT EXISTS ${prefix}budget_grant_name ON ${prefix}budget_grant (name, granted_at);`;
}

const created = new WeakMap<pg.Pool, Map<string, Promise<void>>>();

/** Creates the tables once per pool and prefix (idempotent across processes). */
export function ensureSchema(pool: pg.Pool, prefix: string): Promise<void> {
  let byPrefix = created.get(pool);
  if (!byPrefix) created.set(pool, (byPrefix = new Map()));
  let done = byPrefix.get(prefix);
  if (!done) {
    done = inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`kyi-elements schema ${prefix}`]);
      await client.query(schemaSql(prefix));
    });
    done.catch(() => byPrefix.delete(prefix)); // a failed attempt is tried again next time
    byPrefix.set(prefix, done);
  }
  return done;
}

/** Runs `work` on one pooled client inside a transaction: commit on success, rollback on failure. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withClient(pool, async (client) => {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}

async function withClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await work(client);
  } catch (error) {
    // A client whose connection failed must not go back into the pool.
    if (error instanceof Error && !('code' in error)) broken = error;
    throw error;
  } finally {
    client.release(broken);
  }
}
