/**
 * Answers the Node adapter writes without a Response: status, header pairs and a string body
 * (`PreparedResponse`), and what Node writes for one (`PreparedBytes`: `writeHead`'s flat
 * header lists and the body's UTF-8), made on its first send and kept with it. An answer sent
 * again and again (a cached lookup, `./cached-lookups.ts`; the malformed-path refusal) is then
 * written with one `writeHead` and one `end`, nothing computed. The handler itself answers
 * with standard Responses only.
 *
 * Node only (Buffer, ServerResponse). Not part of the public API.
 */
import type { ServerResponse } from 'node:http';
import { errorHeaders, type ErrorCode } from '../errors.js';

/** A response as status, headers and a string body (shared between requests: read only). */
export interface PreparedResponse {
  readonly status: number;
  /** Lower-case names, in the order `Headers` iterates them (sorted), each name once. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** The body text, or `null` for none. */
  readonly body: string | null;
}

/** Header pairs as a `Headers` object built from `record` iterates them: lower-case, sorted, repeats joined. */
export function headerList(record: Record<string, string>): Array<readonly [string, string]> {
  const merged = new Map<string, string>();
  for (const name of Object.keys(record)) {
    const lower = name.toLowerCase();
    const prev = merged.get(lower);
    merged.set(lower, prev === undefined ? record[name]! : `${prev}, ${record[name]!}`);
  }
  return [...merged].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The JSON error answer `{ code, message }` as the handler's `errorResponse` sends it. */
export function errorPrepared(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}): PreparedResponse {
  return { status, headers: headerList(errorHeaders(headers)), body: JSON.stringify({ code, message }) };
}

/** A prepared answer as Node writes it: `writeHead`'s flat header lists and the body. */
export interface PreparedBytes {
  /** `[name, value, …]` with `content-length` when there is a body. */
  readonly headers: readonly string[];
  /** The same without `content-length`, for HEAD. */
  readonly headHeaders: readonly string[];
  /** The body's UTF-8, `null` for none. */
  readonly body: Buffer | null;
}

/** Where a prepared answer keeps its `PreparedBytes` (a cached one is shared by every request that gets it). */
const BYTES = Symbol('kyi-elements.prepared-bytes');

/** The `PreparedBytes` of a prepared answer, made anew (exported for bench/mechanisms-server.ts). */
export function encodePrepared(prepared: PreparedResponse): PreparedBytes {
  const headHeaders = prepared.headers.flat();
  const body = prepared.body === null ? null : Buffer.from(prepared.body);
  return { headers: body === null ? headHeaders : [...headHeaders, 'content-length', String(body.byteLength)], headHeaders, body };
}

/** The `PreparedBytes` of a prepared answer, made on its first send and then kept with it. */
export function preparedBytes(prepared: PreparedResponse): PreparedBytes {
  const holder = prepared as PreparedResponse & { [BYTES]?: PreparedBytes };
  let bytes = holder[BYTES];
  if (bytes) return bytes;
  bytes = encodePrepared(prepared);
  if (Object.isExtensible(holder)) holder[BYTES] = bytes;
  return bytes;
}

/**
 * Sends a prepared answer as the Response built from it would be sent, in one `writeHead`
 * (headers a middleware set before are kept, as `setHeader` would) and one `end`.
 */
export function writePrepared(res: ServerResponse, prepared: PreparedResponse, head: boolean): void {
  const bytes = preparedBytes(prepared);
  res.writeHead(prepared.status, (head ? bytes.headHeaders : bytes.headers) as string[]);
  if (head || bytes.body === null) res.end();
  else res.end(bytes.body);
}
