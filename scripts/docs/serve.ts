/**
 * `npm run docs:preview`: serves the built site (docs/.vitepress/dist, from `npm run docs:build`)
 * under its base path, files alone, as a static host would: the live examples' backend is the
 * site's own Service Worker (scripts/docs/worker/). Port from PORT (4173).
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { DOCS_BASE } from './address.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export interface DocsServer {
  /** The site's address, base path included (`http://127.0.0.1:4173/kyi-elements/`). */
  url: string;
  close(): Promise<void>;
}

export async function serveDocs({ root = 'docs/.vitepress/dist', port = 0, host = '127.0.0.1' } = {}): Promise<DocsServer> {
  const dist = resolve(root);
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${root} holds no built site: run \`npm run docs:build\` first`);
  const notFound = async (res: import('node:http').ServerResponse) =>
    void res.writeHead(404, { 'content-type': TYPES['.html']! }).end(await readFile(join(dist, '404.html')));
  const server = createServer((req, res) => {
    const files = async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://docs').pathname);
      if (!path.startsWith(DOCS_BASE)) return notFound(res);
      let file = resolve(dist, `./${path.slice(DOCS_BASE.length)}`);
      if (!file.startsWith(dist + sep) && file !== dist) return void res.writeHead(403).end();
      if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
      if (!existsSync(file)) return notFound(res);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
    };
    void files().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((ok) => server.listen(port, host, ok));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}${DOCS_BASE}`,
    async close() {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const docs = await serveDocs({ port: Number(process.env.PORT ?? 4173), host: process.env.HOST ?? '127.0.0.1' });
  console.log(`kyi-elements docs (live examples in the site's Service Worker): ${docs.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void docs.close().then(() => process.exit(0)));
}
