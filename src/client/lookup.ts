/**
 * The browser's lookup, one module from key to outcome: the lookup's key, the batch, the fetch,
 * the one cache, and the relayed answer read as the outcome an element renders, through the
 * browser's lenient body readers (`shape()`, which the monitoring and assets reads use too).
 * (The elements check their input before they ask: lookup-element.ts.)
 *
 * Every lookup asked for within one frame, by any element, is
 * deduplicated and sent as one `POST {proxyUrl}/lookup` (split at `LIMITS.lookupBatchMax`, 500, per
 * request: a page of 5,000 distinct tokens makes 10). The
 * request leaves right after the elements connected in the same task have rendered (Lit
 * renders in microtasks), before the browser lays the page out; lookups asked later in the
 * same frame are gathered into one more request at the frame: at most two per frame.
 *
 * - Answers are cached in memory with a TTL and a bound (10,000: thousands of tokens on a page
 *   stay cached), shared by every element.
 * - A failing batch fails only its own entries; one entry's error status fails only it.
 * - Each caller passes its own `AbortSignal`; when nobody waits for an entry any more it is
 *   dropped from the queue, and a batch whose every entry was abandoned is aborted.
 * - `bypassCache` skips the cache (and any request already on the wire) and asks the
 *   server piece to skip its cache too (`Cache-Control: no-cache` and `fresh: true` on the batch).
 *
 * Nothing here touches the DOM until a lookup is made.
 */
import type { AssetRecord, TokenLookupResult } from '../contract/index.js';
import { LIMITS } from '../contract/limits.js';
import { onPage } from '../browser/config.js';
import { errorFromAnswer, isAbortError, KyiRequestError, problemFromAnswer, toProblem, type KyiProblem } from './errors.js';
import { isObject } from '../contract/queries.js';

/**
 * An abort handle the client watches through a hook instead of an `abort` listener: the
 * elements' `LazySignal` (elements/shared/kyi-element.ts), which makes no `AbortController` unless asked.
 */
export interface AbortHook {
  readonly aborted: boolean;
  readonly reason: unknown;
  onAbort(hook: () => void): void;
}

/**
 * A small in-memory cache with a time-to-live and a bound on entries (least recently used
 * goes first). Shared by every element on the page through the lookup client.
 */
export interface TtlCacheOptions {
  /** How long an entry stays fresh, ms. */
  ttlMs: number;
  /** Most entries kept; the least recently used are dropped first. */
  maxEntries: number;
  /** Clock, for tests. */
  now?: () => number;
}

export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: TtlCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = Math.max(0, options.maxEntries);
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The fresh value for `key`, or `undefined` (an expired entry is dropped). */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    // Re-insert so Map order is least-recently-used first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttlMs = this.#ttlMs): void {
    if (this.#maxEntries === 0 || ttlMs <= 0) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: this.#now() + ttlMs });
    this.#trim();
  }

  clear(): void {
    this.#entries.clear();
  }

  #trim(): void {
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}

/** One lookup. `token` → `GET /kyi/v1/tokens`; `asset` → the asset routes. */
export type LookupRequest =
  | { kind: 'token'; caip19: string }
  | { kind: 'token'; address: string; chainSlug?: string | undefined }
  | { kind: 'asset'; accountId: string }
  | { kind: 'asset'; chain: string; address: string };

/** The upstream answer for one lookup, as relayed by the server piece. */
export interface LookupResponse {
  status: number;
  body: unknown;
}

/** Options of one lookup (`lookupToken`, `lookupAsset`). */
export interface LookupOptions {
  /** Abort this caller's interest; the lookup itself is aborted once nobody waits for it. */
  signal?: AbortSignal | undefined;
  /** Skip the browser cache and ask the proxy for a fresh answer. */
  bypassCache?: boolean | undefined;
}

/**
 * The client's own options of a lookup: its `signal` may also be a `LazySignal` (the elements',
 * an `AbortHook`), watched through its hook: no listener, no real signal made.
 */
