/**
 * web-test-runner harness: starts the embedded sandbox and mounts the real server piece at
 * `/api/kyi` on the test page's own origin, as a partner backend would.
 *   POST/DELETE/GET /__test/session  sign the demo user in / out (cookie)
 *   POST/DELETE/GET /__test/monitoring-session  the same user's session of the monitoring
 *                                    tests (its own cookie, so the verify-button tests
 *                                    signing out never sign the monitoring tests out)
 * The Explorer routes let only a signed-in user in (`authorize`), as a partner must; the
 * token route and watchlist changes accept the test page's own origin only.
 *   GET /__test/env                  the sandbox's startup info (URLs, credentials)
 * A second mount, `/api/kyi-readonly`, has Explorer writes off (what most partners run).
 * A third, `/api/kyi-clocked`, has a cache and clock of its own: `POST /__test/clock
 * { advanceMs }` moves that clock forward, so a test waits on no real time (no other file
 * uses this mount). A fourth, `/api/kyi-elsewhere`, has another `publicOrigin`
 * (`elsewhereOrigin` in `/__test/env`): the page opened at an address its server does not expect.
 * Browser test files share one sandbox; its Explorer rate limit is raised (and the proxy's
 * budget with it) so parallel files do not wait on each other, and the per-client lookup
 * budget is off (every file comes from one address). Both budgets are proven by the node tests.
 * The sandbox control API (`/__sandbox/*`: faults, stats, reset, the Explorer's explorer/*) is on the sandbox origin, CORS open.
 * The sandbox widget's allow-list holds the test page's origin; a second sandbox
 * (`refusingWidgetUrl` in `/__test/env`) keeps the default list, so its widget refuses the page.
 * A foreign "evil" origin (`evilUrl` in `/__test/env`, see evil-server.ts) answers as a scam
 * proxy and records what reaches it, for the page-trust tests.
 *   ANY /__test/catch-all/…          the site's page (200 text/html) for every path: a proxy URL
 *                                    that a catch-all page route answers before the server piece
 * `downWidgetUrl` in `/__test/env` is a loopback address nothing listens on (a widget host that is down).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { freePort } from '../node/helpers/loopback.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createKyiHandler } from '../../src/server/index.js';
import { systemClock } from '../../src/server/clock.js';
import { toNodeHandler } from '../../src/server/node/adapter.js';
import { createDemoSessions, signedInOnly } from '../../scripts/lib/demo-session.js';
import { startEvilServer, type EvilServer } from './evil-server.js';

/** The `publicOrigin` of `/api/kyi-elsewhere`, the only origin it accepts browser calls from: not the test page's. */
const ELSEWHERE_ORIGIN = 'https://app.partner.example';

type KoaContext = { path: string; req: IncomingMessage; res: ServerResponse; respond?: boolean };
type KoaNext = () => Promise<unknown>;
type ServerStart = { config: { hostname?: string; port?: number } };

