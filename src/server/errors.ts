/**
 * The one error model of the server piece: `KyiError` (a stable `code`, an HTTP `status`)
 * and the JSON answer `{ code, message }` (`KIT_ERROR_CODES` of the contract). Messages are
 * written here, never copied from an upstream body, so no key, secret or upstream stack can
 * leave through an error; upstream words go to `onError` only.
 *
 * Fetch-API only (no `node:` imports).
 */
import type { KitErrorCode } from '../contract/errors.js';

/** An error code of the kit, or an Explorer code passed through as is (e.g. `watchlist_limit_reached`). */
export type ErrorCode = KitErrorCode | (string & {});

/**
 * The base of every error the server piece throws: a stable `code` and, where one applies,
 * the HTTP `status` it answers with (0 when none).
 */
export class KyiError extends Error {
  override name = 'KyiError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status = 0,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A configuration mistake of the partner's, refused when the handler, store or budget is created;
 * or told to `onError` when only requests show it (visitors the per-client budget cannot tell apart).
 */
export class KyiConfigError extends KyiError {
  override name = 'KyiConfigError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('invalid_configuration', message, 0, options);
  }
}

/** Thrown inside route code; the handler turns it into the JSON error response. */
export class KyiHttpError extends KyiError {
  override name = 'KyiHttpError';
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(code, message, status);
  }

  /** The JSON body `{ code, message }`. */
  get body(): { code: string; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** 400 `invalid_parameter` naming the parameter; the value itself is never echoed. */
export function invalidParameter(name: string, reason: string): KyiHttpError {
  return new KyiHttpError(400, 'invalid_parameter', `Invalid parameter "${name}": ${reason}`);
}

/** `Content-Type` of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The headers of a JSON answer: `content-type`, `nosniff` and any extra ones. */
export function jsonHeaders(headers: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': JSON_TYPE, 'x-content-type-options': 'nosniff', ...headers };
}

/** JSON response with `content-type` and any extra headers. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: jsonHeaders(headers) });
}

/** The headers of a JSON error answer: errors are never cached. */
export function errorHeaders(headers: Record<string, string> = {}): Record<string, string> {
  return jsonHeaders({ 'cache-control': 'private, no-store', ...headers });
}

/** The JSON error response `{ code, message }`; errors are never cached. */
export function errorResponse(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ code, message }), { status, headers: errorHeaders(headers) });
}

/** Response for a thrown `KyiHttpError`. */
export function httpErrorResponse(error: KyiHttpError): Response {
  return errorResponse(error.status, error.code, error.message, error.headers);
}

/** Distinct problems remembered by the default `onError` (older ones may be logged again). */
const LOGGED_MAX = 500;

/**
 * Control characters of a log line: C0 (CR, LF, ESC, …), DEL, C1, the line and paragraph
 * separators U+2028/2029, and the bidi overrides and isolates (U+202A–202E, U+2066–2069).
 */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `text` with every control character written as an escape (`\n`, `\r`, `\t`, `\x1b`,
 * `\u2028`): words from outside (upstream bodies, headers, visitor input) cannot start a
 * forged second log line, move the cursor or colour the terminal.
 */
function escapeControl(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return NAMED[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`);
  });
}

/**
 * The default `onError`: logs each distinct problem (route, code, message) once to the
 * console, with the upstream's own words when there are any (`detail`, secrets removed).
 * The one place the server piece writes a log line: everything after the prefix is
 * `escapeControl`led, so each problem is exactly one line.
 */
export function logEachProblemOnce(log: (line: string) => void = (line) => console.error(line)): (error: unknown, context: { route: string }) => void {
  const seen = new Set<string>();
  return (error, context) => {
    const e = error as { code?: unknown; message?: unknown; detail?: unknown };
    const code = typeof e?.code === 'string' ? e.code : error instanceof Error ? error.name : 'error';
    const message = typeof e?.message === 'string' ? e.message : String(error);
    const key = `${context.route} ${code} ${message}`;
    if (seen.has(key)) return;
    if (seen.size >= LOGGED_MAX) seen.clear();
    seen.add(key);
    const detail = typeof e?.detail === 'string' ? ` (${e.detail})` : '';
    log(`[kyi-elements/server] ${escapeControl(`${context.route}: ${code}: ${message}${detail}`)}`);
  };
}
