/**
 * The lookup routes: the Public API forwarded (`GET /assets…`, `GET /kyi/v1/tokens`) and
 * the `POST /lookup` batch. Every parameter is checked before any upstream call; every
 * entry of a batch is cached and coalesced exactly like the single routes, fanned out with
 * a concurrency limit, and a failing entry never fails its neighbours.
 * What a lookup reads of its request is here too (`If-None-Match`, `no-cache`), and the one
 * list of headers a single lookup's answer has (`lookupHeaders`), which the Node adapter's
 * cached answers (`../node/cached-lookups.ts`) share.
 *
 * Fetch-API only (no `node:` imports).
 */
import { LIMITS, checkLookupEntry, isObject, parseAssetsPageQuery, parseTokenLookupQuery, type PublicTarget } from '../../contract/index.js';
import { JSON_TYPE, KyiHttpError, invalidParameter } from '../errors.js';
import type { LookupAnswer, LookupValue, PublicApiClient } from './public-api.js';
import { readJsonBody } from '../request/body.js';
import { checkAddress, checkCaip10Parts, checkChain, decodeSegment, readQuery, unwrapQuery } from '../request/params.js';

/** Largest `POST /lookup` body, bytes (`LIMITS.lookupBatchMax` = 500 entries of generous size, 640 B each). */
export const LOOKUP_BODY_MAX_BYTES = 320 * 1024;

// ------------------------------------------------------------ reading the request (conditional, fresh)

/** What a lookup reads of a request's headers (a `Headers` is one; so is the Node adapter's raw list). */
export type HeaderGetter = Pick<Headers, 'get'>;

/** Whether `If-None-Match` matches `etag` (weak comparison, `*` matches anything). */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

const NO_CACHE_DIRECTIVE = /(?:^|,)\s*no-cache\s*(?:,|$)/i;
const NO_CACHE_PRAGMA = /no-cache/i;

/** Whether the browser asked to skip caches (`Cache-Control: no-cache` / `Pragma: no-cache`). */
export function wantsFresh(headers: HeaderGetter): boolean {
  const cacheControl = headers.get('cache-control');
  const pragma = headers.get('pragma');
  // not `max-age=0`: that is a browser's ordinary reload revalidation, answered by ETag / 304
  return (cacheControl !== null && NO_CACHE_DIRECTIVE.test(cacheControl)) || (pragma !== null && NO_CACHE_PRAGMA.test(pragma));
}

// ------------------------------------------------------------ answers

/**
 * The headers of a single lookup route's answer (`notModified`: the 304's), sorted by name as
 * a `Headers` object iterates them: the handler's Response and the Node adapter's cached
 * answers are built from this one list.
 */
export function lookupHeaders(v: LookupValue, cacheControl: string, notModified: boolean): Array<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [['cache-control', cacheControl]];
  if (!notModified) headers.push(['content-type', JSON_TYPE]);
  if (v.etag) headers.push(['etag', v.etag]);
  if (v.retryAfterSeconds !== undefined) headers.push(['retry-after', String(v.retryAfterSeconds)]);
  headers.push(['x-content-type-options', 'nosniff']);
  return headers;
}

/** Whether `answer` is sent as 304 to a request with this `If-None-Match`. */
export function isNotModified(answer: LookupAnswer, ifNoneMatch: string | null): boolean {
  return ifNoneMatch !== null && answer.value.etag !== undefined && ifNoneMatchHits(ifNoneMatch, answer.value.etag);
}

/** The response of a single lookup route, with `ETag` / `304` on results. */
export function lookupResponse(request: Request, answer: LookupAnswer): Response {
  const { value, cacheControl } = answer;
  const notModified = isNotModified(answer, request.headers.get('if-none-match'));
  const headers = lookupHeaders(value, cacheControl, notModified) as [string, string][];
  return notModified ? new Response(null, { status: 304, headers }) : new Response(value.text, { status: value.status, headers });
}

// ------------------------------------------------------------ single routes

/** A lookup route's checked upstream request and its cache key (`upstreamPath` of it). */
export interface ResolvedLookup {
  target: PublicTarget;
  key: string;
}

/** `GET /assets` with `page_size` / `page_number`. */
export function assetsListTarget(url: URL): PublicTarget {
  const params = readQuery(url, ['page_size', 'page_number'], { page_size: { maxLength: 6 }, page_number: { maxLength: 7 } });
  const q = unwrapQuery(parseAssetsPageQuery(params));
  return { kind: 'assets', pageSize: q.pageSize, pageNumber: q.pageNumber };
}

