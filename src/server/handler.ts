/**
 * `createKyiHandler(options)`: the fetch-standard handler `(Request) => Promise<Response>`
 * of the server piece, and all of its routing: who asks (the client id of the per-client
 * budget), the route table below (read top to bottom; each route's module checks its
 * parameters before any upstream call) and how a request is answered from it. Errors leave as
 * `{ code, message }`; every answer is a standard Response. What routes are written against
 * (the request context, the request target, the route matcher) is `./routing.ts`.
 *
 * Fetch-API only (no `node:` imports): this module runs unchanged on edge runtimes.
 * The Node adapter is `./node/adapter.ts`; the Node entry (`./index.ts`) calls the handler
 * with its context (`serve`) and adds the adapter's fast path for cached lookups
 * (`./node/cached-lookups.ts`, from `lookupOf` and `cachedLookup`; see `handlerParts`).
 */
import { KyiConfigError, KyiHttpError, errorResponse, httpErrorResponse, jsonResponse } from './errors.js';
import { EXPLORER_ROUTES } from './explorer/routes.js';
import { ExplorerProxy } from './explorer/proxy.js';
import {
  assetCaip10Target,
  assetTarget,
  assetsListTarget,
  lookupBatch,
  lookupResponse,
  tokensTarget,
  wantsFresh,
  type ResolvedLookup,
} from './lookup/routes.js';
import type { KyiHandlerOptions } from './options.js';
import { resolveOptions, type ResolvedConfig } from './resolve-options.js';
import type { SendAttempt } from './upstream/call.js';
import { upstreamPath, type PublicTarget } from '../contract/index.js';
import { PublicApiClient, type LookupAnswer } from './lookup/public-api.js';
import { tokenRoute } from './token-route.js';
import { keepLookups } from './handler-lookups.js';
import {
  MALFORMED_PATH_ERROR,
  MAX_URL_LENGTH,
  isMalformedPath,
  pathSegments,
  pathStart,
  routeMatcher,
  type KyiRequestContext,
  type RouteEntry,
} from './routing.js';

// ------------------------------------------------------------ who asks

/** The context of a request that came without one (the fetch handler). */
const NONE: KyiRequestContext = Object.freeze({});

/** The id used for requests whose client cannot be told apart. */
const UNKNOWN_CLIENT = 'unknown';

/** What `onError` is told, once per handler, when the per-client budget cannot tell visitors apart. */
const SHARED_BUDGET = 'so every visitor shares one per-client budget: one visitor can spend everyone\'s upstream lookups (429 for all).';
const NOT_TOLD_APART = {
  trustProxy:
    `A request came through a proxy (it carries X-Forwarded-For or Forwarded) while trustProxy is 0, so each visitor counts as the proxy's address, ${SHARED_BUDGET} ` +
    'Set trustProxy to the number of your reverse proxies in front of this server (1 behind one nginx, load balancer or CDN), or pass getClientId ' +
    '(e.g. to read Forwarded). If no proxy of yours is in front, a visitor sent the header: leave trustProxy at 0. See the Server docs, "Telling visitors apart".',
  getClientId:
    `This runtime does not say who a request comes from (no peer address: a fetch entry such as an edge runtime) and getClientId is not given, ${SHARED_BUDGET} ` +
    'Pass getClientId, e.g. (request) => request.headers.get(\'cf-connecting-ip\') on Cloudflare Workers. See the Server docs, "Telling visitors apart".',
  getClientIdNone: `getClientId returned no id for a request, ${SHARED_BUDGET} Return the visitor's address (or another id) for every request.`,
} as const;

/** Who asks, for the per-client budget: `(request, context) => client`. */
type ClientOf = (request: Request, context: KyiRequestContext) => string;

/**
 * Who asks, for the per-client budget on upstream lookups (counted where a lookup's cache
 * miss is decided: `ClientBudgets` in `./lookup/client-budgets.ts`): the partner's `getClientId`, else
 * the `X-Forwarded-For` entry `trustProxy` hops from the right (only the partner's own
 * proxies are trusted), else the peer address; as its network (`clientNetwork`).
 * With the budget on, a request that shows it cannot tell visitors apart is told to `onError`,
 * once per handler and option, naming the option to set (`NOT_TOLD_APART`).
 */
