/**
 * How long a lookup's signed `token_image` links stay usable: the answer is kept and shared
 * downstream no longer than its images can be loaded (`PublicApiClient`, ./public-api.ts).
 *
 * Fetch-API only (no `node:` imports).
 */
import { LIMITS } from '../../contract/index.js';

/** Every `token_image` string anywhere in a body. */
function tokenImages(body: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 8 || body === null || typeof body !== 'object') return out;
  if (Array.isArray(body)) {
    for (const item of body) tokenImages(item, out, depth + 1);
    return out;
  }
  for (const [key, v] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'token_image' && typeof v === 'string' && v) out.push(v);
    else if (v && typeof v === 'object') tokenImages(v, out, depth + 1);
  }
  return out;
}

/**
 * When a signed link expires (epoch ms), read from the usual signature parameters
 * (S3 / GCS `X-*-Date` + `X-*-Expires`, CloudFront / generic `Expires`/`exp`, Azure `se`).
 * `undefined` when the link says nothing.
 */
export function signedUrlExpiry(link: string): number | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  const p = url.searchParams;
  const get = (name: string) => {
    for (const [k, v] of p) if (k.toLowerCase() === name) return v;
    return null;
  };
  const amzDate = get('x-amz-date') ?? get('x-goog-date');
  const amzExpires = get('x-amz-expires') ?? get('x-goog-expires');
  if (amzDate && amzExpires && /^\d+$/.test(amzExpires)) {
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (m) return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) + Number(amzExpires) * 1000;
  }
  const epoch = get('expires') ?? get('exp') ?? get('x-expires');
  if (epoch && /^\d{9,11}$/.test(epoch)) return Number(epoch) * 1000;
  if (epoch && /^\d{12,14}$/.test(epoch)) return Number(epoch);
  const se = get('se');
  if (se && !Number.isNaN(Date.parse(se))) return Date.parse(se);
  return undefined;
}

/** The moment a body's `token_image` links stop being usable (ms), or `Infinity` without any. */
export function imageDeadline(body: unknown, fetchedAt: number): number {
  const images = tokenImages(body);
  if (images.length === 0) return Infinity;
  let deadline = Infinity;
  for (const link of images) {
    const expiry = signedUrlExpiry(link);
    // a minute of margin for clock skew and the browser's own fetch of the image
    const limit = expiry !== undefined ? Math.min(expiry - 60_000, fetchedAt + LIMITS.tokenImageLifetimeMs) : fetchedAt + LIMITS.tokenImageLifetimeMs;
    deadline = Math.min(deadline, limit);
  }
  return deadline;
}
