/**
 * The lookup routes: the Public API forwarded (`GET /assets…`, `GET /kyi/v1/tokens`) and
 * the `POST /lookup` batch. Every parameter is checked before any upstream call; every
 * entry of a batch is cached and coalesced exactly like the single routes, fanned out with
 * a concurrency limit, and a failing entry never fails its neighbours.
 * What a lookup reads of its request is here too: `If-None-Match`, `no-cache`, the JSON body
 * (`readJsonBody`, which the Explorer routes share; its bounded read, `readBody`, is also how
 * the Node adapter reads a body before the handler runs).
 *
 * Fetch-API only (no `node:` imports).
 */
import { LIMITS, checkLookupEntry, isObject, parseAssetsPageQuery, parseTokenLookupQuery, type PublicTarget } from '../../contract/index.js';
import { KyiHttpError, invalidParameter } from '../errors.js';
import { JSON_TYPE, responseOf, type HeaderGetter, type PreparedResponse } from '../node/prepared.js';
import type { LookupAnswer, LookupValue, PublicApiClient } from './public-api.js';
import { checkAddress, checkCaip10Parts, checkChain, decodeSegment, readQuery, unwrapQuery } from '../request/params.js';

/** Largest `POST /lookup` body, bytes (`LIMITS.lookupBatchMax` = 500 entries of generous size, 640 B each). */
export const LOOKUP_BODY_MAX_BYTES = 320 * 1024;

// ------------------------------------------------------------ reading the request (conditional, fresh, JSON body)

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

/** What a body is read from: a Node stream's async iterator, or a web stream's reader as one. */
export interface BodyChunks {
  next(): Promise<{ done?: boolean; value?: Uint8Array | string }>;
}

/** What the deadline of `readBody` resolves with. */
const LATE = Symbol('late');

/** 413 `payload_too_large`: a request body over `maxBytes`. */
export const payloadTooLarge = (maxBytes: number): KyiHttpError => new KyiHttpError(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes`);

/**
 * Reads a request body whole: at most `maxBytes` (413 `payload_too_large` as soon as more
 * arrives, without reading the rest), and, with `timeoutMs`, all of it within that long of the
 * first read (408 `request_timeout`: a body trickled in a few bytes a second would otherwise
 * hold the request, and what it holds, for as long as the client likes). The source is not
 * cancelled on a refusal: some adapters reset the connection on cancel, losing the answer.
 * Both the lookup routes (`readJsonBody`) and the Node adapter, which reads a body before the
 * handler runs, read bodies with it. A read error is thrown as it is.
 */
export async function readBody(chunks: BodyChunks, maxBytes: number, timeoutMs?: number): Promise<Uint8Array> {
  const read: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = timeoutMs === undefined ? undefined : new Promise<typeof LATE>((resolve) => (timer = setTimeout(resolve, timeoutMs, LATE)));
  try {
    for (;;) {
      const next = late ? await Promise.race([chunks.next(), late]) : await chunks.next();
      if (next === LATE) throw new KyiHttpError(408, 'request_timeout', `The request body did not arrive within ${timeoutMs} ms; send it at once`);
      if (next.done) break;
      const chunk = typeof next.value === 'string' ? new TextEncoder().encode(next.value) : next.value!;
      size += chunk.byteLength;
      if (size > maxBytes) throw payloadTooLarge(maxBytes);
      read.push(chunk);
    }
  } finally {
    clearTimeout(timer);
  }
  if (read.length === 1) return read[0]!;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of read) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a JSON request body: `application/json` only, at most `maxBytes`, must parse, and
 * must have arrived within `timeoutMs` of the first read (`readBody`).
 * Throws `KyiHttpError` (415 / 413 / 408 `request_timeout` / 400 `invalid_body`).
 */
export async function readJsonBody(request: Request, maxBytes: number, timeoutMs: number): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new KyiHttpError(415, 'unsupported_media_type', 'Send the body as application/json');
  }
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw payloadTooLarge(maxBytes);
  let text = '';
  if (request.body) {
    const reader = request.body.getReader();
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await readBody({ next: () => reader.read() }, maxBytes, timeoutMs));
    } catch (error) {
      if (error instanceof KyiHttpError) throw error;
      throw new KyiHttpError(400, 'invalid_body', 'The request body could not be read as UTF-8 JSON');
    }
  }
  if (text.trim() === '') throw new KyiHttpError(400, 'invalid_body', 'The request body is empty; send a JSON object');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new KyiHttpError(400, 'invalid_body', 'The request body is not valid JSON');
  }
}

// ------------------------------------------------------------ answers

/**
 * The answer of a single lookup route as status, headers and body, with `ETag` / `304` on
 * results (`ifNoneMatch`: the request's `If-None-Match`). Headers in `Headers` order.
 * Built once per value and `Cache-Control` (see `LookupAnswer`), kept on the value
 * (`LookupValue.prepared`) and then shared: a cache hit computes no header.
 */
export function lookupPrepared(answer: LookupAnswer, ifNoneMatch: string | null): PreparedResponse {
  const { value: v, cacheControl } = answer;
  const notModified = ifNoneMatch !== null && v.etag !== undefined && ifNoneMatchHits(ifNoneMatch, v.etag);
  let built = v.prepared;
  if (built === undefined || built.cacheControl !== cacheControl) v.prepared = built = { cacheControl };
  if (notModified) return (built.notModified ??= buildLookupPrepared(v, cacheControl, true));
  return (built.ok ??= buildLookupPrepared(v, cacheControl, false));
}

/** The answer of `v` with `cacheControl`, built anew (what `lookupPrepared` keeps; exported for bench/mechanisms-server.ts). */
export function buildLookupPrepared(v: LookupValue, cacheControl: string, notModified: boolean): PreparedResponse {
  // sorted by name, as a Headers object iterates them
  const headers: Array<readonly [string, string]> = [['cache-control', cacheControl]];
  if (!notModified) headers.push(['content-type', JSON_TYPE]);
  if (v.etag) headers.push(['etag', v.etag]);
  if (v.retryAfterSeconds !== undefined) headers.push(['retry-after', String(v.retryAfterSeconds)]);
  headers.push(['x-content-type-options', 'nosniff']);
  return notModified
    ? { status: 304, headers, body: null }
    : { status: v.status, headers, body: v.text };
}

/** The response of a single lookup route, with `ETag` / `304` on results. */
export function lookupResponse(request: Request, answer: LookupAnswer): Response {
  return responseOf(lookupPrepared(answer, request.headers.get('if-none-match')));
}

// ------------------------------------------------------------ single routes

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
        () => FAILED_ENTRY,
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
