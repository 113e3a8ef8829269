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
export {
  sweepMonitoring,
  sweepDays,
  runMonitoringSweeps,
  type SweepMonitoringOptions,
  type SweepResult,
  type RunMonitoringSweepsOptions,
} from './monitoring.js';
export {
  pollNotifications,
  groupNotifications,
  runNotificationPolls,
  type PollNotificationsOptions,
  type NotificationsResult,
  type RunNotificationPollsOptions,
} from './notifications.js';
export {
  deliverBatch,
  deliverOnce,
  readPollState,
  type BatchOptions,
  type BackfillState,
  type DeliveryContext,
  type PollState,
} from './batch.js';
export { PollError, runLoop, runLeased, backoffDelay, isTransient, type LoopOptions, type StepResult } from './loop.js';
export { SeenSet } from './seen.js';
export { runExclusive, type ExclusiveOptions, type ExclusiveLoop, type LeaseOptions } from './exclusive.js';
