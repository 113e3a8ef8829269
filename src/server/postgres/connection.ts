/**
 * Connections and tables of the PostgreSQL module: a `pg` pool (given, or made from a
 * connection string and then owned), table names under a checked prefix, and the tables
 * created on first use — idempotent, and serialised by an advisory lock so replicas
 * starting together do not race on `CREATE TABLE`.
 */
import pg from 'pg';
import { KyiConfigError, KyiError } from '../errors.js';
import { StoreUnavailableError } from '../store/types.js';

/** How to reach the database: a connection string (a pool is made and owned) or your own pool. */
export type PostgresConnection = { connectionString: string; pool?: never } | { pool: pg.Pool; connectionString?: never };

export interface PostgresOptions {
  /** Prefix of the tables' names: lower-case letters, digits and `_`. Default `"kyi_"`. */
  tablePrefix?: string;
}

const PREFIX = /^[a-z_][a-z0-9_]{0,40}$/;

/** A pool and what its errors are reported as. */
export interface Database {
  pool: pg.Pool;
  /** Whether `close()` should end the pool (made here from a connection string). */
  owned: boolean;
  /** Where it connects, password left out: `postgres://user@host:port/database`. */
  target: string;
}

/**
 * The pool to use. Throws a `KyiConfigError` naming what is wrong (a connection string that
 * is not a `postgres://` URL included: its text is not echoed, it may hold a password).
 * Every pool gets an `'error'` listener when it has none: a connection the server drops while
 * idle (restart, failover) must not crash the process; the next query reports its own error.
 */
export function openPool(options: PostgresConnection & PostgresOptions, who: string): Database {
  if (!options || typeof options !== 'object') throw new KyiConfigError(`${who}: options are required`);
  if (options.pool && options.connectionString) throw new KyiConfigError(`${who}: give either connectionString or pool, not both`);
  if (options.pool) {
    const pool = options.pool;
    if (pool.listenerCount('error') === 0) pool.on('error', ignore);
    return { pool, owned: false, target: targetOf(pool.options) };
  }
  if (typeof options.connectionString !== 'string' || options.connectionString === '') {
    throw new KyiConfigError(`${who}: connectionString (a postgres:// URL) or pool is required`);
  }
  let url: URL | undefined;
  try {
    url = new URL(options.connectionString);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || !url.hostname) {
    throw new KyiConfigError(`${who}: connectionString must be a postgres://user:password@host:port/database URL (the one given is not)`);
  }
  const pool = new pg.Pool({ connectionString: options.connectionString });
  pool.on('error', ignore);
  return { pool, owned: true, target: targetOf(pool.options) };
}

const ignore = () => undefined;

/** `postgres://user@host:port/database` of pool options (libpq defaults filled in), never the password. */
export function targetOf(options: pg.PoolConfig): string {
  let { host, port, database, user } = options;
  if (options.connectionString) {
    try {
      const url = new URL(options.connectionString);
      host = decodeURIComponent(url.hostname) || host;
      port = url.port ? Number(url.port) : port;
      database = decodeURIComponent(url.pathname.slice(1)) || database;
      user = decodeURIComponent(url.username) || user;
    } catch {
      // a libpq key=value string: the pool's own fields, else the defaults
    }
  }
  const d = pg.defaults;
  host ??= process.env['PGHOST'] ?? d.host ?? 'localhost';
  port ??= Number(process.env['PGPORT'] ?? d.port ?? 5432);
  user ??= process.env['PGUSER'] ?? d.user ?? undefined;
  database ??= process.env['PGDATABASE'] ?? d.database ?? user;
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `postgres://${user ? `${encodeURIComponent(user)}@` : ''}${hostPart}:${port}/${database ?? ''}`;
}

/** Node network errors that mean "the server is not there (yet)". */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server going away or not accepting connections yet (class 08 is matched as a class). */
const UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '53000']);
/** node-postgres' own words for a connection it lost (these errors carry no code). */
const LOST = /Connection terminated|connection error and is not queryable|Client was closed|timeout exceeded when trying to connect|Connection timeout/i;

/** Whether `error` is the connection failing rather than a statement. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return NETWORK.has(code) || UNAVAILABLE.has(code) || code.startsWith('08');
  return LOST.test(error.message);
}

/**
 * A database error as the kit reports it: a lost or refused connection becomes a
 * `StoreUnavailableError` (`store_unavailable`: wait and try again); a login the server
 * refuses (wrong user, password or database: the partner's configuration) a `KyiError`
 * coded `store_refused`; anything else is returned as it is. Messages name `target`, never a password.
 */
export function databaseError(error: unknown, target: string): unknown {
  if (error instanceof KyiError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const why = typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
  if (isConnectionError(error)) {
    return new StoreUnavailableError(`PostgreSQL at ${target} cannot be used right now (${why}); waiting for it to come back`, target, {
      cause: error,
    });
  }
  if (typeof code === 'string' && (code.startsWith('28') || code === '3D000')) {
    const message = `PostgreSQL at ${target} refused the login (${why}): check the user, password and database in the connection settings`;
    return new KyiError('store_refused', message, 503, { cause: error });
  }
  return error;
}

/** Runs `work`, reporting a database error as `databaseError` does. */
export async function reported<T>(target: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw databaseError(error, target);
  }
}

/** The checked table prefix. */
export function tablePrefix(options: PostgresOptions, who: string): string {
  const prefix = options.tablePrefix ?? 'kyi_';
  if (!PREFIX.test(prefix)) {
    throw new KyiConfigError(`${who}: tablePrefix ${JSON.stringify(prefix)} must match ${PREFIX} (lower-case letters, digits, _)`);
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
export function ensureSchema(db: Database, prefix: string): Promise<void> {
  let byPrefix = created.get(db.pool);
  if (!byPrefix) created.set(db.pool, (byPrefix = new Map()));
  let done = byPrefix.get(prefix);
  if (!done) {
    done = inTransaction(db, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`kyi-elements schema ${prefix}`]);
      await client.query(schemaSql(prefix));
    });
    done.catch(() => byPrefix.delete(prefix)); // a failed attempt is tried again next time
    byPrefix.set(prefix, done);
  }
  return done;
}

/** Runs `work` on one pooled client inside a transaction: commit on success, rollback on failure. */
export async function inTransaction<T>(db: Database, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withClient(db, async (client) => {
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

async function withClient<T>(db: Database, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await reported(db.target, () => db.pool.connect());
  // While checked out a client has no listener of the pool's: a connection dropped between
  // statements would be an unhandled 'error' event. The statement in progress reports it.
  client.on('error', ignore);
  let broken: Error | undefined;
  try {
    return await work(client);
  } catch (error) {
    // A client whose connection failed must not go back into the pool.
    if (error instanceof Error && (isConnectionError(error) || !('code' in error))) broken = error;
    throw databaseError(error, db.target);
  } finally {
    client.removeListener('error', ignore);
    client.release(broken);
  }
}
