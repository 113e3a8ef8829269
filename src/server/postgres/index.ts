/**
 * `kyi-elements/server/postgres`: what replicas share, in PostgreSQL (Node only, on `pg`).
 *
 * - `createPostgresStore({ connectionString | pool, tablePrefix? })`: poller state, leases
 *   (one replica polls at a time) and transactions (`onRevisions(revisions, { tx })`).
 * - `createPostgresBudget({ connectionString | pool, perMinute })`: one key's rate budget.
 *
 * Tables are created on first use; `schemaSql(prefix)` gives their SQL.
 */
export { createPostgresStore, type PostgresStore, type PostgresStoreOptions } from './store.js';
export { createPostgresBudget, type PostgresBudget, type PostgresBudgetOptions } from './budget.js';
export { schemaSql, type PostgresConnection, type PostgresOptions } from './connection.js';
// The contracts these implement, and the clock a budget may take (as kyi-elements/server exports them)
export type { PollStore, StoreTransaction, TransactionalPollStore, LeasingPollStore, QueryResult } from '../store/types.js';
export type { RateBudget } from '../upstream/budget.js';
export type { Clock } from '../clock.js';
