/** The routes of the sandbox Public API (spec 4.1, 5, 7.2), for the sandbox's route table. */
import type { RecordContext } from '../data/records.js';
import { nestError } from '../http.js';
import type { ServeContext } from '../serve.js';
import type { PublicState } from '../state.js';
import type { RouteId } from '../routes.js';
import { assetByAccountId, assetByChain, listAssets } from './assets.js';
import { isAuthorized, unauthorized } from './auth.js';
import { lookupTokens } from './tokens.js';

export { DEPRECATION } from './assets.js';

export interface PublicApiContext extends ServeContext {
  state: PublicState;
  apiKey: string;
  records(): RecordContext;
}

export interface PublicRoute {
  path: string;
  id: RouteId;
  /** The asset routes answer with `Deprecation: true` (field notes), whatever the status. */
  deprecated: boolean;
  answer(ctx: PublicApiContext, url: URL, params: Record<string, string>): Response;
}

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: '/kyi/v1/tokens', id: 'public:tokens', deprecated: false, answer: (ctx, url) => lookupTokens(url, ctx.state.tokens()) },
  {
    path: '/assets',
    id: 'public:assets',
    deprecated: true,
    answer: (ctx, url) => listAssets(url, ctx.state.verifiedTokens(), ctx.records()),
  },
  {
    path: '/assets/:chain/:address',
    id: 'public:asset',
    deprecated: true,
    answer: (ctx, _url, p) => assetByChain(p['chain']!, p['address']!, ctx.state.verifiedTokens(), ctx.records()),
  },
  {
    path: '/assets/:namespace/:reference/:address',
    id: 'public:asset-caip10',
    deprecated: true,
    answer: (ctx, _url, p) => assetByAccountId(p['namespace']!, p['reference']!, p['address']!, ctx.state.verifiedTokens(), ctx.records()),
  },
];

/** NestJS' answer for a route it does not have. */
export function publicNotFound(request: Request): Response {
  return nestError(404, `Cannot ${request.method} ${new URL(request.url).pathname}`);
}

/** Answers a Public API route: the raw key first (401 without it), then the route. */
export function answerPublic(ctx: PublicApiContext, route: PublicRoute, request: Request, params: Record<string, string>): Response {
  const url = new URL(request.url);
  // a path segment that does not decode names no route
  if (url.pathname.split('/').some((segment) => !decodes(segment))) return publicNotFound(request);
  return isAuthorized(request, ctx.apiKey) ? route.answer(ctx, url, params) : unauthorized(request);
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
