/**
 * The Node adapter's fast path: a GET or HEAD of a lookup route whose answer the cache holds
 * fresh is sent straight from the raw request target, with no URL parsing, routing, Request,
 * Response or promise (bench/mechanisms-server.ts measures what it buys). Two things are kept
 * for it:
 * - which lookup a target asks for (`LookupMemo`): a pure function of its path and query
 *   (prefix, route table, parameter checks; `HandlerParts.lookupOf`), remembered for the
 *   targets clients repeat, whatever host they were sent to;
 * - each cached value's answer as a `PreparedResponse` (per `Cache-Control`, and its 304),
 *   built once from the same header list as the handler's Response (`lookupHeaders`) and
 *   shared by every request that gets it.
 * Anything else (a miss, a stale entry, `no-cache`, a target the handler would read
 * otherwise) goes through the handler.
 *
 * Node only. Not part of the public API.
 */
import type { LookupAnswer, LookupValue } from '../lookup/public-api.js';
import { isNotModified, lookupHeaders, wantsFresh, type HeaderGetter, type ResolvedLookup } from '../lookup/routes.js';
import { MAX_URL_LENGTH } from '../routing.js';
import type { PreparedResponse } from './prepared.js';

/**
 * What the handler answers a GET or HEAD of `target` (path and query as sent) from `origin`
 * with, when that is a lookup whose answer the cache holds fresh; `undefined` for anything else
 * (the request must go through the handler). Synchronous and without a Request.
 */
export type CachedAnswer = (origin: string, target: string, headers: HeaderGetter) => PreparedResponse | undefined;

/** What of the handler the fast path reads (`HandlerParts`). */
export interface LookupSource {
  /** The lookup a request target asks for, `undefined` when it is no lookup the handler would answer as such. */
  lookupOf(target: string): ResolvedLookup | undefined;
  /** The fresh cache hit of a lookup key, else `undefined`. */
  cachedLookup(key: string): LookupAnswer | undefined;
}

/** Lookup targets remembered with their checked upstream request and cache key (oldest dropped first). */
const LOOKUP_MEMO_MAX = 1000;

/** Lookup targets as sent, with the lookup each asks for. */
class LookupMemo {
  readonly #byTarget = new Map<string, ResolvedLookup>();

  /** The lookup `target` asks for, asking `source` the first time (targets that are no lookup are not kept). */
  of(target: string, source: LookupSource): ResolvedLookup | undefined {
    const known = this.#byTarget.get(target);
    if (known) return known;
    const resolved = source.lookupOf(target);
    if (!resolved) return undefined;
    if (this.#byTarget.size >= LOOKUP_MEMO_MAX) this.#byTarget.delete(this.#byTarget.keys().next().value!);
    this.#byTarget.set(target, resolved);
    return resolved;
  }
}

/** A value's prepared answers for the `Cache-Control` it was last sent with. */
interface PreparedLookup {
  cacheControl: string;
  ok?: PreparedResponse;
  notModified?: PreparedResponse;
}

/** Each cached value's prepared answers, dropped with the value. */
const preparedByValue = new WeakMap<LookupValue, PreparedLookup>();

/**
 * The answer of a single lookup route as a `PreparedResponse`, with `ETag` / `304` on results
 * (`ifNoneMatch`: the request's `If-None-Match`). Built once per value and `Cache-Control`,
 * then shared: a cache hit computes no header.
 */
export function lookupPrepared(answer: LookupAnswer, ifNoneMatch: string | null): PreparedResponse {
  const { value, cacheControl } = answer;
  let kept = preparedByValue.get(value);
  if (kept === undefined || kept.cacheControl !== cacheControl) preparedByValue.set(value, (kept = { cacheControl }));
  if (isNotModified(answer, ifNoneMatch)) return (kept.notModified ??= buildLookupPrepared(value, cacheControl, true));
  return (kept.ok ??= buildLookupPrepared(value, cacheControl, false));
}

/** The answer of `value` with `cacheControl`, built anew (what `lookupPrepared` keeps; exported for bench/mechanisms-server.ts). */
export function buildLookupPrepared(value: LookupValue, cacheControl: string, notModified: boolean): PreparedResponse {
  const headers = lookupHeaders(value, cacheControl, notModified);
  return notModified ? { status: 304, headers, body: null } : { status: value.status, headers, body: value.text };
}

/** The fast path over one handler's lookups and cache. */
export function cachedAnswers(source: LookupSource): CachedAnswer {
  const memo = new LookupMemo();
  return (origin, target, headers) => {
    if (origin.length + target.length > MAX_URL_LENGTH || wantsFresh(headers)) return undefined;
    const lookup = memo.of(target, source);
    const hit = lookup && source.cachedLookup(lookup.key);
    return hit && lookupPrepared(hit, headers.get('if-none-match'));
  };
}