export function kyiHarness() {
  let sandbox: Sandbox | undefined;
  let evil: EvilServer | undefined;
  let refusing: Sandbox | undefined;
  let api: ((req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void) | undefined;
  let readonly: typeof api;
  let clocked: typeof api;
  let elsewhere: typeof api;
  let test: ((req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void) | undefined;

  async function start(pageOrigins: string[]) {
    sandbox = await startSandbox({ port: 0, hostile: true, explorer: { rateLimit: { perMinute: 6000 } } });
    for (const origin of pageOrigins) sandbox.allowWidgetOrigin(origin);
    refusing = await startSandbox({ port: 0 });
    evil = await startEvilServer();
    const { info } = sandbox;
    const env = JSON.stringify({
      ...info,
      downWidgetUrl: `http://127.0.0.1:${await freePort()}`,
      evilUrl: evil.url,
      refusingWidgetUrl: refusing.info.widgetUrl,
      elsewhereOrigin: ELSEWHERE_ORIGIN,
    });
    const sessions = createDemoSessions();
    const monitoring = createDemoSessions(undefined, 'kyi_monitoring_session');
    let clockOffsetMs = 0;
    const mount = (prefix: string, writes: boolean, now?: () => number, origins: { allowedOrigins?: string[]; publicOrigin?: string } = { allowedOrigins: pageOrigins }) =>
      toNodeHandler(
        createKyiHandler({
          prefix,
          ...(now ? { clock: { ...systemClock, now } } : {}),
          publicApi: { baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey },
          explorer: {
            baseUrl: info.explorerUrl,
            apiKey: info.credentials.explorerKeys.full,
            writes,
            budget: { limit: 6000, capacity: 600 },
          },
          widget: { partnerId: info.credentials.partnerId, secretKey: info.credentials.secretKey },
          getUserId: (request: Request) => sessions.getUserId(request),
          authorize: signedInOnly(sessions, monitoring),
          // every test file comes from one address: the per-client budget is proven by the node tests
          clientBudget: false,
          ...origins,
        }),
        { prefix },
      );
    api = mount('/api/kyi', true);
    readonly = mount('/api/kyi-readonly', false);
    clocked = mount('/api/kyi-clocked', false, () => Date.now() + clockOffsetMs);
    elsewhere = mount('/api/kyi-elsewhere', false, undefined, { publicOrigin: ELSEWHERE_ORIGIN });
    test = toNodeHandler(
      async (request: Request) => {
        const path = new URL(request.url).pathname;
        if (path === '/__test/session') return sessions.handle(request);
        if (path === '/__test/monitoring-session') return monitoring.handle(request);
        if (path === '/__test/clock' && request.method === 'POST') {
          const { advanceMs } = (await request.json()) as { advanceMs?: unknown };
          if (typeof advanceMs !== 'number' || !(advanceMs >= 0)) return new Response('{"code":"invalid_body"}', { status: 400 });
          clockOffsetMs += advanceMs;
          return new Response(JSON.stringify({ offsetMs: clockOffsetMs }), { headers: { 'content-type': 'application/json' } });
        }
        if (path.startsWith('/__test/catch-all/'))
          return new Response('<!doctype html><title>The partner’s shop</title><h1>Welcome</h1>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
        if (path === '/__test/env')
          return new Response(env, { headers: { 'content-type': 'application/json' } });
        return new Response(JSON.stringify({ code: 'not_found', message: 'Unknown test route' }), { status: 404 });
      },
      { prefix: '/__test' },
    );
  }

  function pipe(handler: typeof api, ctx: KoaContext): Promise<void> {
    ctx.respond = false;
    return new Promise((resolve, reject) => {
      ctx.res.once('close', () => resolve());
      handler!(ctx.req, ctx.res, (err) => (err ? reject(err) : resolve()));
    });
  }

  return {
    plugin: {
      name: 'kyi-harness',
      async serverStart({ config }: ServerStart) {
        const port = config.port ?? 8000;
        // the page's origin as the browser sends it
        await start([...new Set([config.hostname ?? 'localhost', 'localhost', '127.0.0.1'])].map((host) => `http://${host}:${port}`));
      },
      async serverStop() {
        await Promise.all([sandbox?.close(), refusing?.close(), evil?.close()]);
      },
    },
    async middleware(ctx: KoaContext, next: KoaNext) {
      if (ctx.path === '/api/kyi' || ctx.path.startsWith('/api/kyi/')) return pipe(api, ctx);
      if (ctx.path.startsWith('/api/kyi-readonly/')) return pipe(readonly, ctx);
      if (ctx.path.startsWith('/api/kyi-clocked/')) return pipe(clocked, ctx);
      if (ctx.path.startsWith('/api/kyi-elsewhere/')) return pipe(elsewhere, ctx);
      if (ctx.path.startsWith('/__test/')) return pipe(test, ctx);
      // The kit's files as a CDN serves them (to any origin): a sandboxed frame's module scripts are CORS requests.
      if (ctx.req.headers.origin === 'null') ctx.res.setHeader('Access-Control-Allow-Origin', '*');
      return next();
    },
  };
}
