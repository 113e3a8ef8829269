/** Route table of the sandbox Public API (spec 4.1, 5, 7.2). */
import type { RecordContext } from '../data/records.js';
import { nestError } from '../http.js';
import { publicFaultErrors, serveRoute, type ServeContext } from '../serve.js';
import type { PublicState } from '../state.js';
import type { RouteId } from '../routes.js';
import { DEPRECATION, assetByAccountId, assetByChain, listAssets } from './assets.js';
import { isAuthorized, unauthorized } from './auth.js';
import { lookupTokens } from './tokens.js';

export interface PublicApiContext extends ServeContext {
  state: PublicState;
  apiKey: string;
  records(): RecordContext;
}

interface Match {
  route: RouteId;
  answer: (url: URL) => Response;
  asset: boolean;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function match(ctx: PublicApiContext, path: string): Match | null {
  if (path === '/kyi/v1/tokens') {
    return { route: 'public:tokens', asset: false, answer: (url) => lookupTokens(url, ctx.state.tokens()) };
  }
  const segments = path.split('/').slice(1);
  if (segments[0] !== 'assets') return null;
  const params = segments.slice(1).map(decode);
  if (params.some((p) => p === null || p === '')) return null;
  const [a, b, c] = params as string[];
  switch (params.length) {
    case 0:
      return { route: 'public:assets', asset: true, answer: (url) => listAssets(url, ctx.state.verifiedTokens(), ctx.records()) };
    case 2:
      return { route: 'public:asset', asset: true, answer: () => assetByChain(a!, b!, ctx.state.verifiedTokens(), ctx.records()) };
    case 3:
      return {
        route: 'public:asset-caip10',
        asset: true,
        answer: () => assetByAccountId(a!, b!, c!, ctx.state.verifiedTokens(), ctx.records()),
      };
    default:
      return null;
  }
}

/** Answers a Public API request, or returns null when the path is not a Public API route. */
export async function handlePublicApi(ctx: PublicApiContext, request: Request, url: URL): Promise<Response | null> {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  if (path !== '/kyi/v1/tokens' && path !== '/assets' && !path.startsWith('/assets/')) return null;
  const m = match(ctx, path);
  if (!m || (request.method !== 'GET' && request.method !== 'HEAD')) {
    // NestJS' answer for a route it does not have.
    return nestError(404, `Cannot ${request.method} ${url.pathname}`);
  }
  const response = await serveRoute(ctx, {
    route: m.route,
    request,
    errors: publicFaultErrors,
    run: () => (isAuthorized(request, ctx.apiKey) ? m.answer(url) : unauthorized(request)),
  });
  // The asset routes answer with `Deprecation: true` (field notes), whatever the status.
  if (m.asset) response.headers.set('deprecation', DEPRECATION.deprecation);
  return response;
}
