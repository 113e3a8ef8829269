/**
 * `GET /api/v1/badges/{credential_type}` (spec 4.1, 7.3, 8): options checked by the
 * contract's `parseBadgeOptions` (defaults, 400 messages, 415 for webp), 404 "Badge not
 * available" for the one valid combination without artwork (`proof_of_collateral` as a
 * `full` pill), 64 px served as the 32 px asset, immutable caching. The bytes depend on
 * the URL alone.
 */
import { createHash } from 'node:crypto';
import { LIMITS, parseBadgeOptions, servedBadgeSize, type BadgeOptions } from '../../contract/index.js';
import { json } from '../http.js';
import { badgeScene } from './design.js';
import { encodePng } from './png.js';
import { rasterize } from './raster.js';
import { renderSvg } from './svg.js';

export const BADGE_PATH_PREFIX = '/api/v1/badges/';
export const BADGE_CACHE_CONTROL = `public, max-age=${LIMITS.badgeMaxAgeSeconds}, immutable`;
export const BADGE_NOT_AVAILABLE = 'Badge not available';

/** Whether artwork exists for the options. Only the collateral pill is missing, deterministically. */
export function badgeAvailable(o: BadgeOptions): boolean {
  return !(o.credential === 'proof_of_collateral' && o.variant === 'full');
}

interface Rendered {
  body: Uint8Array;
  type: string;
  etag: string;
}
const cache = new Map<string, Rendered>();

export function renderBadge(o: BadgeOptions): Rendered {
  // `size` means nothing for `full` (rule 2), and 64 is the 32 px asset (rule 3).
  const px = o.variant === 'icon' ? servedBadgeSize(o.size) : 0;
  const key = `${o.credential}/${o.variant}/${o.theme}/${o.format}/${px}`;
  let hit = cache.get(key);
  if (!hit) {
    const scene = badgeScene({ credentialType: o.credential, variant: o.variant, theme: o.theme, px });
    const body =
      o.format === 'svg' ? new TextEncoder().encode(renderSvg(scene)) : encodePng(scene.width, scene.height, rasterize(scene));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    hit = { body, type: o.format === 'svg' ? 'image/svg+xml' : 'image/png', etag };
    cache.set(key, hit);
  }
  return hit;
}

const CORS = { 'access-control-allow-origin': '*' };

export function handleBadge(request: Request, url: URL): Response {
  let credential: string;
  try {
    credential = decodeURIComponent(url.pathname.slice(BADGE_PATH_PREFIX.length));
  } catch {
    credential = url.pathname.slice(BADGE_PATH_PREFIX.length);
  }
  const q = url.searchParams;
  const parsed = parseBadgeOptions(credential, {
    variant: q.get('variant'),
    theme: q.get('theme'),
    format: q.get('format'),
    size: q.get('size'),
  });
  if (!parsed.ok) return json({ message: parsed.message }, parsed.status, CORS);
  if (!badgeAvailable(parsed.value)) return json({ message: BADGE_NOT_AVAILABLE }, 404, CORS);
  const badge = renderBadge(parsed.value);
  const headers = {
    ...CORS,
    'content-type': badge.type,
    'cache-control': BADGE_CACHE_CONTROL,
    etag: badge.etag,
    'x-content-type-options': 'nosniff',
    // An SVG opened on its own must not run anything.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (request.headers.get('if-none-match') === badge.etag) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : (badge.body as Uint8Array<ArrayBuffer>), { status: 200, headers });
}
