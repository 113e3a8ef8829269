/**
 * Small HTTP helpers: ETags, conditional requests, JSON request bodies.
 * Fetch-API only (no `node:` imports).
 */
import { KyiHttpError } from './errors.js';
import type { HeaderGetter } from './prepared.js';

/** FNV-1a 64-bit over UTF-16 code units, as 16 hex digits: cheap, stable, runtime independent. */
function fnv1a64(text: string): string {
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0xcbf29ce4 | 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ (c >>> 4) ^ h1, 0x01000193);
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

/** A strong ETag for a serialized body (length + hash, quoted). */
export function etagFor(text: string): string {
  return `"${text.length.toString(36)}-${fnv1a64(text)}"`;
}

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

/**
 * Reads a JSON request body: `application/json` only, at most `maxBytes`, must parse, and
 * must have arrived within `timeoutMs` of the first read (a body trickled in a few bytes a
 * second would otherwise hold the request, and what it holds, for as long as the client likes).
 * Throws `KyiHttpError` (415 / 413 / 408 `request_timeout` / 400 `invalid_body`).
 */
export async function readJsonBody(request: Request, maxBytes: number, timeoutMs: number): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new KyiHttpError(415, 'unsupported_media_type', 'Send the body as application/json');
  }
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new KyiHttpError(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes`);
  }
  let text = '';
  if (request.body) {
    const reader = request.body.getReader();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let size = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<typeof LATE>((resolve) => (timer = setTimeout(resolve, timeoutMs, LATE)));
    try {
      for (;;) {
        const next = await Promise.race([reader.read(), late]);
        // not cancelled (nor below): some adapters reset the connection on cancel, losing the answer
        if (next === LATE) throw new KyiHttpError(408, 'request_timeout', `The request body did not arrive within ${timeoutMs} ms; send it at once`);
        const { done, value } = next;
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          reader.releaseLock();
          throw new KyiHttpError(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes`);
        }
        text += decoder.decode(value, { stream: true });
      }
      text += decoder.decode();
    } catch (error) {
      if (error instanceof KyiHttpError) throw error;
      if (error instanceof Error && (error as { status?: number }).status === 413) {
        throw new KyiHttpError(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes`);
      }
      throw new KyiHttpError(400, 'invalid_body', 'The request body could not be read as UTF-8 JSON');
    } finally {
      clearTimeout(timer);
    }
  }
  if (text.trim() === '') throw new KyiHttpError(400, 'invalid_body', 'The request body is empty; send a JSON object');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new KyiHttpError(400, 'invalid_body', 'The request body is not valid JSON');
  }
}

/** What the deadline of `readJsonBody` resolves with. */
const LATE = Symbol('late');