function clientIds(config: ResolvedConfig): ClientOf {
  const told = new Set<keyof typeof NOT_TOLD_APART>();
  const tell = (problem: keyof typeof NOT_TOLD_APART): void => {
    if (!config.clientBudget || told.has(problem)) return;
    told.add(problem);
    config.onError(new KyiConfigError(NOT_TOLD_APART[problem]), { route: 'client-budget' });
  };
  const prefixLength = config.clientBudget ? config.clientBudget.ipv6PrefixLength : 128;
  return (request, context) => clientNetwork(clientIdOf(config, request, context, tell), prefixLength);
}

function clientIdOf(
  { getClientId, trustProxy }: ResolvedConfig,
  request: Request,
  context: KyiRequestContext,
  tell: (problem: keyof typeof NOT_TOLD_APART) => void,
): string {
  if (getClientId) {
    const id = getClientId(request, context);
    if (id) return id;
    tell('getClientIdNone');
    return UNKNOWN_CLIENT;
  }
  if (trustProxy > 0) {
    const hops = (request.headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const entry = hops[hops.length - trustProxy];
    if (entry) return entry;
  } else if (request.headers.has('x-forwarded-for') || request.headers.has('forwarded')) {
    tell('trustProxy');
  }
  if (context.clientAddress) return context.clientAddress;
  tell('getClientId');
  return UNKNOWN_CLIENT;
}

/**
 * The budget key of a client id: an IPv6 address (bare, `[bracketed]` with or without a port,
 * with or without a zone) becomes its network `xxxx:…:xxxx/len` (one subscriber usually holds
 * a whole /64, so a budget per address would be a budget per click), an IPv4-mapped one its
 * IPv4 address; anything else (IPv4, the partner's own ids) is kept as it is.
 */
function clientNetwork(id: string, prefixLength: number): string {
  if (!id.includes(':')) return id;
  const groups = ipv6Groups(id);
  if (!groups) return id;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  const masked = groups.map((g, i) => {
    const keep = Math.min(16, Math.max(0, prefixLength - i * 16));
    return (g & ((0xffff << (16 - keep)) & 0xffff)).toString(16);
  });
  return `${masked.join(':')}/${prefixLength}`;
}

/** The eight 16-bit groups of an IPv6 address (as the URL parser reads a host in brackets), or `null`. */
function ipv6Groups(text: string): number[] | null {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(text.trim());
  const address = (bracketed ? bracketed[1]! : text.trim()).replace(/%.*$/, ''); // a zone id names a local interface
  let host: string;
  try {
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1); // canonical: lower case, `::`, no dotted quad
  } catch {
    return null;
  }
  const [head, tail] = host.split('::') as [string, string | undefined];
  const first = head === '' ? [] : head.split(':');
  const last = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : new Array<string>(8 - first.length - last.length).fill('0');
  const groups = [...first, ...zeros, ...last].map((g) => parseInt(g, 16));
  return groups.length === 8 ? groups : null;
}

// ------------------------------------------------------------ the handler

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
  /**
   * Ends what the handler keeps running, so the process can exit at once (after your server
   * stopped taking requests, or at the end of a test): upstream calls in flight or waiting for
   * a slot are stopped (a request still waiting for one is answered 503 `upstream_unavailable`),
   * and on Node its pooled upstream connections are closed. Resolves once all of it has ended.
   * Afterwards the handler still answers from its cache and refuses any upstream call the same
   * way. Calling it again does nothing more.
   */
  close(): Promise<void>;
}

interface Context extends HandlerState {
  request: Request;
  /** What the adapter knows of the request beside it (`{}` for none). */
  context: KyiRequestContext;
  /** The method routed on (`GET` for `HEAD`). */
  method: string;
  url: URL;
  /** Raw path segments after the prefix. */
  segments: string[];
}

interface Route extends RouteEntry {
  method: 'GET' | 'POST' | '*';
  /** Literal segments, `:name` parameters, or a trailing `*` for a subtree. */
  path: string;
  /** A Public API lookup route: the checked upstream request (throws `KyiHttpError`). */
  target?: (url: URL, params: Record<string, string>) => PublicTarget;
  handle?: (ctx: Context, params: Record<string, string>) => Promise<Response> | Response;
}

