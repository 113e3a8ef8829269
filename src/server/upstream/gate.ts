/**
 * The gate in front of one upstream key, shared by everything that calls with that key:
 * - a key-wide hold after a 429 (kept in the key's `RateBudget` when there is one, so every
 *   replica sharing the budget is held too),
 * - a cap on requests in flight, with a bounded queue behind it (memory stays bounded
 *   however many callers arrive; the rest are refused at once),
 * - the key's rate budget, when it has one.
 * A caller waits only when the wait is short (`maxWaitMs`); otherwise it is refused with the
 * time to come back. A budget whose store cannot be reached (`store_unavailable`) refuses
 * too, as unavailable: fail closed, the key is never overrun.
 *
 * Fetch-API only (no `node:` imports).
 */
import { BudgetExceededError, type BudgetPermit, type RateBudget } from './budget.js';
import type { Clock } from '../clock.js';
import { isStoreUnavailable } from '../store/types.js';

export interface GateOptions {
  /** Requests in flight at once on this key. */
  maxInFlight: number;
  /** Callers allowed to wait for a slot; more are refused at once. Default `4 × maxInFlight`. */
  maxQueue?: number;
  clock: Clock;
  /** The key's rate budget (Explorer). */
  budget?: RateBudget;
}

/** A granted attempt: call `release()` once its response (or failure) arrived. */
export interface Ticket {
  release(): void;
}

/** Refused: come back after `retryAfterMs`; `unavailable` when the budget's store could not be read. */
export interface Refusal {
  retryAfterMs: number;
  unavailable?: unknown;
}

/** How long a caller refused for a full queue is told to wait. */
const QUEUE_FULL_RETRY_MS = 1000;
/** How long a caller refused because the budget's store is unreachable is told to wait. */
export const STORE_RETRY_MS = 5000;

export class UpstreamGate {
  readonly maxInFlight: number;
  readonly maxQueue: number;
  readonly #clock: Clock;
  readonly #budget: RateBudget | undefined;
  #holdUntil = -Infinity;
  #inFlight = 0;
  #queue: Array<() => void> = [];

  constructor(options: GateOptions) {
    this.maxInFlight = options.maxInFlight;
    this.maxQueue = options.maxQueue ?? 4 * options.maxInFlight;
    this.#clock = options.clock;
    this.#budget = options.budget;
  }

  /** Attempts in flight now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Callers waiting for a slot now. */
  get queued(): number {
    return this.#queue.length;
  }

  /** Every slot in flight and the queue behind them full: a new caller would be refused at once. */
  get full(): boolean {
    return this.#inFlight >= this.maxInFlight && this.#queue.length >= this.maxQueue;
  }

  /** The service answered 429: nothing leaves on this key for `ms` (here at least, when the budget's store is unreachable). */
  async hold(ms: number): Promise<void> {
    this.#holdUntil = Math.max(this.#holdUntil, this.#clock.now() + ms);
    try {
      await this.#budget?.hold(ms);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
    }
  }

  /** Ms until the key's hold ends (0 when not held). */
  async heldFor(): Promise<number> {
    const own = Math.max(0, this.#holdUntil - this.#clock.now());
    return Math.max(own, this.#budget ? await this.#budget.heldFor() : 0);
  }

  /**
   * Waits for the key's hold to end (when it ends within `limits.holdMs`), then for a slot and
   * the budget (together at most `limits.queueMs`, however long the budget guessed at first);
   * otherwise refuses.
   */
  async admit(limits: { holdMs: number; queueMs: number }, signal?: AbortSignal): Promise<Ticket | Refusal> {
    // the usual case, decided at once: no budget to ask, the key not held, a slot free and nobody queued
    if (!this.#budget && this.#holdUntil <= this.#clock.now() && this.#inFlight < this.maxInFlight && this.#queue.length === 0) {
      this.#inFlight++;
      return this.#ticket(undefined);
    }
    try {
      return await this.#admit(limits, signal);
    } catch (error) {
      if (isStoreUnavailable(error)) return { retryAfterMs: STORE_RETRY_MS, unavailable: error };
      throw error;
    }
  }

  async #admit(limits: { holdMs: number; queueMs: number }, signal?: AbortSignal): Promise<Ticket | Refusal> {
    const held = await this.#waitOutHold(limits.holdMs, signal);
    if (held) return held;
    const started = this.#clock.now();
    const slot = await this.#slot(limits.queueMs, signal);
    if (!slot) return { retryAfterMs: QUEUE_FULL_RETRY_MS };
    let permit: BudgetPermit | undefined;
    try {
      // a 429 may have arrived while this caller queued: nothing leaves on a held key
      const heldMeanwhile = slot === 'queued' ? await this.#waitOutHold(limits.holdMs, signal) : undefined;
      if (heldMeanwhile) {
        this.#leave();
        return heldMeanwhile;
      }
      permit = await this.#budget?.acquire({ signal, maxWaitMs: Math.max(0, limits.queueMs - (this.#clock.now() - started)) });
    } catch (error) {
      this.#leave();
      if (error instanceof BudgetExceededError) return { retryAfterMs: error.retryAfterMs };
      throw error;
    }
    return this.#ticket(permit);
  }

  /** The ticket of a slot taken (with the budget's permit, when there is one). */
  #ticket(permit: BudgetPermit | undefined): Ticket {
    let done = false;
    return {
      release: () => {
        if (done) return;
        done = true;
        permit?.release();
        this.#leave();
      },
    };
  }

  /** Sleeps through the key's hold when it ends within `holdMs`; otherwise the refusal. */
  async #waitOutHold(holdMs: number, signal?: AbortSignal): Promise<Refusal | undefined> {
    const held = await this.heldFor();
    if (held > holdMs) return { retryAfterMs: held };
    if (held > 0) await this.#clock.sleep(held, signal);
    return undefined;
  }

  /**
   * Takes an in-flight slot, waiting in the bounded queue at most `waitMs`: `'free'` when one
   * was free, `'queued'` when this caller waited for it, `false` when refused.
   */
  #slot(waitMs: number, signal?: AbortSignal): Promise<'free' | 'queued' | false> {
    if (this.#inFlight < this.maxInFlight && this.#queue.length === 0) {
      this.#inFlight++;
      return Promise.resolve('free');
    }
    if (this.#queue.length >= this.maxQueue || waitMs <= 0) return Promise.resolve(false);
    return new Promise<'queued' | false>((resolve) => {
      const stop = new AbortController();
      const wake = () => {
        stop.abort();
        this.#inFlight++;
        resolve('queued');
      };
      this.#queue.push(wake);
      const giveUp = () => {
        const i = this.#queue.indexOf(wake);
        if (i < 0) return;
        this.#queue.splice(i, 1);
        resolve(false);
      };
      signal?.addEventListener('abort', giveUp, { once: true });
      // the slot wait runs on real time: attempt timeouts free slots on real time too
      const timer = Number.isFinite(waitMs) ? setTimeout(giveUp, waitMs) : undefined;
      stop.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
      });
    });
  }

  #leave(): void {
    this.#inFlight--;
    const next = this.#queue.shift();
    next?.();
  }
}
