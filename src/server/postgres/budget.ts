/**
 * `createPostgresBudget`: one Explorer key's rate budget, shared by every replica through
 * PostgreSQL.
 *
 * Every grant is a row. A grant occupies the budget from the moment it is granted until one
 * window (60 s) after its release — so however slowly responses come back, no window at the
 * service ever sees more than `perMinute` requests. Granting locks the budget's row, so
 * replicas take turns; a 429 seen anywhere (`hold`) sets one `held_until` that every replica
 * obeys. Times are the database's clock, the one clock all replicas share. A grant never
 * released (its replica died) counts as released `staleAfterMs` after it was granted.
 *
 * A database that cannot be reached makes `acquire`, `hold` and `heldFor` reject with
 * `StoreUnavailableError`: the handler then answers 503 with `Retry-After` (fail closed, the
 * key is never overrun) and pollers wait it out.
 *
 * Node only (`pg`).
 */
import pg from 'pg';
import { KyiConfigError } from '../errors.js';
import { BudgetExceededError, type AcquireOptions, type BudgetPermit, type RateBudget } from '../upstream/budget.js';
import { systemClock, type Clock } from '../clock.js';
import { ensureSchema, openPool, reported, tablePrefix, type Database, type PostgresConnection, type PostgresOptions } from './connection.js';

export type PostgresBudgetOptions = PostgresConnection &
  PostgresOptions & {
    /** Requests allowed in any window (spec 8: 120 per minute per key). */
    perMinute: number;
    /** The budget's name: one per upstream key. Default `"explorer"`. */
    name?: string;
    /** Window length, ms. Default 60 000. */
    windowMs?: number;
    /** An unreleased grant counts as released this long after it was granted, ms. Default 120 000. */
    staleAfterMs?: number;
    /** How often a waiting request asks again while every grant is still in flight, ms. Default 100. */
    pollMs?: number;
    /** Clock for the waits between tries (the budget itself uses the database's clock). */
    clock?: Clock;
  };

interface Decision {
  id: string | null;
  waitMs: number;
}

function checkCount(value: unknown, what: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new KyiConfigError(`createPostgresBudget: ${what} must be a whole number ≥ ${min} (got ${JSON.stringify(value)})`);
  }
  return value;
}

/** A `RateBudget` in PostgreSQL, shared by replicas (see the module comment): what `createPostgresBudget` returns. */
export interface PostgresBudget extends RateBudget {
  /** The pool it queries: yours when you passed `pool`, else its own. */
  readonly pool: pg.Pool;
  /** Requests per minute the replicas share. */
  readonly perMinute: number;
  /** The budget's name (replicas with the same name share it). */
  readonly name: string;
  /** Ends the pool when this budget made it (from `connectionString`). */
  close(): Promise<void>;
  /** @internal */
  acquire(options?: AcquireOptions): Promise<BudgetPermit>;
  /** @internal */
  hold(retryAfterMs: number): Promise<void>;
  /** @internal */
  heldFor(): Promise<number>;
}

class PostgresRateBudget implements PostgresBudget {
  readonly pool: pg.Pool;
  readonly perMinute: number;
  readonly name: string;
  readonly #db: Database;
  readonly #prefix: string;
  readonly #windowMs: number;
  readonly #staleMs: number;
  readonly #pollMs: number;
  readonly #clock: Clock;

  constructor(options: PostgresBudgetOptions) {
    this.#db = openPool(options, 'createPostgresBudget');
    this.#prefix = tablePrefix(options, 'createPostgresBudget');
    this.perMinute = checkCount(options.perMinute, 'perMinute', 1);
    this.#windowMs = checkCount(options.windowMs ?? 60_000, 'windowMs', 1);
    this.#staleMs = checkCount(options.staleAfterMs ?? 120_000, 'staleAfterMs', 1);
    this.#pollMs = checkCount(options.pollMs ?? 100, 'pollMs', 1);
    this.name = options.name ?? 'explorer';
    this.pool = this.#db.pool;
    this.#clock = options.clock ?? systemClock;
  }

  #ready: Promise<void> | undefined;

