/**
 * A token bucket that keeps an Explorer key inside its rate budget (spec part 8:
 * 120 requests per minute per key by default).
 *
 * A plain token bucket of capacity C and refill r lets C + r·T requests through in a
 * window of length T, which is over budget for any C > 0. So the bucket also keeps the
 * times of its last `limit` grants and never grants a token while `limit` grants already
 * fall inside the current `intervalMs` window: the budget holds in *every* window, while
 * the bucket still spreads requests out (a short burst of `capacity`, then the refill pace).
 *
 * Fetch-API runtime only: no `node:` imports, so it runs on edge runtimes.
 */

/** Time source and timer. Injectable so tests run a minute of budget in microseconds. */
export interface Clock {
  /** Milliseconds on a monotonic scale. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** The real clock: `performance.now()` and `setTimeout`. */
export const systemClock: Clock = {
  now: () => performance.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortReason(signal));
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortReason(signal!));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, Math.max(0, ms));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};

interface Sleeper {
  at: number;
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * A clock that only moves when told to: `advance(ms)` or, with `autoAdvance`, whenever
 * someone sleeps (time jumps to the sleeper's deadline at once). For tests.
 */
export class ManualClock implements Clock {
  #now: number;
  #sleepers: Sleeper[] = [];
  readonly autoAdvance: boolean;

  constructor(options: { start?: number; autoAdvance?: boolean } = {}) {
    this.#now = options.start ?? 0;
    this.autoAdvance = options.autoAdvance ?? false;
  }

  now(): number {
    return this.#now;
  }

  /** Number of sleepers waiting for time to move. */
  get pending(): number {
    return this.#sleepers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.autoAdvance) {
      // Jump on a later task, so code woken before this sleep still sees the old time.
      const at = this.#now + Math.max(0, ms);
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          this.#now = Math.max(this.#now, at);
          resolve();
        }, 0),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = { at: this.#now + Math.max(0, ms), resolve, reject, signal };
      if (signal) {
        sleeper.onAbort = () => {
          this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
          reject(abortReason(signal));
        };
        signal.addEventListener('abort', sleeper.onAbort, { once: true });
      }
      this.#sleepers.push(sleeper);
      this.#sleepers.sort((a, b) => a.at - b.at);
    });
  }

  /** Moves time forward and wakes every sleeper whose deadline has come. */
  advance(ms: number): void {
    this.#now += Math.max(0, ms);
    this.#wake();
  }

  /** Jumps to the earliest sleeper's deadline; `false` when nobody sleeps. */
  next(): boolean {
    const first = this.#sleepers[0];
    if (!first) return false;
    this.#now = Math.max(this.#now, first.at);
    this.#wake();
    return true;
  }

  #wake(): void {
    while (this.#sleepers.length > 0 && this.#sleepers[0]!.at <= this.#now) {
      const s = this.#sleepers.shift()!;
      if (s.signal && s.onAbort) s.signal.removeEventListener('abort', s.onAbort);
      s.resolve();
    }
  }
}

export interface TokenBucketOptions {
  /** The budget: at most this many grants in any `intervalMs` window. Default 120. */
  limit?: number;
  /** Length of the budget window in ms. Default 60 000 (one minute). */
  intervalMs?: number;
  /** Bucket size, i.e. the burst allowance. Default `min(limit, 10)`. */
  capacity?: number;
  /** Tokens added per `intervalMs`, spread evenly. Default `limit`. */
  refill?: number;
  /** Time source. Default `systemClock`. */
  clock?: Clock;
}

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * Token bucket with a rolling-window ceiling. `take()` waits (first come, first served)
 * until a request may go out; `tryTake()` answers at once; `holdUntil()` pauses grants,
 * e.g. for a `Retry-After` the service sent.
 */
export class TokenBucket {
  readonly limit: number;
  readonly intervalMs: number;
  readonly capacity: number;
  readonly refill: number;
  readonly clock: Clock;

