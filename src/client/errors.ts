/**
 * The browser's one error model: every failed call to the server piece — a lookup batch,
 * one lookup's relayed answer, an Explorer read or write, an access token for the widget —
 * becomes a `KyiRequestError` (or its plain `KyiProblem` shape) with a stable `code`. A body
 * without a `code` gets the code of its HTTP status from `codeForStatus`, so the same response
 * means the same thing to every element (the words for each code are in one table,
 * `elements/shared/error-text.ts`). A route whose contract gives some statuses a meaning of
 * their own (the token endpoint: 401 `session_required`, 502 `signing_failed`) passes them to
 * the same mapper as `StatusCodes`.
 *
 * Nothing here touches the DOM.
 */

/** What went wrong: a stable code, an English message (may change), the HTTP status (0: no answer). */
export interface KyiProblem {
  code: string;
  message: string;
  status?: number | undefined;
  /** Seconds to wait before retrying (a 429's `Retry-After`). */
  retryAfter?: number | undefined;
}

/** A failed call to the server piece from the browser. */
export class KyiRequestError extends Error implements KyiProblem {
  override readonly name = 'KyiRequestError';
  constructor(
    /** Stable code: the server piece's `code`, `codeForStatus(status)`, or `network` / `invalid_response`. */
    readonly code: string,
    message: string,
    /** HTTP status, or 0 when no answer arrived. */
    readonly status: number = 0,
    /** Seconds to wait before retrying (429 `Retry-After`). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Each bare status's code. Its own entries only, like every table keyed by an answer's data: a status is no key of `Object.prototype`'s. */
const STATUS_CODES = {
  __proto__: null,
  400: 'invalid_parameter',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  429: 'too_many_requests',
  502: 'upstream_unavailable',
  503: 'not_configured',
  504: 'upstream_timeout',
} as StatusCodes;

/** A route's own meaning for some HTTP statuses, e.g. `{ 401: 'session_required' }`. */
export type StatusCodes = Readonly<Record<number, string>>;

/**
 * The kit's stable code for an HTTP status whose body carries no `code` (e.g. a bare 502
 * from a load balancer in front of the server piece). `route` holds the statuses a route's
 * contract defines otherwise; they win.
 */
export function codeForStatus(status: number, route?: StatusCodes): string {
  return route?.[status] ?? STATUS_CODES[status] ?? (status >= 400 && status < 500 ? 'invalid_response' : 'internal_error');
}

/** The message of an error body: a string, or the NestJS list of strings. */
function messageOf(body: unknown): string | undefined {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message)) return message.filter((m) => typeof m === 'string').join('; ') || undefined;
  return undefined;
}

/** Seconds from a `Retry-After` header in seconds; `undefined` when absent or not a positive number. */
export function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const value = Number(headers?.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The problem an error answer describes: its own `code` and `message`, else its status's.
 * A status in `route` (the route's contract) means what the route says, whatever the body.
 */
export function problemFromAnswer(status: number, body: unknown, headers?: Headers, route?: StatusCodes): KyiProblem {
  const own = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  const retryAfter = retryAfterSeconds(headers);
  return {
    code: route?.[status] ?? (typeof own === 'string' && own ? own : codeForStatus(status)),
    message: messageOf(body) ?? `The server answered ${status}`,
    status,
    // Always its own (`undefined` when none): a polluted `Object.prototype.retryAfter` delays no retry.
    retryAfter,
  };
}

/** Anything caught from the data layer as a problem (an unexpected throw is `internal_error`). */
export function toProblem(error: unknown): KyiProblem {
  if (error instanceof KyiRequestError) {
    const { code, message, status, retryAfter } = error;
    return { code, message, status, retryAfter };
  }
  return { code: 'internal_error', message: error instanceof Error ? error.message : String(error), status: 0 };
}

/** The `detail` of a `kyi-error` event for a problem: `{ code, message, status }` (status when there was an answer). */
export function errorDetail(problem: KyiProblem): { code: string; message: string; status?: number } {
  const { code, message, status } = problem;
  return status ? { code, message, status } : { code, message };
}

/** Whether `error` is the rejection of an aborted call. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
