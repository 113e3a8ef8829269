/**
 * Public API upstream (spec 4.1, 5, 7.2): the raw key in `Authorization`, bodies checked
 * with the contract, the contract's not-found bodies turned into results (any other 404 is
 * a misconfiguration: 502, never cached), every answer cached and coalesced by its
 * normalized upstream request, upstream lookups counted against the asking client's
 * budget. A lookup always resolves to a `LookupValue` (what the browser gets), never throws
 * for upstream trouble; failures are told to `onError`.
 *
 * A lookup goes one way down and back: the cache says whether it holds the key (`SwrCache`,
 * `./cache.ts`: an LRU with stale-while-revalidate), the client joins the key's load in flight or
 * calls upstream itself (`./upstream/call.ts`) and stores what it got. Nothing it hands on
 * calls back.
 *
 * Fetch-API only (no `node:` imports).
 */
import {
  LIMITS,
  TOKEN_NOT_FOUND_BODY,
  assetRecordSchema,
  assetsPageSchema,
  describeIssue,
  tokenLookupResultSchema,
  upstreamPath,
  type PublicTarget,
} from '../../contract/index.js';
import type { ResolvedConfig } from '../resolve-options.js';
import { SwrCache, type CacheEntry, type Loaded } from './cache.js';
import { callUpstream, type UpstreamOutcome } from '../upstream/call.js';
import { UpstreamError, invalidBody, upstreamError } from '../upstream/outcome.js';
import { retryAfterSeconds } from '../upstream/retry-after.js';
import { ClientBudgets } from './client-budgets.js';
import { etagFor } from './etag.js';
import { imageDeadline } from './image-deadline.js';

/**
 * What the browser gets for one lookup, kept as its JSON text only: a cache holds thousands
 * of these, and the parsed body would cost more heap than the text (`body` parses on demand).
 */
export class LookupValue {
  readonly status: number;
  /** The body as JSON text. */
  readonly text: string;
  /** ETag of `text` (results only). */
  etag?: string;
  /** For 429: seconds to wait. */
  retryAfterSeconds?: number;
  /** When its signed `token_image` links stop being usable (epoch ms; `Infinity`: never). */
  deadline = Infinity;

