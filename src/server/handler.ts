/**
 * `createKyiHandler(options)`: the fetch-standard handler `(Request) => Promise<Response>`
 * of the server piece. The route table below reads top to bottom; each route's module
 * checks its parameters before any upstream call. Errors leave as `{ code, message }`.
 *
 * Fetch-API only (no `node:` imports): this module runs unchanged on edge runtimes.
 * The Node adapter is `./node.ts`.
 */
import { KyiHttpError, errorResponse, httpErrorResponse, jsonResponse } from './errors.js';
import { ExplorerProxy } from './explorer-proxy.js';
import { rawHeaderValue, wantsFresh, wantsFreshHeaders } from './http.js';
import {
  assetCaip10Target,
  assetTarget,
  assetsListTarget,
  lookupBatch,
  lookupPrepared,
  lookupResponse,
  tokensTarget,
} from './lookup.js';
import { requestContext } from './request-context.js';
import { resolveOptions, type KyiHandlerOptions, type ResolvedConfig } from './options.js';
import { SERVE_LOOKUP, type ServeLookup } from './prepared.js';
import { PublicApiClient, upstreamPath, type PublicTarget } from './public-api.js';
import { tokenRoute } from './token-route.js';
import { MAX_URL_LENGTH, pathSegments } from './validation.js';

/** Answer of `GET {prefix}/capabilities`. */
export interface Capabilities {
  explorer: boolean;
  explorerWrites: boolean;
  widget: boolean;
}

/** The handler, with what it was configured with. */
export interface KyiHandler {
  (request: Request): Promise<Response>;
  /** The resolved path prefix ('' for none). */
  readonly prefix: string;
  /** What the browser may use (same as `GET {prefix}/capabilities`). */
  readonly capabilities: Capabilities;
  /** Drops every cached lookup. */
  clearCache(): void;
  /**
   * Resolves once no upstream lookup is in flight, background refreshes of stale entries
   * included (tests; or an edge runtime's `waitUntil(handler.idle())`).
   */
  idle(): Promise<void>;
}

interface Context extends Kit {
  request: Request;
  /** The client id of the request (per-client budget). */
  client: string;
  url: URL;
  /** Raw path segments after the prefix. */
  segments: string[];
}

interface Route {
  method: 'GET' | 'POST' | '*';
  /** Literal segments, `:name` parameters, or a trailing `*` for a subtree. */
  path: string;
  /** A Public API lookup route: the checked upstream request (throws `KyiHttpError`). */
  target?: (url: URL, params: Record<string, string>) => PublicTarget;
  handle?: (ctx: Context, params: Record<string, string>) => Promise<Response> | Response;
}

/** Every route of issue 3, under the prefix. */
const ROUTES: readonly Route[] = [
  { method: 'GET', path: 'capabilities', handle: (ctx) => jsonResponse(ctx.capabilities, 200, { 'cache-control': 'no-cache' }) },
  // Public API, forwarded with the raw key (spec 4.1); cached, ETag / 304
  { method: 'GET', path: 'assets', target: (url) => assetsListTarget(url) },
  {
    method: 'GET',
    path: 'assets/:chain/:address',
    target: (url, p) => assetTarget(url, { chain: p['chain']!, address: p['address']! }),
  },
  {
    method: 'GET',
    path: 'assets/:namespace/:reference/:address',
    target: (url, p) => assetCaip10Target(url, { namespace: p['namespace']!, reference: p['reference']!, address: p['address']! }),
  },
  { method: 'GET', path: 'kyi/v1/tokens', target: (url) => tokensTarget(url) },
  // the batch of up to 100 lookups
  {
    method: 'POST',
    path: 'lookup',
    handle: (ctx) => lookupBatch(ctx.request, ctx.publicApi, { concurrency: ctx.config.lookupConcurrency, client: ctx.client }),
  },
  // widget access tokens
  { method: 'POST', path: 'token', handle: (ctx) => tokenRoute(ctx.request, ctx.config) },
  // Explorer API (spec 4.2), its own table in explorer-proxy.ts
  {
    method: '*',
    path: 'explorer/*',
    handle: (ctx) => {
      if (!ctx.explorer) throw new KyiHttpError(503, 'not_configured', 'The Explorer API is not configured on this server');
      return ctx.explorer.handle(ctx.request, ctx.url, ctx.segments.slice(1));
    },
  },
];

