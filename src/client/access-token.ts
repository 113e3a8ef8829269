/**
 * Access tokens for the verification widget.
 *
 * By default a fresh token comes from the partner's own server piece: `POST tokenEndpoint`
 * (same-origin cookies, JSON; answered `{ accessToken, expiresAt? }`). A partner can supply
 * `configure({ fetchAccessToken })` instead. Every failure becomes a `KyiRequestError` (the
 * browser's one error type, `errors.ts`) with a stable code, so the element can show and
 * report it like any other failure without knowing the transport. The token endpoint's
 * contract (field notes) gives 401, 503 and 502 meanings of their own: `TOKEN_STATUS_CODES`.
 *
 * Tokens are single use: the field notes ask for a fresh token per open, and a token whose
 * drawer has closed is never handed out again (`TokenSlot.take()` empties the slot,
 * `token-slot.ts`).
 */

import { codeForStatus, isAbortError, KyiRequestError, thrownText, type StatusCodes } from './errors.js';
import { own } from '../contract/own.js';
import { answerBody } from './proxy-answer.js';
import { requestUrl } from './request-url.js';
import type { AccessToken } from './token-slot.js';

// The prefetch slot and its expiry rule, in a module of their own (re-exported for existing importers).
export * from './token-slot.js';

/**
 * The codes of the token endpoint's own contract (`kyi-error` detail `code`), besides which a
 * failure may carry any code of the kit's (`codeForStatus`), e.g. `too_many_requests`.
 */
export const ACCESS_TOKEN_ERROR_CODES = [
  'session_required',
  'forbidden',
  'origin_not_allowed',
  'not_configured',
  'signing_failed',
  'network',
] as const;
export type AccessTokenErrorCode = (typeof ACCESS_TOKEN_ERROR_CODES)[number];

/**
 * What the token endpoint's statuses mean (field notes: 401 without a session, 503 when not
 * configured, 502 when signing failed). A 404 or 501 means no token route is mounted where
 * the kit looks for it: a configuration problem too. Other statuses mean what they mean
 * everywhere: a 403 keeps its body's code (`origin_not_allowed`: the page's origin is not
 * the server's `publicOrigin`; `forbidden`: not allowed), a bare 403 is `forbidden`.
 */
export const TOKEN_STATUS_CODES = {
  __proto__: null, // own entries only (errors.ts)
  401: 'session_required',
  404: 'not_configured',
  501: 'not_configured',
  502: 'signing_failed',
  503: 'not_configured',
} as StatusCodes;

/** Options of `requestAccessToken`. */
export interface RequestAccessTokenOptions {
  /** URL to POST to (ignored when `fetchAccessToken` is given); a relative one is resolved against the page's address. */
  endpoint: string;
  /** Partner-supplied token source (`configure({ fetchAccessToken })`). */
  fetchAccessToken?: (() => Promise<string>) | undefined;
  /** Aborts the request; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

function isCode(value: unknown): value is AccessTokenErrorCode {
  return typeof value === 'string' && (ACCESS_TOKEN_ERROR_CODES as readonly string[]).includes(value);
}

/** Rethrows an abort as the signal's reason (or as it came): a cancelled request is no failure to report. */
function throwIfAbort(error: unknown, signal?: AbortSignal): void {
  if (signal?.aborted || isAbortError(error)) throw signal?.reason ?? error;
}

/** Reads `exp` (seconds) from a JWT payload without verifying it; `undefined` if it is not a JWT. */
export function jwtExpiry(token: string): number | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const exp = (JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token with its expiry: the endpoint's `expiresAt` (ISO 8601, or epoch seconds or ms),
 * else the JWT `exp` claim (tokens from `fetchAccessToken`), else unknown (see `isUsable`).
 */
function makeToken(token: string, expiresAt?: unknown): AccessToken {
  const ms =
    typeof expiresAt === 'number' ? (expiresAt < 1e12 ? expiresAt * 1000 : expiresAt) : typeof expiresAt === 'string' ? Date.parse(expiresAt) : NaN;
  return { token, expiresAt: Number.isFinite(ms) ? ms : jwtExpiry(token), obtainedAt: Date.now() };
}

/**
 * Gets a fresh access token. Rejects with `KyiRequestError`, or with the abort reason when
 * `signal` aborts.
 */
export async function requestAccessToken(options: RequestAccessTokenOptions): Promise<AccessToken> {
  // Its own options only, as the monitoring reads' (client/monitoring.ts): a polluted
  // `Object.prototype.fetchAccessToken` is not called instead of the endpoint, a polluted `signal` aborts nothing.
  const { endpoint, fetchAccessToken, signal } = { __proto__: null, ...options } as RequestAccessTokenOptions;
  signal?.throwIfAborted();
  if (fetchAccessToken) return fromFunction(fetchAccessToken, signal);

  const url = requestUrl(endpoint);
  let response: Response;
  try {
    // Without a prototype, as the lookup's (client/lookup/batcher.ts): no inherited fetch option;
    // so fetch's default credentials hold (the session cookie, to the same origin only).
    response = await fetch(url, {
      __proto__: null,
      method: 'POST',
      cache: 'no-store',
      headers: { __proto__: null, accept: 'application/json', 'content-type': 'application/json' } as object as HeadersInit,
      body: '{}',
      signal,
    } as RequestInit);
  } catch (error) {
    throwIfAbort(error, signal);
    throw new KyiRequestError('network', thrownText(error));
  }
  const body = (await answerBody(endpoint, response, TOKEN_STATUS_CODES).finally(() => signal?.throwIfAborted())) as
    | { accessToken?: unknown; expiresAt?: unknown }
    | undefined;
  if (typeof body?.accessToken !== 'string' || !body.accessToken) {
    throw new KyiRequestError('signing_failed', 'The token endpoint did not answer with an accessToken', response.status);
  }
  return makeToken(body.accessToken, body.expiresAt);
}

async function fromFunction(fn: () => Promise<string>, signal?: AbortSignal): Promise<AccessToken> {
  let value: unknown;
  try {
    value = await fn();
  } catch (error) {
    throwIfAbort(error, signal);
    // A partner function may signal a precise failure through its own `code` or HTTP `status`
    // (never an inherited one: a polluted `Object.prototype.code` decides no failure's cause).
    const code = own(error, 'code');
    const status = own(error, 'status');
    const message = thrownText(error);
    if (isCode(code)) throw new KyiRequestError(code, message);
    if (typeof status === 'number') throw new KyiRequestError(codeForStatus(status, TOKEN_STATUS_CODES), message, status);
    throw new KyiRequestError('network', message);
  }
  signal?.throwIfAborted();
  if (typeof value !== 'string' || !value) {
    throw new KyiRequestError('signing_failed', 'fetchAccessToken did not return a token');
  }
  return makeToken(value);
}
