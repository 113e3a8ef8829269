/**
 * Reading a request body: whole, bounded in size and in time. The Node adapter reads a body
 * with `readBody` before the handler runs; the routes that take JSON (`POST /lookup`, the
 * Explorer writes) read it with `readJsonBody`.
 *
 * Fetch-API only (no `node:` imports).
 */
import { KyiHttpError } from '../errors.js';

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
 * A read error is thrown as it is.
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
