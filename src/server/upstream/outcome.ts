/**
 * The one mapping from an upstream outcome that is not a success to the error the server
 * piece answers with. The browser gets a fixed message and a stable code; what the upstream
 * said (status, code, text) is kept in `detail` for `onError` on the server only, with the
 * configured secrets blotted out.
 *
 * Fetch-API only (no `node:` imports).
 */
import { KyiHttpError, type ErrorCode } from '../errors.js';
import type { UpstreamOutcome } from './call.js';
import { retryAfterSeconds } from './retry-after.js';

/** Which service a call went to, for the messages. */
export type Service = 'public' | 'explorer';

const NAME: Record<Service, string> = { public: 'verification service', explorer: 'monitoring service' };

/** What an `UpstreamError` is made of. */
export interface UpstreamErrorOptions {
  /** The HTTP status the browser gets. */
  status: number;
  /** The code the browser gets. */
  code: ErrorCode;
  /** The kit's own message for the browser (never the upstream's words). */
  message: string;
  /** What the upstream said (status, code, text), secrets removed; for `onError` only. */
  detail: string;
  /** Headers of the answer (`Retry-After`). */
  headers?: Record<string, string>;
  /** The upstream's HTTP status (0 when none arrived). */
  upstreamStatus?: number;
  /** The error code in the upstream body, when it had one. */
  upstreamCode?: string;
  /** For 429: ms until the key may be used again. */
  retryAfterMs?: number;
}

/** An upstream failure as the browser sees it, with what the upstream said for the logs. */
export class UpstreamError extends KyiHttpError {
  override name = 'UpstreamError';
  /** What the upstream said (status, code, text), secrets removed; for `onError` only. */
  readonly detail: string;
  /** The upstream's HTTP status (0 when none arrived). */
  readonly upstreamStatus: number;
  /** The error code in the upstream body, when it had one. */
  readonly upstreamCode?: string;
  /** For 429: ms until the key may be used again. */
  readonly retryAfterMs?: number;

  constructor({ status, code, message, detail, headers = {}, upstreamStatus = 0, upstreamCode, retryAfterMs }: UpstreamErrorOptions) {
    super(status, code, message, headers);
    this.detail = detail;
    this.upstreamStatus = upstreamStatus;
    if (upstreamCode !== undefined) this.upstreamCode = upstreamCode;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

/** `text` with every secret (as is, URL-encoded, base64) replaced, cut to `max` characters. */
export function redact(text: string, secrets: readonly string[], max = 300): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of [secret, encodeURIComponent(secret), btoa(secret).replace(/=+$/, '')]) out = out.split(form).join('[secret]');
  }
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

/** The upstream's own error code and message, from a 7.1 / 7.2 error body (bare or enveloped). */
export function upstreamErrorBody(text: string): { code?: string; message?: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {};
  }
  const body = (json && typeof json === 'object' && 'code' in json ? json : (json as { errors?: unknown[] } | null)?.errors?.[0] ?? json) as
    | Record<string, unknown>
    | null;
  if (!body || typeof body !== 'object') return {};
  const code = typeof body['code'] === 'string' ? body['code'] : undefined;
  const message = typeof body['message'] === 'string' ? body['message'] : undefined;
  return { code, message };
}

/** Maps a failed call to the error to answer with. `secrets` are removed from `detail`. */
export function upstreamError(outcome: UpstreamOutcome, service: Service, secrets: readonly string[]): UpstreamError {
  const name = NAME[service];
  switch (outcome.kind) {
    case 'timeout':
      return new UpstreamError({ status: 504, code: 'upstream_timeout', message: `The ${name} did not answer in time; try again shortly`, detail: 'timeout' });
    case 'network':
      return new UpstreamError({
        status: 502,
        code: 'upstream_unavailable',
        message: `The ${name} could not be reached; try again shortly`,
        detail: redact(`network: ${String(outcome.cause)}`, secrets),
      });
    case 'too-large':
      return new UpstreamError({ status: 502, code: 'upstream_invalid', message: `The ${name} sent an answer that is too large`, detail: 'body too large' });
    case 'rate-limited': {
      const seconds = retryAfterSeconds(outcome.retryAfterMs);
      const message = 'Too many requests right now; retry after the time in Retry-After';
      return new UpstreamError({
        status: 429,
        code: 'too_many_requests',
        message,
        detail: 'rate limited',
        headers: { 'retry-after': String(seconds) },
        upstreamStatus: 429,
        retryAfterMs: outcome.retryAfterMs,
      });
    }
    case 'budget-unavailable': {
      const seconds = retryAfterSeconds(outcome.retryAfterMs);
      const message = `The ${name}'s rate budget, shared by this server's replicas, cannot be read right now; retry after the time in Retry-After`;
      const detail = redact(outcome.cause instanceof Error ? outcome.cause.message : String(outcome.cause), secrets);
      return new UpstreamError({
        status: 503,
        code: 'store_unavailable',
        message,
        detail,
        headers: { 'retry-after': String(seconds) },
        retryAfterMs: outcome.retryAfterMs,
      });
    }
    case 'response':
      return responseError(outcome, name, secrets);
  }
}

/** Whether a body that says it is JSON (`Content-Type`) does not parse: cut short or garbled on the way. */
function garbledJson(outcome: Extract<UpstreamOutcome, { kind: 'response' }>): boolean {
  if (!/[/+]json\b/i.test(outcome.headers.get('content-type') ?? '')) return false;
  try {
    JSON.parse(outcome.text);
    return false;
  } catch {
    return true;
  }
}

function responseError(outcome: Extract<UpstreamOutcome, { kind: 'response' }>, name: string, secrets: readonly string[]): UpstreamError {
  const { status, text } = outcome;
  const said = upstreamErrorBody(text);
  const detail = redact(`upstream ${status}${said.code ? ` ${said.code}` : ''}: ${said.message ?? text}`, secrets);
  const make = (code: ErrorCode, message: string, httpStatus = 502) =>
    new UpstreamError({ status: httpStatus, code, message, detail, upstreamStatus: status, upstreamCode: said.code });
  // a malformed body is the service's answer going wrong, whatever its status (not a wrong address or key)
  if (garbledJson(outcome)) return make('upstream_invalid', `The ${name} sent an answer that does not match the contract`);
  if (status === 401 || said.code === 'api_key_invalid') {
    return make('upstream_auth', `The ${name} refused this server's key; the server configuration must be fixed`);
  }
  if (status === 400) return make('invalid_parameter', `The ${name} refused a parameter`, 400);
  if (status >= 500) return make('upstream_unavailable', `The ${name} is unavailable; try again shortly`);
  if (status === 404) return make('upstream_error', `The ${name} answered at an unexpected address; the server configuration must be fixed`);
  if (status >= 200 && status < 300) return make('upstream_invalid', `The ${name} sent an answer that does not match the contract`);
  return make('upstream_error', `The ${name} answered with an unexpected status (${status})`);
}

/** 502 `upstream_invalid` for a success body that is not JSON or does not match the contract. */
export function invalidBody(service: Service, detail: string, status = 200): UpstreamError {
  return new UpstreamError({
    status: 502,
    code: 'upstream_invalid',
    message: `The ${NAME[service]} sent an answer that does not match the contract`,
    detail,
    upstreamStatus: status,
  });
}
