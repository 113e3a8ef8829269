/**
 * The partner backend of the demo (`npm start`): the kyi server piece at /api/kyi, mounted
 * through `kyi.node` as partners do, a demo session route, the built demo page served under a
 * strict Content-Security-Policy, and (with the embedded sandbox) a fault switch for the demo's
 * error states. The demo's own state-changing routes keep the server piece's CSRF rule (`demoWrite`).
 * Point it at another service with KYI_* environment variables (see the docs' Server page).
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { unreadNotice } from '../../src/server/env.js';
import { createKyiHandler, type KyiHandlerOptions } from '../../src/server/index.js';
import { toNodeHandler } from '../../src/server/node/adapter.js';
import { checkOrigin } from '../../src/server/origin.js';
import { readJsonBody } from '../../src/server/request/body.js';
import { KyiHttpError, httpErrorResponse, logEachProblemOnce } from '../../src/server/errors.js';
import { createDemoSessions, signedInOnly } from './demo-session.js';
import { contentSecurityPolicy } from './csp.js';
import { createGalleryBackend } from './gallery-backend.js';

export interface DemoServerOptions {
  port?: number;
  host?: string;
  /** Folder of the built demo page (vite build of demo/). */
  root: string;
  env?: Record<string, string | undefined>;
  /** Longest time a request body may take to arrive, ms: the server piece's `bodyTimeoutMs`, also kept by the demo's own routes. Default 10 000. */
  bodyTimeoutMs?: number;
}

export interface DemoServer {
  url: string;
  sandbox?: Sandbox;
  /** What the browser is configured with (public values only). */
  browserConfig: { widgetUrl: string; badgeBaseUrl: string; verifiedUrl?: string };
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
};

