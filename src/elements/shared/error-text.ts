/**
 * The one table from an error code to the words an element shows: the same response reads
 * the same in every element (a bare 502 from a load balancer says "unavailable" in
 * `<kyi-token-status>` and `<kyi-watchlist>` alike; a bare 504 says so in
 * `<kyi-verify-button>` too). Codes come from `client/errors.ts`. A few strings take
 * `{message}` (the problem's own message: a widget's error, a bad attribute). Codes only one
 * element meets (the widget's) are that element's table, passed as `words`.
 */
import type { StringKey } from '../../browser/strings.js';
import type { KyiProblem } from '../../client/errors.js';
import { own } from '../../contract/own.js';

/** The last part of a `common.error.<name>` key. */
export type ErrorWords = StringKey extends infer K ? (K extends `common.error.${infer N}` ? N : never) : never;

/**
 * The words of the codes that are the site's configuration: the same request meets them again
 * until the partner changes something, so a Retry cannot help (`retryHelps`).
 */
const SITE_SETUP: Record<string, ErrorWords> = {
  // A bare 404 for a kit route: the server piece is not mounted at the proxy URL.
  not_found: 'notConfigured',
  not_configured: 'notConfigured',
  // The page is open at another origin than the server's `publicOrigin`.
  origin_not_allowed: 'originNotAllowed',
  // The service refused the server's key.
  upstream_auth: 'unauthorized',
  // The page refused the proxy its markup names.
  untrusted_proxy_url: 'untrustedProxy',
};

/** The words of every other code: a passing failure, or the visitor's (a Retry may help). */
const ERROR_STRINGS: Record<string, ErrorWords> = {
  network: 'network',
  upstream_unavailable: 'unavailable',
  upstream_timeout: 'unavailable',
  too_many_requests: 'rateLimited',
  payload_too_large: 'payloadTooLarge',
  // 401 and 403 from the partner's own server: the visitor's session or access, never the service.
  unauthorized: 'sessionRequired',
  forbidden: 'forbidden',
  invalid_response: 'invalidResponse',
  upstream_invalid: 'invalidResponse',
  upstream_error: 'server',
  internal_error: 'server',
  session_required: 'sessionRequired',
};

/**
 * The strings-table key for a problem: its code's (in `words`, then the shared tables), else by
 * status (5xx: the server's problem). A code comes from an answer: only a table's own entries
 * count (`constructor` is no code).
 */
export function errorStringKey(problem: { code: string; status?: number | undefined }, words: Record<string, ErrorWords> = {}): StringKey {
  const { code } = problem;
  return `common.error.${(own(words, code) ?? own(SITE_SETUP, code) ?? own(ERROR_STRINGS, code) ?? ((problem.status ?? 0) >= 500 ? 'server' : 'generic')) as ErrorWords}`;
}

/**
 * Whether a Retry can help a problem: not for the site's configuration (`SITE_SETUP`), nor for
 * a request the server piece refused (400). A Retry button that can only fail again is a dead
 * control; `refresh()` still looks again, once the partner fixed it. (None: the generic words.)
 */
export const retryHelps = ({ code, status }: Pick<KyiProblem, 'code' | 'status'> = { code: '' }): boolean =>
  status != 400 && !own(SITE_SETUP, code);