/** `GET /assets/{chain}/{address}`. */
export function assetTarget(url: URL, raw: { chain: string; address: string }): PublicTarget {
  readQuery(url, []);
  const chain = checkChain('chain', decodeSegment('chain', raw.chain, { maxLength: 32 }));
  const address = checkAddress('address', decodeSegment('address', raw.address, { maxLength: 128 }));
  return { kind: 'asset', chain, address };
}

/** `GET /assets/{namespace}/{reference}/{address}` (CAIP-10 in path form). */
export function assetCaip10Target(url: URL, raw: { namespace: string; reference: string; address: string }): PublicTarget {
  readQuery(url, []);
  const parts = checkCaip10Parts(
    decodeSegment('namespace', raw.namespace, { maxLength: 8 }),
    decodeSegment('reference', raw.reference, { maxLength: 32 }),
    decodeSegment('address', raw.address, { maxLength: 128 }),
  );
  return { kind: 'asset-caip10', ...parts };
}

/** `GET /kyi/v1/tokens` with `caip19`, or `address` and optional `chain_slug`. */
export function tokensTarget(url: URL): PublicTarget {
  const params = readQuery(url, ['caip19', 'address', 'chain_slug'], {
    caip19: { allowSlash: true, maxLength: 8 + 1 + 32 + 1 + 8 + 1 + 128 + 1 + 78 },
    address: { maxLength: 128 },
    chain_slug: { maxLength: 32 },
  });
  return { kind: 'tokens', query: unwrapQuery(parseTokenLookupQuery(params)) };
}

// ------------------------------------------------------------ POST /lookup

/** One entry of a batch answer, in request order. */
export interface LookupResult {
  status: number;
  body: unknown;
  /** Seconds to wait, on a 429 entry. */
  retryAfter?: number;
}

/** Runs `task` over `items` with at most `limit` in flight; results keep their order. */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * One entry of the batch answer as JSON text: `JSON.stringify` of the `LookupResult`
 * `{ status, body, retryAfter? }`, reusing the body text the cache already holds.
 */
const entryJson = (v: LookupValue): string =>
  v.retryAfterSeconds !== undefined
    ? `{"status":${v.status},"body":${v.text},"retryAfter":${JSON.stringify(v.retryAfterSeconds)}}`
    : `{"status":${v.status},"body":${v.text}}`;

const FAILED_ENTRY = JSON.stringify({ status: 500, body: { code: 'internal_error', message: 'The lookup failed unexpectedly' } } satisfies LookupResult);

/** `POST /lookup`: `{ requests: [...] }` → `{ results: [{ status, body }] }` in the same order. */
export async function lookupBatch(
  request: Request,
  api: PublicApiClient,
  { concurrency, client, bodyTimeoutMs }: { concurrency: number; client: string; bodyTimeoutMs: number },
): Promise<Response> {
  const body = await readJsonBody(request, LOOKUP_BODY_MAX_BYTES, bodyTimeoutMs);
  if (!isObject(body) || !Array.isArray(body['requests'])) {
    throw new KyiHttpError(400, 'invalid_body', `Send { "requests": [ … ] } with up to ${LIMITS.lookupBatchMax} lookups`);
  }
  const requests = body['requests'] as unknown[];
  if (requests.length > LIMITS.lookupBatchMax) {
    throw invalidParameter('requests', `at most ${LIMITS.lookupBatchMax} lookups per batch`);
  }
  const fresh = wantsFresh(request.headers) || body['fresh'] === true;
  // identical entries of one batch share one answer (the cache would coalesce them anyway)
  const shared = new Map<string, Promise<string>>();
  const results = await mapWithConcurrency(requests, concurrency, async (entry, index): Promise<string> => {
    const checked = checkLookupEntry(entry, index);
    if (!checked.ok) {
      const { status, body } = invalidParameter(checked.param, checked.message);
      return JSON.stringify({ status, body } satisfies LookupResult);
    }
    const { target, path: key } = checked.value; // the upstream path is the cache key
    if (!fresh) {
      // a fresh cache hit needs no upstream call and no coalescing
      const hit = api.cachedLookupByKey(key);
      if (hit) return entryJson(hit.value);
    }
    let pending = shared.get(key);
    if (!pending) {
      pending = api.lookupByKey(target, key, { fresh, client }).then(
        (answer) => entryJson(answer.value),
        // a refusal with its own answer (the handler closed while this entry waited), else a failure
        (error: unknown) => (error instanceof KyiHttpError ? JSON.stringify({ status: error.status, body: error.body } satisfies LookupResult) : FAILED_ENTRY),
      );
      shared.set(key, pending);
    }
    return pending;
  });
  // `JSON.stringify({ results })`, from the entries' JSON texts
  return new Response(`{"results":[${results.join(',')}]}`, {
    status: 200,
    headers: { 'content-type': JSON_TYPE, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' },
  });
}