/** A route with its pattern split once. */
interface CompiledRoute extends Route {
  /** Segments of `path`, without a trailing `*`. */
  parts: readonly string[];
  /** Whether the pattern ends in `*` (a subtree). */
  subtree: boolean;
}

const COMPILED: readonly CompiledRoute[] = ROUTES.map((r) => {
  const parts = r.path.split('/');
  const subtree = parts[parts.length - 1] === '*';
  return { ...r, parts: subtree ? parts.slice(0, -1) : parts, subtree };
});

/** Request paths whose lookup the Node fast path remembers (oldest dropped first). */
const LOOKUP_MEMO_MAX = 1000;

/** A valid lookup request (for `origin`): its checked target and cache key. */
interface ResolvedLookup {
  origin: string;
  target: PublicTarget;
  key: string;
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

function matchRoute(segments: string[], route: CompiledRoute): Record<string, string> | null {
  const parts = route.parts;
  if (route.subtree ? segments.length <= parts.length : parts.length !== segments.length) return null;
  let params: Record<string, string> | null = null;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.charCodeAt(0) === 0x3a /* : */ && !route.subtree) (params ??= {})[part.slice(1)] = segments[i]!;
    else if (part !== segments[i]) return null;
  }
  return params ?? NO_PARAMS;
}

/** The first route matching `segments` (any method), with its parameters. */
function findRoute(segments: string[]): { route: CompiledRoute; params: Record<string, string> } | null {
  for (const route of COMPILED) {
    const params = matchRoute(segments, route);
    if (params) return { route, params };
  }
  return null;
}

/** What every request of one handler shares. */
interface Kit {
  config: ResolvedConfig;
  publicApi: PublicApiClient;
  explorer?: ExplorerProxy;
  capabilities: Capabilities;
}

function notAllowed(allowed: string[]): Response {
  const allow = [...new Set(allowed.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])))].join(', ');
  return errorResponse(405, 'method_not_allowed', `Use ${allow} on this route`, { allow });
}

/** The route table applied to `request`. Throws `KyiHttpError` for a refused request. */
async function route(kit: Kit, request: Request): Promise<Response> {
  const { config, publicApi } = kit;
  if (request.url.length > MAX_URL_LENGTH) {
    return errorResponse(400, 'invalid_parameter', `Invalid parameter "url": must be at most ${MAX_URL_LENGTH} characters`);
  }
  const url = new URL(request.url);
  const segments = pathSegments(url.pathname, config.prefix);
  if (!segments) return errorResponse(404, 'not_found', 'Not found');
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const allowed: string[] = [];
  for (const r of COMPILED) {
    const params = matchRoute(segments, r);
    if (!params) continue;
    if (r.method !== '*' && r.method !== method) {
      allowed.push(r.method);
      continue;
    }
    const client = config.clientId(request, requestContext(request));
    if (!r.target) return r.handle!({ ...kit, request, client, url, segments }, params);
    const answer = await publicApi.lookup(r.target(url, params), { fresh: wantsFresh(request), client });
    return lookupResponse(request, answer);
  }
  return allowed.length ? notAllowed(allowed) : errorResponse(404, 'not_found', 'Not found');
}

/**
 * The lookup a GET of `new URL(path, origin)` asks for, or `null` when it is not a valid
 * lookup: every check of `route` on the way there (URL length, prefix, route table, the
 * route's parameter checks). A pure function of its inputs, so the answers are remembered
 * for the paths clients repeat (valid lookups only, at most LOOKUP_MEMO_MAX).
 */
