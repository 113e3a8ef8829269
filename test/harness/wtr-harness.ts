/**
 * web-test-runner harness: starts the embedded sandbox and mounts the real server piece at
 * `/api/kyi` on the test page's own origin, as a partner backend would.
 *   POST/DELETE/GET /__test/session  sign the demo user in / out (cookie)
 *   GET /__test/env                  the sandbox's startup info (URLs, credentials)
 * A second mount, `/api/kyi-readonly`, has Explorer writes off (what most partners run).
 * Browser test files share one sandbox; its Explorer rate limit is raised (and the proxy's
 * budget with it) so parallel files do not wait on each other. The 120/min budget itself is
 * proven by the node tests.
 * The sandbox control API (`/__sandbox/*`: faults, stats, reset, the Explorer's explorer/*) is on the sandbox origin, CORS open.
 * The sandbox widget's allow-list holds the test page's origin; a second sandbox
 * (`refusingWidgetUrl` in `/__test/env`) keeps the default list, so its widget refuses the page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createKyiHandler } from '../../src/server/index.js';
import { toNodeHandler } from '../../src/server/node.js';
import { createDemoSessions } from '../../scripts/lib/demo-session.js';

type KoaContext = { path: string; req: IncomingMessage; res: ServerResponse; respond?: boolean };
type KoaNext = () => Promise<unknown>;
type ServerStart = { config: { hostname?: string; port?: number } };

export function kyiHarness() {
  let sandbox: Sandbox | undefined;
  let refusing: Sandbox | undefined;
  let api: ((req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void) | undefined;
  let readonly: typeof api;
  let test: ((req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void) | undefined;

  async function start(pageOrigin: string) {
    sandbox = await startSandbox({ port: 0, hostile: true, explorer: { rateLimit: { perMinute: 6000 } } });
    sandbox.allowWidgetOrigin(pageOrigin);
    refusing = await startSandbox({ port: 0 });
    const { info } = sandbox;
    const env = JSON.stringify({ ...info, refusingWidgetUrl: refusing.info.widgetUrl });
    const sessions = createDemoSessions();
    const mount = (prefix: string, writes: boolean) =>
      toNodeHandler(
        createKyiHandler({
          prefix,
          publicApi: { baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey },
          explorer: {
            baseUrl: info.explorerUrl,
            apiKey: info.credentials.explorerKeys.full,
            writes,
            budget: { limit: 6000, capacity: 600 },
          },
          widget: { partnerId: info.credentials.partnerId, secretKey: info.credentials.secretKey },
          getUserId: (request: Request) => sessions.getUserId(request),
        }),
        { prefix },
      );
    api = mount('/api/kyi', true);
    readonly = mount('/api/kyi-readonly', false);
    test = toNodeHandler(
      async (request: Request) => {
        const path = new URL(request.url).pathname;
        if (path === '/__test/session') return sessions.handle(request);
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
        await start(`http://${config.hostname ?? 'localhost'}:${config.port}`);
      },
      async serverStop() {
        await Promise.all([sandbox?.close(), refusing?.close()]);
      },
    },
    async middleware(ctx: KoaContext, next: KoaNext) {
      if (ctx.path === '/api/kyi' || ctx.path.startsWith('/api/kyi/')) return pipe(api, ctx);
      if (ctx.path.startsWith('/api/kyi-readonly/')) return pipe(readonly, ctx);
      if (ctx.path.startsWith('/__test/')) return pipe(test, ctx);
      return next();
    },
  };
}
