/**
 * The one table from an error code to the words an element shows: the same response reads
 * the same in every element (a bare 502 from a load balancer says "unavailable" in
 * `<kyi-token-status>` and `<kyi-watchlist>` alike; a bare 504 says so in
 * `<kyi-verify-button>` too). Codes come from `client/errors.ts`. A few strings take
 * `{message}` (the problem's own message: a widget's error, a bad attribute). Codes only one
 * element meets (the widget's) are that element's table, passed as `own`.
 */
import type { StringKey } from '../../browser/strings.js';

/** The last part of a `common.error.<name>` key. */
export type ErrorWords = StringKey extends infer K ? (K extends `common.error.${infer N}` ? N : never) : never;

/** Each code's words (`common.error.<name>`). */
const ERROR_STRINGS: Record<string, ErrorWords> = {
  network: 'network',
  // A bare 404 for a kit route: the server piece is not mounted at the proxy URL.
  not_found: 'notConfigured',
  not_configured: 'notConfigured',
  upstream_unavailable: 'unavailable',
  upstream_timeout: 'unavailable',
  too_many_requests: 'rateLimited',
  payload_too_large: 'payloadTooLarge',
  // 401 and 403 from the partner's own server: the visitor's session or access, never the service.
  unauthorized: 'sessionRequired',
  forbidden: 'forbidden',
  // The page is open at another origin than the server's `publicOrigin`: the site's configuration.
  origin_not_allowed: 'originNotAllowed',
  // The service refused the server's key: the site's configuration with the service.
  upstream_auth: 'unauthorized',
  invalid_response: 'invalidResponse',
  upstream_invalid: 'invalidResponse',
  upstream_error: 'server',
  internal_error: 'server',
  untrusted_proxy_url: 'untrustedProxy',
  session_required: 'sessionRequired',
};

/**
 * The strings-table key for a problem: its code's (in `own`, then the shared table), else by
 * status (5xx: the server's problem). A code comes from an answer: only a table's own entries
 * count (`constructor` is no code).
 */
export function errorStringKey(problem: { code: string; status?: number | undefined }, own: Record<string, ErrorWords> = {}): StringKey {
  const { code } = problem;
  const table = Object.hasOwn(own, code) ? own : Object.hasOwn(ERROR_STRINGS, code) ? ERROR_STRINGS : undefined;
  return `common.error.${table?.[code] ?? ((problem.status ?? 0) >= 500 ? 'server' : 'generic')}`;
}
