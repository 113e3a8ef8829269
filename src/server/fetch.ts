/**
 * `kyi-elements/server` on runtimes without Node (the `workerd`, `worker`, `edge-light` and
 * `browser` export conditions: Cloudflare Workers, Vercel/Next.js edge routes, bundlers).
 *
 * The same API as the Node entry (`./index.ts`) apart from what needs Node: no `.node`
 * adapter on the handler, no `FileStore`. Nothing in this module's import graph may import
 * `node:*` (a test walks it).
 *
 * This list is the entry's public surface (api/server-fetch.api.md records it; docs/versioning.md
 * says what semver covers). Everything else in `src/server/` is internal.
 */
// The handler and its configuration
export { createKyiHandler, type Capabilities, type KyiHandler } from './handler.js';
export type { KyiRequestContext } from './routing.js';
export { KyiConfigError, type KyiHandlerOptions, type ExplorerRouteInfo, type AuthorizeResult, type ClientBudgetOptions } from './options.js';
export { kyiOptionsFromEnv, type KyiEnv, type KyiEnvOptions } from './env.js';
// Widget tokens without the handler
export { generateToken, type GenerateTokenOptions } from './generate-token.js';
// Public API and Explorer API from the server
export { assetPages, allAssets, type AssetPagesOptions } from './lookup/assets-pages.js';
export {
  ExplorerClient,
  ExplorerApiError,
  type ExplorerApiErrorCode,
  type ExplorerClientErrorCode,
  type ExplorerClientOptions,
  type CallOptions,
  type WatchlistPatch,
  type AssetTokenomicsResponse,
} from './upstream/explorer-client.js';
export { MemoryRateBudget, type MemoryBudgetOptions } from './upstream/memory-budget.js';
export type { RateBudget } from './upstream/budget.js';
export type { Clock } from './clock.js';
// Pollers and their stores
export {
  pollTokenomics,
  backfillTokenomics,
  resetTokenomicsCursor,
  type PollTokenomicsOptions,
  type RevisionBatchInfo,
  type RevisionsHandler,
  type TokenomicsPollState,
} from './poll/tokenomics.js';
export {
  sweepMonitoring,
  runMonitoringSweeps,
  type SweepMonitoringOptions,
  type SweepResult,
  type RunMonitoringSweepsOptions,
} from './poll/monitoring.js';
export {
  pollNotifications,
  runNotificationPolls,
  type PollNotificationsOptions,
  type NotificationsResult,
  type RunNotificationPollsOptions,
} from './poll/notifications.js';
export type { BatchOptions, BackfillState, DeliveryContext, PollState } from './poll/batch.js';
export { PollError, type LoopOptions, type WaitedOut } from './poll/loop.js';
export type { OutageOptions } from './poll/outage.js';
export { runExclusive, type ExclusiveOptions, type ExclusiveLoop, type LeaseOptions } from './poll/exclusive.js';
export {
  StoreCorruptError,
  StoreUnavailableError,
  LeaseLostError,
  type PollStore,
  type QueryResult,
  type StoreTransaction,
  type TransactionalPollStore,
  type LeasingPollStore,
} from './store/types.js';
export { MemoryStore } from './store/memory.js';
// The records the service answers with (shapes of its contract)
export type * from '../contract/records.js';
export type { MonitoringChangesQuery, TokenomicsQuery } from '../contract/index.js';
// The error base and codes
export { KyiError, KyiHttpError, type ErrorCode } from './errors.js';
export type { ExplorerErrorCode, KitErrorCode } from '../contract/errors.js';
