/**
 * Widget pages `GET /widget/{kyi|assets|wallets}?token=…&embed=true`, their static files,
 * and the simulated flow's submit call. Finishing the flow marks the chosen token verified
 * in sandbox state, so lookups and asset routes say verified afterwards; the `assets` and
 * `wallets` pages list what the signed-in user verified. A page whose origin is not on the
 * allow-list gets an empty frame (origins.ts).
 */
import * as z from 'zod/mini';
import type { Fault } from '../faults.js';
import { json } from '../http.js';
import type { FaultErrors, ServeContext } from '../serve.js';
import type { PublicState } from '../state.js';
import { ACCESS_TOKEN_ERRORS, verifyAccessToken } from './access-token.js';
import {
  EMPTY_PAGE,
  WIDGET_CSP,
  WIDGET_PRODUCTS,
  renderErrorPage,
  renderFlowPage,
  renderListPage,
  type WidgetProduct,
} from './page.js';
import { embeddingAllowed, frameAncestors } from './origins.js';
import { signatureMethod, userAssetRows, userWalletRows } from './lists.js';
import { WIDGET_SCRIPT, WIDGET_STYLE } from './static.js';

export interface WidgetContext extends ServeContext {
  state: PublicState;
  /** Partner id → secret key. */
  partners: ReadonlyMap<string, string>;
  /** Origins of the partner pages the widget may render in. */
  widgetOrigins: ReadonlySet<string>;
}

function pageHeaders(allowed: ReadonlySet<string>): HeadersInit {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `${WIDGET_CSP}; ${frameAncestors(allowed)}`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

const STATIC_HEADERS = { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' };

const completeBody = z.object({
  token: z.string(),
  asset: z.string(),
  product: z.optional(z.enum(Object.keys(WIDGET_PRODUCTS) as [WidgetProduct, ...WidgetProduct[]])),
});



export function isProduct(value: string): value is WidgetProduct {
  return Object.hasOwn(WIDGET_PRODUCTS, value);
}

/** The verification method the sandbox records for each product. */
function methodFor(product: WidgetProduct, chain: string): string {
  return product === 'wallets' ? signatureMethod(chain) : 'admin_manual';
}

function productPage(ctx: WidgetContext, product: WidgetProduct, userId: string, partnerId: string): string {
  const state = ctx.state;
  if (product === 'assets') return renderListPage(product, userId, partnerId, userAssetRows(state, userId));
  if (product === 'wallets') return renderListPage(product, userId, partnerId, userWalletRows(state, userId));
  return renderFlowPage(userId, partnerId, state.pendingTokens());
}

/** Fault errors of the widget page: plain text, as a browser frame would show them. */
export const widgetFaultErrors: FaultErrors = (status, headers) =>
  new Response(`Sandbox fault: ${status}`, { status, headers: { ...headers, 'content-type': 'text/plain' } });

/** Fault errors of the flow's submit call. */
export const completeFaultErrors: FaultErrors = (status, headers) => json({ message: `Sandbox fault: ${status}` }, status, headers);

/** `GET /widget/{product}`: the page, its error page for a bad or expired access token, or an empty frame off the allow-list. */
export async function widgetPage(ctx: WidgetContext, request: Request, product: WidgetProduct, fault?: Fault): Promise<Response> {
  const url = new URL(request.url);
  const page = (html: string, status: number) => new Response(html, { status, headers: pageHeaders(ctx.widgetOrigins) });
  if (!embeddingAllowed(request, url.origin, ctx.widgetOrigins)) return page(EMPTY_PAGE, 403);
  if (fault?.kind === 'token-expired') return page(renderErrorPage(product, ACCESS_TOKEN_ERRORS.expired), 401);
  const check = await verifyAccessToken(url.searchParams.get('token'), ctx.partners, ctx.now());
  if (!check.ok) return page(renderErrorPage(product, check.message), 401);
  return page(productPage(ctx, product, check.userId, check.partnerId), 200);
}

/** `POST /widget/complete`: the simulated flow's submit call; marks the chosen token verified. */
export async function completeFlow(ctx: WidgetContext, request: Request): Promise<Response> {
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    return json({ message: 'Body must be JSON { token, asset }' }, 400);
  }
  const body = completeBody.safeParse(raw);
  if (!body.success) return json({ message: 'Body must be JSON { token, asset }' }, 400);
  const check = await verifyAccessToken(body.data.token, ctx.partners, ctx.now());
  if (!check.ok) return json({ message: check.message }, 401);
  const token = ctx.state.bySlug(body.data.asset);
  if (!token) return json({ message: 'Unknown asset' }, 404);
  if (token.verified) return json({ message: 'Asset is already verified' }, 409);
  const verified = ctx.state.markVerified(token.slug, {
    at: ctx.now(),
    userId: check.userId,
    method: methodFor(body.data.product ?? 'kyi', token.chain),
  })!;
  return json({ ok: true, asset: { slug: verified.slug, name: verified.name, chain: verified.chain, address: verified.address } });
}

/** The widget's script and style sheet. */
export const widgetScript = (): Response =>
  new Response(WIDGET_SCRIPT, { headers: { ...STATIC_HEADERS, 'content-type': 'text/javascript; charset=utf-8' } });
export const widgetStyle = (): Response =>
  new Response(WIDGET_STYLE, { headers: { ...STATIC_HEADERS, 'content-type': 'text/css; charset=utf-8' } });

/** Any other path under `/widget/`. */
export const widgetNotFound = (): Response => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
