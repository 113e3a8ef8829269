/**
 * The shape every upstream rate budget has, in one process (the in-memory default) or shared
 * by replicas (`kyi-elements/server/postgres`). A budget counts a request from the moment it
 * is granted until its response arrives, so a slow response can never let more requests
 * reach the service in one window than the service allows.
 *
 * Fetch-API runtime only: no `node:` imports.
 */
import { KyiError } from '../errors.js';

/** One granted request. Call `release()` exactly once, when its response (or failure) arrived. */
export interface BudgetPermit {
  release(): void;
}

/** Why a budget refused to grant: it would have to wait longer than the caller allows. */
export class BudgetExceededError extends KyiError {
  override name = 'BudgetExceededError';
  constructor(
    /** How long until a request would be granted, ms (rounded up by callers to whole seconds for `Retry-After`). */
    readonly retryAfterMs: number,
    message = `Rate budget exhausted; retry in ${Math.ceil(retryAfterMs / 1000)} s`,
  ) {
    super('too_many_requests', message, 429);
  }
}

export interface AcquireOptions {
  /** Aborts the wait; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Longest wait the caller accepts, ms. When the grant would come later, `acquire` rejects at
   * once with `BudgetExceededError` (its `retryAfterMs` says when to come back).
   */
  maxWaitMs?: number;
}

/**
 * A rate budget for one upstream key: `new MemoryRateBudget(…)` (one process) or
 * `createPostgresBudget(…)` (shared by replicas). Pass it as `explorer.budget` and to
 * `ExplorerClient`; the kit alone calls its methods (they are internal, in milliseconds).
 */
export interface RateBudget {
  /** @internal Resolves when one request may be sent; the permit is released when its response arrived. */
  acquire(options?: AcquireOptions): Promise<BudgetPermit>;
  /**
   * @internal
   * The service answered 429: grant nothing until `retryAfterMs` from now. Every holder of
   * this budget (every replica, for a shared one) is held.
   */
  hold(retryAfterMs: number): Promise<void> | void;
  /** @internal Ms until the current hold ends (0 when not held). */
  heldFor(): Promise<number> | number;
}
