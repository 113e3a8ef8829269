/**
 * The one table from an error code to the words an element shows: the same response reads
 * the same in every element (a bare 502 from a load balancer says "unavailable" in
 * `<kyi-token-status>` and `<kyi-watchlist>` alike; a bare 504 says so in
 * `<kyi-verify-button>` too). Codes come from `client/errors.ts`. A few strings take
 * `{message}` (the problem's own message: a widget's error, a bad attribute). Codes only one
 * element meets (the widget's) are that element's table, passed as `own`.
 */
import type { StringKey } from '../../browser/strings.js';

const ERROR_STRINGS: Record<string, StringKey> = {
  network: 'common.error.network',
  // A bare 404 for a kit route: the server piece is not mounted at the proxy URL.
  not_found: 'common.error.notConfigured',
  not_configured: 'common.error.notConfigured',
  upstream_unavailable: 'common.error.unavailable',
  upstream_timeout: 'common.error.unavailable',
  too_many_requests: 'common.error.rateLimited',
  payload_too_large: 'common.error.payloadTooLarge',
  // 401 and 403 from the partner's own server: the visitor's session or access, never the service.
  unauthorized: 'common.error.sessionRequired',
  forbidden: 'common.error.forbidden',
  // The page is open at another origin than the server's `publicOrigin`: the site's configuration.
  origin_not_allowed: 'common.error.originNotAllowed',
  // The service refused the server's key: the site's configuration with the service.
  upstream_auth: 'common.error.unauthorized',
  invalid_response: 'common.error.invalidResponse',
  upstream_invalid: 'common.error.invalidResponse',
  upstream_error: 'common.error.server',
  internal_error: 'common.error.server',
  untrusted_proxy_url: 'common.error.untrustedProxy',
  session_required: 'common.error.sessionRequired',
  invalid_attribute: 'common.error.invalidAttribute',
};

/**
 * The strings-table key for a problem: its code's (in `own`, then the shared table), else by
 * status (5xx: the server's problem). A code comes from an answer: only a table's own entries
 * count (`constructor` is no code).
 */
export function errorStringKey(problem: { code: string; status?: number | undefined }, own: Record<string, StringKey> = {}): StringKey {
  const { code } = problem;
  const table = Object.hasOwn(own, code) ? own : Object.hasOwn(ERROR_STRINGS, code) ? ERROR_STRINGS : undefined;
  return table?.[code] ?? ((problem.status ?? 0) >= 500 ? 'common.error.server' : 'common.error.generic');
}