function escapeAttr(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

/** The server-piece options that come from the environment (the rest is the demo's own). */
type PartnerOptions = Omit<KyiHandlerOptions, 'getUserId' | 'authorize' | 'publicOrigin' | 'allowedOrigins'>;

/** The origins the demo page is served from: the listening address, its localhost twin, and KYI_PUBLIC_ORIGIN. */
function demoOrigins(host: string, port: number, env: Record<string, string | undefined>): string[] {
  const hosts = new Set([host, ...(host === '127.0.0.1' || host === 'localhost' ? ['127.0.0.1', 'localhost'] : [])]);
  const origins = [...hosts].map((h) => `http://${h.includes(':') ? `[${h}]` : h}:${port}`);
  if (env.KYI_PUBLIC_ORIGIN) origins.push(env.KYI_PUBLIC_ORIGIN);
  return origins;
}

/** The KYI_* variables this repository reads besides kyiOptionsFromEnv's: the demo's own, the tests' and the build's. */
const REPOSITORY_VARIABLES = ['KYI_WIDGET_URL', 'KYI_BADGE_BASE_URL', 'KYI_DEV_USER', 'KYI_TEST_RUN', 'KYI_TEST_DATABASE_URL', 'KYI_VISUAL_UPDATE', 'KYI_FRAMEWORK_TYPES_DIR'];

/** Server-piece options from the KYI_* variables, or from the embedded sandbox when none are set. */
async function upstream(env: Record<string, string | undefined>) {
  if (env.KYI_PUBLIC_API_URL) {
    const required = ['KYI_PUBLIC_API_KEY'];
    const missing = required.filter((k) => !env[k]);
    if (missing.length) throw new Error(`KYI_PUBLIC_API_URL is set, so ${missing.join(', ')} must be set too`);
    const options: PartnerOptions = {
      publicApi: { baseUrl: env.KYI_PUBLIC_API_URL, apiKey: env.KYI_PUBLIC_API_KEY! },
      ...(env.KYI_EXPLORER_URL && env.KYI_EXPLORER_KEY
        ? { explorer: { baseUrl: env.KYI_EXPLORER_URL, apiKey: env.KYI_EXPLORER_KEY, writes: env.KYI_EXPLORER_WRITES === 'true' } }
        : {}),
      ...(env.KYI_PARTNER_ID && env.KYI_PARTNER_SECRET ? { widget: { partnerId: env.KYI_PARTNER_ID, secretKey: env.KYI_PARTNER_SECRET } } : {}),
    };
    return {
      options,
      sandbox: undefined,
      browser: { widgetUrl: env.KYI_WIDGET_URL ?? '', badgeBaseUrl: env.KYI_BADGE_BASE_URL ?? env.KYI_PUBLIC_API_URL },
    };
  }
  // a variable of an older setup (KYI_BASE_URL, KYI_API_KEY) would otherwise leave the demo on the sandbox without a word
  const unread = unreadNotice(env, REPOSITORY_VARIABLES);
  if (unread) throw new Error(`${unread} Without KYI_PUBLIC_API_URL the demo runs on the embedded sandbox: rename the variable, or unset it.`);
  const sandbox = await startSandbox({ port: Number(env.SANDBOX_PORT ?? 0) });
  const { info } = sandbox;
  const options: PartnerOptions = {
    publicApi: { baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey },
    explorer: { baseUrl: info.explorerUrl, apiKey: info.credentials.explorerKeys.full, writes: true },
    widget: { partnerId: info.credentials.partnerId, secretKey: info.credentials.secretKey },
  };
  return {
    options,
    sandbox,
    browser: { widgetUrl: info.widgetUrl, badgeBaseUrl: info.badgeBaseUrl, verifiedUrl: info.verifiedUrl },
  };
}

export async function startDemoServer(opts: DemoServerOptions): Promise<DemoServer> {
  const env = opts.env ?? process.env;
  const root = resolve(opts.root);
  const { options, sandbox, browser } = await upstream(env);
  const sessions = createDemoSessions();
  const csp = contentSecurityPolicy({ widgetUrl: browser.widgetUrl, badgeBaseUrl: browser.badgeBaseUrl });
  const metaTags = [
    ['kyi:proxy-url', '/api/kyi'],
    ['kyi:badge-base-url', browser.badgeBaseUrl],
    ['kyi:token-endpoint', '/api/kyi/token'],
    ['kyi:widget-url', browser.widgetUrl],
  ]
    .filter(([, v]) => v)
    .map(([name, content]) => `<meta name="${name}" content="${escapeAttr(content!)}">`)
    .join('\n    ');

  // the gallery (every element in every state, fixed data and clock) has its own backend
  let origins: string[] = [];
  const gallery = createGalleryBackend(() => origins);

  const bodyTimeoutMs = opts.bodyTimeoutMs ?? 10_000;
  // the demo page's own origins, known once the port is (filled in below)
  const guard = { allowedOrigins: new Set<string>(), publicOrigin: undefined as string | undefined, onError: logEachProblemOnce() };

  /**
   * The CSRF guard of the demo's own routes that change something (sign in and out, faults,
   * reset), the server piece's rule for its writes: the call must come from the demo page
   * (`checkOrigin`), and a POST's body is JSON (`readJsonBody`), which a cross-site form post
   * (`text/plain`: a login CSRF) cannot send. Throws `KyiHttpError`; returns a POST's body.
   */
  async function demoWrite(request: Request, path: string): Promise<unknown> {
    checkOrigin(request, guard, path);
    return request.method === 'POST' ? readJsonBody(request, 16 * 1024, bodyTimeoutMs) : undefined;
  }

  async function demoRoutes(request: Request, path: string): Promise<Response> {
    const galleryAnswer = gallery.handle(request, path);
    if (galleryAnswer) return galleryAnswer;
    const write = path.startsWith('/demo/') && request.method !== 'GET' && request.method !== 'HEAD';
    const body = write ? await demoWrite(request, path) : undefined;
    if (path === '/demo/session') return sessions.handle(request);
    if (path === '/demo/info') return json({ sandbox: Boolean(sandbox), ...browser });
    if (path === '/demo/faults') {
      if (!sandbox) return json({ code: 'not_configured', message: 'Faults exist only on the embedded sandbox' }, 404);
      if (request.method === 'DELETE') {
        sandbox.faults.clear();
        return json({ cleared: true });
      }
      if (request.method === 'POST') {
        const fault = body as { route?: string; fault?: unknown; times?: number } | null;
        if (!fault?.route || !fault.fault) return json({ code: 'invalid_body', message: 'Send { route, fault, times? }' }, 400);
        try {
          sandbox.faults.set(fault.route as never, fault.fault as never, fault.times ? { times: fault.times } : undefined);
        } catch (e) {
          return json({ code: 'invalid_body', message: (e as Error).message }, 400);
        }
        return json({ armed: fault.route });
      }
      return json({ code: 'method_not_allowed', message: 'Use POST or DELETE' }, 405);
    }
    if (path === '/demo/reset' && request.method === 'POST') {
      sandbox?.reset();
      return json({ reset: Boolean(sandbox) });
    }
    return serveStatic(path);
  }

  async function serveStatic(path: string): Promise<Response> {
    const rel = path === '/' || path.endsWith('/') ? `${path}index.html` : path;
    const file = normalize(join(root, decodeURIComponent(rel)));
    if (!file.startsWith(root + sep)) return json({ code: 'not_found', message: 'Not found' }, 404);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return json({ code: 'not_found', message: 'Not found' }, 404);
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    };
    if (type.startsWith('text/html')) {
      const page = path === '/gallery.html' ? await gallery.page() : { metaTags, csp };
      headers['content-security-policy'] = page.csp;
      headers['cache-control'] = 'no-store';
      return new Response(body.toString('utf8').replace('<!-- kyi:config -->', page.metaTags), { headers });
    }
    return new Response(new Uint8Array(body), { headers });
  }

  const rest = toNodeHandler(
    async (request) => {
      const path = new URL(request.url).pathname;
      try {
        return await demoRoutes(request, path);
      } catch (error) {
        return error instanceof KyiHttpError ? httpErrorResponse(error) : json({ code: 'not_found', message: 'Not found' }, 404);
      }
    },
    { bodyTimeoutMs },
  );
  // the handler is made once the port is known: the token route and watchlist changes accept the page's own origin only
  let api: ReturnType<typeof createKyiHandler>['node'] | undefined;
  const server: Server = createServer((req, res) => (api ? api(req, res, () => rest(req, res)) : rest(req, res)));
  await new Promise<void>((ok) => server.listen(opts.port ?? 5173, opts.host ?? '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 5173);
  const handler = createKyiHandler({
    ...options,
    prefix: '/api/kyi',
    getUserId: (request: Request) => sessions.getUserId(request),
    // the watchlist and its notes are the signed-in user's business only
    authorize: signedInOnly(sessions),
    allowedOrigins: (origins = demoOrigins(opts.host ?? '127.0.0.1', port, env)),
    bodyTimeoutMs,
  });
  for (const origin of origins) guard.allowedOrigins.add(origin);
  // as a partner mounts it: the Node adapter with the handler's prefix, body deadline and cache fast path
  api = handler.node;
  const url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  guard.publicOrigin = origins[0]; // the listening address, as refusals name it
  // The embedded sandbox's widget renders only inside allowed pages: this demo page is one.
  sandbox?.allowWidgetOrigin(url);
  return {
    url,
    sandbox,
    browserConfig: browser,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
      await sandbox?.close();
      await gallery.close();
    },
  };
}
