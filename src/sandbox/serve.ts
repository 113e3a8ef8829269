/**
 * The middleware every counted sandbox route goes through: log the request, then apply an
 * armed fault (error status, 429, slow reply, malformed body) around the real handler.
 */
import type { MiddlewareHandler } from 'hono';
import type { Fault, SandboxFaults } from './faults.js';
import { json, nestError } from './http.js';
import type { RouteId } from './routes.js';
import type { SandboxStats } from './stats.js';

export interface ServeContext {
  faults: SandboxFaults;
  stats: SandboxStats;
  now(): number;
  /** Aborts when the sandbox closes, so slow replies never hold it open. */
  signal: AbortSignal;
  /** Waits `ms` or until `signal` aborts: the `slow` fault's delay. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** Builds the error a fault turns into, in the route family's own error shape. */
export type FaultErrors = (status: 429 | 500 | 502, headers: HeadersInit) => Response;

/** Public API errors: NestJS shape (7.2). */
export const publicFaultErrors: FaultErrors = (status, headers) =>
  nestError(status, status === 500 ? 'Internal server error' : status === 502 ? 'Bad Gateway' : 'Too Many Requests', headers);

/** Badge route errors: JSON with a `message` (7.3). */
export const badgeFaultErrors: FaultErrors = (status, headers) =>
  json({ message: status === 429 ? 'Too many requests' : status === 502 ? 'Bad gateway' : 'Internal server error' }, status, headers);

/** Explorer errors: `{ code, message }` (7.1). A 502 has no code of its own there. */
export const explorerFaultErrors: FaultErrors = (status, headers) =>
  status === 429
    ? json({ code: 'too_many_requests', message: 'Too many requests' }, 429, headers)
    : json({ code: 'internal_error', message: status === 502 ? 'Bad gateway' : 'Internal server error' }, status, headers);

export interface ServeOptions {
  route: RouteId;
  request: Request;
  errors: FaultErrors;
  /** The real handler; receives the fault when it is one the handler itself acts on (`token-expired`). */
  run: (fault?: Fault) => Promise<Response> | Response;
}

export async function serveRoute(ctx: ServeContext, { route, request, errors, run }: ServeOptions): Promise<Response> {
  const url = new URL(request.url);
  ctx.stats.record({
    route,
    method: request.method,
    path: url.pathname + url.search,
    at: ctx.now(),
    key: request.headers.get('authorization'),
  });
  const fault = ctx.faults.take(route);
  switch (fault?.kind) {
    case undefined:
      return run();
    case 'token-expired':
      return run(fault);
    case 'status':
      return errors(fault.status, {});
    case 'rate-limit':
      return errors(429, { 'retry-after': String(fault.retryAfterSeconds) });
    case 'slow':
      await ctx.sleep(fault.delayMs, AbortSignal.any([ctx.signal, request.signal]));
      return run();
    case 'malformed':
      return truncate(await run());
  }
}

/** What the sandbox's routes share through the Hono context: the armed fault a handler acts on itself. */
export interface SandboxEnv {
  Variables: { fault?: Fault };
}

/**
 * Middleware of a counted route (`serveRoute` around the rest of the chain). A handler reads
 * a fault it acts on itself (`token-expired`) with `c.get('fault')`.
 */
export function counted(ctx: ServeContext, route: RouteId, errors: FaultErrors): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const response = await serveRoute(ctx, {
      route,
      request: c.req.raw,
      errors,
      run: async (fault) => {
        c.set('fault', fault);
        await next();
        return c.res;
      },
    });
    if (response === c.res) return;
    c.res = undefined; // replaced, not merged with the handler's headers
    c.res = response;
  };
}

/** The same response with its body cut in half: JSON that no longer parses, an image that no longer decodes. */
async function truncate(response: Response): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const cut = bytes.length > 1 ? bytes.subarray(0, Math.floor(bytes.length / 2)) : new TextEncoder().encode('{"');
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('etag');
  headers.set('x-kyi-sandbox-fault', 'malformed');
  return new Response(cut, { status: response.status === 204 ? 200 : response.status, headers });
}
