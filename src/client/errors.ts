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
import { own } from '../contract/own.js';

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
  /** Stable code: the server piece's `code`, `codeForStatus(status)`, or `network` / `invalid_response`. */
  declare readonly code: string;
  /** HTTP status, or 0 when no answer arrived. */
  declare readonly status: number;
  /** Seconds to wait before retrying (429 `Retry-After`). */
  declare readonly retryAfter?: number | undefined;
  constructor(code: string, message: string, status = 0, retryAfter?: number) {
    super(message);
    // Defined, never assigned: an assignment meets a read-only `Object.prototype.code` (or
    // `status`, `retryAfter`) a script left and throws, and every failure would read as the kit's
    // own. (`name` is assigned: `Error.prototype` holds its own.) Descriptors without a prototype.
    for (const [key, value] of [['code', code], ['status', status], ['retryAfter', retryAfter]] as const)
      Object.defineProperty(this, key, { __proto__: null, value, enumerable: true } as PropertyDescriptor);
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

/**
 * The problem an error answer describes, as the kit's error (thrown as it is by `answerBody`): its own `code` and `message`, else its status's.
 * A status in `route` (the route's contract) means what the route says, whatever the body.
 */
export function problemFromAnswer(status: number, body: unknown, headers?: Headers, route?: StatusCodes): KyiRequestError {
  const code = own(body, 'code');
  // Its own `message`: a string, or the NestJS list of strings.
  const message = own(body, 'message');
  // Seconds from a `Retry-After` header in seconds; `undefined` when absent or not a positive number.
  const seconds = Number(headers?.get('retry-after'));
  return new KyiRequestError(
    route?.[status] ?? (typeof code === 'string' && code ? code : codeForStatus(status)),
    (Array.isArray(message) ? message.filter((m) => typeof m == 'string').join('; ') : messageOf(message)) || `The server answered ${status}`,
    status,
    // Always its own (`undefined` when none): a polluted `Object.prototype.retryAfter` delays no retry.
    seconds > 0 && seconds < Infinity ? seconds : undefined,
  );
}

/**
 * The text of a widget error payload or a thrown value: a string, or an object's own string
 * `message` (an Error's, made with one); else `''`. Never an inherited one: a vendor SDK throwing
 * `{}` on a page whose `Object.prototype.message` a script polluted says nothing, not the
 * polluter's words. (A `DOMException`'s message is its prototype's: read as none.)
 */
export function messageOf(value: unknown): string {
  return ([value, own(value, 'message')].find((text) => typeof text == 'string') as string | undefined) ?? '';
}

/**
 * What a thrown value says: its `messageOf`, else its text, else `''` when it has none
 * (`Object.create(null)`, or any object under a polluted non-function `toString`: `String()`
 * would throw inside the catch, and the failure would read as something else).
 */
export function thrownText(value: unknown): string {
  try {
    return messageOf(value) || String(value);
  } catch {
    return '';
  }
}

/** Anything caught from the data layer as a problem (an unexpected throw is `internal_error`). */
export function toProblem(error: unknown): KyiProblem {
  // The kit's own error is a problem already (its fields its own, defined).
  if (error instanceof KyiRequestError) return error;
  return { code: 'internal_error', message: thrownText(error), status: 0 };
}

/** The `detail` of a `kyi-error` event for a problem: `{ code, message, status }` (status when there was an answer). */
export function errorDetail(problem: KyiProblem): { code: string; message: string; status?: number } {
  const { code, message, status } = problem;
  return status ? { code, message, status } : { code, message };
}

/**
 * Whether `error` is the rejection of an aborted call: an error named `AbortError` (a
 * `DOMException`'s name is its prototype's, an `Error`'s never `Object.prototype`'s), or a thrown
 * value's own `name`; a polluted `Object.prototype.name` makes no failure an abort to drop.
 */
export const isAbortError = (error: unknown): boolean => (error instanceof Error ? error.name : own(error, 'name')) === 'AbortError';