  #tokens: number;
  #last: number;
  #holdUntil = -Infinity;
  /** Times of the most recent grants, oldest first, at most `limit` of them. */
  #grants: number[] = [];
  #queue: Waiter[] = [];
  #pumping = false;

  constructor(options: TokenBucketOptions = {}) {
    const limit = options.limit ?? 120;
    const intervalMs = options.intervalMs ?? 60_000;
    const capacity = options.capacity ?? Math.min(limit, 10);
    const refill = options.refill ?? limit;
    for (const [name, value] of Object.entries({ limit, intervalMs, capacity, refill })) {
      if (!Number.isFinite(value) || value <= 0) {
        throw new RangeError(`TokenBucket: ${name} must be a positive number (got ${String(value)})`);
      }
    }
    if (!Number.isInteger(limit)) throw new RangeError('TokenBucket: limit must be an integer');
    this.limit = limit;
    this.intervalMs = intervalMs;
    this.capacity = capacity;
    this.refill = refill;
    this.clock = options.clock ?? systemClock;
    this.#tokens = capacity;
    this.#last = this.clock.now();
  }

  /** Tokens available right now (fractional while refilling). */
  get available(): number {
    this.#refillNow();
    return this.#tokens;
  }

  /** Callers waiting in `take()`. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** Takes a token if one is free right now and nobody is queued ahead. */
  tryTake(): boolean {
    if (this.#queue.length > 0) return false;
    return this.#delay() === 0 && this.#grant();
  }

  /**
   * Waits for a token, first come first served. Rejects with the signal's reason when the
   * signal aborts while waiting (the token is then not consumed).
   */
  take(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.tryTake()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.#queue.indexOf(waiter);
          if (i >= 0) this.#queue.splice(i, 1);
          reject(abortReason(signal));
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.#queue.push(waiter);
      void this.#pump();
    });
  }

  /**
   * Grants nothing before `clock.now() + ms` (e.g. the service answered 429 with
   * `Retry-After`). Never shortens an existing hold.
   */
  holdFor(ms: number): void {
    if (!(ms > 0)) return;
    this.#holdUntil = Math.max(this.#holdUntil, this.clock.now() + ms);
  }

  /** Milliseconds until the next token could be granted (0 = now). */
  delay(): number {
    return this.#delay();
  }

  #refillNow(): void {
    const now = this.clock.now();
    const elapsed = now - this.#last;
    if (elapsed > 0) {
      this.#tokens = Math.min(this.capacity, this.#tokens + (elapsed * this.refill) / this.intervalMs);
      this.#last = now;
    }
  }

  #delay(): number {
    this.#refillNow();
    const now = this.clock.now();
    let wait = Math.max(0, this.#holdUntil - now);
    if (this.#tokens < 1) {
      wait = Math.max(wait, ((1 - this.#tokens) * this.intervalMs) / this.refill);
    }
    if (this.#grants.length >= this.limit) {
      // the oldest of the last `limit` grants must have left the window
      wait = Math.max(wait, this.#grants[0]! + this.intervalMs - now);
    }
    return wait > 0 ? Math.max(wait, 1e-6) : 0;
  }

  #grant(): boolean {
    this.#tokens -= 1;
    this.#grants.push(this.clock.now());
    if (this.#grants.length > this.limit) this.#grants.shift();
    return true;
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#queue.length > 0) {
        const wait = this.#delay();
        if (wait === 0) {
          const waiter = this.#queue.shift()!;
          if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
          this.#grant();
          waiter.resolve();
          continue;
        }
        // Float rounding can leave a sub-millisecond remainder; round up so one sleep suffices.
        await this.clock.sleep(Math.ceil(wait));
      }
    } catch (error) {
      for (const waiter of this.#queue.splice(0)) waiter.reject(error);
    } finally {
      this.#pumping = false;
    }
  }
}

/** `new TokenBucket(options)`. */
export function createTokenBucket(options?: TokenBucketOptions): TokenBucket {
  return new TokenBucket(options);
}
