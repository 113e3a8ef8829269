/**
 * The partner backend of the page benchmarks, run as its own process (forked by
 * bench/page-lookups.ts, so neither Playwright nor the upstream shares its event loop): the
 * built bench pages under the strict CSP, with the `kyi:*` meta tags, and the real server piece
 * at /api/kyi (Node adapter, default cache) in front of the upstream at `baseUrl` — the sandbox,
 * in a process of its own (bench/child.ts). One load generator is one client here, so the
 * per-client upstream budget is off (a 5,000-token page would exceed it by design).
 *
 * Argument: JSON { root, baseUrl, apiKey, badgeBaseUrl }. IPC: sends { type: 'ready', url };
 * exits on { type: 'stop' }.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createKyiHandler } from '../src/server/index.js';
import { toNodeHandler } from '../src/server/node/adapter.js';
import { contentSecurityPolicy } from '../scripts/lib/csp.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

const opts = JSON.parse(process.argv[2]!) as { root: string; baseUrl: string; apiKey: string; badgeBaseUrl: string };
const root = resolve(opts.root);
const metaTags = [`<meta name="kyi:proxy-url" content="/api/kyi">`, `<meta name="kyi:badge-base-url" content="${opts.badgeBaseUrl}">`].join('\n    ');
const csp = contentSecurityPolicy({ badgeBaseUrl: opts.badgeBaseUrl });

async function serveStatic(path: string): Promise<Response> {
  const file = normalize(join(root, decodeURIComponent(path)));
  if (!file.startsWith(root + sep)) return new Response('Not found', { status: 404 });
  const body = await readFile(file).catch(() => undefined);
  if (!body) return new Response('Not found', { status: 404 });
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  if (!type.startsWith('text/html')) return new Response(new Uint8Array(body), { headers: { 'content-type': type } });
  const html = body.toString('utf8').replace('<!-- kyi:config -->', metaTags);
  return new Response(html, { headers: { 'content-type': type, 'content-security-policy': csp, 'cache-control': 'no-store' } });
}

const api = toNodeHandler(createKyiHandler({ publicApi: { baseUrl: opts.baseUrl, apiKey: opts.apiKey }, prefix: '/api/kyi', clientBudget: false }), {
  prefix: '/api/kyi',
});
const pages = toNodeHandler((request) => serveStatic(new URL(request.url).pathname));
const server = createServer((req, res) => api(req, res, () => pages(req, res)));
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') process.exit(0);
});
