/**
 * The one way the server piece calls upstream (Public API proxy, Explorer proxy and
 * `ExplorerClient` alike): every attempt passes the key's gate (429 hold, in-flight cap,
 * rate budget) and has a timeout; idempotent requests are retried after 5xx, network
 * failures and timeouts with capped exponential backoff and jitter; a 429 holds the whole
 * key and is waited out when short. At most `MAX_ATTEMPTS` attempts (vendor guidance).
 *
 * Never throws for upstream trouble: the result is an `UpstreamOutcome`, which
 * `./outcome.ts` maps to an error.
 *
 * An attempt goes out through a `SendAttempt`: `fetchAttempt(fetch)` (the default, and any
 * `fetch` option), or the Node entry's pooled client (`./node-client.ts`); the policy around
 * the attempt (gate, retries, waits) is the same either way.
 *
 * Fetch-API only (no `node:` imports).
 */
import type { Clock } from '../clock.js';
import type { Refusal, Ticket, UpstreamGate } from './gate.js';
import { parseRetryAfter } from './retry-after.js';

/** Vendor guidance: at most 5 attempts. */
export const MAX_ATTEMPTS = 5;

/** Timing and retry knobs. */
export interface UpstreamPolicy {
  /** Extra attempts after the first one, at most `MAX_ATTEMPTS - 1`. */
  retries: number;
  /** Timeout of one attempt, headers and body included, ms. */
  timeoutMs: number;
  /** First backoff step in ms; doubles on every retry. */
  baseDelayMs: number;
  /** Ceiling of one backoff step in ms. */
  maxDelayMs: number;
  /** Longest 429 hold waited out, ms; a longer one is answered with 429. */
  maxWaitMs: number;
  /** Longest wait for an in-flight slot and the rate budget together, ms, over all attempts of a call. */
  maxQueueMs: number;
  /** Largest upstream body read, bytes. */
  maxBodyBytes: number;
  clock: Clock;
  /** Jitter source in [0, 1). */
  random: () => number;
}

/** The response headers an outcome keeps (a `Headers` object is one). */
export interface UpstreamHeaders {
  get(name: string): string | null;
}

/** What one upstream call came to. */
export type UpstreamOutcome =
  | { kind: 'response'; status: number; headers: UpstreamHeaders; text: string }
  | { kind: 'timeout' }
  | { kind: 'network'; cause: unknown }
  | { kind: 'too-large' }
  | { kind: 'rate-limited'; retryAfterMs: number }
  /** The key's shared budget could not be read (its store is unreachable): nothing was sent. */
  | { kind: 'budget-unavailable'; retryAfterMs: number; cause: unknown };

export interface UpstreamRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Whether the request may be repeated after a 5xx, network failure or timeout. */
  idempotent: boolean;
  /** Aborts the call (waits included); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * One attempt, sent without `fetch`: resolves with the outcome (`timeout` after
 * `policy.timeoutMs`, headers and body included; `too-large` past `policy.maxBodyBytes`;
 * `rateLimited(…)` for a 429, its body unread; `network` for any other failure), and rejects
 * with the reason of `request.signal` when that aborts it. Redirects are not followed.
 */
export type SendAttempt = (request: UpstreamRequest, policy: UpstreamPolicy) => Promise<UpstreamOutcome>;

/** Attempts sent through `fetchFn` (called unbound, so `this` is never an options object). */
export function fetchAttempt(fetchFn: typeof fetch): SendAttempt {
  return (request, policy) => attempt(fetchFn, request, policy);
}

/** The outcome of a 429: the wait its `Retry-After` asks for (1 s when it says nothing usable). */
export function rateLimited(retryAfter: string | null | undefined, policy: Pick<UpstreamPolicy, 'clock'>): UpstreamOutcome {
  return { kind: 'rate-limited', retryAfterMs: parseRetryAfter(retryAfter ?? null, policy.clock.now()) ?? 1000 };
}

/** Statuses worth another attempt for an idempotent request. */
const RETRYABLE = new Set([500, 502, 503, 504]);

/** The delay before retry number `attempt` (0-based): capped exponential with "equal jitter". */
export function backoffDelay(attempt: number, policy: Pick<UpstreamPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return cap / 2 + policy.random() * (cap / 2);
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

/** What ends an attempt whose time ran out (the fetch attempt here, the pooled one of `./node-client.ts`). */
export class TimeoutReason extends Error {}

/** One attempt under a timeout; the caller's signal aborts it too. */
async function attempt(fetchFn: typeof fetch, request: UpstreamRequest, policy: UpstreamPolicy): Promise<UpstreamOutcome> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(request.signal!.reason);
  request.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new TimeoutReason()), policy.timeoutMs);
  try {
    const { url, method, headers, body } = request;
    const response = await fetchFn.call(undefined, url, { method, headers, body, signal: controller.signal, redirect: 'manual' });
    if (response.status === 429) {
      await response.body?.cancel().catch(() => {});
      return rateLimited(response.headers.get('retry-after'), policy);
    }
    const text = await readLimited(response, policy.maxBodyBytes);
    return text === null ? { kind: 'too-large' } : { kind: 'response', status: response.status, headers: response.headers, text };
  } catch (cause) {
    request.signal?.throwIfAborted();
    return controller.signal.reason instanceof TimeoutReason ? { kind: 'timeout' } : { kind: 'network', cause };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}

/** Whether `outcome` is worth another attempt of an idempotent request after a backoff. */
function worthRetry(outcome: UpstreamOutcome): boolean {
  return outcome.kind === 'timeout' || outcome.kind === 'network' || (outcome.kind === 'response' && RETRYABLE.has(outcome.status));
}

/**
 * Calls upstream under `policy` through the key's `gate`. The waits for a slot and the budget
 * of all attempts together stay within `policy.maxQueueMs`. A call whose `request.signal`
 * aborted while it waited is never sent; one in flight is aborted.
 */
export async function callUpstream(
  send: SendAttempt,
  request: UpstreamRequest,
  policy: UpstreamPolicy,
  gate: UpstreamGate,
): Promise<UpstreamOutcome> {
  const retries = Math.min(policy.retries, MAX_ATTEMPTS - 1);
  let queueLeft = policy.maxQueueMs;
  for (let n = 0; ; n++) {
    const queued = policy.clock.now();
    const ticket: Ticket | Refusal = await gate.admit({ holdMs: policy.maxWaitMs, queueMs: queueLeft }, request.signal);
    queueLeft = Math.max(0, queueLeft - (policy.clock.now() - queued));
    if ('retryAfterMs' in ticket) {
      request.signal?.throwIfAborted();
      const { retryAfterMs, unavailable } = ticket;
      return unavailable ? { kind: 'budget-unavailable', retryAfterMs, cause: unavailable } : { kind: 'rate-limited', retryAfterMs };
    }
    let outcome: UpstreamOutcome;
    try {
      request.signal?.throwIfAborted(); // the caller left while this call waited: it is not sent
      outcome = await send(request, policy);
    } finally {
      ticket.release();
    }
    const canRetry = n < retries;
    if (outcome.kind === 'rate-limited') {
      await gate.hold(outcome.retryAfterMs);
      if (!canRetry || outcome.retryAfterMs > policy.maxWaitMs) return outcome;
      // a 429 was not processed, so even a write may be repeated, once the wait asked for is over
      await policy.clock.sleep(outcome.retryAfterMs, request.signal);
      continue;
    }
    if (canRetry && request.idempotent && worthRetry(outcome)) {
      await policy.clock.sleep(backoffDelay(n, policy), request.signal);
      continue;
    }
    return outcome;
  }
}
