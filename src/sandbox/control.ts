/**
 * Control routes `/__sandbox/*` (CORS open, for tests and the demo):
 * GET info, GET stats, GET/POST/DELETE faults, POST reset — plus
 * GET fixtures, POST hostile `{ enabled }`, POST verify `{ chain, address }` (marks an
 * indexed token verified, as finishing the widget flow does) and POST index `{ chain, address }`
 * (indexes a new unverified token: a test's own fixture).
 */
import * as z from 'zod/mini';
import { SANDBOX_FIXTURES } from './data/tokens.js';
import { CHAINS, sameAddress } from './data/chains.js';
import { faultRequestSchema, type SandboxFaults } from './faults.js';
import { json } from './http.js';
import type { SandboxInfo } from './info.js';
import { isRouteId } from './routes.js';
import type { PublicState } from './state.js';
import type { SandboxStats } from './stats.js';

export const CONTROL_PREFIX = '/__sandbox/';

export interface ControlContext {
  info: SandboxInfo;
  faults: SandboxFaults;
  stats: SandboxStats;
  state: PublicState;
  now(): number;
  reset(): void;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '600',
  'cache-control': 'no-store',
};

const hostileBody = z.object({ enabled: z.boolean() });
const verifyBody = z.object({ chain: z.string(), address: z.string() });

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return undefined;
  return JSON.parse(text);
}

const bad = (message: string) => json({ message }, 400, CORS);

export async function handleControl(ctx: ControlContext, request: Request, url: URL): Promise<Response> {
  const name = url.pathname.slice(CONTROL_PREFIX.length).replace(/\/$/, '');
  const route = `${request.method} ${name}`;
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  let body: unknown;
  if (request.method === 'POST') {
    try {
      body = await readJson(request);
    } catch {
      return bad('Body must be JSON');
    }
  }
  switch (route) {
    case 'GET info':
      return json(ctx.info, 200, CORS);
    case 'GET stats':
      return json({ total: ctx.stats.count(), counts: ctx.stats.counts(), requests: ctx.stats.requests }, 200, CORS);
    case 'GET fixtures':
      return json(SANDBOX_FIXTURES, 200, CORS);
    case 'GET faults':
      return json({ faults: ctx.faults.list() }, 200, CORS);
    case 'POST faults': {
      const parsed = faultRequestSchema.safeParse(body);
      if (!parsed.success) return bad(`Expected { route, fault, times? }: ${parsed.error.issues[0]?.path.join('.') || 'body'} is invalid`);
      const { route: target, fault, times } = parsed.data;
      ctx.faults.set(target, fault, times === undefined ? {} : { times });
      return json({ faults: ctx.faults.list() }, 201, CORS);
    }
    case 'DELETE faults': {
      const target = url.searchParams.get('route');
      if (target !== null && target !== '*' && !isRouteId(target)) return bad(`Unknown route ${target}`);
      ctx.faults.clear(target ?? undefined);
      return json({ faults: ctx.faults.list() }, 200, CORS);
    }
    case 'POST reset':
      ctx.reset();
      return json({ ok: true }, 200, CORS);
    case 'POST hostile': {
      const parsed = hostileBody.safeParse(body);
      if (!parsed.success) return bad('Expected { enabled: boolean }');
      ctx.state.hostile = parsed.data.enabled;
      return json({ hostile: ctx.state.hostile }, 200, CORS);
    }
    case 'POST verify': {
      const parsed = verifyBody.safeParse(body);
      if (!parsed.success) return bad('Expected { chain, address }');
      const chain = CHAINS[parsed.data.chain];
      const token = chain && ctx.state.tokens().find((t) => t.chain === parsed.data.chain && sameAddress(chain, t.address, parsed.data.address));
      if (!token) return json({ message: 'No indexed token there' }, 404, CORS);
      if (!token.verified) ctx.state.markVerified(token.slug, { at: ctx.now(), userId: 'sandbox-control', method: 'admin_manual' });
      return json({ ok: true, slug: token.slug }, 200, CORS);
    }
    case 'POST index': {
      const parsed = verifyBody.safeParse(body);
      if (!parsed.success || !CHAINS[parsed.data.chain]) return bad('Expected { chain, address } with a sandbox chain');
      const token = ctx.state.index(parsed.data.chain, parsed.data.address);
      return json({ slug: token.slug, chain: token.chain, address: token.address }, 201, CORS);
    }
    default:
      return json({ message: `Unknown control route ${request.method} ${url.pathname}` }, 404, CORS);
  }
}
