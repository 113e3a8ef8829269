/**
 * Internal hand-offs between the fetch handler and the Node adapter, so the adapter can
 * skip the web-streams machinery for what the handler already holds as a string:
 *
 * - `textResponse`: a Response built from a string, remembered (weakly) with that string,
 *   so `knownBody` lets the adapter send it in one `res.end` with `Content-Length` instead
 *   of reading the body stream chunk by chunk. Any other Response streams as before.
 * - `SERVE_LOOKUP`: the handler's answer to a GET of a lookup route, tried by the Node
 *   adapter before it builds a Request: synchronous for a fresh cache hit, a promise
 *   otherwise. It answers exactly what the fetch path would (same rules, same status,
 *   headers and bytes) or `undefined`, and then the request takes the fetch path.
 *
 * Fetch-API only (no `node:` imports). Not part of the public API.
 */

/** A response as status, headers and a string body (shared between requests: read only). */
export interface PreparedResponse {
  readonly status: number;
  /** Lower-case names, in the order `Headers` iterates them (sorted), each name once. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** The body text, or `null` for none. */
  readonly body: string | null;
  /** The UTF-8 of `body`, when the handler keeps it encoded (shared: never written to). */
  readonly bytes?: Uint8Array;
}

/** Key of the handler's Node shortcut for lookup GETs (`ServeLookup`). */
export const SERVE_LOOKUP: unique symbol = Symbol('kyi-elements.serveLookup');

/**
 * The shortcut: for the request `new URL(path, origin)` with `method` and `rawHeaders` (the
 * header list as Node gives it, `[name, value, name, value, …]`, names in any case), the
 * handler's answer — at once (a fresh cache hit) or as a promise that never rejects — or
 * `undefined` when the request must take the fetch path.
 */
export type ServeLookup = (
  method: string,
  origin: string,
  path: string,
  rawHeaders: readonly string[],
) => PreparedResponse | Promise<PreparedResponse> | undefined;

/** `Content-Type` of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

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

/** A JSON answer with `content-type`, `nosniff` and any extra headers (what `jsonResponse` sends). */
export function jsonPrepared(body: unknown, status = 200, headers: Record<string, string> = {}): PreparedResponse {
  return {
    status,
    headers: headerList({ 'content-type': JSON_TYPE, 'x-content-type-options': 'nosniff', ...headers }),
    body: JSON.stringify(body),
  };
}

const knownBodies = new WeakMap<Response, string>();

/** A Response with a string body the Node adapter can send without reading the stream. */
export function textResponse(text: string, init: ResponseInit): Response {
  const response = new Response(text, init);
  knownBodies.set(response, text);
  return response;
}

/** The Response of a prepared answer (what the fetch path sends for an answer the Node shortcut sends as is). */
export function preparedResponse(prepared: PreparedResponse): Response {
  const init: ResponseInit = { status: prepared.status, headers: prepared.headers as [string, string][] };
  return prepared.body === null ? new Response(null, init) : textResponse(prepared.body, init);
}

/** The string a Response was built from by `textResponse`, while its body is untouched. */
export function knownBody(response: Response): string | undefined {
  const text = knownBodies.get(response);
  if (text === undefined || response.bodyUsed || response.body?.locked) return undefined;
  return text;
}
