/**
 * The one URL policy of the browser side. Upstream URLs (`token_image`, `asset_url`,
 * `website_url`, change and notification links) become links or images only when they are
 * absolute `http:` / `https:` URLs. They are never resolved against the page: a relative
 * value would make the browser fetch the partner's own origin, with its cookies, at a path an
 * upstream body chose. URLs the partner configured (`configure()`, an attribute such as
 * `href` or `inbox-url`) are resolved once against the page's own address (`onPage`), then
 * held to the same http(s) rule.
 */
import { onPage } from '../browser/config.js';

/** `url` when it is an absolute http(s) URL (normalised), else `undefined` (`javascript:`, `data:`, relative…). */
export function safeHttpUrl(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.trim()) return undefined;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** A URL the partner configured, resolved against the page (`onPage`); `undefined` unless http(s). */
export function configuredHttpUrl(url: string | null | undefined): string | undefined {
  return typeof url === 'string' && url.trim() ? safeHttpUrl(onPage(url.trim())) : undefined;
}
