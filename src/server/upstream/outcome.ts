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

/** An upstream failure as the browser sees it, with what the upstream said for the logs. */
export class UpstreamError extends KyiHttpError {
  override name = 'UpstreamError';
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    /** What the upstream said (status, code, text), secrets removed; for `onError` only. */
    readonly detail: string,
    headers: Record<string, string> = {},
    /** The upstream's HTTP status (0 when none arrived). */
    readonly upstreamStatus = 0,
    /** The error code in the upstream body, when it had one. */
    readonly upstreamCode?: string,
    /** For 429: ms until the key may be used again. */
    readonly retryAfterMs?: number,
  ) {
    super(status, code, message, headers);
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
      return new UpstreamError(504, 'upstream_timeout', `The ${name} did not answer in time; try again shortly`, 'timeout');
    case 'network':
      return new UpstreamError(502, 'upstream_unavailable', `The ${name} could not be reached; try again shortly`, redact(`network: ${String(outcome.cause)}`, secrets));
    case 'too-large':
      return new UpstreamError(502, 'upstream_invalid', `The ${name} sent an answer that is too large`, 'body too large');
    case 'rate-limited': {
      const seconds = retryAfterSeconds(outcome.retryAfterMs);
      const message = 'Too many requests right now; retry after the time in Retry-After';
      return new UpstreamError(429, 'too_many_requests', message, 'rate limited', { 'retry-after': String(seconds) }, 429, undefined, outcome.retryAfterMs);
    }
    case 'budget-unavailable': {
      const seconds = retryAfterSeconds(outcome.retryAfterMs);
      const message = `The ${name}'s rate budget, shared by this server's replicas, cannot be read right now; retry after the time in Retry-After`;
      const detail = redact(outcome.cause instanceof Error ? outcome.cause.message : String(outcome.cause), secrets);
      return new UpstreamError(503, 'store_unavailable', message, detail, { 'retry-after': String(seconds) }, 0, undefined, outcome.retryAfterMs);
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
    new UpstreamError(httpStatus, code, message, detail, {}, status, said.code);
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
  return new UpstreamError(502, 'upstream_invalid', `The ${NAME[service]} sent an answer that does not match the contract`, detail, {}, status);
}