/** Every route of the server piece, under the prefix. */
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
  // the batch of up to LIMITS.lookupBatchMax (500) lookups
  {
    method: 'POST',
    path: 'lookup',
    handle: ({ config, request, context, publicApi, clientOf }) =>
      lookupBatch(request, publicApi, {
        concurrency: config.lookupConcurrency,
        client: clientOf(request, context),
        bodyTimeoutMs: config.bodyTimeoutMs,
      }),
  },
  // widget access tokens
  { method: 'POST', path: 'token', handle: (ctx) => tokenRoute(ctx.request, ctx.context, ctx.config) },
  // Explorer API (spec 4.2), its own table in explorer/routes.ts (matched here)
  {
    method: '*',
    path: 'explorer/*',
    handle: (ctx) => {
      if (!ctx.explorer) throw new KyiHttpError(503, 'not_configured', 'The Explorer API is not configured on this server');
      return ctx.explorer.handle(ctx.request, ctx.context, ctx.url, matchExplorerRoute(ctx.segments.slice(1), ctx.method));
    },
  },
];

const matchRoute = routeMatcher(ROUTES, (r) => r.path);
/** Matches raw segments after `explorer/`. */
const matchExplorerRoute = routeMatcher(EXPLORER_ROUTES, (r) => r.pattern);

/** A lookup route's checked upstream request and cache key (throws `KyiHttpError` for a bad parameter). */
function resolveLookup(route: Route, url: URL, params: Record<string, string>): ResolvedLookup {
  const target = route.target!(url, params);
  return { target, key: upstreamPath(target) };
}

/** What every request of one handler shares. */
interface HandlerState {
  config: ResolvedConfig;
  publicApi: PublicApiClient;
  explorer?: ExplorerProxy;
  capabilities: Capabilities;
  clientOf: ClientOf;
}

function notAllowed(allowed: string[]): Response {
  const allow = [...new Set(allowed.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])))].join(', ');
  return errorResponse(405, 'method_not_allowed', `Use ${allow} on this route`, { allow });
}

/**
 * Answers a lookup route: a fresh cache hit at once (never counted against the client's
 * budget), else once the cache settles (an upstream call counts against it).
 */
function lookup(state: HandlerState, request: Request, context: KyiRequestContext, { target, key }: ResolvedLookup): Response | Promise<Response> {
  const fresh = wantsFresh(request.headers);
  const hit = fresh ? undefined : state.publicApi.cachedLookupByKey(key);
  if (hit) return lookupResponse(request, hit);
  const client = state.clientOf(request, context);
  return state.publicApi.lookupByKey(target, key, { fresh, client, signal: request.signal }).then((answer) => lookupResponse(request, answer));
}

/** A URL no request target changes the origin of (`lookupOf` reads the path and query only). */
const ANY_ORIGIN = 'http://localhost';

/**
 * Which lookup a GET of request target `target` (path and query, as sent) asks for, exactly as
 * `route` would read it: `undefined` for a target routed to anything else, one refused before
 * routing or for a bad parameter, or one the URL parser would rewrite (then the handler reads
 * another target than the one sent). A pure function of the target and the configuration.
 */