export interface ClientLookupOptions extends Omit<LookupOptions, 'signal'> {
  signal?: AbortSignal | AbortHook | undefined;
}

export interface LookupClientOptions {
  /** Fresh time of a cached answer, ms. Default 60 s. */
  ttlMs?: number;
  /** Most cached answers. Default 10,000 (a few MB at most: the answers are small JSON). */
  maxEntries?: number;
  /** Lookups per POST. Default and most: 500 (`LIMITS.lookupBatchMax`, the server piece's limit). */
  batchSize?: number;
  /** The fetch to use (defaults to the global one at call time). */
  fetch?: typeof fetch;
  /** Schedules a flush; default: the end of the current task (see the module comment). */
  schedule?: (flush: () => void) => void;
}

/** Default bound of the shared cache: a page of thousands of distinct tokens stays cached. */
export const DEFAULT_MAX_ENTRIES = 10_000;

/** HTTP statuses whose answers are facts about the token, safe to cache. */
const CACHEABLE = new Set([200, 400, 404]);

interface Waiter {
  resolve: (value: LookupResponse) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | AbortHook | undefined;
  /** The `abort` listener on a real `signal`, removed once answered. */
  onAbort: (() => void) | undefined;
}

interface Batch {
  controller: AbortController;
  /** Entries in this batch somebody still waits for. */
  live: number;
}

interface Entry {
  key: string;
  proxyUrl: string;
  wire: Record<string, string>;
  bypass: boolean;
  waiters: Set<Waiter>;
  batch: Batch | undefined;
}

/** The JSON one lookup is sent as inside `{ requests: [...] }`. */
export function toWire(request: LookupRequest): Record<string, string> {
  if (request.kind === 'token') {
    if ('caip19' in request) return { kind: 'token', caip19: request.caip19 };
    const wire: Record<string, string> = { kind: 'token', address: request.address };
    if (request.chainSlug) wire.chainSlug = request.chainSlug;
    return wire;
  }
  if ('accountId' in request) return { kind: 'asset', accountId: request.accountId };
  return { kind: 'asset', chain: request.chain, address: request.address };
}

/** The identity of a lookup: equal keys are one lookup. */
export function lookupKey(request: LookupRequest): string {
  const r = request as Partial<Record<string, string>>;
  return [request.kind, r.caip19, r.address, r.chainSlug || undefined, r.accountId, r.chain].join('\n');
}

/** Runs `run` at the next animation frame (rAF stalls in background tabs: a timeout then). */
function nextFrame(run: () => void): void {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      run();
    }
  };
  const visible = typeof document !== 'undefined' && document.visibilityState !== 'hidden';
  if (visible && typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
  setTimeout(once, visible ? 100 : 0);
}

/** The first request of the current frame has left (reset at the frame). */
let sentThisFrame = false;

function defaultSchedule(flush: () => void): void {
  if (sentThisFrame) return nextFrame(flush);
  // The first lookups of a frame leave once the microtasks queued so far (where Lit renders
  // every element connected in this task) have run: before the browser lays the page out.
  sentThisFrame = true;
  nextFrame(() => (sentThisFrame = false));
  queueMicrotask(flush);
}

/** Counters, for tests and benchmarks. */
export interface LookupStats {
  /** `POST /lookup` requests sent. */
  batches: number;
  /** Lookups sent inside those requests. */
  sent: number;
  /** Lookups answered from the cache. */
  cacheHits: number;
  /** Lookups joined to one already queued or in flight. */
  joined: number;
  /** Batches aborted because nobody waited any more. */
  aborted: number;
}

export class LookupClient {
  readonly #cache: TtlCache<LookupResponse>;
  readonly #batchSize: number;
  readonly #fetch: typeof fetch | undefined;
  readonly #schedule: (flush: () => void) => void;
  /** Not yet sent, by key. */
  readonly #queued = new Map<string, Entry>();
  /** Sent and not yet answered, by key. */
  readonly #inflight = new Map<string, Entry>();
  #scheduled = false;
  readonly stats: LookupStats = { batches: 0, sent: 0, cacheHits: 0, joined: 0, aborted: 0 };