  /** Runs one statement once the tables and this budget's row exist; a lost database is a `StoreUnavailableError`. */
  async #query<R extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<pg.QueryResult<R>> {
    this.#ready ??= ensureSchema(this.#db, this.#prefix).then(async () => {
      await reported(this.#db.target, () =>
        this.pool.query(`INSERT INTO ${this.#prefix}budget (name) VALUES ($1) ON CONFLICT DO NOTHING`, [this.name]),
      );
    });
    this.#ready.catch(() => (this.#ready = undefined));
    await this.#ready;
    return reported(this.#db.target, () => this.pool.query<R>(text, params));
  }

  /** @internal */
  async acquire(options: AcquireOptions = {}): Promise<BudgetPermit> {
    const { signal, maxWaitMs = Infinity } = options;
    let waited = 0;
    for (;;) {
      signal?.throwIfAborted();
      const { id, waitMs } = await this.#tryGrant();
      if (id !== null) return this.#permit(id);
      if (waited + waitMs > maxWaitMs) throw new BudgetExceededError(waitMs);
      const pause = Math.min(waitMs, this.#pollMs);
      await this.#clock.sleep(pause, signal);
      waited += pause;
    }
  }

  /**
   * One try: a grant, or how long until one could come. One round trip: the statements run as
   * one implicit transaction; the first locks the budget's row so replicas take turns, and
   * each later statement reads what the previous holder of the lock committed.
   */
  async #tryGrant(): Promise<Decision> {
    const grants = `${this.#prefix}budget_grant`;
    const name = pg.escapeLiteral(this.name);
    const ends = `coalesce(released_at, granted_at + interval '${this.#staleMs} milliseconds')`;
    const since = `(clock_timestamp() - interval '${this.#windowMs} milliseconds')`;
    const results = (await this.#query(`
      SELECT 1 FROM ${this.#prefix}budget WHERE name = ${name} FOR UPDATE;
      DELETE FROM ${grants} WHERE name = ${name} AND ${ends} < ${since};
      WITH s AS (
        SELECT greatest(0, extract(epoch FROM b.held_until - clock_timestamp()) * 1000)::float8 AS held_ms,
               (SELECT count(*)::int FROM ${grants} WHERE name = ${name}) AS n,
               (SELECT (extract(epoch FROM min(released_at) - ${since}) * 1000)::float8 FROM ${grants} WHERE name = ${name}) AS free_ms
        FROM ${this.#prefix}budget b WHERE b.name = ${name}
      ), granted AS (
        INSERT INTO ${grants} (name, granted_at)
        SELECT ${name}, clock_timestamp() FROM s WHERE s.held_ms <= 0 AND s.n < ${this.perMinute}
        RETURNING id
      )
      SELECT s.held_ms, s.free_ms, (SELECT id FROM granted) AS id FROM s`)) as unknown as pg.QueryResult[];
    const row = results[2]!.rows[0] as { held_ms: number; free_ms: number | null; id: string | null };
    if (row.id !== null) return { id: row.id, waitMs: 0 };
    if (row.held_ms > 0) return { id: null, waitMs: Math.ceil(row.held_ms) };
    return { id: null, waitMs: row.free_ms === null ? this.#pollMs : Math.max(1, Math.ceil(row.free_ms)) };
  }

  #permit(id: string): BudgetPermit {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        // An unrecorded release only delays the slot's return to `staleAfterMs`: never over budget.
        this.pool
          .query(`UPDATE ${this.#prefix}budget_grant SET released_at = clock_timestamp() WHERE id = $1`, [id])
          .catch(() => undefined);
      },
    };
  }

  /** @internal */
  async hold(retryAfterMs: number): Promise<void> {
    const ms = Math.max(0, Number.isFinite(retryAfterMs) ? retryAfterMs : 0);
    await this.#query(
      `UPDATE ${this.#prefix}budget SET held_until = greatest(held_until, clock_timestamp() + $2 * interval '1 millisecond')
       WHERE name = $1`,
      [this.name, ms],
    );
  }

  /** @internal */
  async heldFor(): Promise<number> {
    const { rows } = await this.#query<{ held_ms: number }>(
      `SELECT greatest(0, extract(epoch FROM held_until - clock_timestamp()) * 1000)::float8 AS held_ms
       FROM ${this.#prefix}budget WHERE name = $1`,
      [this.name],
    );
    return Math.ceil(rows[0]?.held_ms ?? 0);
  }

  /** Ends the pool when this budget made it (from `connectionString`). */
  async close(): Promise<void> {
    if (this.#db.owned) await this.pool.end();
  }
}

/** A rate budget in PostgreSQL (`options`: a connection string or your pool, `perMinute`, a name). */
export function createPostgresBudget(options: PostgresBudgetOptions): PostgresBudget {
  return new PostgresRateBudget(options);
}
