/**
 * The long-running loop every poller runs on: one step after another, waiting what the step
 * asks for between them; service-side conditions (`site_gate_required`, 5xx, network
 * failures, timeouts, 429, an unreadable body) are waited out with bounded exponential
 * backoff and reported to `onError`; so is a store (or shared budget) that cannot be reached
 * (`store_unavailable`): reported once per outage, waited out with jittered backoff (every
 * replica meets the same outage; jitter keeps them from returning all at once). Anything
 * else stops the loop. Aborting `signal` ends it quietly.
 *
 * Fetch-API only (no `node:` imports).
 */
import { isExplorerApiError } from '../upstream/explorer-client.js';
import { isStoreUnavailable, type PollStore } from '../store/types.js';
import { systemClock, type Clock } from '../clock.js';
import { KyiError, type ErrorCode } from '../errors.js';
import { runExclusive, type LeaseOptions } from './exclusive.js';
import { OutageWait, type WaitedOut } from './outage.js';

export type { WaitedOut };

/** Why a poller stopped on its own (`code` says what, the message how to recover). */
export class PollError extends KyiError {
  override name = 'PollError';
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, 0, options);
  }
}

/** Options every loop shares. */
export interface LoopOptions {
  /** Stops the loop; its promise then resolves. */
  signal?: AbortSignal;
  /** Clock for the waits. Default: real time. */
  clock?: Clock;
  /** Told about each failure the loop waits out (a store outage once, when it starts). */
  onError?: (error: WaitedOut) => void;
  /** First backoff step after a failure, ms (doubles per failure in a row). Default 1 000. */
  backoffMs?: number;
  /** Longest backoff, ms. Default 300 000 (five minutes). The service's `Retry-After` may ask for longer. */
  maxBackoffMs?: number;
  /** With a store replicas share (PostgreSQL): the lease that lets one replica poll at a time. */
  lease?: LeaseOptions;
}

/** Conditions that pass by themselves: on the service side, or a store (or shared budget) out of reach. */
export function isTransient(error: unknown): error is WaitedOut {
  if (isStoreUnavailable(error)) return true;
  return isExplorerApiError(error) && (error.transient || error.code === 'site_gate_required' || error.code === 'upstream_invalid');
}

/** The wait after the `failures`-th failure in a row (0-based): doubling, capped, at least `Retry-After`. */
export function backoffDelay(failures: number, error: WaitedOut, options: Pick<LoopOptions, 'backoffMs' | 'maxBackoffMs'> = {}): number {
  const step = Math.min(options.maxBackoffMs ?? 300_000, (options.backoffMs ?? 1000) * 2 ** Math.min(failures, 30));
  return Math.max(step, ('retryAfter' in error ? (error.retryAfter ?? 0) : 0) * 1000);
}

/** What a step asks for: wait this many ms before the next one (0: at once), or stop (`'done'`). */
export type StepResult = number | 'done';

/**
 * Runs `step` until it answers `'done'`, `signal` aborts (both resolve), or it throws
 * something that is not transient (rejects with it).
 */
export async function runLoop(step: () => Promise<StepResult>, options: LoopOptions = {}): Promise<void> {
  const { signal, clock = systemClock } = options;
  let failures = 0;
  const outage = new OutageWait(options);
  try {
    for (;;) {
      signal?.throwIfAborted();
      let wait: StepResult;
      try {
        wait = await step();
        failures = 0;
        outage.over();
      } catch (error) {
        if (signal?.aborted || !isTransient(error)) throw error;
        if (isStoreUnavailable(error)) wait = outage.next(error);
        else {
          outage.over();
          options.onError?.(error);
          wait = backoffDelay(failures++, error, options);
        }
      }
      if (wait === 'done') return;
      if (wait > 0) await clock.sleep(wait, signal);
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  }
}

/**
 * Runs `body` with the store it must write through: while this replica holds the lease
 * `name` (a fenced view of the store) when the store can lease, else at once with the store
 * itself (see `runExclusive`). Resolves when `signal` aborts.
 */
export async function runLeased(
  options: LoopOptions & { store: PollStore; name: string },
  body: (store: PollStore, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const { store, name, lease, signal, clock, backoffMs, maxBackoffMs, onError } = options;
  await runExclusive({ ...lease, store, name, signal, clock, outage: { backoffMs, maxBackoffMs, onError } }, async (fenced, inner) => {
    try {
      await body(fenced, inner);
    } catch (error) {
      if (inner.aborted) return;
      throw error;
    }
  });
}
