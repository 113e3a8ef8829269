/**
 * The sandbox's fetch handler: one route table, read top to bottom, on one origin. Counted
 * routes go through the `counted` middleware (request stats, then fault injection); each
 * route family answers unknown paths in its own shape.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { BADGE_PATH_PREFIX, handleBadge } from './badges/route.js';
import { CONTROL_PREFIX, controlApp, type ControlContext } from './control.js';
import { json } from './http.js';
import { IMAGE_PATH_PREFIX, handleTokenImage } from './images.js';
import { DEPRECATION, PUBLIC_ROUTES, answerPublic, publicNotFound, type PublicApiContext } from './public/index.js';
import { EXPLORER_SANDBOX_ROUTES, type ExplorerApi } from './explorer/index.js';
import { badgeFaultErrors, counted, explorerFaultErrors, publicFaultErrors, type SandboxEnv } from './serve.js';
import { VERIFIED_PATH, handleVerifiedPage } from './verified-page.js';
import {
  completeFaultErrors,
  completeFlow,
  isProduct,
  widgetFaultErrors,
  widgetNotFound,
  widgetPage,
  widgetScript,
  widgetStyle,
  type WidgetContext,
} from './widget/index.js';
import type { WidgetProduct } from './widget/page.js';
import { WIDGET_COMPLETE_PATH, WIDGET_SCRIPT_PATH, WIDGET_STYLE_PATH } from './widget/page.js';

export const EXPLORER_PREFIX = '/explorer';

export type AppContext = PublicApiContext & WidgetContext & Omit<ControlContext, 'explorerState'> & { explorer: ExplorerApi };

type SandboxContext = Context<SandboxEnv>;

const notFound = (c: SandboxContext) => json({ message: `Cannot find ${c.req.path} on the sandbox` }, 404);

/** Sets `Deprecation: true` on whatever the route answers. */
const deprecated: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  await next();
  c.res.headers.set('deprecation', DEPRECATION.deprecation);
};

function explorerRoutes(app: Hono<SandboxEnv>, ctx: AppContext): void {
  const path = (c: SandboxContext) => c.req.path.slice(EXPLORER_PREFIX.length) || '/';
  for (const route of EXPLORER_SANDBOX_ROUTES) {
    const answer = (c: SandboxContext) => ctx.explorer.answer(c.req.raw, path(c), route, Object.values(c.req.param() as Record<string, string>));
    if (route.id) app.on(route.method, EXPLORER_PREFIX + route.path, counted(ctx, route.id, explorerFaultErrors), answer);
    else app.on(route.method, EXPLORER_PREFIX + route.path, answer);
  }
  // unknown Explorer routes: the site gate, then 404 `not_found`
  app.all(`${EXPLORER_PREFIX}/*`, (c) => ctx.explorer.answer(c.req.raw, path(c), null, []));
  app.all(EXPLORER_PREFIX, (c) => ctx.explorer.answer(c.req.raw, '/', null, []));
}

function widgetRoutes(app: Hono<SandboxEnv>, ctx: AppContext): void {
  app.get(WIDGET_SCRIPT_PATH, widgetScript);
  app.get(WIDGET_STYLE_PATH, widgetStyle);
  app.post(WIDGET_COMPLETE_PATH, counted(ctx, 'widget:complete', completeFaultErrors), (c) => completeFlow(ctx, c.req.raw));
  app.get(
    '/widget/:product',
    (c, next) => (isProduct(c.req.param('product')) ? next() : Promise.resolve(widgetNotFound())),
    counted(ctx, 'widget', widgetFaultErrors),
    (c) => widgetPage(ctx, c.req.raw, c.req.param('product') as WidgetProduct, c.get('fault')),
  );
  app.all('/widget/*', widgetNotFound);
}

function publicRoutes(app: Hono<SandboxEnv>, ctx: AppContext): void {
  for (const route of PUBLIC_ROUTES) {
    const answer = (c: SandboxContext) => answerPublic(ctx, route, c.req.raw, c.req.param() as Record<string, string>);
    if (route.deprecated) app.get(route.path, deprecated, counted(ctx, route.id, publicFaultErrors), answer);
    else app.get(route.path, counted(ctx, route.id, publicFaultErrors), answer);
  }
  for (const path of ['/kyi/v1/tokens', '/assets', '/assets/*']) app.all(path, (c) => publicNotFound(c.req.raw));
}

export function createSandboxApp(ctx: AppContext): (request: Request) => Promise<Response> {
  const app = new Hono<SandboxEnv>({ strict: false });
  app.route(CONTROL_PREFIX, controlApp({ ...ctx, explorerState: ctx.explorer.state }));
  explorerRoutes(app, ctx);
  app.get(`${BADGE_PATH_PREFIX}*`, counted(ctx, 'badge', badgeFaultErrors), (c) => handleBadge(c.req.raw, new URL(c.req.url)));
  app.all(`${BADGE_PATH_PREFIX}*`, (c) => json({ message: `Cannot ${c.req.method} ${c.req.path}` }, 404));
  widgetRoutes(app, ctx);
  app.get(`${IMAGE_PATH_PREFIX}*`, (c) => handleTokenImage(c.req.raw, new URL(c.req.url), ctx.state, ctx.now()));
  app.get(`${VERIFIED_PATH}/*`, (c) => handleVerifiedPage(new URL(c.req.url), ctx.state) ?? notFound(c));
  publicRoutes(app, ctx);
  app.get('/', (c) => c.json({ sandbox: 'kyi-elements', ...ctx.info, credentials: undefined }));
  app.notFound(notFound);
  return async (request) => app.fetch(request);
}
