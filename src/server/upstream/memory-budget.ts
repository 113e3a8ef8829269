/**
 * The in-memory `RateBudget` of one process (spec 8: 120 Explorer requests per minute per key
 * by default). For replicas sharing one key, pass a shared budget instead.
 *
 * The service counts a request when it arrives, which is some time between our grant and
 * its response. So a request occupies the budget from its grant until `intervalMs` after its
 * response arrived (`permit.release()`): then no window of `intervalMs`, as the service
 * counts, ever holds more than `limit` requests, however long responses stall. A token
 * bucket (a short burst of `capacity`, then the refill pace) spreads requests out on top.
 *
 * Fetch-API runtime only: no `node:` imports, so it runs on edge runtimes.
 */
import { BudgetExceededError, type AcquireOptions, type BudgetPermit, type RateBudget } from './budget.js';
import { systemClock, type Clock } from '../clock.js';

export interface MemoryBudgetOptions {
  /** At most this many requests in any `intervalMs` window. Default 120. */
  limit?: number;
  /** Length of the budget window in ms. Default 60 000 (one minute). */
  intervalMs?: number;
  /** Bucket size, i.e. the burst allowance. Default `min(limit, 10)`. */
  capacity?: number;
  /** Time source. Default `systemClock`. */
  clock?: Clock;
}

interface Waiter {
  resolve: (permit: BudgetPermit) => void;
  reject: (reason: unknown) => void;
  /** When this caller stops waiting, on `clock` and on real time (`performance.now()`): whichever comes first. */
  deadline: number;
  realDeadline: number;
}

