/**
 * `createPostgresStore`: the poller store replicas share. Poller state (cursors, seen
 * `(id, revision)` pairs — bounded by the pollers' `maxSeen` — and monitoring sweep state)
 * lives as one JSON value per key; leases let one replica poll at a time; transactions let a
 * consumer's writes commit together with the state that records them (exactly-once).
 *
 * A database that cannot be reached makes every method reject with `StoreUnavailableError`
 * (`store_unavailable`, naming the target without its password): pollers wait it out.
 *
 * Node only (`pg`).
 */
import type pg from 'pg';
import {
  LeaseLostError,
  type LeasingPollStore,
  type QueryResult,
  type StoreTransaction,
  type TransactionalPollStore,
} from '../store/types.js';
import {
  ensureSchema,
  inTransaction,
  openPool,
  reported,
  tablePrefix,
  type Database,
  type PostgresConnection,
  type PostgresOptions,
} from './connection.js';

export type PostgresStoreOptions = PostgresConnection & PostgresOptions;

type Queryable = Pick<pg.PoolClient, 'query'>;

function jsonText(key: string, value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`PostgresStore: value for "${key}" is not JSON-serialisable`);
  return text;
}

/** A `PollStore` in PostgreSQL, shared by replicas (see the module comment): what `createPostgresStore` returns. */
export interface PostgresStore extends LeasingPollStore {
  /** The pool it queries: yours when you passed `pool`, else its own. */
  readonly pool: pg.Pool;
  /** The prefix of its table names. */
  readonly tablePrefix: string;
  /** Creates the tables when missing (every method does this on first use). */
  ready(): Promise<void>;
  /** Runs `work` in one transaction (with `fence`: only while that holder holds that lease). */
  transaction<T>(work: (tx: StoreTransaction) => Promise<T>, fence?: { name: string; holder: string }): Promise<T>;
  /** Ends the pool when this store made it (from `connectionString`). */
  close(): Promise<void>;
}

class PostgresPollStore implements PostgresStore {
  readonly pool: pg.Pool;
  readonly tablePrefix: string;
  readonly #db: Database;
  readonly #state: string;
  readonly #lease: string;

  constructor(options: PostgresStoreOptions) {
    this.#db = openPool(options, 'createPostgresStore');
    this.tablePrefix = tablePrefix(options, 'createPostgresStore');
    this.pool = this.#db.pool;
    this.#state = `${this.tablePrefix}poll_state`;
    this.#lease = `${this.tablePrefix}poll_lease`;
  }

  /** Creates the tables when missing (every method does this on first use). */
  ready(): Promise<void> {
    return ensureSchema(this.#db, this.tablePrefix);
  }

  /** Runs one statement on the pool once the tables exist. */
  async #query<R extends pg.QueryResultRow>(text: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    await this.ready();
    return reported(this.#db.target, () => this.pool.query<R>(text, params));
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    await this.ready();
    return reported(this.#db.target, () => this.#get<T>(this.pool, key));
  }

  async set(key: string, value: unknown): Promise<void> {
    const text = jsonText(key, value);
    await this.ready();
    await reported(this.#db.target, () => this.#set(this.pool, key, text));
  }

  async delete(key: string): Promise<void> {
    await this.#query(`DELETE FROM ${this.#state} WHERE key = $1`, [key]);
  }

  async #get<T>(db: Queryable, key: string): Promise<T | undefined> {
    const { rows } = await db.query<{ value: T }>(`SELECT value FROM ${this.#state} WHERE key = $1`, [key]);
    return rows[0]?.value;
  }

  async #set(db: Queryable, key: string, text: string): Promise<void> {
    await db.query(
      `INSERT INTO ${this.#state} (key, value, updated_at) VALUES ($1, $2::json, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [key, text],
    );
  }

  #transactionOn(client: pg.PoolClient): StoreTransaction {
    return {
      get: (key) => this.#get(client, key),
      set: (key, value) => this.#set(client, key, jsonText(key, value)),
      delete: async (key) => void (await client.query(`DELETE FROM ${this.#state} WHERE key = $1`, [key])),
      query: async <R,>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> => {
        const { rows, rowCount } = await client.query(text, params as unknown[] | undefined);
        return { rows: rows as R[], rowCount };
      },
    };
  }

  /** Runs `work` in one transaction (with `fence`: only while that holder holds that lease). */
  async transaction<T>(work: (tx: StoreTransaction) => Promise<T>, fence?: { name: string; holder: string }): Promise<T> {
    await this.ready();
    return inTransaction(this.#db, async (client) => {
      if (fence) {
        // Locking the lease row keeps a successor from taking it until this commit is done.
        const { rows } = await client.query<{ holder: string }>(
          `SELECT holder FROM ${this.#lease} WHERE name = $1 FOR UPDATE`,
          [fence.name],
        );
        if (rows[0]?.holder !== fence.holder) throw new LeaseLostError(fence.name, fence.holder);
      }
      return work(this.#transactionOn(client));
    });
  }

  async acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
    // A takeover may wait on the old holder's row lock (a holder killed inside a fenced
    // transaction keeps it until PostgreSQL ends its session): its times are read when it
    // updates the row, not when the statement began (`VALUES`), so the lease it takes starts
    // then and lasts its whole TTL.
    const { rowCount } = await this.#query(
      `INSERT INTO ${this.#lease} AS l (name, holder, acquired_at, expires_at)
       VALUES ($1, $2, clock_timestamp(), clock_timestamp() + $3 * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET
         holder = EXCLUDED.holder,
         expires_at = clock_timestamp() + $3 * interval '1 millisecond',
         acquired_at = CASE WHEN l.holder = EXCLUDED.holder THEN l.acquired_at ELSE clock_timestamp() END
       WHERE l.holder = EXCLUDED.holder OR l.expires_at <= clock_timestamp()`,
      [name, holder, ttlMs],
    );
    return rowCount === 1;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await this.#query(`DELETE FROM ${this.#lease} WHERE name = $1 AND holder = $2`, [name, holder]);
  }

  fenced(name: string, holder: string): TransactionalPollStore {
    const fence = { name, holder };
    return {
      get: (key) => this.get(key),
      set: (key, value) => this.transaction((tx) => tx.set(key, value), fence),
      delete: (key) => this.transaction((tx) => tx.delete(key), fence),
      transaction: (work) => this.transaction(work, fence),
    };
  }

  /** Ends the pool when this store made it (from `connectionString`). */
  async close(): Promise<void> {
    if (this.#db.owned) await this.pool.end();
  }
}

/** A store in PostgreSQL (`options`: a connection string or your pool, and a table prefix). */
export function createPostgresStore(options: PostgresStoreOptions): PostgresStore {
  return new PostgresPollStore(options);
}