  constructor(options: LookupClientOptions = {}) {
    this.#cache = new TtlCache({
      // Asset records carry signed image links that expire after about an hour.
      ttlMs: Math.min(options.ttlMs ?? 60_000, LIMITS.tokenImageLifetimeMs),
      maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    });
    this.#batchSize = Math.max(1, Math.min(options.batchSize ?? LIMITS.lookupBatchMax, LIMITS.lookupBatchMax));
    this.#fetch = options.fetch;
    this.#schedule = options.schedule ?? defaultSchedule;
  }

  /** Drops every cached answer (queued and in-flight lookups are untouched). */
  clearCache(): void {
    this.#cache.clear();
  }

  /**
   * Looks one thing up through the proxy at `proxyUrl` (resolved against the page's address now). Resolves with the upstream
   * `{ status, body }` (a 404 is an answer, not an error); rejects when
   * there is no answer (`KyiRequestError`), or with an `AbortError` when `signal` aborts first.
   */
  lookup(proxyUrl: string, request: LookupRequest, options: ClientLookupOptions = {}): Promise<LookupResponse> {
    const { signal, bypassCache = false } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    // Resolved now, against the page: the batch leaves a frame later, when a `<base>` posted
    // meanwhile would move a relative URL.
    proxyUrl = (onPage(proxyUrl) ?? proxyUrl).replace(/\/+$/, '');
    const key = `${proxyUrl}\n${lookupKey(request)}`;

    if (!bypassCache) {
      const cached = this.#cache.get(key);
      if (cached) {
        this.stats.cacheHits++;
        return Promise.resolve(cached);
      }
    }

    let entry = this.#queued.get(key);
    if (entry) {
      entry.bypass ||= bypassCache;
      this.stats.joined++;
    } else {
      const flying = this.#inflight.get(key);
      // A fresh check must not be answered by a request that left before it was asked.
      if (flying && (!bypassCache || flying.bypass) && flying.batch && !flying.batch.controller.signal.aborted) {
        entry = flying;
        if (entry.waiters.size === 0) entry.batch!.live++;
        this.stats.joined++;
      }
    }
    if (!entry) {
      entry = { key, proxyUrl, wire: toWire(request), bypass: bypassCache, waiters: new Set(), batch: undefined };
      this.#queued.set(key, entry);
      this.#requestFlush();
    }
    return this.#wait(entry, signal);
  }

  #wait(entry: Entry, signal: AbortSignal | AbortHook | undefined): Promise<LookupResponse> {
    return new Promise<LookupResponse>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, onAbort: undefined };
      entry.waiters.add(waiter);
      if (!signal) return;
      const onAbort = () => {
        if (!entry.waiters.delete(waiter)) return; // answered already
        reject(signal.reason);
        if (entry.waiters.size === 0) this.#abandon(entry);
      };
      if ('onAbort' in signal) signal.onAbort(onAbort);
      else signal.addEventListener('abort', (waiter.onAbort = onAbort), { once: true });
    });
  }

  /** Nobody waits for `entry` any more. */
  #abandon(entry: Entry): void {
    if (!entry.batch) {
      if (this.#queued.get(entry.key) === entry) this.#queued.delete(entry.key);
      return;
    }
    entry.batch.live--;
    if (entry.batch.live <= 0 && !entry.batch.controller.signal.aborted) {
      this.stats.aborted++;
      entry.batch.controller.abort();
    }
  }

  #settle(entry: Entry, outcome: { value: LookupResponse } | { error: unknown }): void {
    if (this.#inflight.get(entry.key) === entry) this.#inflight.delete(entry.key);
    const waiters = [...entry.waiters];
    entry.waiters.clear();
    for (const w of waiters) {
      if (w.onAbort) (w.signal as AbortSignal).removeEventListener('abort', w.onAbort);
      if ('value' in outcome) w.resolve(outcome.value);
      else w.reject(outcome.error);
    }
  }

  #requestFlush(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.#schedule(() => {
      this.#scheduled = false;
      this.flush();
    });
  }

  /** Sends everything queued now (normally called by the scheduler). */
  flush(): void {
    const byProxy = new Map<string, Entry[]>();
    for (const entry of this.#queued.values()) {
      const list = byProxy.get(entry.proxyUrl) ?? [];
      list.push(entry);
      byProxy.set(entry.proxyUrl, list);
    }
    this.#queued.clear();
    for (const [proxyUrl, entries] of byProxy) {
      for (let i = 0; i < entries.length; i += this.#batchSize) {
        void this.#send(proxyUrl, entries.slice(i, i + this.#batchSize));
      }
    }
  }

  async #send(proxyUrl: string, entries: Entry[]): Promise<void> {
    const batch: Batch = { controller: new AbortController(), live: entries.length };
    for (const entry of entries) {
      entry.batch = batch;
      this.#inflight.set(entry.key, entry);
    }
    const bypass = entries.some((e) => e.bypass);
    const doFetch = this.#fetch ?? globalThis.fetch;
    this.stats.batches++;
    this.stats.sent += entries.length;

    let results: unknown[];
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (bypass) headers['cache-control'] = 'no-cache';
      const response = await doFetch(`${proxyUrl}/lookup`, {
        method: 'POST',
        headers,
        body: JSON.stringify(bypass ? { requests: entries.map((e) => e.wire), fresh: true } : { requests: entries.map((e) => e.wire) }),
        credentials: 'same-origin',
        signal: batch.controller.signal,
        ...(bypass ? { cache: 'no-store' as RequestCache } : {}),
      });
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      if (!response.ok) throw errorFromAnswer(response.status, body, response.headers);
      const list = (body as { results?: unknown } | undefined)?.results;
      if (!Array.isArray(list) || list.length !== entries.length)
        throw new KyiRequestError('invalid_response', 'The lookup proxy sent an unexpected answer', response.status);
      results = list;
    } catch (error) {
      const failure = batch.controller.signal.aborted
        ? batch.controller.signal.reason
        : error instanceof KyiRequestError
          ? error
          : new KyiRequestError('network', 'Could not reach the lookup proxy');
      for (const entry of entries) this.#settle(entry, { error: failure });
      return;
    }

    entries.forEach((entry, i) => {
      const item = results[i] as { status?: unknown; body?: unknown } | null;
      if (!item || typeof item !== 'object' || typeof item.status !== 'number') {
        this.#settle(entry, { error: new KyiRequestError('invalid_response', 'The lookup proxy sent an unexpected answer') });
        return;
      }
      const value: LookupResponse = { status: item.status, body: item.body };
      if (CACHEABLE.has(value.status)) this.#cache.set(entry.key, value);
      this.#settle(entry, { value });
    });
  }
}

