/**
 * How pollers wait out a store (or shared budget) that cannot be reached: a database restart
 * meets every replica at once, so each wait is the doubling backoff's half plus a random part
 * of the other half ("equal jitter"), and the outage is told to `onError` once, when it
 * starts, however many loops and leases sharing that `onError` meet it.
 *
 * Fetch-API only (no `node:` imports).
 */
import type { ExplorerApiError } from '../upstream/explorer-client.js';
import type { StoreUnavailableError } from '../store/types.js';

/** A failure a loop waits out: the service's, or its store's being unreachable. */
export type WaitedOut = ExplorerApiError | StoreUnavailableError;

export interface OutageOptions {
  /** First wait, ms (doubles per failure in a row). Default 1 000. */
  backoffMs?: number;
  /** Longest wait, ms. Default 300 000. */
  maxBackoffMs?: number;
  /** Told once per outage, with the error that started it (coded `store_unavailable`). */
  onError?: ((error: WaitedOut) => void) | undefined;
}

/** `onError` functions already told about the outage under way. */
const told = new WeakSet<object>();

export class OutageWait {
  #failures = 0;
  constructor(readonly options: OutageOptions = {}) {}

  /** The wait after this failure, ms (told to `onError` when it starts an outage). */
  next(error: WaitedOut): number {
    const tell = this.options.onError;
    if (tell && !told.has(tell)) {
      told.add(tell);
      tell(error);
    }
    const step = Math.min(this.options.maxBackoffMs ?? 300_000, (this.options.backoffMs ?? 1000) * 2 ** Math.min(this.#failures++, 30));
    return step / 2 + Math.random() * (step / 2);
  }

  /** The store answered again: the next failure starts a new outage. */
  over(): void {
    this.#failures = 0;
    if (this.options.onError) told.delete(this.options.onError);
  }
}
