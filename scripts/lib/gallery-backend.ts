/**
 * The gallery's backend (`/gallery.html` on the demo server): every element in every state,
 * the same on every run, so the visual regression tests can compare screenshots of it.
 * - `/gallery/api/kyi`: the real server piece on a second embedded sandbox whose clock is
 *   pinned to `GALLERY_NOW` (every timestamp, date and seeded change is the same each run),
 *   always signed in.
 * - `/gallery/stub/<state>/…`: a stand-in server piece for the states real data cannot hold
 *   still: `empty` (no rows), `error` (502), `signed-out` (401 `session_required`) and
 *   `hang` (never answers: loading, frozen).
 * Started on the first gallery request, so the demo itself pays nothing for it.
 */
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createKyiHandler } from '../../src/server/index.js';
import { contentSecurityPolicy } from './csp.js';

/** The gallery sandbox's clock: 2 March 2026, 09:30 UTC. */
export const GALLERY_NOW = Date.parse('2026-03-02T09:30:00.000Z');
export const GALLERY_PROXY = '/gallery/api/kyi';
export const GALLERY_STUB = '/gallery/stub';
export const GALLERY_USER_ID = 'gallery-user';

export interface GalleryBackend {
  /** Answers `/gallery/…` requests; `undefined` for any other path. */
  handle(request: Request, path: string): Promise<Response> | undefined;
  /** The `<meta name="kyi:…">` tags and the CSP of the gallery page. */
  page(): Promise<{ metaTags: string; csp: string }>;
  close(): Promise<void>;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

const EMPTY_BODIES: Record<string, unknown> = {
  '/capabilities': { explorer: true, explorerWrites: true, widget: true },
  '/explorer/me/watchlist': { data: [], limit: 50, used: 0 },
  '/explorer/me/monitoring/changes': { items: [], truncated: false },
  '/explorer/me/notifications': { items: [], unread: 0 },
};

/** The frozen states the gallery's elements point their `proxy-url` at. */
const GALLERY_STATES = ['hang', 'error', 'signed-out', 'empty'] as const;

/** The stand-in server piece for one frozen state (`rest` is the path after `/gallery/stub/<state>`). */
function stub(state: string, rest: string): Promise<Response> {
  switch (state) {
    case 'hang':
      return new Promise<Response>(() => {}); // the connection closes with the server (closeAllConnections)
    case 'error':
      return Promise.resolve(json({ code: 'upstream_unavailable', message: 'The verification service is unavailable' }, 502));
    case 'signed-out':
      return Promise.resolve(json({ code: 'session_required', message: 'Sign in to see the monitoring data' }, 401));
    case 'empty': {
      const body = EMPTY_BODIES[rest];
      return Promise.resolve(body ? json(body) : json({ code: 'not_found', message: 'Not found' }, 404));
    }
    default:
      return Promise.resolve(json({ code: 'not_found', message: `No gallery stub named ${state}` }, 404));
  }
}

/** The gallery backend; `allowedOrigins` are the demo page's own origins (for the write routes). */
export function createGalleryBackend(allowedOrigins: () => string[]): GalleryBackend {
  let started: Promise<{ sandbox: Sandbox; handler: (r: Request) => Promise<Response> }> | undefined;
  const start = () =>
    (started ??= (async () => {
      const sandbox = await startSandbox({
        port: 0,
        now: () => GALLERY_NOW,
        // the clock never moves, so the per-minute budget never refills: the widest one
        explorer: { rateLimit: { perMinute: 6000 } },
      });
      const { info } = sandbox;
      const handler = createKyiHandler({
        prefix: GALLERY_PROXY,
        publicApi: { baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey },
        explorer: { baseUrl: info.explorerUrl, apiKey: info.credentials.explorerKeys.full, writes: true },
        getUserId: () => GALLERY_USER_ID,
        authorize: () => true, // the gallery's visitor is always signed in
        allowedOrigins: allowedOrigins(),
        // one visitor on fixed data, called as a fetch handler (no peer address): no per-client budget to keep
        clientBudget: false,
      });
      return { sandbox, handler };
    })());

  return {
    handle(request, path) {
      if (path.startsWith(`${GALLERY_PROXY}/`)) return start().then(({ handler }) => handler(request));
      if (path.startsWith(`${GALLERY_STUB}/`)) {
        const [state = '', ...rest] = path.slice(GALLERY_STUB.length + 1).split('/');
        return stub(state, `/${rest.join('/')}`);
      }
      return undefined;
    },
    async page() {
      const { sandbox } = await start();
      const { badgeBaseUrl, widgetUrl } = sandbox.info;
      const tags: [string, string][] = [
        ['kyi:proxy-url', GALLERY_PROXY],
        ['kyi:badge-base-url', badgeBaseUrl],
        // the verify button's error state: the token request is refused (signed out)
        ['kyi:token-endpoint', `${GALLERY_STUB}/signed-out/token`],
        ['kyi:widget-url', widgetUrl],
        // the frozen states' stand-ins are proxies the page lists (a proxy-url names a proxy, not a path)
        ['kyi:trusted-proxy-urls', GALLERY_STATES.map((state) => `${GALLERY_STUB}/${state}`).join(' ')],
      ];
      return {
        metaTags: tags.map(([name, content]) => `<meta name="${name}" content="${content}">`).join('\n    '),
        csp: contentSecurityPolicy({ widgetUrl, badgeBaseUrl }),
      };
    },
    async close() {
      if (started) await (await started).sandbox.close();
    },
  };
}
