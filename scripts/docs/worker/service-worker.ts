/**
 * The docs site's own backend, in a Service Worker, so the live examples run on any static host
 * (GitHub Pages) and under `npm run docs` / `docs:preview` alike: the kit's sandbox (the vendor's
 * service, its published demo credentials) and the server piece's fetch entry in front of it,
 * set up as a partner's server would be. The pages call only the server piece (`proxyUrl`), the
 * badge images and the widget frame, as on a partner's site; the server piece calls the sandbox
 * in process (its `fetch` option), as a partner's server calls the service over the network.
 *
 * Bundled by ./build.ts into docs/public (node:crypto and node:zlib stood in for by ./node-*.ts).
 */
import { createSandbox } from '../../../src/sandbox/core.js';
import { createKyiHandler } from '../../../src/server/fetch.js';
import { DOCS_USER_ID, LIVE_PATHS } from '../live-paths.js';

/** What this worker uses of its global scope (the DOM lib the project compiles with has no worker types). */
interface FetchEvent extends Event {
  readonly request: Request;
  readonly clientId: string;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  registration: { scope: string };
  clients: { claim(): Promise<void>; get(id: string): Promise<{ url: string } | undefined> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate' | 'message', listener: (event: Event & { waitUntil(p: Promise<unknown>): void }) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

const scope = new URL(worker.registration.scope);
const sandboxUrl = new URL(LIVE_PATHS.sandbox, scope).href;
const proxyPrefix = new URL(LIVE_PATHS.proxy, scope).pathname;

const sandbox = createSandbox(sandboxUrl, { widgetOrigins: [scope.origin] });
const { info } = sandbox;

/** A request to the sandbox, as the sandbox sees it: its own paths (`/widget/kyi`), its origin stripped of the prefix. */
async function toSandbox(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.href.slice(sandboxUrl.length) || '/';
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  return sandbox.fetch(new Request(new URL(path.startsWith('/') ? path : `/${path}`, scope.origin), { method: request.method, headers: request.headers, body }));
}

const kyi = createKyiHandler({
  prefix: proxyPrefix,
  publicApi: { baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey },
  explorer: { baseUrl: info.explorerUrl, apiKey: info.credentials.explorerKeys.full, writes: true },
  widget: { partnerId: info.credentials.partnerId, secretKey: info.credentials.secretKey },
  // every docs reader is the signed-in demo user, who may use the sandbox's watchlist
  getUserId: () => DOCS_USER_ID,
  getClientId: () => DOCS_USER_ID,
  authorize: () => true,
  allowedOrigins: [scope.origin],
  fetch: (input, init) => toSandbox(new Request(input, init)),
});

/**
 * The request as it reaches a server: a browser adds `Origin` on the network, after the worker,
 * so the worker says it — the origin of the page that made the call (always this site: a worker
 * sees only its own pages' calls), none for a navigation. `Origin` cannot be set on a `Request`
 * made here, hence the view with its own headers.
 */
async function asSent(event: FetchEvent): Promise<Request> {
  const { request } = event;
  const client = event.clientId ? await worker.clients.get(event.clientId) : undefined;
  if (!client || request.headers.has('origin')) return request;
  const headers = new Headers(request.headers);
  headers.set('origin', new URL(client.url).origin);
  return new Proxy(request, {
    get: (target, key) => {
      if (key === 'headers') return headers;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

worker.addEventListener('install', () => void worker.skipWaiting());
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));
// a page loaded past the worker (a hard reload) asks to be taken over
worker.addEventListener('message', (event) => event.waitUntil(worker.clients.claim()));
worker.addEventListener('fetch', (event) => {
  const { url } = event.request;
  if (url === sandboxUrl || /^[/?]/.test(url.slice(sandboxUrl.length, sandboxUrl.length + 1)) && url.startsWith(sandboxUrl)) event.respondWith(toSandbox(event.request));
  else if (new URL(url).origin === scope.origin && new URL(url).pathname.startsWith(proxyPrefix)) event.respondWith(asSent(event).then(kyi));
  // anything else: the site's own files, from the host
});
