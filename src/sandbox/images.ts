/**
 * Token images: `GET /images/tokens/{slug}.svg?expires=…`, standing in for the live service's
 * signed object-store links (field notes): 403 once `expires` has passed, 404 for a link
 * that points nowhere (the sandbox's broken-image token).
 */
import { escapeHtml } from './http.js';
import type { PublicState } from './state.js';

export const IMAGE_PATH_PREFIX = '/images/tokens/';

const PALETTE = ['#2563eb', '#7c3aed', '#db2777', '#ea580c', '#0891b2', '#16a34a', '#ca8a04'];

function tokenSvg(symbol: string, seed: string): string {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const fill = PALETTE[h % PALETTE.length]!;
  const letters = escapeHtml([...symbol].slice(0, 3).join(''));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${fill}"/><text x="32" y="39" font-family="system-ui,sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="#fff">${letters}</text></svg>`;
}

export function handleTokenImage(request: Request, url: URL, state: PublicState, now: number): Response {
  let name = url.pathname.slice(IMAGE_PATH_PREFIX.length).replace(/\.svg$/, '');
  try {
    name = decodeURIComponent(name);
  } catch {
    /* an undecodable name matches nothing */
  }
  const token = state.bySlug(name);
  if (!token || token.image !== 'generated') return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  const expires = Number(url.searchParams.get('expires'));
  if (!Number.isFinite(expires) || expires * 1000 < now) {
    return new Response('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>', {
      status: 403,
      headers: { 'content-type': 'application/xml' },
    });
  }
  return new Response(request.method === 'HEAD' ? null : tokenSvg(token.symbol, token.slug), {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'private, max-age=3600',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'access-control-allow-origin': '*',
    },
  });
}
