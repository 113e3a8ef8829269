/**
 * CSRF guard of the routes a browser call can change something with (the token route, the
 * Explorer write routes). The server's own origin comes from configuration (`publicOrigin`,
 * `allowedOrigins`), never from the `Host` header, so it holds behind a TLS-terminating proxy.
 *
 * - A request with an `Origin` passes only when that origin is allowed; `Sec-Fetch-Site`
 *   never overrides a foreign `Origin`.
 * - Without `Origin`, only `Sec-Fetch-Site: same-origin` passes (set by the browser, not
 *   forgeable by a page); with neither header the request is refused.
 *
 * Fetch-API only (no `node:` imports).
 */
import { KyiHttpError } from './errors.js';

export function checkOrigin(request: Request, allowedOrigins: ReadonlySet<string>): void {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (origin !== 'null' && allowedOrigins.has(origin)) return;
    throw new KyiHttpError(403, 'forbidden', 'Cross-origin request refused: the calling origin is not allowed');
  }
  if (request.headers.get('sec-fetch-site') === 'same-origin') return;
  throw new KyiHttpError(403, 'forbidden', 'Request refused: a browser call must say where it comes from (Origin or Sec-Fetch-Site)');
}
