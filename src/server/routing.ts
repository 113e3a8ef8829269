/**
 * What every route of the server piece is written against, and nothing else: the request
 * context an adapter hands over, the request target (its length limit, the paths refused before
 * routing, the segments under the prefix) and the one route matcher, which matches both route
 * tables (the handler's, `./handler.ts`, and the Explorer's, `./explorer/routes.ts`).
 *
 * A leaf: it imports nothing, so any module of the server piece can use it without a cycle.
 * Fetch-API only (no `node:` imports).
 */

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
 * (`MALFORMED_PATH_ERROR`). The URL parser resolves dot segments and turns backslashes into
 * slashes, so anything in front that decided on the path as sent (an Express middleware on
 * `/api/kyi/token`, a proxy rule) would have decided on another path than the one routed;
 * encoded slashes are refused because a decoding layer anywhere on the way would see more
 * segments than the router. Without them, the target as sent and as parsed have the same segments.
 */
export function isMalformedPath(target: string): boolean {
  return MALFORMED_PATH.test(target);
}

/** The answer to a target `isMalformedPath` refuses: 400 `malformed_path`, the caller's mistake. */
export const MALFORMED_PATH_ERROR = {
  status: 400,
  code: 'malformed_path',
  message:
    'The request path is malformed: it has a dot segment ("." or "..", encoded or not), an encoded slash (%2F, %5C) or a backslash; ' +
    'send the path as it should be routed',
} as const;

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

/** Where the path of a serialized URL starts: after `scheme://authority` (its length when there is no path). */
export function pathStart(href: string): number {
  const slash = href.indexOf('/', href.indexOf('//') + 2);
  return slash < 0 ? href.length : slash;
}

// ------------------------------------------------------------ the route matcher

/*
 * Both route tables (the handler's, and the Explorer routes under `explorer/`) are lists of
 * `{ method, path }` read top to bottom. A path is literal segments, `:name` parameters, and
 * optionally a trailing `*` for a subtree; it is split once, when the table is made.
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
