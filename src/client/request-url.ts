/**
 * The one way the browser side turns a configured URL into the URL of a request (the lookup
 * client, the monitoring calls, the access token): resolved against the page's own address
 * (`onPage`), never left relative. A page no address of which is a base URL (a sandboxed frame
 * at `about:srcdoc` with an opaque origin; other srcdoc and blank frames resolve against their
 * origin, browser/page.ts) cannot resolve a relative one, the default `/api/kyi` among them;
 * handed to `fetch` as written, it would be resolved against `document.baseURI`, which a
 * `<base href>` posted into the page moves. Such a URL is refused as the page's configuration
 * (`not_configured`): nothing is fetched.
 */
import { onPage } from '../browser/config.js';
import { KyiRequestError } from './errors.js';

/** `url` resolved against the page's own address; throws `KyiRequestError` (`not_configured`) when the page's address is no base for it. */
export function requestUrl(url: string): string {
  const resolved = onPage(url);
  if (resolved !== undefined) return resolved;
  throw new KyiRequestError(
    'not_configured',
    `The page has no base for "${url}": configure an absolute proxyUrl (the page's configuration)`,
  );
}
