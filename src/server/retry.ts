/**
 * One upstream call with a timeout on every attempt, retries with capped exponential
 * backoff and jitter for idempotent requests (5xx and network failures), and `Retry-After`
 * handling for 429: wait and try again when the wait is short, otherwise report it so the
 * route can answer 429 with `Retry-After`.
 *
 * Fetch-API only (no `node:` imports).
 */

/** Timing and retry knobs, resolved from the handler options. */
export interface RetryPolicy {
  /** Extra attempts after the first one (idempotent requests only). */
  retries: number;
  /** Timeout of one attempt, headers and body included, in ms. */
  timeoutMs: number;
  /** First backoff step in ms; doubles on every retry. */
  baseDelayMs: number;
  /** Ceiling of one backoff step in ms. */
  maxDelayMs: number;
  /** A 429 whose `Retry-After` is at most this long (ms) is waited out; longer ones are answered with 429. */
  maxRetryAfterMs: number;
  /** Largest upstream body read, in bytes. */
  maxBodyBytes: number;
  /** Waits `ms`. Injectable so tests do not sleep. */
  sleep: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1). */
  random: () => number;
  /** Wall clock in ms (for HTTP-date `Retry-After`). */
  now: () => number;
}

export const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Outcome of `callUpstream`. Never throws for upstream trouble. */
export type UpstreamOutcome =
  | { kind: 'response'; status: number; headers: Headers; text: string; attempts: number }
  | { kind: 'timeout'; attempts: number }
  | { kind: 'network'; attempts: number }
  | { kind: 'too-large'; attempts: number }
  | { kind: 'rate-limited'; retryAfterSeconds: number; attempts: number };

export interface CallOptions {
  /** Whether the request may be repeated after a 5xx or a network failure (GET). */
  idempotent: boolean;
  /** Runs before every attempt (e.g. waits for the Explorer budget); may end the call with an outcome. */
  beforeAttempt?: () => Promise<UpstreamOutcome | void>;
  /** Told about every 429 with its wait in ms (e.g. to hold the Explorer budget). */
  onRateLimited?: (retryAfterMs: number) => void;
}

/** Statuses worth another attempt for an idempotent request. */
const RETRYABLE = new Set([500, 502, 503, 504]);

/** The delay before retry number `attempt` (0-based): capped exponential with "equal jitter". */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return cap / 2 + policy.random() * (cap / 2);
}

/** Parses `Retry-After` (delta seconds or an HTTP date) into ms; `undefined` when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (/^\d{1,9}$/.test(v)) return Number(v) * 1000;
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Reads a body as text, stopping at `limit` bytes (`null` when over). */
async function readLimited(response: Response, limit: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    return null;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

class TimeoutSignal extends Error {}

/**
 * Performs `fetch(url, init)` under `policy`. 5xx answers that were not retried (or ran out
 * of retries) come back as `response` outcomes so the caller maps them.
 */
export async function callUpstream(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
  policy: RetryPolicy,
  options: CallOptions,
): Promise<UpstreamOutcome> {
  let attempts = 0;
  for (let attempt = 0; ; attempt++) {
    const early = await options.beforeAttempt?.();
    if (early) return { ...early, attempts };
    attempts++;
    const canRetry = attempt < policy.retries;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutSignal('timeout')), policy.timeoutMs);
    let outcome: UpstreamOutcome | 'retry-backoff' | { retryAfterMs: number };
    try {
      const response = await fetchFn(url, { ...init, signal: controller.signal, redirect: 'manual' });
      if (response.status === 429) {
        await response.body?.cancel().catch(() => {});
        const waitMs = parseRetryAfter(response.headers.get('retry-after'), policy.now()) ?? 1000;
        options.onRateLimited?.(waitMs);
        // a 429 means the request was not processed, so even a write may be repeated
        outcome =
          canRetry && waitMs <= policy.maxRetryAfterMs
            ? { retryAfterMs: waitMs }
            : { kind: 'rate-limited', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), attempts };
      } else if (RETRYABLE.has(response.status) && options.idempotent && canRetry) {
        await response.body?.cancel().catch(() => {});
        outcome = 'retry-backoff';
      } else {
        const text = await readLimited(response, policy.maxBodyBytes);
        outcome =
          text === null
            ? { kind: 'too-large', attempts }
            : { kind: 'response', status: response.status, headers: response.headers, text, attempts };
      }
    } catch {
      const timedOut = controller.signal.aborted;
      if (options.idempotent && canRetry) outcome = 'retry-backoff';
      else outcome = timedOut ? { kind: 'timeout', attempts } : { kind: 'network', attempts };
    } finally {
      clearTimeout(timer);
    }
    if (outcome === 'retry-backoff') {
      await policy.sleep(backoffDelay(attempt, policy));
      continue;
    }
    if ('retryAfterMs' in outcome) {
      await policy.sleep(outcome.retryAfterMs);
      continue;
    }
    return outcome;
  }
}
