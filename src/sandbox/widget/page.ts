/**
 * The widget page's HTML. No inline script or style: behaviour and look come from
 * `/widget/static/widget.js` and `/widget/static/widget.css`, so a page with a strict CSP
 * can frame it. All data is escaped text; the script reads it from `data-*` attributes.
 * `kyi` is the verification flow; `assets` and `wallets` are list views of what the
 * signed-in user has verified (field notes), with the same postMessage protocol.
 */
import type { SeedToken } from '../data/types.js';
import { escapeHtml as e } from '../http.js';

export const WIDGET_PRODUCTS = {
  kyi: { title: 'Verify your issuer profile', action: 'Submit for verification' },
  assets: { title: 'Your verified assets', empty: 'You have no verified assets yet.' },
  wallets: { title: 'Your verified wallets', empty: 'You have no verified wallets yet.' },
} as const;
export type WidgetProduct = keyof typeof WIDGET_PRODUCTS;

export const WIDGET_SCRIPT_PATH = '/widget/static/widget.js';
export const WIDGET_STYLE_PATH = '/widget/static/widget.css';
export const WIDGET_COMPLETE_PATH = '/widget/api/complete';
/**
 * A widget path as the widget page (`/widget/<product>`) links to it: relative, so a sandbox
 * served under a path (the docs site's Service Worker, `…/sandbox/widget/kyi`) finds its own files.
 */
export const fromWidgetPage = (path: string) => path.slice('/widget/'.length);

/** The page's own CSP: nothing inline, nothing from elsewhere. `frame-ancestors` is added per allow-list (origins.ts). */
export const WIDGET_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
].join('; ');

/** The answer to a page that may not embed the widget: an empty document, like the live widget's empty frame. */
export const EMPTY_PAGE = '<!doctype html>\n<meta charset="utf-8">\n<title></title>\n';

function shell(product: WidgetProduct, attrs: Record<string, string>, body: string): string {
  const data = Object.entries(attrs)
    .map(([k, v]) => ` data-${k}="${e(v)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(WIDGET_PRODUCTS[product].title)} · KYI sandbox</title>
<link rel="stylesheet" href="${fromWidgetPage(WIDGET_STYLE_PATH)}">
<script type="module" src="${fromWidgetPage(WIDGET_SCRIPT_PATH)}"></script>
</head>
<body>
<main id="kyi-widget"${data}>
<header>
<h1>${e(WIDGET_PRODUCTS[product].title)}</h1>
<button type="button" class="close" data-action="close" aria-label="Close">×</button>
</header>
${body}
<p class="sandbox-note">Sandbox: a simulated issuer flow. Nothing leaves this machine.</p>
</main>
</body>
</html>
`;
}

export function renderErrorPage(product: WidgetProduct, message: string): string {
  return shell(
    product,
    { state: 'error', error: message, product },
    `<section class="screen" data-screen="error" role="alert">
<h2>Cannot open the widget</h2>
<p class="error-message">${e(message)}</p>
<button type="button" data-action="close">Close</button>
</section>`,
  );
}

function signedIn(userId: string, partnerId: string): string {
  return `<p class="who">Signed in as <b>${e(userId)}</b> through partner <b>${e(partnerId)}</b>.</p>`;
}

/** One row of a list view: a heading and its detail lines, all text. */
export interface ListRow {
  title: string;
  details: readonly string[];
}

/** The `assets` and `wallets` list views: what the signed-in user has verified. */
export function renderListPage(product: 'assets' | 'wallets', userId: string, partnerId: string, rows: readonly ListRow[]): string {
  const list = rows.length
    ? `<ul class="list" aria-label="${e(WIDGET_PRODUCTS[product].title)}">
${rows.map((r) => `<li class="row"><span class="name">${e(r.title)}</span>${r.details.map((d) => ` <span class="meta">${e(d)}</span>`).join('')}</li>`).join('\n')}
</ul>`
    : `<p class="empty">${e(WIDGET_PRODUCTS[product].empty)}</p>`;
  return shell(
    product,
    { state: 'ready', product },
    `${signedIn(userId, partnerId)}
<section class="screen" data-screen="list">
${list}
<button type="button" data-action="close">Close</button>
</section>`,
  );
}

export function renderFlowPage(userId: string, partnerId: string, pending: readonly SeedToken[]): string {
  const product = 'kyi';
  const copy = WIDGET_PRODUCTS[product];
  const pick = pending.length
    ? `<form id="kyi-form" class="screen" data-screen="pick">
<fieldset>
<legend>Choose one of your assets that is not verified yet</legend>
${pending
  .map(
    (t, i) =>
      `<label class="option"><input type="radio" name="asset" value="${e(t.slug)}"${i === 0 ? ' checked' : ''}> <span class="name">${e(t.name)}</span> <span class="meta">${e(t.symbol)} · ${e(t.chain)} · <code>${e(t.address)}</code></span></label>`,
  )
  .join('\n')}
</fieldset>
<button type="submit" class="primary">${e(copy.action)}</button>
<p class="status" role="status" aria-live="polite"></p>
</form>`
    : `<section class="screen" data-screen="pick"><p>Every one of your assets is verified. Nothing left to do.</p>
<button type="button" data-action="close">Close</button></section>`;
  return shell(
    product,
    { state: 'ready', product },
    `${signedIn(userId, partnerId)}
${pick}
<section class="screen" data-screen="done" hidden>
<h2>Done</h2>
<p class="done-message" role="status"></p>
<button type="button" class="primary" data-action="close">Close</button>
</section>`,
  );
}
