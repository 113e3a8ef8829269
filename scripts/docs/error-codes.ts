/**
 * Troubleshooting by error code: for every code of the kit (the server piece's
 * `KIT_ERROR_CODES`, the Explorer API's `EXPLORER_ERRORS` that ExplorerClient and the pollers
 * pass on, and the browser's `KyiErrorCode`), whose mistake it is, what the partner did and
 * what to do. The record's type lists every code, so tsc fails when a code is added without
 * its entry; scripts/docs/generate.ts renders it into the Troubleshooting page.
 */
import type { ExplorerErrorCode, KitErrorCode } from '../../src/contract/errors.js';
import { EXPLORER_ERROR_CODES, KIT_ERROR_CODES } from '../../src/contract/errors.js';
import type { KyiErrorCode } from '../../src/browser/event-base.js';

/** The string literals of a union that also admits any string (`'a' | (string & {})` → `'a'`). */
type Literals<T> = T extends string ? (string extends T ? never : T) : never;
export type DocumentedCode = KitErrorCode | ExplorerErrorCode | Literals<KyiErrorCode>;

type Whose = 'your configuration' | 'your code' | 'the page markup' | 'the visitor' | 'the service' | 'the network';
interface Entry {
  /** Whose mistake or condition it is. */
  whose: Whose;
  /** What happened, as the partner would have caused or seen it. */
  cause: string;
  /** What to do. */
  fix: string;
}

