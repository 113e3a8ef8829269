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
 * `fetch` option), or the Node entry's pooled client (`../node/pooled-client.ts`); the policy around
 * the attempt (gate, retries, waits) is the same either way.
 *
 * The gate (`UpstreamGate`, below) and the attempts it admits are one module: a call is
 * admitted, sent and released here, in that order. The gate stands in front of one upstream
 * key, shared by everything that calls with that key:
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
import type { Clock } from '../clock.js';
import { BudgetExceededError, type BudgetPermit, type RateBudget } from './budget.js';
import { isStoreUnavailable } from '../store/types.js';
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

/** What ends an attempt whose time ran out (the fetch attempt here, the pooled one of `../node/pooled-client.ts`). */
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

// ------------------------------------------------------------ the gate

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
    if (this.#queue.length >= this.maxQueue || waitMs <= 0 || signal?.aborted) return Promise.resolve(false);
    return new Promise<'queued' | false>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      // every way out of the queue (a slot, the caller's abort, the wait's end) goes through here
      const leave = (result: 'queued' | false) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
        resolve(result);
      };
      const wake = () => {
        this.#inFlight++;
        leave('queued');
      };
      const giveUp = () => {
        const i = this.#queue.indexOf(wake);
        if (i < 0) return;
        this.#queue.splice(i, 1);
        leave(false);
      };
      this.#queue.push(wake);
      signal?.addEventListener('abort', giveUp, { once: true });
      // the slot wait runs on real time: attempt timeouts free slots on real time too
      if (Number.isFinite(waitMs)) timer = setTimeout(giveUp, waitMs);
    });
  }

  #leave(): void {
    this.#inFlight--;
    const next = this.#queue.shift();
    next?.();
  }
}
