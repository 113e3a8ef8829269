/**
 * The harness of the attack rounds on a polluted `Object.prototype` (attack-round-8, -9): each
 * page is a frame of its own, polluted before the kit loads, its `fetch` a stand-in for the
 * proxy where a test gives answers (`answer(path, request, n)`: the n-th call, from 1).
 */

/** A request as the page's `fetch` was asked to send it. */
export interface Sent {
  url: string;
  method: string;
  credentials: string;
  cache: string;
  redirect: string;
  referrerPolicy: string;
  integrity: string;
  mode: string;
  /** The body when it is text, else `''`. */
  body: string;
  /** The headers it was sent with, as the request holds them (sorted names, lower case). */
  headers: [string, string][];
}
export type FrameWindow = Window & typeof globalThis & { sent: Sent[]; pageErrors: string[] };

/**
 * Defines each of `keys` on the frame's `Object.prototype`, non-enumerable: read-only as an
 * attacker may define it, or `writable` as a deep-merge gadget leaves it (then an object the kit
 * assigns the key to holds its own).
 */
export const pollution = (keys: Record<string, unknown>, writable = false) =>
  `for (const [key, value] of Object.entries(${JSON.stringify(keys)})) Object.defineProperty(Object.prototype, key, { value, writable: ${writable}, configurable: true });`;

/**
 * A frame page: `pollute` runs before the kit (`entry`) loads; `answer` (JS source of
 * `(path, request, n, contentType) => ({ status, body } | { status, text }) | undefined`) answers
 * `/api/kyi{path}`; every request is recorded as fetch sends it, and every error and unhandled
 * rejection of the page in `pageErrors`. The stand-in's own records have no prototype, so a
 * pollution the kit is tested against does not change the answers it is given.
 */
export async function pollutedPage(pollute: string, body: string, answer = '() => undefined', entry = 'kyi-elements', head = ''): Promise<FrameWindow> {
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html><html lang="en"><head><meta name="kyi:proxy-url" content="/api/kyi">${head}
    <script>
      window.pageErrors = []; addEventListener('error', (e) => pageErrors.push(String(e.message)));
      addEventListener('unhandledrejection', (e) => pageErrors.includes('unhandled: ' + e.reason?.message) || pageErrors.push('unhandled: ' + e.reason?.message));
      window.sent = [];
      const pageFetch = fetch, answer = ${answer}, calls = new Map();
      window.fetch = async (input, init) => {
        const r = new Request(input, init);
        sent.push({ url: r.url, method: r.method, credentials: r.credentials, cache: r.cache, redirect: r.redirect, referrerPolicy: r.referrerPolicy, integrity: r.integrity, mode: r.mode, body: typeof init?.body === 'string' ? init.body : '', headers: [...r.headers] });
        const path = new URL(r.url).pathname.replace(/^\\/api\\/kyi/, '');
        const n = (calls.get(path) ?? 0) + 1;
        calls.set(path, n);
        const a = r.url.startsWith(self.origin + '/api/kyi/') && answer(path, init?.body ? JSON.parse(init.body) : undefined, n, r.headers.get('content-type'));
        return a ? new Response(a.text ?? JSON.stringify(a.body), { __proto__: null, status: a.status ?? 200, headers: { __proto__: null, 'content-type': 'application/json' } }) : pageFetch(input, init);
      };
      ${pollute}
    </script></head>
    <body>${body}
    <script type="module" src="/src/entries/cdn/${entry}.ts"></script></body></html>`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return frame.contentWindow as FrameWindow;
}

/** `answer` for a change feed (entry `kyi-monitoring`): one high-materiality change, an empty watchlist, Explorer reads on. */
export const ONE_CHANGE = `(path) => path === '/explorer/me/monitoring/changes'
  ? { body: { items: [{ id: 'c1', title: 'Supply policy updated', detectedAt: '2025-05-01T00:00:00Z', materiality: 'high' }], truncated: false } }
  : path === '/explorer/me/watchlist' ? { body: { data: [] } }
  : path === '/capabilities' ? { body: { explorer: true, explorerWrites: false } }
  : { status: 404, body: { code: 'not_found', message: 'Not found' } }`;