function lookupResolver(prefix: string): (origin: string, path: string) => ResolvedLookup | null {
  const lookups = new Map<string, ResolvedLookup>();
  return (origin, path) => {
    const known = lookups.get(path);
    if (known !== undefined && known.origin === origin) return known;
    let target: PublicTarget;
    try {
      const url = new URL(path, origin);
      if (url.href.length > MAX_URL_LENGTH) return null;
      const segments = pathSegments(url.pathname, prefix);
      if (!segments) return null;
      const found = findRoute(segments);
      if (!found?.route.target || found.route.method !== 'GET') return null;
      target = found.route.target(url, found.params);
    } catch {
      // an invalid URL or parameter: the fetch path answers it
      return null;
    }
    const resolved: ResolvedLookup = { origin, target, key: upstreamPath(target) };
    // one entry per path (a second Host for the same path replaces it)
    if (known === undefined && lookups.size >= LOOKUP_MEMO_MAX) lookups.delete(lookups.keys().next().value!);
    lookups.set(path, resolved);
    return resolved;
  };
}

/**
 * The Node adapter's shortcut (`SERVE_LOOKUP`): a GET of a lookup route that is a fresh cache
 * hit, answered at once without building a Request or a Response. Exactly what the fetch path
 * answers: the resolver applies every check of `route`, then the same no-cache bypass and
 * If-None-Match. `undefined` for anything else (misses, which go upstream and count against
 * the client's budget; HEAD, other routes, invalid parameters…): the fetch path answers it.
 */
function lookupShortcut(publicApi: PublicApiClient, resolve: ReturnType<typeof lookupResolver>): ServeLookup {
  return (method, origin, path, rawHeaders) => {
    if (method !== 'GET') return undefined; // HEAD and the rest: fetch path
    try {
      const lookup = resolve(origin, path);
      if (lookup === null) return undefined;
      if (wantsFreshHeaders(rawHeaderValue(rawHeaders, 'cache-control'), rawHeaderValue(rawHeaders, 'pragma'))) return undefined;
      const hit = publicApi.cachedLookupByKey(lookup.key);
      return hit ? lookupPrepared(hit, rawHeaderValue(rawHeaders, 'if-none-match')) : undefined;
    } catch {
      // nothing was started: the fetch path answers (and reports) it
      return undefined;
    }
  };
}

/** Answers one request: the route's response, or the JSON error; HEAD without a body. */
async function answer(kit: Kit, request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await route(kit, request);
  } catch (error) {
    if (error instanceof KyiHttpError) response = httpErrorResponse(error);
    else {
      kit.config.onError(error, { route: new URL(request.url).pathname });
      response = errorResponse(500, 'internal_error', 'Internal server error');
    }
  }
  if (request.method === 'HEAD' && response.body) {
    await response.body.cancel().catch(() => {});
    return new Response(null, { status: response.status, headers: response.headers });
  }
  return response;
}

/** Creates the handler. Throws `KyiConfigError` for a configuration mistake. */
export function createKyiHandler(options: KyiHandlerOptions): KyiHandler {
  const config = resolveOptions(options);
  const publicApi = new PublicApiClient(config);
  const capabilities: Capabilities = Object.freeze({
    explorer: !!config.explorer,
    explorerWrites: !!config.explorer?.writes,
    widget: !!config.widget,
  });
  const kit: Kit = { config, publicApi, explorer: config.explorer ? new ExplorerProxy(config) : undefined, capabilities };
  return Object.assign((request: Request) => answer(kit, request), {
    [SERVE_LOOKUP]: lookupShortcut(publicApi, lookupResolver(config.prefix)),
    prefix: config.prefix,
    capabilities,
    clearCache: () => publicApi.cache.clear(),
    idle: () => publicApi.cache.idle(),
  });
}
