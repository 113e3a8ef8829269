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
 * A refusal is 403 `origin_not_allowed`, told to `onError` naming the origin seen and the
 * ones configured: most often the partner's own page opened at another address than
 * `publicOrigin` (`127.0.0.1` for `localhost`), else another site's request, refused on purpose.
 *
 * Fetch-API only (no `node:` imports).
 */
import { refusal } from './access.js';
import type { ResolvedConfig } from './resolve-options.js';

export function checkOrigin(request: Request, config: Pick<ResolvedConfig, 'allowedOrigins' | 'publicOrigin' | 'onError'>, route: string): void {
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== 'null' && config.allowedOrigins.has(origin)) return;
  if (origin === null && request.headers.get('sec-fetch-site') === 'same-origin') return;
  const accepted = [...config.allowedOrigins].join(', ');
  const expected = config.publicOrigin ?? 'an origin in allowedOrigins';
  if (origin === null) {
    throw refusal(
      config,
      route,
      { status: 403, code: 'origin_not_allowed', message: 'Request refused: a browser call must say where it comes from (Origin or Sec-Fetch-Site)' },
      `Refused a call without Origin or Sec-Fetch-Site: same-origin (not a browser page of this site); this server accepts browser calls from ${accepted}.`,
    );
  }
  // the header is the caller's: printable ASCII only, and not too long, before it is written anywhere
  const seen = origin === 'null' ? 'null (a sandboxed frame or a file: page)' : origin.replace(/[^\x21-\x7e]/g, '?').slice(0, 200);
  throw refusal(
    config,
    route,
    { status: 403, code: 'origin_not_allowed', message: `This page's origin (${seen}) is not the one this site's server expects (${expected})` },
    `Refused a browser call from origin ${seen}: this server accepts ${accepted} (publicOrigin ${config.publicOrigin ?? 'not set'}, allowedOrigins). ` +
      `If it is your own page, open it at ${expected} or add ${seen} to allowedOrigins; a call from another site is refused on purpose.`,
  );
}
