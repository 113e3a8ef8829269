/**
 * The widget's allow-list of partner page origins. The live widget renders only inside pages
 * of origins the vendor registered for the partner and gives any other page an empty frame
 * (field notes). The sandbox does the same in the two ways a real service can see the
 * embedding page: the `frame-ancestors` directive of the page's CSP (the browser enforces it
 * and the frame stays empty), and the `Referer` of the frame's request (answered with an
 * empty page, which also shows in plain HTTP tests).
 */

/** Origins of `npm start`'s demo page (port 5173 on loopback): the allow-list by default. */
export const DEFAULT_WIDGET_ORIGINS: readonly string[] = ['http://127.0.0.1:5173', 'http://localhost:5173'];

/** The origin itself, or a `TypeError` naming the value: only absolute http(s) origins (no path) are allowed. */
export function checkWidgetOrigin(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const bare = value.replace(/\/$/, '');
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== bare) {
    throw new TypeError(`Widget origin "${value}" is not an http(s) origin like https://partner.example`);
  }
  return url.origin;
}

/** The `frame-ancestors` source list for the allowed origins (`'none'` for an empty list). */
export function frameAncestors(allowed: ReadonlySet<string>): string {
  return allowed.size ? `frame-ancestors ${[...allowed].join(' ')}` : "frame-ancestors 'none'";
}

/**
 * Whether the request for a widget page comes from a page the widget may render in: true
 * when its `Referer` names an allowed origin or the widget's own, or when there is no
 * `Referer` to judge by (then `frame-ancestors` decides in the browser).
 */
export function embeddingAllowed(request: Request, own: string, allowed: ReadonlySet<string>): boolean {
  const referer = request.headers.get('referer');
  if (!referer) return true;
  let origin: string;
  try {
    origin = new URL(referer).origin;
  } catch {
    return false;
  }
  return origin === own || allowed.has(origin);
}
