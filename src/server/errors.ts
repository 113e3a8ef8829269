/**
 * The one error shape of the server piece: `{ code, message }` with a stable `code`
 * (`KIT_ERROR_CODES` of the contract). Messages are written here, never copied from an
 * upstream body unless `safeUpstreamMessage` cleared them, so no key, secret or upstream
 * stack can leave through an error.
 *
 * Fetch-API only (no `node:` imports).
 */
import type { KitErrorCode } from '../contract/errors.js';
import { jsonPrepared, preparedResponse, type PreparedResponse } from './prepared.js';

/** An error code of the kit, or an Explorer code passed through as is (e.g. `watchlist_limit_reached`). */
export type ErrorCode = KitErrorCode | 'payload_too_large' | 'unsupported_media_type' | (string & {});

/** Thrown inside route code; the handler turns it into the JSON error response. */
export class KyiHttpError extends Error {
  override readonly name = 'KyiHttpError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
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

/** JSON response with `content-type` and any extra headers. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return preparedResponse(jsonPrepared(body, status, headers));
}

/** The JSON error answer `{ code, message }`; errors are never cached. */
export function errorPrepared(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}): PreparedResponse {
  return jsonPrepared({ code, message }, status, { 'cache-control': 'private, no-store', ...headers });
}

/** The JSON error response `{ code, message }`; errors are never cached. */
export function errorResponse(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}): Response {
  return preparedResponse(errorPrepared(status, code, message, headers));
}

/** Response for a thrown `KyiHttpError`. */
export function httpErrorResponse(error: KyiHttpError): Response {
  return errorResponse(error.status, error.code, error.message, error.headers);
}

/**
 * Returns an upstream error message when it is safe to show: a short single line of
 * printable ASCII that holds none of the configured secrets and does not look like a stack.
 * Otherwise `undefined` (the caller uses its own message).
 */
export function safeUpstreamMessage(value: unknown, secrets: readonly string[]): string | undefined {
  if (typeof value !== 'string') return undefined;
  const message = value.trim();
  if (message.length === 0 || message.length > 200) return undefined;
  if (!/^[\x20-\x7e]+$/.test(message)) return undefined;
  if (/\bat\s+\S+\s*\(|\.(?:js|ts|mjs|cjs):\d+|Bearer\s|Authorization|stack/i.test(message)) return undefined;
  const lower = message.toLowerCase();
  for (const secret of secrets) {
    if (!secret) continue;
    if (lower.includes(secret.toLowerCase())) return undefined;
    // a long fragment of a secret is as bad as the whole of it
    if (secret.length >= 16) {
      for (let i = 0; i + 12 <= secret.length; i += 4) {
        if (lower.includes(secret.slice(i, i + 12).toLowerCase())) return undefined;
      }
    }
  }
  return message;
}
