/**
 * Answers as plain data: status, header pairs and a string body. The handler builds every
 * Response from one (`responseOf`: a standard `new Response`), and keeps the answers it
 * repeats (a cached lookup's, the malformed-path refusal) in this form, so a runtime adapter
 * that writes bytes itself can send them without a Response (the Node adapter,
 * `./node/adapter.ts`).
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
}

/** What the handler reads of a request's headers. */
export type HeaderGetter = Pick<Headers, 'get'>;

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

/** The standard Response of a prepared answer. */
export function responseOf(prepared: PreparedResponse): Response {
  return new Response(prepared.body, { status: prepared.status, headers: prepared.headers as [string, string][] });
}