let shared: LookupClient | undefined;

/** The page-wide client every element uses (created on first use). */
export function getLookupClient(): LookupClient {
  shared ??= new LookupClient();
  return shared;
}

/** Replaces the page-wide client (tests, custom cache limits). Returns the previous one. */
export function setLookupClient(client: LookupClient): LookupClient | undefined {
  const previous = shared;
  shared = client;
  return previous;
}

// --- Reading answers leniently ----------------------------------------------------------------
/*
 * Defensive reading of JSON from the server piece, without a schema library (the lookup's
 * answers below, and the monitoring and assets reads).
 *
 * The server piece checks every upstream body against the contract (and answers 502
 * `upstream_invalid` otherwise); the browser only talks to it. Still, the elements must
 * never throw while rendering an odd body, so bodies are read through `shape()`: each
 * listed field keeps its value only when it has the expected type (else `undefined`),
 * unlisted fields are kept as they are. Render code can then trust the contract's types.
 */
export type Reader = (value: unknown) => unknown;
type Obj = Record<string, unknown>;


/** A string, else `undefined`. */
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
/** A boolean, else `undefined`. */
export const flag = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
/** A finite number, else `undefined`. */
export const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
/** Any value (kept as it is). */
export const any = (value: unknown): unknown => value;

/** An array read item by item; items `read` rejects (`undefined`) are dropped. Not an array: `[]`. */
export const listOf =
  (read: Reader) =>
  (value: unknown): unknown[] =>
    Array.isArray(value) ? value.map(read).filter((item) => item !== undefined) : [];

