/**
 * Upstream URLs (`token_image`, `asset_url`, `website_url`, change and notification links)
 * become links or images only when they are absolute `http:` / `https:` URLs. They are never
 * resolved against the page: a relative value would make the browser fetch the partner's
 * own origin, with its cookies, at a path an upstream body chose.
 */

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

/**
 * A URL the partner configured (or passed to a client function), resolved against the page's
 * own address — never against `document.baseURI`, which a `<base href>` posted into the page,
 * at any time, would move. Resolved once and kept: nothing in the kit hands a relative URL to
 * `fetch`, an iframe or `kyi()`. As written when there is no page (server rendering, where
 * nothing is fetched); `undefined` when it does not parse.
 */
export function onPage(url: string): string | undefined {
  const page = typeof location === 'undefined' ? undefined : location.href;
  try {
    return new URL(url, page).href;
  } catch {
    return page === undefined ? url : undefined;
  }
}
