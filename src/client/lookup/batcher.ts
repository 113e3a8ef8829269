/**
 * The browser's lookup batcher (`LookupClient`): a lookup's key, its wire form, and the one
 * `POST {proxyUrl}/lookup` that carries every lookup asked for within one frame.
 *
 * Every lookup asked for within one frame, by any element, is
 * deduplicated and sent as one `POST {proxyUrl}/lookup` (split at `LIMITS.lookupBatchMax`, 500, per
 * request: a page of 5,000 distinct tokens makes 10). The
 * request leaves right after the elements connected in the same task have rendered (Lit
 * renders in microtasks), before the browser lays the page out; lookups asked later in the
 * same frame are gathered into one more request at the frame: at most two per frame.
 *
 * - Answers are cached in memory with a TTL and a bound (10,000: thousands of tokens on a page
 *   stay cached), shared by every element (./cache.ts).
 * - A failing batch fails only its own entries; one entry's error status fails only it.
 * - Each caller passes its own `AbortSignal`; when nobody waits for an entry any more it is
 *   dropped from the queue, and a batch whose every entry was abandoned is aborted.
 * - `bypassCache` skips the cache (and any request already on the wire) and asks the
 *   server piece to skip its cache too (`fresh: true` on the batch).
 *
 * Nothing here touches the DOM until a lookup is made.
 */
import { LOOKUP_BATCH_MAX } from '../../contract/lookup-limits.js';
import { requestUrl } from '../request-url.js';
import { pageHidden } from '../../browser/page.js';
import { KyiRequestError } from '../errors.js';
import { answerBody } from '../proxy-answer.js';
import { TtlCache } from './cache.js';

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

interface Waiter {
  resolve: (value: LookupResponse) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
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
  wire: WireLookup;
  bypass: boolean;
  waiters: Set<Waiter>;
  batch: Batch | undefined;
}

/** One lookup as it is sent inside `{ requests: [...] }`: its fields, no others (an empty `chainSlug` is none). */
export type WireLookup = { kind: LookupRequest['kind'] } & Partial<Record<'caip19' | 'address' | 'chainSlug' | 'accountId' | 'chain', string>>;

/**
 * The wire form of a lookup; fields it does not have are `undefined`, which JSON leaves out. Read
 * from its own fields, and made with no prototype: an `Object.prototype.chainSlug` polluted
 * elsewhere on the page scopes no lookup, and a polluted `toJSON` rewrites neither its key nor
 * the batch sent (`JSON.stringify` asks an object and an array for one).
 */
export function toWire(request: LookupRequest): WireLookup {
  const r = { __proto__: null, ...request } as object as WireLookup;
  return { __proto__: null, kind: r.kind, caip19: r.caip19, address: r.address, chainSlug: r.chainSlug || undefined, accountId: r.accountId, chain: r.chain } as WireLookup;
}

