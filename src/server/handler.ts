/**
 * `createKyiHandler(options)`: the fetch-standard handler `(Request) => Promise<Response>`
 * of the server piece, and all of its routing: who asks (the request context an adapter
 * hands over, the client id of the per-client budget), the route table below (read top to
 * bottom; each route's module checks its parameters before any upstream call), and the one
 * route matcher, which also matches the Explorer table of `./explorer-proxy.ts`. Errors
 * leave as `{ code, message }`.
 *
 * Fetch-API only (no `node:` imports): this module runs unchanged on edge runtimes.
 * The Node adapter is `./node/adapter.ts`; the Node entry (`./index.ts`) calls the handler
 * with its context (`serve`) and hands it `cachedAnswer` (see `handlerParts`), so a fresh
 * cached lookup is written without a Response.
 */
import { KyiHttpError, errorPrepared, errorResponse, httpErrorResponse, jsonResponse } from './errors.js';
import { EXPLORER_ROUTES, ExplorerProxy } from './explorer/proxy.js';
import {
  assetCaip10Target,
  assetTarget,
  assetsListTarget,
  lookupBatch,
  lookupPrepared,
  lookupResponse,
  tokensTarget,
  wantsFresh,
} from './lookup/routes.js';
import { responseOf, type HeaderGetter, type PreparedResponse } from './node/prepared.js';
import { resolveOptions, type KyiHandlerOptions, type ResolvedConfig } from './options.js';
import type { SendAttempt } from './upstream/call.js';
import { upstreamPath, type PublicTarget } from '../contract/index.js';
import { PublicApiClient } from './lookup/public-api.js';
import { tokenRoute } from './token-route.js';

// ------------------------------------------------------------ who asks

/**
 * What a framework adapter knows about a request beyond the fetch `Request`: the Node
 * adapter (`toNodeHandler`, `handler.node`) hands over the Node request and response, so
 * `getUserId` and `authorize` can read `req.session` (express-session) or `req.user`
 * (passport). Passed beside the Request as a value (`HandlerParts.serve`), never copied
 * into it; fetch-only callers get `{}`. The Node types are filled in by the Node entry (`KyiNodeContext`).
 */
/** Second argument of `getUserId` (third of `authorize`). */
export interface KyiRequestContext<Req = unknown, Res = unknown> {
  /** The Node request and response, when the call came through the Node adapter. */
  node?: { req: Req; res: Res };
  /** The peer's IP address, when the adapter knows it (the Node adapter does). */
  clientAddress?: string;
}

/** The context of a request that came without one (the fetch handler). */
const NONE: KyiRequestContext = Object.freeze({});

/** The id used for requests whose client cannot be told apart. */
const UNKNOWN_CLIENT = 'unknown';

/**
 * Who asks, for the per-client budget on upstream lookups (counted where a lookup's cache
 * miss is decided: `ClientBudgets` in `./public-api.ts`): the partner's `getClientId`, else
 * the `X-Forwarded-For` entry `trustProxy` hops from the right (only the partner's own
 * proxies are trusted), else the peer address; as its network (`clientNetwork`).
 */
function clientOf(config: ResolvedConfig, request: Request, context: KyiRequestContext): string {
  return clientNetwork(clientIdOf(config, request, context), config.clientBudget ? config.clientBudget.ipv6PrefixLength : 128);
}

