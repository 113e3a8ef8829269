/**
 * The sandbox's one control API, `/__sandbox/*` (never cached, for tests and the demo). It
 * answers programs (no `Origin`) and pages on this machine (a loopback `Origin`, CORS allowed);
 * a page of any other site is refused 403 before anything is read or changed, so a site the
 * developer visits while the sandbox runs can neither read its credentials nor flip a token to
 * verified (`isLoopbackOrigin`). Bodies are JSON (strictly: malformed JSON is a 400); every answer is JSON; a bad
 * request answers 400 `{ message }`, an unknown route 404 `{ message }`.
 *
 * GET info · GET stats · GET fixtures · GET/POST/DELETE faults · POST reset ·
 * POST hostile `{ enabled }` · POST verify `{ chain, address }` (marks an indexed token
 * verified, as finishing the widget flow does) · POST index `{ chain, address }` (indexes a
 * new unverified token: a test's own fixture) · the Explorer's controls under `explorer/`
 * (explorer/control.ts: state, clock, settings, changes, tokenomics, notifications/read, reset).
 */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import * as z from 'zod/mini';
import { describeIssue } from '../contract/parse.js';
import { SANDBOX_FIXTURES } from './data/tokens.js';
import { CHAINS, sameAddress } from './data/chains.js';
import { EXPLORER_CONTROLS, type ControlAnswer } from './explorer/control.js';
import type { ExplorerState } from './explorer/state.js';
import { faultRequestSchema, type SandboxFaults } from './faults.js';
import type { SandboxInfo } from './info.js';
import { isRouteId } from './routes.js';
import type { PublicState } from './state.js';
import type { SandboxStats } from './stats.js';

export const CONTROL_PREFIX = '/__sandbox';

export interface ControlContext {
  info: SandboxInfo;
  faults: SandboxFaults;
  stats: SandboxStats;
  state: PublicState;
  explorerState: ExplorerState;
  now(): number;
  reset(): void;
}

interface ControlRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** Gets the JSON body (`undefined` when none) and the URL; throws an Error for a bad request (400). */
  run(body: unknown, url: URL): ControlAnswer;
}

/** Thrown for a well-formed request that names nothing there (404). */
class NotThere extends Error {}

function parse<T>(schema: z.ZodMiniType<T>, body: unknown, expected: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TypeError(`Expected ${expected}${issue ? `: ${describeIssue(issue).message}` : ''}`);
  }
  return parsed.data;
}

const hostileBody = z.object({ enabled: z.boolean() });
const verifyBody = z.object({ chain: z.string(), address: z.string() });
const objectBody = z.optional(z.record(z.string(), z.unknown()));

function sandboxRoutes(ctx: ControlContext): ControlRoute[] {
  const faults = () => ({ faults: ctx.faults.list() });
  return [
    { method: 'GET', path: 'info', run: () => ({ body: ctx.info }) },
    {
      method: 'GET',
      path: 'stats',
      run: () => ({ body: { total: ctx.stats.count(), counts: ctx.stats.counts(), requests: ctx.stats.requests } }),
    },
    { method: 'GET', path: 'fixtures', run: () => ({ body: SANDBOX_FIXTURES }) },
    { method: 'GET', path: 'faults', run: () => ({ body: faults() }) },
    {
      method: 'POST',
      path: 'faults',
      run: (body) => {
        const { route, fault, times } = parse(faultRequestSchema, body, '{ route, fault, times? }');
        ctx.faults.set(route, fault, times === undefined ? {} : { times });
        return { status: 201, body: faults() };
      },
    },
    {
      method: 'DELETE',
      path: 'faults',
      run: (_body, url) => {
        const target = url.searchParams.get('route');
        if (target !== null && target !== '*' && !isRouteId(target)) throw new TypeError(`Unknown route ${target}`);
        ctx.faults.clear(target ?? undefined);
        return { body: faults() };
      },
    },
    {
      method: 'POST',
      path: 'reset',
      run: () => {
        ctx.reset();
        return { body: { ok: true } };
      },
    },
    {
      method: 'POST',
      path: 'hostile',
      run: (body) => {
        ctx.state.hostile = parse(hostileBody, body, '{ enabled: boolean }').enabled;
        return { body: { hostile: ctx.state.hostile } };
      },
    },
    { method: 'POST', path: 'verify', run: (body) => verify(ctx, parse(verifyBody, body, '{ chain, address }')) },
    { method: 'POST', path: 'index', run: (body) => index(ctx, parse(verifyBody, body, '{ chain, address }')) },
  ];
}

function index(ctx: ControlContext, { chain, address }: { chain: string; address: string }): ControlAnswer {
  if (!CHAINS[chain]) throw new TypeError(`Expected { chain, address } with a sandbox chain: unknown chain ${chain}`);
  const token = ctx.state.index(chain, address);
  return { status: 201, body: { slug: token.slug, chain: token.chain, address: token.address } };
}

function verify(ctx: ControlContext, { chain, address }: { chain: string; address: string }): ControlAnswer {
  const c = CHAINS[chain];
  const token = c && ctx.state.tokens().find((t) => t.chain === chain && sameAddress(c, t.address, address));
  if (!token) throw new NotThere('No indexed token there');
  if (!token.verified) ctx.state.markVerified(token.slug, { at: ctx.now(), userId: 'sandbox-control', method: 'admin_manual' });
  return { body: { ok: true, slug: token.slug } };
}

function explorerRoutes(ctx: ControlContext): ControlRoute[] {
  return EXPLORER_CONTROLS.map((control) => ({
    method: control.method,
    path: `explorer/${control.path}`,
    run: (body) => control.run(ctx.explorerState, parse(objectBody, body, 'a JSON object') ?? {}),
  }));
}

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new TypeError('Body must be JSON');
  }
}

async function answer(c: Context, route: ControlRoute): Promise<Response> {
  try {
    const body = route.method === 'POST' ? await readJson(c) : undefined;
    const { status = 200, body: out } = route.run(body, new URL(c.req.url));
    return c.json(out, status as 200);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return c.json({ message }, error instanceof NotThere ? 404 : 400);
  }
}

/** Whether a request's `Origin` is a page on this machine: http(s) on localhost (or a `.localhost` name), 127.0.0.0/8 or [::1]. */
function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The control API as an app to mount at `CONTROL_PREFIX`. */
export function controlApp(ctx: ControlContext): Hono {
  const app = new Hono();
  app.use(
    '*',
    async (c, next) => {
      const origin = c.req.header('origin');
      if (origin !== undefined && !isLoopbackOrigin(origin)) {
        return c.json(
          {
            message:
              `The sandbox's control API answers programs and pages on this machine only (a loopback origin: localhost, 127.0.0.1, [::1]); ` +
              `a page at ${JSON.stringify(origin.slice(0, 200))} may not read or change it. Call it from your test code or server instead.`,
          },
          403,
        );
      }
      await next();
    },
    cors({ origin: (origin) => (isLoopbackOrigin(origin) ? origin : null), allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'], allowHeaders: ['content-type'], maxAge: 600 }),
    async (c, next) => {
      await next();
      c.header('cache-control', 'no-store');
    },
  );
  for (const route of [...sandboxRoutes(ctx), ...explorerRoutes(ctx)]) {
    app.on(route.method, `/${route.path}`, (c) => answer(c, route));
  }
  app.all('*', (c) => c.json({ message: `Unknown control route ${c.req.method} ${c.req.path}` }, 404));
  return app;
}