/** Reads a positive option, throwing a `RangeError` that names it. */
function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number (got ${String(value)})`);
  return value;
}

/** In-memory `RateBudget`: first come, first served. */
export class MemoryRateBudget implements RateBudget {
  readonly limit: number;
  readonly intervalMs: number;
  readonly capacity: number;
  readonly clock: Clock;

  #tokens: number;
  #last: number;
  #holdUntil = -Infinity;
  /** Granted requests whose response has not arrived. */
  #inFlight = 0;
  /** When recent responses arrived, oldest first (those still inside the window). */
  #released: number[] = [];
  #queue: Waiter[] = [];
  #pumping = false;
  /** Wakes the pump early: a permit was released, or a caller with its own deadline joined. */
  #wake: (() => void) | undefined;

  constructor(options: MemoryBudgetOptions = {}) {
    this.limit = positive('limit', options.limit ?? 120);
    if (!Number.isInteger(this.limit)) throw new RangeError('limit must be a whole number');
    this.intervalMs = positive('intervalMs', options.intervalMs ?? 60_000);
    this.capacity = positive('capacity', options.capacity ?? Math.min(this.limit, 10));
    this.clock = options.clock ?? systemClock;
    this.#tokens = this.capacity;
    this.#last = this.clock.now();
  }

  /** @internal Callers waiting in `acquire()`. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** @internal Requests granted whose response has not arrived. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** @internal */
  acquire(options: AcquireOptions = {}): Promise<BudgetPermit> {
    const { signal, maxWaitMs = Infinity } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#queue.length === 0 && this.#delay() === 0) return Promise.resolve(this.#grant());
    const estimate = this.#estimate();
    if (estimate > maxWaitMs) return Promise.reject(new BudgetExceededError(estimate));
    return new Promise<BudgetPermit>((resolve, reject) => {
      // the estimate is a guess: once queued, `maxWaitMs` is the limit whatever it said
      const gone = new AbortController();
      const waiter: Waiter = {
        resolve: (permit) => (gone.abort(), resolve(permit)),
        reject: (reason) => (gone.abort(), reject(reason)),
        deadline: this.clock.now() + maxWaitMs,
        realDeadline: performance.now() + maxWaitMs,
      };
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.#queue.indexOf(waiter);
          if (i >= 0) this.#queue.splice(i, 1)[0]!.reject(signal.reason);
        },
        { once: true, signal: gone.signal },
      );
      this.#queue.push(waiter);
      this.#wake?.(); // its deadline may come before the pump's next wake
      void this.#pump();
    });
  }

  /** @internal */
  hold(retryAfterMs: number): void {
    if (!(retryAfterMs > 0)) return;
    this.#holdUntil = Math.max(this.#holdUntil, this.clock.now() + retryAfterMs);
  }

  /** @internal */
  heldFor(): number {
    return Math.max(0, this.#holdUntil - this.clock.now());
  }

  /** @internal Ms until the next grant could happen (0 = now, `Infinity` = when a response arrives). */
  delay(): number {
    return this.#delay();
  }

  /**
   * A guess of the wait of a new caller behind the queue, ms: the pace of the bucket, and the
   * window rule — once the window is full, the caller's turn comes when as many answers as
   * there are callers ahead of it have left the window (a whole window when they are not in yet).
   */
  #estimate(): number {
    const next = this.#delay();
    const ahead = this.#queue.length;
    const paced = (Number.isFinite(next) ? next : this.intervalMs) + (ahead * this.intervalMs) / this.limit;
    const free = this.limit - this.#inFlight - this.#released.length;
    if (ahead < free) return paced;
    const leaving = this.#released[ahead - free];
    return Math.max(paced, leaving === undefined ? this.intervalMs : leaving + this.intervalMs - this.clock.now());
  }

  #refill(now: number): void {
    const elapsed = now - this.#last;
    if (elapsed > 0) {
      this.#tokens = Math.min(this.capacity, this.#tokens + (elapsed * this.limit) / this.intervalMs);
      this.#last = now;
    }
    while (this.#released.length > 0 && this.#released[0]! + this.intervalMs <= now) this.#released.shift();
  }

  #delay(): number {
    const now = this.clock.now();
    this.#refill(now);
    let wait = Math.max(0, this.#holdUntil - now);
    if (this.#tokens < 1) wait = Math.max(wait, ((1 - this.#tokens) * this.intervalMs) / this.limit);
    if (this.#inFlight + this.#released.length >= this.limit) {
      // the oldest answered request must leave the window; with none answered, wait for one
      const oldest = this.#released[0];
      wait = Math.max(wait, oldest === undefined ? Infinity : oldest + this.intervalMs - now);
    }
    return wait > 0 ? Math.max(wait, 1e-6) : 0;
  }

  #grant(): BudgetPermit {
    this.#tokens -= 1;
    this.#inFlight++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#inFlight--;
        this.#released.push(this.clock.now());
        this.#wake?.();
      },
    };
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      for (;;) {
        this.#expire();
        if (this.#queue.length === 0) break;
        const wait = this.#delay();
        if (wait === 0) {
          this.#queue.shift()!.resolve(this.#grant());
          continue;
        }
        // Float rounding can leave a sub-millisecond remainder; round up so one sleep suffices.
        if (Number.isFinite(wait)) {
          const deadline = Math.min(...this.#queue.map((w) => w.deadline)) - this.clock.now();
          await this.#nap(Math.ceil(Math.min(wait, deadline)));
        } else {
          // a wait for a release is a wait for an upstream answer, which comes in real time
          await this.#nap(Infinity, Math.ceil(Math.min(...this.#queue.map((w) => w.realDeadline)) - performance.now()));
        }
      }
    } catch (error) {
      for (const waiter of this.#queue.splice(0)) waiter.reject(error);
    } finally {
      this.#pumping = false;
    }
  }

  /** Refuses the callers whose wait reached its limit (`maxWaitMs`). */
  #expire(): void {
    const now = this.clock.now();
    const real = performance.now();
    for (const waiter of this.#queue.filter((w) => w.deadline <= now || w.realDeadline <= real)) {
      this.#queue.splice(this.#queue.indexOf(waiter), 1);
      waiter.reject(new BudgetExceededError(this.#estimate()));
    }
  }

  /** Sleeps `ms` on the clock, or (`Infinity`) `realMs` on a real timer, or until `#wake()`. */
  async #nap(ms: number, realMs = Infinity): Promise<void> {
    const woken = new AbortController();
    this.#wake = () => woken.abort();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      if (Number.isFinite(ms)) await this.clock.sleep(ms, woken.signal);
      else {
        await new Promise<void>((resolve) => {
          woken.signal.addEventListener('abort', () => resolve(), { once: true });
          if (Number.isFinite(realMs)) timer = setTimeout(resolve, Math.max(0, realMs));
        });
      }
    } catch (error) {
      if (!woken.signal.aborted) throw error;
    } finally {
      clearTimeout(timer);
      this.#wake = undefined;
    }
  }
}

/** `new MemoryRateBudget(options)`. */
export function createMemoryBudget(options?: MemoryBudgetOptions): MemoryRateBudget {
  return new MemoryRateBudget(options);
}
