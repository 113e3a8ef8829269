/**
 * The sandbox's fetch handler: one route table, read top to bottom. Everything is served
 * from one origin: control routes, the Explorer API under `/explorer`, badges,
 * widget pages, token images, verified pages and the Public API.
 */
import { BADGE_PATH_PREFIX, handleBadge } from './badges/route.js';
import { CONTROL_PREFIX, handleControl, type ControlContext } from './control.js';
import { json } from './http.js';
import { IMAGE_PATH_PREFIX, handleTokenImage } from './images.js';
import { handlePublicApi, type PublicApiContext } from './public/index.js';
import type { ExplorerApi } from './explorer/index.js';
import { explorerRouteId } from './explorer/index.js';
import { badgeFaultErrors, explorerFaultErrors, serveRoute } from './serve.js';
import { VERIFIED_PATH, handleVerifiedPage } from './verified-page.js';
import { handleWidget, type WidgetContext } from './widget/index.js';

export const EXPLORER_PREFIX = '/explorer';

export const EXPLORER_CONTROL_PREFIX = '/__sandbox/explorer';

export type AppContext = PublicApiContext & WidgetContext & ControlContext & { explorer: ExplorerApi };

const CONTROL_CORS = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };

const notFound = (url: URL) => json({ message: `Cannot find ${url.pathname} on the sandbox` }, 404);

export function createSandboxApp(ctx: AppContext): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    const read = request.method === 'GET' || request.method === 'HEAD';

    if (path.startsWith(EXPLORER_CONTROL_PREFIX + '/') && request.method !== 'OPTIONS') {
      // Explorer controls (clock, switches, detections), CORS open like the rest.
      const response = await ctx.explorer.handleControl(request, path.slice(EXPLORER_CONTROL_PREFIX.length));
      for (const [k, v] of Object.entries(CONTROL_CORS)) response.headers.set(k, v);
      return response;
    }
    if (path.startsWith(CONTROL_PREFIX)) return handleControl(ctx, request, url);

    if (path === EXPLORER_PREFIX || path.startsWith(EXPLORER_PREFIX + '/')) {
      const sub = path.slice(EXPLORER_PREFIX.length) || '/';
      const route = explorerRouteId(request.method, sub);
      const run = () => ctx.explorer.handle(request, sub);
      return route ? serveRoute(ctx, { route, request, errors: explorerFaultErrors, run }) : run();
    }

    if (path.startsWith(BADGE_PATH_PREFIX)) {
      if (!read) return json({ message: `Cannot ${request.method} ${path}` }, 404);
      return serveRoute(ctx, { route: 'badge', request, errors: badgeFaultErrors, run: () => handleBadge(request, url) });
    }

    const widget = await handleWidget(ctx, request, url);
    if (widget) return widget;

    if (path.startsWith(IMAGE_PATH_PREFIX) && read) return handleTokenImage(request, url, ctx.state, ctx.now());

    if (path.startsWith(VERIFIED_PATH + '/') && read) return handleVerifiedPage(url, ctx.state) ?? notFound(url);

    const publicApi = await handlePublicApi(ctx, request, url);
    if (publicApi) return publicApi;

    if (path === '/' && read) return json({ sandbox: 'kyi-elements', ...ctx.info, credentials: undefined });
    return notFound(url);
  };
}