/** An object whose listed fields are read with their reader; `undefined` when not an object. */
export function shape<T = Obj>(value: unknown, fields: Record<string, Reader>): T | undefined {
  if (!isObject(value)) return undefined;
  const out: Obj = { ...value };
  for (const key in fields) out[key] = fields[key]!(value[key]);
  return out as T;
}

/** `shape` as a reader, for nested objects. */
export const shapeOf =
  (fields: Record<string, Reader>) =>
  (value: unknown): unknown =>
    shape(value, fields);

// --- Answers, read as outcomes ---------------------------------------------------------------
// Relayed upstream answers become the statuses the elements render. Bodies were checked
// against the contract by the server piece; here they are read defensively (`shape()`, above), so an
// odd body renders a sensible state instead of throwing. Each answer is read once, however many
// elements show it. (Element input is checked before any request is made: lookup-element.ts.)

/** What `lookupToken` resolves to: a status, the token lookup result (`null` when invalid or failed) and the problem. */
export type TokenOutcome =
  | { status: 'verified' | 'unverified'; result: TokenLookupResult; error?: undefined }
  | { status: 'not-found'; result: TokenLookupResult; error?: undefined }
  | { status: 'invalid'; result: null; error: KyiProblem }
  | { status: 'error'; result: null; error: KyiProblem };

/** What `lookupAsset` resolves to: a status, the asset record (`null` unless verified) and the problem. */
export type AssetOutcome =
  | { status: 'verified'; result: AssetRecord; error?: undefined }
  | { status: 'not-found'; result: null; error?: undefined }
  | { status: 'invalid'; result: null; error: KyiProblem }
  | { status: 'error'; result: null; error: KyiProblem };

// What the elements read of each body, typed as the contract says (other fields kept as sent).
const tokenMatch = shapeOf({
  kyi_verified: flag,
  token: (v) => shape(v, { caip19: text, caip2: text, chain_slug: text, address: text }) ?? {},
  issuer: shapeOf({ name: text, kyb_verified: flag }),
});
const authority = shapeOf({
  authority_type: text,
  address: text,
  verified: flag,
  account_type: text,
  multisig_signers: (v) => listOf(text)(v),
});
const assetFields = {
  token_details: shapeOf({
    chain: text,
    address: text,
    token_name: text,
    token_ticker: text,
    token_image: text,
    authorities: listOf(authority),
  }),
  business_details: shapeOf({ business_name: text, business_verified: flag, business_description: text }),
  website_url: text,
  whitepaper_url: text,
  asset_url: text,
  attestation_address: text,
};

function readToken(body: unknown): TokenLookupResult | undefined {
  if (!isObject(body) || typeof body.kyi_verified !== 'boolean' || !Array.isArray(body.data)) return undefined;
  return shape<TokenLookupResult>(body, { data: listOf(tokenMatch) });
}

function readAsset(body: unknown): AssetRecord | undefined {
  const record = shape<AssetRecord>(body, assetFields);
  return record?.token_details ? record : undefined;
}

const unexpected = (status: number): KyiProblem => ({
  code: 'invalid_response',
  message: 'The verification service sent an unexpected answer',
  status,
});

const errorFrom = (response: LookupResponse): KyiProblem => problemFromAnswer(response.status, response.body);

// One outcome per answer object: the client hands the same answer to every element that
// asked for it (and to cache hits), so 500 elements over 100 tokens read 100 bodies.
const outcomes = new WeakMap<LookupResponse, TokenOutcome | AssetOutcome>();

