/**
 * An answer at the proxy URL that is not the server piece's: a success, 404 or 405 without JSON
 * (a catch-all route answering every path with the page, a static host's 404 or 405 page).
 * That is the site's configuration, never the service's: the code is `not_configured` (the
 * visitor reads "not configured on this site"), and the console says once per address and
 * answer what came back and what to change. Other bare statuses keep their meaning
 * (`codeForStatus`: a load balancer's 413 or 502, a bare 401 of the site's session), and a 204
 * has no body to judge.
 */
import { KyiRequestError } from './errors.js';

const told = new Set<string>();

/** The `not_configured` error for an answer of `url` that is not the server piece's; `undefined` for one that may be. */
export function notTheServerPiece(url: string, response: Response): KyiRequestError | undefined {
  const { status } = response;
  const type = response.headers.get('content-type') ?? '';
  if (/json/i.test(type) || ((status > 299 || status == 204) && status != 404 && status != 405)) return;
  const message = `${response.url || url} answered ${status} ${type.split(';')[0] || 'untyped'}, not the server piece`;
  if (!told.has(message)) {
    told.add(message);
    console.error(`kyi-elements: ${message}: kyi:proxy-url must be where createKyiHandler is mounted (default /api/kyi), before your page's routes`);
  }
  return new KyiRequestError('not_configured', message, status);
}