function clientIdOf({ getClientId, trustProxy }: ResolvedConfig, request: Request, context: KyiRequestContext): string {
  if (getClientId) return getClientId(request, context) || UNKNOWN_CLIENT;
  if (trustProxy > 0) {
    const hops = (request.headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const entry = hops[hops.length - trustProxy];
    if (entry) return entry;
  }
  return context.clientAddress || UNKNOWN_CLIENT;
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

// ------------------------------------------------------------ the request target

/** Longest accepted request target (path + query), in characters. */
export const MAX_URL_LENGTH = 4096;
/**
 * A dot segment (`.` or `..`, any dot percent-encoded: `%2e`, `%2E.`, …) in the path of a
 * request target (what comes before `?` or `#`), an encoded slash or backslash (`%2f`, `%5c`),
 * or a raw backslash (the URL parser reads it as `/` in http(s) URLs). Linear in the target's length.
 */
const MALFORMED_PATH = /^[^?#]*?(?:(?:^|\/)(?:\.|%2e){1,2}(?:[/?#]|$)|%2f|%5c|\\)/i;

/**
 * Whether a request target's path is one the server piece refuses before routing
 * (`MALFORMED_PATH_ANSWER`). The URL parser resolves dot segments and turns backslashes into
 * slashes, so anything in front that decided on the path as sent (an Express middleware on
 * `/api/kyi/token`, a proxy rule) would have decided on another path than the one routed;
 * encoded slashes are refused because a decoding layer anywhere on the way would see more
 * segments than the router. Without them, the target as sent and as parsed have the same segments.
 */
export function isMalformedPath(target: string): boolean {
  return MALFORMED_PATH.test(target);
}

/** The answer to a target `isMalformedPath` refuses: 400 `malformed_path`, the caller's mistake (one, shared). */
export const MALFORMED_PATH_ANSWER: PreparedResponse = errorPrepared(
  400,
  'malformed_path',
  'The request path is malformed: it has a dot segment ("." or "..", encoded or not), an encoded slash (%2F, %5C) or a backslash; ' +
    'send the path as it should be routed',
);

/** Splits a URL path into raw segments after `prefix` (`null` when outside it). */
export function pathSegments(pathname: string, prefix: string): string[] | null {
  if (prefix) {
    if (pathname !== prefix && !pathname.startsWith(prefix + '/')) return null;
    pathname = pathname.slice(prefix.length);
  }
  const trimmed = pathname.replace(/^\//, '');
  if (trimmed === '') return [];
  return trimmed.split('/');
}

// ------------------------------------------------------------ routing

/*
 * The one route matcher of the server piece: both route tables (the handler's below, and the
 * Explorer routes under `explorer/`, `EXPLORER_ROUTES`) are lists of `{ method, path }` read top
 * to bottom. A path is literal segments, `:name` parameters, and optionally a trailing `*` for
 * a subtree; it is split once, when the table is made.
 */

/** A route's method: an HTTP method, or `*` for any. */
export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE' | '*';

/** What a route table's entries have in common. */
export interface RouteEntry {
  method: RouteMethod;
}

/** The outcome of matching a request against a table. */
export type RouteMatch<R extends RouteEntry> =
  /** The first route whose path and method both match, with its raw path parameters. */
  | { route: R; params: Record<string, string> }
  /** Routes match the path but none the method: the methods that would (for a 405 `Allow`). */
  | { route?: undefined; allowed: RouteMethod[] }
  /** No route has this path. */
  | null;

interface Compiled<R> {
  route: R;
  /** Segments of the path, without a trailing `*`. */
  parts: readonly string[];
  /** Whether the path ends in `*` (a subtree). */
  subtree: boolean;
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * Raw path parameters when `segments` match the pattern, else `null`. A subtree pattern
 * needs at least one segment below it and takes no parameters.
 */
function matchPath(segments: readonly string[], { parts, subtree }: Compiled<unknown>): Record<string, string> | null {
  if (subtree ? segments.length <= parts.length : parts.length !== segments.length) return null;
  let params: Record<string, string> | null = null;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.charCodeAt(0) === 0x3a /* : */ && !subtree) (params ??= {})[part.slice(1)] = segments[i]!;
    else if (part !== segments[i]) return null;
  }
  return params ?? NO_PARAMS;
}

/**
 * A table's matcher: `path(route)` is its pattern (a leading `/` is ignored). Methods are
 * compared as given, so the caller passes `GET` for a `HEAD` request.
 */
export function routeMatcher<R extends RouteEntry>(
  routes: readonly R[],
  path: (route: R) => string,
): (segments: readonly string[], method: string) => RouteMatch<R> {
  const compiled: readonly Compiled<R>[] = routes.map((route) => {
    const parts = path(route).replace(/^\//, '').split('/');
    const subtree = parts[parts.length - 1] === '*';
    return { route, parts: subtree ? parts.slice(0, -1) : parts, subtree };
  });
  return (segments, method) => {
    let allowed: RouteMethod[] | null = null;
    for (const c of compiled) {
      const params = matchPath(segments, c);
      if (!params) continue;
      if (c.route.method === '*' || c.route.method === method) return { route: c.route, params };
      (allowed ??= []).push(c.route.method);
    }
    return allowed ? { allowed } : null;
  };
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
}

interface Context extends Kit {
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
    handle: ({ config, request, context, publicApi }) =>
      lookupBatch(request, publicApi, {
        concurrency: config.lookupConcurrency,
        client: clientOf(config, request, context),
        bodyTimeoutMs: config.bodyTimeoutMs,
      }),
  },
  // widget access tokens
  { method: 'POST', path: 'token', handle: (ctx) => tokenRoute(ctx.request, ctx.context, ctx.config) },
  // Explorer API (spec 4.2), its own table in explorer-proxy.ts (matched here)
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

/** Lookup targets remembered with their checked upstream request and cache key (oldest dropped first). */
const LOOKUP_MEMO_MAX = 1000;

/** A lookup route's checked target and its cache key. */
interface ResolvedLookup {
  target: PublicTarget;
  key: string;
}

/**
 * Lookup GETs by request target (the URL's path and query as the URL parser serializes them):
 * which lookup a URL asks for is a pure function of its path and query (prefix, route table,
 * parameter checks), so it is remembered for the targets clients repeat, whatever host they
 * were sent to (valid lookups only: a bad parameter throws before anything is remembered).
 */
class LookupMemo {
  readonly #byTarget = new Map<string, ResolvedLookup>();

  get(target: string): ResolvedLookup | undefined {
    return this.#byTarget.get(target);
  }

  resolve(target: string, route: Route, url: URL, params: Record<string, string>): ResolvedLookup {
    const upstream = route.target!(url, params);
    const resolved = { target: upstream, key: upstreamPath(upstream) };
    if (this.#byTarget.size >= LOOKUP_MEMO_MAX) this.#byTarget.delete(this.#byTarget.keys().next().value!);
    this.#byTarget.set(target, resolved);
    return resolved;
  }
}

/** Where the path of a serialized URL starts: after `scheme://authority` (its length when there is no path). */
function pathStart(href: string): number {
  const slash = href.indexOf('/', href.indexOf('//') + 2);
  return slash < 0 ? href.length : slash;
}

/** What every request of one handler shares. */
interface Kit {
  config: ResolvedConfig;
  publicApi: PublicApiClient;
  explorer?: ExplorerProxy;
  capabilities: Capabilities;
  lookups: LookupMemo;
}

function notAllowed(allowed: string[]): Response {
  const allow = [...new Set(allowed.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])))].join(', ');
  return errorResponse(405, 'method_not_allowed', `Use ${allow} on this route`, { allow });
}

/** A fresh cache hit of lookup `key` as its prepared answer (`ETag` / 304 against `headers`), else `undefined`. */
function cachedPrepared(kit: Kit, key: string, headers: HeaderGetter): PreparedResponse | undefined {
  const hit = kit.publicApi.cachedLookupByKey(key);
  return hit && lookupPrepared(hit, headers.get('if-none-match'));
}

/**
 * Answers a lookup route: a fresh cache hit at once (never counted against the client's
 * budget), else once the cache settles (an upstream call counts against it).
 */
function lookup(kit: Kit, request: Request, context: KyiRequestContext, { target, key }: ResolvedLookup): Response | Promise<Response> {
  const fresh = wantsFresh(request.headers);
  const hit = fresh ? undefined : cachedPrepared(kit, key, request.headers);
  if (hit) return responseOf(hit);
  const client = clientOf(kit.config, request, context);
  return kit.publicApi.lookupByKey(target, key, { fresh, client, signal: request.signal }).then((answer) => lookupResponse(request, answer));
}

/**
 * What the handler answers a GET or HEAD of `target` (path and query as the URL parser
 * serializes them) from `origin` with, when that is a lookup target routed before and the
 * cache holds a fresh answer for it; `undefined` for anything else (the request must go
 * through the handler). Synchronous and without a Request: for an adapter that writes bytes.
 */
export type CachedAnswer = (origin: string, target: string, headers: HeaderGetter) => PreparedResponse | undefined;

function cachedAnswer(kit: Kit, origin: string, target: string, headers: HeaderGetter): PreparedResponse | undefined {
  if (origin.length + target.length > MAX_URL_LENGTH) return undefined;
  const known = kit.lookups.get(target);
  return known && !wantsFresh(headers) ? cachedPrepared(kit, known.key, headers) : undefined;
}

/** The route table applied to `request`. Throws `KyiHttpError` for a refused request. */
function route(kit: Kit, request: Request, context: KyiRequestContext): Response | Promise<Response> {
  const { config, lookups } = kit;
  const href = request.url;
  if (href.length > MAX_URL_LENGTH) {
    return errorResponse(400, 'invalid_parameter', `Invalid parameter "url": must be at most ${MAX_URL_LENGTH} characters`);
  }
  const target = href.slice(pathStart(href));
  const known = request.method === 'GET' || request.method === 'HEAD' ? lookups.get(target) : undefined;
  if (known) return lookup(kit, request, context, known);
  // What a fetch entry can see of the path: `request.url` is already a parsed URL, so dot
  // segments (`..`, `%2e%2e`, …) and backslashes were resolved by whoever built the Request
  // (workerd, Deno, Bun, @hono/node-server, the Node adapter) and cannot be told from a plain
  // path here; middleware in the same fetch app routes on this same string, so it decides on
  // what is routed. Encoded slashes (`%2F`, `%5C`) survive parsing and are refused here, for
  // every adapter. Dot segments as sent are refused where the raw target is still known: the
  // Node adapter (`./node/adapter.ts`). (Targets remembered in `lookups` passed this check already.)
  if (isMalformedPath(target)) return responseOf(MALFORMED_PATH_ANSWER);
  const url = new URL(href);
  const segments = pathSegments(url.pathname, config.prefix);
  // outside the prefix: most often a framework that strips its mount path (Hono's app.mount)
  if (!segments) return errorResponse(404, 'not_found', `Not found: this handler answers under ${config.prefix}/ (is it mounted under a path your framework strips? Keep the full path, or set prefix: '')`);
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const found = matchRoute(segments, method);
  if (!found) return errorResponse(404, 'not_found', 'Not found');
  if (!found.route) return notAllowed(found.allowed);
  const { route: r, params } = found;
  if (r.target) return lookup(kit, request, context, lookups.resolve(target, r, url, params));
  return r.handle!({ ...kit, request, context, method, url, segments }, params);
}

/** Answers one request: the route's response, or the JSON error; HEAD without a body. */
async function answer(kit: Kit, request: Request, context: KyiRequestContext): Promise<Response> {
  let response: Response;
  try {
    response = await route(kit, request, context);
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

/** A handler and what a runtime entry needs to add an adapter to it (not public). */
export interface HandlerParts {
  handler: KyiHandler;
  /** The handler with the request's context passed beside it (what an adapter calls). */
  serve: (request: Request, context: KyiRequestContext) => Promise<Response>;
  cachedAnswer: CachedAnswer;
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
  const kit: Kit = { config, publicApi, explorer, capabilities, lookups: new LookupMemo() };
  const handler: KyiHandler = Object.assign((request: Request) => answer(kit, request, NONE), {
    prefix: config.prefix,
    capabilities,
    clearCache: () => publicApi.cache.clear(),
    idle: () => publicApi.idle(),
  });
  return {
    handler,
    serve: (request, context) => answer(kit, request, context),
    cachedAnswer: (origin, target, headers) => cachedAnswer(kit, origin, target, headers),
    bodyTimeoutMs: config.bodyTimeoutMs,
  };
}

/** Creates the handler. Throws `KyiConfigError` for a configuration mistake. */
export function createKyiHandler(options: KyiHandlerOptions): KyiHandler {
  return handlerParts(options).handler;
}