function memo<O extends TokenOutcome | AssetOutcome>(response: LookupResponse, read: (r: LookupResponse) => O): O {
  let outcome = outcomes.get(response) as O | undefined;
  if (!outcome) outcomes.set(response, (outcome = read(response)));
  return outcome;
}

/** Maps a relayed `GET /kyi/v1/tokens` answer to a status. */
export function tokenOutcome(response: LookupResponse): TokenOutcome {
  return memo(response, ({ status, body }): TokenOutcome => {
    if (status === 200) {
      const result = readToken(body);
      if (!result) return { status: 'error', result: null, error: unexpected(200) };
      return { status: result.kyi_verified ? 'verified' : 'unverified', result };
    }
    if (status === 404) return { status: 'not-found', result: readToken(body) ?? { kyi_verified: false, data: [] } };
    return { status: status === 400 ? 'invalid' : 'error', result: null, error: errorFrom(response) };
  });
}

/** Maps a relayed asset-route answer to a status (404 = not verified on this chain). */
export function assetOutcome(response: LookupResponse): AssetOutcome {
  return memo(response, ({ status, body }): AssetOutcome => {
    if (status === 200) {
      const result = readAsset(body);
      return result ? { status: 'verified', result } : { status: 'error', result: null, error: unexpected(200) };
    }
    if (status === 404) return { status: 'not-found', result: null };
    return { status: status === 400 ? 'invalid' : 'error', result: null, error: errorFrom(response) };
  });
}

/**
 * A lookup through the shared client, read as an element's outcome. Rejects only with an
 * `AbortError`; every other failure is an `error` outcome.
 */
export type OutcomeLookup<K extends LookupRequest['kind'], O> = (
  proxyUrl: string,
  request: Extract<LookupRequest, { kind: K }>,
  options?: LookupOptions,
) => Promise<O>;

function lookupReadBy<K extends LookupRequest['kind'], O extends TokenOutcome | AssetOutcome>(
  read: (response: LookupResponse) => O,
): OutcomeLookup<K, O> {
  return async (proxyUrl, request, options?: ClientLookupOptions) => {
    try {
      return read(await getLookupClient().lookup(proxyUrl, request, options));
    } catch (error) {
      if (isAbortError(error)) throw error;
      return { status: 'error', result: null, error: toProblem(error) } as O;
    }
  };
}

/** Looks a token up through the shared client (see `OutcomeLookup`). */
export const lookupToken: OutcomeLookup<'token', TokenOutcome> = lookupReadBy(tokenOutcome);

/** Looks an asset up through the shared client (see `OutcomeLookup`). */
export const lookupAsset: OutcomeLookup<'asset', AssetOutcome> = lookupReadBy(assetOutcome);

// --- Live lookups --------------------------------------------------------------------------
// The elements that show live verification state (`<kyi-token-status>`, `<kyi-asset-card>`)
// register here while connected, so the kit can re-check them all at once — for example
// after the verification drawer closes, since the widget has no completion event.

/** What a live element offers the registry. */
export interface LiveElement {
  /**
   * @internal
   * Re-checks bypassing every cache. Resolves `true` when what the element shows changed
   * (its status or the verification it reports), `false` otherwise.
   */
  recheck(): Promise<boolean>;
}

const live = new Set<LiveElement>();

/** Called by a live element when it connects. */
export function registerLiveElement(element: LiveElement): void {
  live.add(element);
}

/** Called by a live element when it disconnects. */
export function unregisterLiveElement(element: LiveElement): void {
  live.delete(element);
}

/**
 * Every connected `<kyi-token-status>` and `<kyi-asset-card>` re-checks, bypassing the
 * browser's and the proxy's caches; their lookups are batched like any others.
 * Resolves once all have settled, with `changed: true` when any of them now shows
 * something different. A failing element counts as unchanged.
 */
export async function refreshLiveLookups(): Promise<{ changed: boolean }> {
  const results = await Promise.allSettled([...live].map((el) => el.recheck()));
  return { changed: results.some((r) => r.status === 'fulfilled' && r.value) };
}
