/**
 * The one route matcher of the server piece: both route tables (the handler's, and the
 * Explorer routes under `explorer/`) are lists of `{ method, path }` read top to bottom.
 * A path is literal segments, `:name` parameters, and optionally a trailing `*` for a
 * subtree; it is split once, when the table is made.
 *
 * Fetch-API only (no `node:` imports).
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