  constructor(status: number, text: string, retryAfterSeconds?: number) {
    this.status = status;
    this.text = text;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The body, parsed from `text` (a new object on every read). */
  get body(): unknown {
    return JSON.parse(this.text) as unknown;
  }
}

/** A lookup with the `Cache-Control` it is answered with. */
export interface LookupAnswer {
  value: LookupValue;
  /** See `PublicApiClient.#cacheControl`. */
  cacheControl: string;
}

/** How a result may be kept downstream: its `Cache-Control` and the longest time it allows (fresh + stale), ms. */
interface Sharing {
  header: string;
  ms: number;
}

/**
 * The `Sharing` of the cache's configured windows, the total capped at `maxMs`: the same
 * whether the answer was just loaded or kept for a while. `no-cache` when the cache is off.
 */
function sharing({ ttlMs, staleMs }: { ttlMs: number; staleMs: number }, maxMs = Infinity): Sharing {
  if (ttlMs <= 0 && staleMs <= 0) return { header: 'no-cache', ms: 0 };
  const fresh = Math.floor(Math.min(ttlMs, maxMs) / 1000);
  const stale = Math.floor(Math.min(staleMs, maxMs - fresh * 1000) / 1000);
  return { header: `public, max-age=${fresh}${stale > 0 ? `, stale-while-revalidate=${stale}` : ''}`, ms: (fresh + stale) * 1000 };
}

const NO_STORE = 'private, no-store';

/** The `LookupValue` of a body. */
const bodyValue = (status: number, body: unknown, retryAfterSeconds?: number): LookupValue =>
  new LookupValue(status, JSON.stringify(body), retryAfterSeconds);
/** The `LookupValue` of an error `{ code, message }`. */
const errorValue = (status: number, code: string, message: string, retryAfterSeconds?: number): LookupValue =>
  bodyValue(status, { code, message }, retryAfterSeconds);

/** The not-found answers, one of each for every key that has it (the cache keeps a reference each). */
const TOKEN_NOT_FOUND = bodyValue(404, TOKEN_NOT_FOUND_BODY);
const ASSET_NOT_FOUND = bodyValue(404, { code: 'asset_not_found', message: 'No verified asset with this address on this chain' });
/** The answer to a miss while the key's in-flight slots and their queue are full (as the gate would refuse it). */
const BUSY: LookupAnswer = {
  value: errorValue(429, 'too_many_requests', 'Too many requests right now; retry after the time in Retry-After', 1),
  cacheControl: NO_STORE,
};

// ------------------------------------------------------------ not-found bodies

/** Whether a 404 body is the contract's "no such asset" (field notes: the NestJS `Asset not found`). */
function isAssetNotFound(json: unknown): boolean {
  const message = (json as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /^asset not found$/i.test(message.trim());
}

/** Whether a 404 body is the contract's token not-found body `{ kyi_verified: false, data: [] }`. */
function isTokenNotFound(json: unknown): boolean {
  const body = json as { kyi_verified?: unknown; data?: unknown } | null;
  return body?.kyi_verified === false && Array.isArray(body.data) && body.data.length === 0;
}

function parseJson(text: string): { ok: true; json: unknown } | { ok: false } {
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The `LookupValue` the browser gets for an upstream failure. */
const upstreamErrorValue = (error: UpstreamError): LookupValue =>
  errorValue(error.status, error.code, error.message, error.retryAfterMs !== undefined ? retryAfterSeconds(error.retryAfterMs) : undefined);

// ------------------------------------------------------------ the client

/** Per-lookup options. */
export interface LookupOptions {
  /** Skip the cache (the browser sent `no-cache`). */
  fresh?: boolean;
  /** Who asks, for the per-client budget (omitted: not counted). */
  client?: string;
  /**
   * Aborts when the asker went away: it stops waiting, and the upstream call it waited for is
   * not started, or is aborted, once nobody else waits for the same lookup.
   */
  signal?: AbortSignal;
}

/**
 * A load of one key in flight: what it settles with, how many callers wait for it, and the
 * switch that stops its upstream call once none is left.
 */
interface Flight {
  done: Promise<CacheEntry<LookupValue>>;
  waiting: number;
  stop: AbortController;
}

/** Why a load was stopped: everyone waiting for it went away. */
const EVERYONE_LEFT = new DOMException('Everyone waiting for this lookup went away', 'AbortError');

/** What a caller that went away is answered (nobody reads it). */
const CALLER_GONE: LookupAnswer = { value: errorValue(499, 'request_aborted', 'The client went away before the answer'), cacheControl: NO_STORE };

export class PublicApiClient {
  readonly #config: ResolvedConfig;
  readonly #cache: SwrCache<LookupValue>;
  readonly #clients: ClientBudgets | undefined;
  /** How results without signed image links may be kept downstream. */
  readonly #plain: Sharing;
  /**
   * How results with image links may be kept downstream: at most half a link's lifetime, so
   * this cache can keep them the other half (`#fetch`) and still say the same thing all along.
   */
  readonly #imaged: Sharing;
  /** The loads in flight, by key: every miss of a key joins its load (coalescing). */
  readonly #flights = new Map<string, Flight>();
  /** Set by `close`: why every load is stopped from then on. */
  #closed: { reason: unknown } | undefined;

  constructor(config: ResolvedConfig) {
    this.#config = config;
    this.#plain = sharing(config.cache);
    this.#imaged = sharing(config.cache, LIMITS.tokenImageLifetimeMs / 2);
    this.#cache = new SwrCache<LookupValue>({ maxEntries: config.cache.maxEntries, now: config.now });
    this.#clients = config.clientBudget ? new ClientBudgets(config.clientBudget, config.clock) : undefined;
  }

  /** The cache (exposed for tests and stats). */
  get cache(): SwrCache<LookupValue> {
    return this.#cache;
  }

  /** Resolves once no load is in flight (background refreshes included). */
  async idle(): Promise<void> {
    while (this.#flights.size > 0) await Promise.allSettled([...this.#flights.values()].map((flight) => flight.done));
  }

  /**
   * Stops every load in flight, and every one started from now on, with `reason` (what the
   * callers waiting for them get thrown); resolves once none is in flight. Cache hits still answer.
   */
  close(reason: unknown): Promise<void> {
    this.#closed ??= { reason };
    for (const flight of this.#flights.values()) flight.stop.abort(this.#closed.reason);
    return this.idle();
  }

  /** Answers one lookup from the cache, a coalesced call in flight, or a new upstream call. */
  async lookup(target: PublicTarget, options: LookupOptions = {}): Promise<LookupAnswer> {
    return this.lookupByKey(target, upstreamPath(target), options);
  }

  /** `lookup` with the target's `upstreamPath` (the cache key) already computed. */
  async lookupByKey(target: PublicTarget, key: string, { fresh = false, client, signal }: LookupOptions = {}): Promise<LookupAnswer> {
    const now = this.#config.now(); // read once: on some hosts the clock costs a system call
    const look = this.#cache.look(key, fresh, now);
    let flight = this.#flights.get(key);
    // whether the cache holds or is loading this key: read once, for the gate and the client's budget
    const known = flight !== undefined || look.entry !== undefined;
    // overload: a miss the gate would refuse is refused first, the cheapest answer there is
    if (this.#config.publicApi.gate.full && !known) return BUSY;
    const refused = this.#overBudget(fresh || !known, client);
    if (refused) return { value: refused, cacheControl: NO_STORE };
    if (signal?.aborted) return CALLER_GONE;
    if (look.state === 'hit') return this.#answer(look.entry.value, now);
    if (look.state === 'stale') {
      // answered at once and refreshed in the background, once (not while a load is in flight)
      if (!flight) this.#load(target, key).done.catch((error: unknown) => this.#wasStopped(error) || this.#config.onError(error, { route: 'public:revalidate' }));
      return this.#answer(look.entry.value, now);
    }
    // a load everyone waiting for has left is being stopped: this caller starts another
    if (!flight || flight.stop.signal.aborted) flight = this.#load(target, key);
    const joined = flight;
    joined.waiting++;
    const leave = () => {
      // the last one waiting for this key left: its upstream call is not started, or is aborted
      if (--joined.waiting === 0) joined.stop.abort(EVERYONE_LEFT);
    };
    signal?.addEventListener('abort', leave, { once: true });
    try {
      return this.#answer((await joined.done).value);
    } catch (error) {
      if (signal?.aborted) return CALLER_GONE;
      throw error;
    } finally {
      if (!signal?.aborted) {
        signal?.removeEventListener('abort', leave);
        joined.waiting--;
      }
    }
  }

  /**
   * Loads `key` from upstream (`#fetch`) and stores what may be kept; every miss of the key
   * joins this load until it settles.
   */
  #load(target: PublicTarget, key: string): Flight {
    const stop = new AbortController();
    if (this.#closed) stop.abort(this.#closed.reason);
    const done = this.#fetch(target, key, stop.signal).then((loaded) => this.#cache.store(key, loaded));
    const flight: Flight = { done, waiting: 0, stop };
    this.#flights.set(key, flight);
    // settled: the next miss loads again (unless a newer load of the key took this one's place)
    const settled = () => {
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
    };
    done.then(settled, settled);
    return flight;
  }

  /** Whether a load ended with the reason it was stopped for (everyone left, or `close`): nothing to report. */
  #wasStopped(error: unknown): boolean {
    return error === EVERYONE_LEFT || (this.#closed !== undefined && error === this.#closed.reason);
  }

  /** 429 when this lookup calls `upstream` and its `client` has used up its budget. */
  #overBudget(upstream: boolean | undefined, client: string | undefined): LookupValue | undefined {
    if (!this.#clients || client === undefined || !upstream) return undefined;
    const waitMs = this.#clients.take(client);
    if (waitMs === 0) return undefined;
    return errorValue(429, 'too_many_requests', 'Too many lookups from this client; retry after the time in Retry-After', retryAfterSeconds(waitMs));
  }

  /**
   * The answer of `lookupByKey` (without `fresh`) when it is a fresh cache hit, at once;
   * `undefined` when the lookup would have to wait, refresh or call upstream.
   */
  cachedLookupByKey(key: string): LookupAnswer | undefined {
    const now = this.#config.now(); // read once: on some hosts the clock costs a system call
    const entry = this.#cache.fresh(key, now);
    return entry ? this.#answer(entry.value, now) : undefined;
  }

  #answer(value: LookupValue, now = this.#config.now()): LookupAnswer {
    return { value, cacheControl: this.#cacheControl(value, now) };
  }

  /**
   * The `Cache-Control` of an answer. It never counts down from when the entry was loaded: a
   * remaining `max-age` (60, then 58 a second later) would tell anyone that another visitor
   * looked this token up two seconds ago. So a cache hit, a stale answer and a miss all say the
   * configured windows (`#plain`; `#imaged` for results with signed image links); a downstream
   * cache (browser, CDN) may keep an answer that long after this cache served it, so the oldest
   * answer a visitor can get is about twice `ttlSeconds + staleSeconds`. A result whose image
   * links would expire within that window says `no-cache` instead, which depends on the links
   * and the time only (this cache stops serving such entries before: see `#fetch`). Errors are
   * never stored. Nothing else dates an answer: no `Age` or `Last-Modified` is sent, the `ETag`
   * is a hash of the body, and `Date` (Node adds it) is the time of the answer.
   */
  #cacheControl(value: LookupValue, now: number): string {
    if (value.status !== 200 && value.status !== 404) return NO_STORE;
    if (value.deadline === Infinity) return this.#plain.header;
    return now + this.#imaged.ms <= value.deadline ? this.#imaged.header : 'no-cache';
  }

  /** Calls upstream for `path`: what the answer comes to, and how long it may be kept. */
  async #fetch(target: PublicTarget, path: string, signal: AbortSignal): Promise<Loaded<LookupValue>> {
    const { publicApi } = this.#config;
    const outcome = await callUpstream(
      this.#config.send,
      {
        url: publicApi.baseUrl + path,
        method: 'GET',
        // spec 5: the raw key, no Bearer prefix; nothing of the browser's request is forwarded
        headers: { authorization: publicApi.apiKey, accept: 'application/json' },
        idempotent: true,
        signal,
      },
      publicApi.policy,
      publicApi.gate,
    );
    const result = this.#interpret(target, outcome);
    if (result instanceof UpstreamError) {
      if (result.code !== 'too_many_requests') this.#config.onError(result, { route: `public:${target.kind}` });
      return { value: upstreamErrorValue(result), freshMs: 0, staleMs: 0 };
    }
    const now = this.#config.now();
    const deadline = imageDeadline(result.body, now);
    if (deadline !== Infinity) result.value.deadline = deadline;
    // kept only while an answer sent from here could be kept downstream (`#imaged`) within the
    // deadline: every answer from this cache then says the same (see `#cacheControl`)
    const room = deadline - this.#imaged.ms - now;
    const freshMs = Math.max(0, Math.min(this.#config.cache.ttlMs, room));
    const staleMs = Math.max(0, Math.min(this.#config.cache.staleMs, room - freshMs));
    result.value.etag ??= etagFor(result.value.text);
    return { value: result.value, freshMs, staleMs };
  }

  /** A cacheable result (200, with its checked body; or the contract's 404), or the error to answer with. */
  #interpret(target: PublicTarget, outcome: UpstreamOutcome): { value: LookupValue; body?: unknown } | UpstreamError {
    const secrets = this.#config.secrets;
    if (outcome.kind !== 'response' || (outcome.status !== 200 && outcome.status !== 404)) return upstreamError(outcome, 'public', secrets);
    const parsed = parseJson(outcome.text);
    if (outcome.status === 404) {
      const json = parsed.ok ? parsed.json : undefined;
      if (target.kind === 'tokens' && isTokenNotFound(json)) return { value: TOKEN_NOT_FOUND };
      if ((target.kind === 'asset' || target.kind === 'asset-caip10') && isAssetNotFound(json)) return { value: ASSET_NOT_FOUND };
      return upstreamError(outcome, 'public', secrets);
    }
    if (!parsed.ok) return invalidBody('public', 'the body is not JSON');
    const schema = target.kind === 'tokens' ? tokenLookupResultSchema : target.kind === 'assets' ? assetsPageSchema : assetRecordSchema;
    // The schema checks the body itself (a miss runs no wrapper); a failure names the first field.
    const checked = schema.safeParse(parsed.json);
    if (!checked.success) return invalidBody('public', `the body does not match the contract (${describeIssue(checked.error.issues[0]!).path})`);
    return { value: bodyValue(200, checked.data), body: checked.data };
  }
}
