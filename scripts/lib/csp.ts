/**
 * The Content-Security-Policy the demo is served with, and the one the docs' Security page gives partners:
 * no 'unsafe-inline', no 'unsafe-eval'. The elements style themselves through constructable
 * stylesheets, and the drawer frames the widget origin, so only `frame-src` and `img-src`
 * (badges and token images) name the service.
 */
export function contentSecurityPolicy({ widgetUrl, badgeBaseUrl }: { widgetUrl?: string; badgeBaseUrl?: string }): string {
  const origin = (url?: string) => {
    try {
      return url ? new URL(url).origin : '';
    } catch {
      return '';
    }
  };
  const widget = origin(widgetUrl);
  const badges = origin(badgeBaseUrl);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: https: ${badges}`.trim(),
    "connect-src 'self'",
    `frame-src ${widget || "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