export const ERROR_CODES: Record<DocumentedCode, Entry> = {
  // the server piece (answers `{ code, message }`; the elements report them in `kyi-error`)
  invalid_parameter: { whose: 'your code', cause: 'A query or path value the contract does not allow (a bad `caip19`, `days`, `page_size`, more than 25 `item` ids; CRLF, NUL, oversize input) — refused before anything is sent upstream. From the Explorer API: a filter it refused.', fix: 'The message names the parameter. Check the element attribute or the call that built the request.' },
  malformed_path: { whose: 'your code', cause: 'The request path has `.` / `..` segments (or `%2e` forms) or an encoded slash.', fix: 'Call the routes with plain paths; nothing else is routed.' },
  invalid_body: { whose: 'your code', cause: 'The body of `POST /lookup` or an Explorer write is empty, not UTF-8 JSON, or not the expected shape (e.g. more than 500 lookups in a batch).', fix: 'Send a JSON object of the documented shape; the message says what was missing.' },
  request_timeout: { whose: 'the network', cause: 'A request body took longer than `bodyTimeoutMs` (10 s) to arrive.', fix: 'Send bodies at once; raise `bodyTimeoutMs` only for slow links you expect.' },
  payload_too_large: { whose: 'your code', cause: 'A request body (or a batch the browser built) is larger than the route accepts.', fix: 'Send fewer lookups per batch or a shorter note.' },
  unsupported_media_type: { whose: 'your code', cause: '`POST /token` or a write came without `Content-Type: application/json` (a plain form post cannot mint tokens).', fix: 'Send JSON with that header; the elements always do.' },
  not_found: { whose: 'your configuration', cause: 'No route of the server piece at this path: usually the handler is mounted under another prefix than the elements call (`proxyUrl`, default `/api/kyi`), or a framework stripped the prefix (Hono `app.mount`). From the Explorer API: an asset or item that does not exist.', fix: 'Mount the handler where `proxyUrl` points, or give `createKyiHandler` the `prefix` the request arrives with (`prefix: \'\'` after a mount that strips it).' },
  method_not_allowed: { whose: 'your code', cause: 'A route was called with a method it does not take; the `Allow` header lists the right ones.', fix: 'Use the method in `Allow`. In Next.js, export the handler for GET, HEAD, POST, PATCH and DELETE.' },
  asset_not_found: { whose: 'the service', cause: 'No verified asset with this address on this chain (a normal answer, shown as "not verified on this chain").', fix: 'Nothing, unless the token is verified on another chain: omit `chain-slug` to list every chain.' },
  unauthorized: { whose: 'the visitor', cause: 'A bare 401 from your own server (no `code` in the body): the visitor has no session there.', fix: 'The elements ask the visitor to sign in. If they are signed in, check that the session cookie reaches the route.' },
  session_required: { whose: 'the visitor', cause: '`getUserId` found no signed-in user: for `POST /token`, or when `authorize` refused a visitor who is signed out. `onError` names the route.', fix: 'Sign in to your product first. If you are signed in, `getUserId` does not see the session: is the cookie sent, does your session middleware run before the handler?' },
  forbidden: { whose: 'your configuration', cause: '`authorize` refused a signed-in user (403) — or, without `getUserId`, any visitor.', fix: 'Intended for people without access; otherwise return `true` from `authorize` for them.' },
  origin_not_allowed: { whose: 'your configuration', cause: 'The page is open at another origin than your server\'s `publicOrigin` (e.g. `127.0.0.1` for `localhost`), for `POST /token` or an Explorer write. The console and `onError` name both origins.', fix: 'Open the page at `publicOrigin`, or add its origin to `allowedOrigins` (`KYI_PUBLIC_ORIGIN` sets `publicOrigin`).' },
  writes_disabled: { whose: 'your configuration', cause: 'A watchlist change while `explorer.writes` is off.', fix: 'Set `explorer.writes: true` (`KYI_EXPLORER_WRITES=true`) if staff may change the watchlist.' },
  not_configured: { whose: 'your configuration', cause: 'The server piece has no `widget` (for `POST /token`) or no `explorer` (for `/explorer/…`); in the browser, no widget URL is configured for `<kyi-verify-button>` or `kyi()`, or the button\'s on-demand code did not come from your site as built while the browser was online (a 404 of `chunks/session-code.js` beside the autoloader or `chunks/kyi-elements.session-code.js` beside `kyi-elements.js`, bytes that are not the release\'s, `kyi-elements.js` loaded with a `?query`, or a CSP `script-src` refusing it; the message names the file); or, likewise, the autoloader could not load an element\'s chunk (`chunks/<element>.js`): every element of that tag on the page fires it, and the message names the tag and the file.', fix: 'Pass `widget` / `explorer` to `createKyiHandler` (`KYI_PARTNER_ID`, `KYI_PARTNER_SECRET`, `KYI_EXPLORER_URL`, `KYI_EXPLORER_KEY`); in the browser, `configure({ widgetUrl })` or `<meta name="kyi:widget-url">`; serve the CDN build\'s `chunks/` folder beside its script, as released, at a plain versioned path.' },
  signing_failed: { whose: 'your configuration', cause: 'The access token could not be created: `generateToken` threw, or returned something the widget cannot take (not a signed JWT with `alg` exactly `HS256`; no numeric `exp`, one in the past, or more than one hour ahead). `onError` has the cause.', fix: 'Read the `onError` log; a custom `generateToken` must return an HS256 JWT with a numeric `exp` at most 3600 s ahead (the built-in one does).' },
  upstream_error: { whose: 'your configuration', cause: 'The service answered at an unexpected address or with an unexpected status: usually a wrong `baseUrl` path (its generic 404). Never cached.', fix: '`onError` (the console by default) shows the upstream\'s answer; fix `publicApi.baseUrl` / `explorer.baseUrl`.' },
  upstream_auth: { whose: 'your configuration', cause: 'The service refused this server\'s key (upstream 401). A Public API key with a `Bearer ` prefix is refused at start-up already.', fix: 'Check `apiKey`: the Public API key is sent raw, the Explorer key is a live `bx_live_…` key.' },
  upstream_invalid: { whose: 'the service', cause: 'The service sent a body that does not match the contract (or is too large, or garbled); nothing partial is passed on.', fix: 'Transient on the service\'s side; `onError` has the details. Report it to the vendor if it lasts.' },
  upstream_timeout: { whose: 'the service', cause: 'The service did not answer within `timeoutMs` (8 s per attempt) after the retries.', fix: 'Wait and retry; the elements say the service is unavailable.' },
  upstream_unavailable: { whose: 'the service', cause: 'The service could not be reached or answered 5xx (also a bare 502 from a load balancer in front of your server).', fix: 'Wait and retry. If it never works, check that your server can reach `baseUrl` (DNS, egress firewall).' },
  store_unavailable: { whose: 'your configuration', cause: 'The PostgreSQL store or budget cannot reach the database (restart, failover, too many connections). Explorer routes answer 503 with `Retry-After`; pollers wait.', fix: 'Bring the database back; nothing else. The message names `postgres://user@host:port/database`, never the password.' },
  too_many_requests: { whose: 'your code', cause: 'A budget is spent: the client\'s (200 upstream lookups a minute), the Explorer key\'s (120 a minute, queued up to `explorer.maxQueueMs`), `maxInFlight`, or the service\'s own 429. `Retry-After` says how long.', fix: 'Wait `Retry-After` seconds. A busy key: share one budget per key, poll less often.' },
  internal_error: { whose: 'your code', cause: 'Something threw in the server piece or in one of your hooks; the browser sees a fixed message.', fix: '`onError` has the error and its route.' },
  // the Explorer API (ExplorerClient, pollers; through the proxy as the same codes)
  invalid_cursor: { whose: 'your configuration', cause: '`pollTokenomics` resumed from a cursor of another service or key.', fix: '`resetTokenomicsCursor(store)` and start again (with `backfill: true` to re-read history), or `onInvalidCursor: \'reset\'`.' },
  invalid_page: { whose: 'your code', cause: 'A page number or page token the Explorer API refused.', fix: 'Start paging from page 1.' },
  api_key_invalid: { whose: 'your configuration', cause: 'The Explorer key is unknown or revoked.', fix: 'Use a live `bx_live_…` key (`KYI_EXPLORER_KEY`).' },
  api_key_scope_missing: { whose: 'your configuration', cause: 'The Explorer key lacks the scope of this route (tokenomics, monitoring or watchlist write).', fix: 'Ask the vendor for a key with that scope, or stop calling the route.' },
  api_key_not_permitted: { whose: 'your configuration', cause: 'The Explorer key may not use this route.', fix: 'Ask the vendor which key the route needs.' },
  signature_missing: { whose: 'your configuration', cause: 'The Explorer API wants a signed request this key cannot make.', fix: 'Ask the vendor; the kit sends the key as `Bearer`.' },
  site_gate_required: { whose: 'the service', cause: 'The Explorer asks for its site gate first; pollers wait it out.', fix: 'Nothing for pollers; if it lasts, ask the vendor.' },
  watchlist_limit_reached: { whose: 'the visitor', cause: 'The watchlist is full.', fix: 'Remove an item first.' },
  // the browser only (`kyi-error` events)
  invalid_attribute: { whose: 'the page markup', cause: 'An element attribute has a value the element cannot use (a `caip19` that is not CAIP-19, an unknown `scope` or `mode`).', fix: 'The message names the attribute and the allowed values.' },
  invalid_input: { whose: 'the visitor', cause: 'What the visitor typed into an element was refused.', fix: 'The element says what to change.' },
  network: { whose: 'the network', cause: 'The browser got no answer from your server (offline, blocked by an extension or a CSP `connect-src`; for the verify button\'s on-demand code or an element\'s chunk the autoloader loads, the browser was offline).', fix: 'Check the browser\'s network panel; the CSP needs `connect-src \'self\'` (or your proxy\'s origin).' },
  invalid_response: { whose: 'your configuration', cause: 'Your server answered something that is not the server piece\'s answer (an HTML error page, a login redirect, a proxy\'s own 4xx).', fix: 'Make sure requests to `proxyUrl` reach the handler unchanged (no auth redirect, no HTML fallback).' },
  image_failed: { whose: 'your configuration', cause: 'The badge image did not load: a wrong `badgeBaseUrl`, or a CSP without its origin in `img-src`.', fix: 'Check `badgeBaseUrl` and `img-src`.' },
  copy_failed: { whose: 'the visitor', cause: 'The browser refused the clipboard write (no permission, or not a secure context).', fix: 'Serve the page over HTTPS; the visitor may copy by hand.' },
  widget_error: { whose: 'the service', cause: 'The verification widget reported an error; the message is its own.', fix: 'Read the message; with the sandbox, check its faults.' },
  widget_timeout: { whose: 'your configuration', cause: 'The widget did not load in time though its host answers: your page\'s origin is not on the service\'s widget allow-list, or your CSP lacks `frame-src` for the widget origin. The console warning names your origin.', fix: 'Ask the vendor to allow your origin (sandbox: `npx kyi-sandbox --widget-origin <origin>`); add `frame-src <widget origin>` to the CSP.' },
  widget_unreachable: { whose: 'your configuration', cause: 'The widget URL\'s host did not answer a quick check when the drawer opened: it is down, or the address is wrong (a typo, the sandbox not running). Said within seconds; the visitor reads that the service could not be reached, the console names the address.', fix: 'Check `configure({ widgetUrl })` / `<meta name="kyi:widget-url">`; with the sandbox, start `npx kyi-sandbox`. If it lasts with the right address, the service is down.' },
  untrusted_proxy_url: { whose: 'the page markup', cause: 'An element\'s `proxy-url` names a server you did not configure (maybe user-posted markup). Nothing is fetched.', fix: 'Intended: list your own extra proxies in `configure({ trustedProxyUrls })`.' },
};

/** Every code the page documents, in the order of the code tables: the kit's, the Explorer's, the browser's own. */
export function documentedCodes(): DocumentedCode[] {
  return [...new Set<DocumentedCode>([...KIT_ERROR_CODES, ...EXPLORER_ERROR_CODES, ...(Object.keys(ERROR_CODES) as DocumentedCode[])])];
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The Troubleshooting page's table of codes. */
export function errorCodesMarkdown(): string {
  const rows = documentedCodes().map((code) => {
    const e = ERROR_CODES[code];
    return `| \`${code}\` | ${e.whose} | ${cell(e.cause)} | ${cell(e.fix)} |`;
  });
  return ['| Code | Whose | What happened | What to do |', '| --- | --- | --- | --- |', ...rows, ''].join('\n');
}
