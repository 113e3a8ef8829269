/**
 * The Explorer rate budget (spec 8, field notes): by default 120 requests per rolling
 * minute per key, configurable 1–6000, with an optional burst allowance on top. A request
 * over the budget is not counted and gets 429 `too_many_requests` with `Retry-After`.
 */
import { LIMITS } from '../../contract/index.js';
import { MINUTE } from './random.js';

export const RATE_LIMIT_MIN = 1;
export const RATE_LIMIT_MAX = 6000;

/** The Explorer API's rate budget per key. */
export interface RateLimitSettings {
  /** Requests per rolling minute per key (1–6000; default 120). */
  perMinute: number;
  /** Extra requests allowed above `perMinute` inside one window (default 0). */
  burst: number;
}

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export class RateLimiter {
  settings: RateLimitSettings;
  readonly #log = new Map<string, number[]>();

  constructor(settings: Partial<RateLimitSettings> = {}) {
    this.settings = { perMinute: LIMITS.explorerRequestsPerMinute, burst: 0 };
    this.configure(settings);
  }

  /** Changes the budget; throws a RangeError outside 1–6000 per minute or for a negative burst. */
  configure(settings: Partial<RateLimitSettings>): void {
    const perMinute = settings.perMinute ?? this.settings.perMinute;
    const burst = settings.burst ?? this.settings.burst;
    if (!Number.isInteger(perMinute) || perMinute < RATE_LIMIT_MIN || perMinute > RATE_LIMIT_MAX)
      throw new RangeError(`perMinute must be a whole number from ${RATE_LIMIT_MIN} to ${RATE_LIMIT_MAX}`);
    if (!Number.isInteger(burst) || burst < 0) throw new RangeError('burst must be a whole number ≥ 0');
    this.settings = { perMinute, burst };
  }

  /** Counts one request of `key` at `now`, or refuses it with the seconds until one frees up. */
  take(key: string, now: number): RateDecision {
    const budget = this.settings.perMinute + this.settings.burst;
    const log = (this.#log.get(key) ?? []).filter((t) => t > now - MINUTE);
    this.#log.set(key, log);
    if (log.length >= budget) {
      const oldest = log[log.length - budget]!;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + MINUTE - now) / 1000)) };
    }
    log.push(now);
    return { ok: true, remaining: budget - log.length };
  }

  reset(): void {
    this.#log.clear();
  }
}
