/**
 * Where the docs' live examples find their backend: paths under the site's base, which is the
 * scope of the docs' Service Worker (worker/service-worker.ts). The pages (docs/.vitepress/theme/live.ts)
 * register the worker and `configure()` the elements with these; the worker answers them.
 */
export const LIVE_PATHS = {
  /** The worker script, beside the pages (docs/public, written by worker/build.ts). */
  worker: 'kyi-docs-sw.js',
  /** The server piece's prefix: `proxyUrl`. */
  proxy: 'api/kyi',
  /** The sandbox (the vendor's service): `badgeBaseUrl`, `widgetUrl`. */
  sandbox: 'sandbox',
} as const;

/**
 * Who reads the docs: one demo user, signed in on every page (as `npm start`'s demo after
 * "Sign in as demo user"), so the verify button and the monitoring elements show what a
 * signed-in visitor sees. A partner's server asks its own session here.
 */
export const DOCS_USER_ID = 'docs-reader';