function lookupOf(config: ResolvedConfig, target: string): ResolvedLookup | undefined {
  if (target.length > MAX_URL_LENGTH || isMalformedPath(target) || target.charCodeAt(0) !== 0x2f /* / */) return undefined;
  let url: URL;
  try {
    url = new URL(target, ANY_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.href !== ANY_ORIGIN + target) return undefined;
  const segments = pathSegments(url.pathname, config.prefix);
  const found = segments && matchRoute(segments, 'GET');
  if (!found?.route?.target) return undefined;
  try {
    return resolveLookup(found.route, url, found.params);
  } catch {
    return undefined; // a bad parameter: the handler refuses it
  }
}

/** The route table applied to `request`. Throws `KyiHttpError` for a refused request. */
function route(state: HandlerState, request: Request, context: KyiRequestContext): Response | Promise<Response> {
  const { config } = state;
  const href = request.url;
  if (href.length > MAX_URL_LENGTH) {
    return errorResponse(400, 'invalid_parameter', `Invalid parameter "url": must be at most ${MAX_URL_LENGTH} characters`);
  }
  const target = href.slice(pathStart(href));
  // What a fetch entry can see of the path: `request.url` is already a parsed URL, so dot
  // segments (`..`, `%2e%2e`, …) and backslashes were resolved by whoever built the Request
  // (workerd, Deno, Bun, @hono/node-server, the Node adapter) and cannot be told from a plain
  // path here; middleware in the same fetch app routes on this same string, so it decides on
  // what is routed. Encoded slashes (`%2F`, `%5C`) survive parsing and are refused here, for
  // every adapter. Dot segments as sent are refused where the raw target is still known: the
  // Node adapter (`./node/adapter.ts`).
  if (isMalformedPath(target)) return errorResponse(MALFORMED_PATH_ERROR.status, MALFORMED_PATH_ERROR.code, MALFORMED_PATH_ERROR.message);
  const url = new URL(href);
  const segments = pathSegments(url.pathname, config.prefix);
  // outside the prefix: most often a framework that strips its mount path (Hono's app.mount)
  if (!segments) return errorResponse(404, 'not_found', `Not found: this handler answers under ${config.prefix}/ (is it mounted under a path your framework strips? Keep the full path, or set prefix: '')`);
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const found = matchRoute(segments, method);
  if (!found) return errorResponse(404, 'not_found', 'Not found');
  if (!found.route) return notAllowed(found.allowed);
  const { route: r, params } = found;
  if (r.target) return lookup(state, request, context, resolveLookup(r, url, params));
  return r.handle!({ ...state, request, context, method, url, segments }, params);
}

/** Answers one request: the route's response, or the JSON error; HEAD without a body. */
async function answer(state: HandlerState, request: Request, context: KyiRequestContext): Promise<Response> {
  let response: Response;
  try {
    response = await route(state, request, context);
  } catch (error) {
    if (error instanceof KyiHttpError) response = httpErrorResponse(error);
    else {
      state.config.onError(error, { route: new URL(request.url).pathname });
      response = errorResponse(500, 'internal_error', 'Internal server error');
    }
  }
  if (request.method === 'HEAD' && response.body) {
    await response.body.cancel().catch(() => {});
    return new Response(null, { status: response.status, headers: response.headers });
  }
  return response;
}

/** What a request still waiting for an upstream call is answered once the handler closed. */
const CLOSED = (): KyiHttpError => new KyiHttpError(503, 'upstream_unavailable', 'This server is shutting down; try again shortly');

/** A handler and what a runtime entry needs to add an adapter to it (not public). */
export interface HandlerParts {
  handler: KyiHandler;
  /** The handler with the request's context passed beside it (what an adapter calls). */
  serve: (request: Request, context: KyiRequestContext) => Promise<Response>;
  /** Which lookup a GET of a request target (path and query as sent) asks for (see `lookupOf`). */
  lookupOf: (target: string) => ResolvedLookup | undefined;
  /** The fresh cache hit of a lookup key, else `undefined`. */
  cachedLookup: (key: string) => LookupAnswer | undefined;
  /** `bodyTimeoutMs`: how long a request body may take to arrive (an adapter that reads it first applies it). */
  bodyTimeoutMs: number;
}

/**
 * Builds the handler and its parts; `defaultSend` sends upstream attempts when
 * `options.fetch` is not given (see `resolveOptions`). Throws `KyiConfigError`.
 */
export function handlerParts(options: KyiHandlerOptions, defaultSend?: SendAttempt): HandlerParts {
  const config = resolveOptions(options, defaultSend);
  const publicApi = new PublicApiClient(config);
  const capabilities: Capabilities = Object.freeze({
    explorer: !!config.explorer,
    explorerWrites: !!config.explorer?.writes,
    widget: !!config.widget,
  });
  const explorer = config.explorer ? new ExplorerProxy(config) : undefined;
  const state: HandlerState = { config, publicApi, explorer, capabilities, clientOf: clientIds(config) };
  let closed: KyiHttpError | undefined;
  const handler: KyiHandler = Object.assign((request: Request) => answer(state, request, NONE), {
    prefix: config.prefix,
    capabilities,
    clearCache: () => publicApi.cache.clear(),
    idle: () => publicApi.idle(),
    close: async () => {
      closed ??= CLOSED();
      await Promise.all([publicApi.close(closed), explorer?.close(closed)]);
    },
  });
  keepLookups(handler, {
    lookup: (target, key, client) => publicApi.lookupByKey(target, key, client === undefined ? {} : { client }),
    clientOf: state.clientOf,
    report: (error) => state.config.onError(error, { route: 'server-render' }),
  });
  return {
    handler,
    serve: (request, context) => answer(state, request, context),
    lookupOf: (target) => lookupOf(config, target),
    cachedLookup: (key) => publicApi.cachedLookupByKey(key),
    bodyTimeoutMs: config.bodyTimeoutMs,
  };
}

/** Creates the handler. Throws `KyiConfigError` for a configuration mistake. */
export function createKyiHandler(options: KyiHandlerOptions): KyiHandler {
  return handlerParts(options).handler;
}