/** The identity of a lookup, its wire form's JSON: equal keys are one lookup. */
export function lookupKey(request: LookupRequest): string {
  return JSON.stringify(toWire(request));
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
  const visible = !pageHidden();
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

export class LookupClient {
  readonly #cache: TtlCache<LookupResponse>;
  readonly #schedule: (flush: () => void) => void;
  /** Not yet sent, by key. */
  readonly #queued = new Map<string, Entry>();
  /** Sent and not yet answered, by key. */
  readonly #inflight = new Map<string, Entry>();

  /**
   * `schedule` runs a flush: by default at the end of the current task (see the module
   * comment). Kept as a seam: a test steps the batch by hand, the only way to hold lookups
   * queued (not yet sent) without sleeping through a frame.
   */
  constructor(schedule: (flush: () => void) => void = defaultSchedule) {
    this.#cache = new TtlCache(
      // A minute, well within the hour the asset records' signed image links last (`TOKEN_IMAGE_LIFETIME_MS`).
      60_000,
      // A page of thousands of distinct tokens stays cached (a few MB at most: the answers are small JSON).
      10_000,
    );
    this.#schedule = schedule;
  }

  /**
   * Looks one thing up through the proxy at `proxyUrl` (resolved against the page's address now). Resolves with the upstream
   * `{ status, body }` (a 404 is an answer, not an error); rejects when
   * there is no answer (`KyiRequestError`), or with an `AbortError` when `signal` aborts first.
   * Throws `KyiRequestError` (`not_configured`) at once when the page cannot resolve `proxyUrl`
   * (client/request-url.ts; the caller, `lookupReadBy`, makes it the lookup's error outcome).
   */
  lookup(proxyUrl: string, request: LookupRequest, options: LookupOptions = {}): Promise<LookupResponse> {
    // Its own options only (a caller's `{}`, or none): a polluted `Object.prototype.signal` aborts no lookup, a polluted `bypassCache` skips no cache.
    const { signal, bypassCache = false } = { __proto__: null, ...options } as LookupOptions;
    if (signal?.aborted) return Promise.reject(signal.reason);
    // Resolved now, against the page: the batch leaves a frame later, when a `<base>` posted
    // meanwhile would move a relative URL.
    proxyUrl = requestUrl(proxyUrl).replace(/\/+$/, '');
    const key = `${proxyUrl}\n${lookupKey(request)}`;

    if (!bypassCache) {
      const cached = this.#cache.get(key);
      if (cached) return Promise.resolve(cached);
    }

    let entry = this.#queued.get(key);
    if (entry) {
      entry.bypass ||= bypassCache;
    } else {
      const flying = this.#inflight.get(key);
      // A fresh check must not be answered by a request that left before it was asked.
      // (An entry in flight is in its batch.)
      if (flying && (!bypassCache || flying.bypass) && !flying.batch!.controller.signal.aborted) {
        entry = flying;
        if (entry.waiters.size === 0) entry.batch!.live++;
      }
    }
    if (!entry) {
      entry = { key, proxyUrl, wire: toWire(request), bypass: bypassCache, waiters: new Set(), batch: undefined };
      // The first queued schedules the flush (one more, after an abandoned one emptied the queue, sends nothing more).
      if (this.#queued.set(key, entry).size === 1) this.#schedule(() => this.#flush());
    }
    return this.#wait(entry, signal);
  }

  #wait(entry: Entry, signal: AbortSignal | undefined): Promise<LookupResponse> {
    return new Promise<LookupResponse>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, onAbort: undefined };
      entry.waiters.add(waiter);
      if (!signal) return;
      const onAbort = () => {
        if (!entry.waiters.delete(waiter)) return; // answered already
        reject(signal.reason);
        if (entry.waiters.size === 0) this.#abandon(entry);
      };
      // Options with no prototype: addEventListener reads `signal`, and a polluted one that is no AbortSignal throws.
      signal.addEventListener('abort', (waiter.onAbort = onAbort), { __proto__: null, once: true } as AddEventListenerOptions);
    });
  }

  /** Nobody waits for `entry` any more. */
  #abandon(entry: Entry): void {
    // Not sent yet: it leaves the queue (no other entry of its key is queued while it is).
    if (!entry.batch) return void this.#queued.delete(entry.key);
    if (--entry.batch.live <= 0) entry.batch.controller.abort();
  }

  /**
   * Answers `entry`'s waiters with `value`, or fails them with `error` when there is none. (Two
   * arguments, not an outcome object told apart by `'value' in`: that asks the prototype, and a
   * `value` a script set on `Object.prototype` became a failed lookup's answer, a scam token
   * "verified" whenever the proxy failed: attack round 15.)
   */
  #settle(entry: Entry, value: LookupResponse | undefined, error?: unknown): void {
    if (this.#inflight.get(entry.key) === entry) this.#inflight.delete(entry.key);
    const waiters = [...entry.waiters];
    entry.waiters.clear();
    for (const w of waiters) {
      if (w.onAbort) w.signal!.removeEventListener('abort', w.onAbort);
      if (value) w.resolve(value);
      else w.reject(error);
    }
  }

  /** Sends everything queued now. */
  #flush(): void {
    const byProxy = new Map<string, Entry[]>();
    for (const entry of this.#queued.values()) {
      const list = byProxy.get(entry.proxyUrl) ?? [];
      list.push(entry);
      byProxy.set(entry.proxyUrl, list);
    }
    this.#queued.clear();
    for (const [proxyUrl, entries] of byProxy) {
      for (let i = 0; i < entries.length; i += LOOKUP_BATCH_MAX) {
        void this.#send(proxyUrl, entries.slice(i, i + LOOKUP_BATCH_MAX));
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

    let results: unknown[];
    try {
      // A POST is never answered from the HTTP cache, and sends cookies to its own origin only
      // (fetch's default credentials); `fresh` (only when bypassing: `undefined` is left out of
      // the JSON) asks the server piece to skip its cache (the batch's contract, openapi/proxy.json).
      // The init has no prototype: fetch reads every member it lacks (`credentials`, `cache`,
      // `integrity`…) from it, and an `Object.prototype` polluted elsewhere on the page is not ours.
      const response = await fetch(`${proxyUrl}/lookup`, {
        __proto__: null,
        method: 'POST',
        // (a record with no prototype either: one that inherits a `Symbol.iterator` a script
        // set is read as that iterator's header pairs, and the batch leaves without its type)
        headers: { __proto__: null, 'content-type': 'application/json', accept: 'application/json' } as object as HeadersInit,
        body: JSON.stringify({ __proto__: null, requests: Object.setPrototypeOf(entries.map((e) => e.wire), null), fresh: bypass || undefined }),
        signal: batch.controller.signal,
      } as RequestInit);
      const body = await answerBody(`${proxyUrl}/lookup`, response);
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
      for (const entry of entries) this.#settle(entry, undefined, failure);
      return;
    }

    entries.forEach((entry, i) => {
      const item = results[i] as { status?: unknown; body?: unknown } | null;
      if (typeof item?.status !== 'number') {
        this.#settle(entry, undefined, new KyiRequestError('invalid_response', 'The lookup proxy sent an unexpected answer'));
        return;
      }
      const value: LookupResponse = { status: item.status, body: item.body };
      // Statuses whose answers are facts about the token, safe to cache.
      if ([200, 400, 404].includes(value.status)) this.#cache.set(entry.key, value);
      this.#settle(entry, value);
    });
  }
}

let shared: LookupClient | undefined;

/** The page-wide client every element uses (created on first use). */
export function getLookupClient(): LookupClient {
  shared ??= new LookupClient();
  return shared;
}

/** Replaces the page-wide client; tests only (shaken out of every bundle): a fresh client is a test's own cache. Returns the previous one. */
export function setLookupClient(client: LookupClient): LookupClient | undefined {
  const previous = shared;
  shared = client;
  return previous;
}
