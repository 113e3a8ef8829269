/** Pollers of the Explorer API (spec 6: the service pushes nothing; clients pull). */
export {
  pollTokenomics,
  backfillTokenomics,
  readTokenomicsState,
  resetTokenomicsCursor,
  TokenomicsPollError,
  type PollTokenomicsOptions,
  type RevisionBatchInfo,
  type RevisionsHandler,
  type TokenomicsPollState,
} from './tokenomics.js';
export { sweepMonitoring, sweepDays, type SweepMonitoringOptions, type SweepResult } from './monitoring.js';
export {
  pollNotifications,
  groupNotifications,
  type PollNotificationsOptions,
  type NotificationsResult,
} from './notifications.js';
export { deliverOnce, type SeenIdsState } from './deliver-once.js';
export { SeenSet } from './seen.js';
export { deliverAndRecord, type DeliveryContext } from './commit.js';
export { runExclusive, type ExclusiveOptions, type ExclusiveLoop, type LeaseOptions } from './exclusive.js';
