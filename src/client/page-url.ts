// Where the kit's own URLs point. A module of its own: the configuration (on every page, in
// the CDN core chunk) needs only this of the URL rules.

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
