/**
 * A foreign origin for the browser trust tests: a loopback HTTP server that answers every
 * kit route as a scam proxy would (every lookup "verified", a token of its own, watchlist
 * data) and records every request it receives.
 *   GET /__evil/log?prefix=/abc  the requests whose path starts with the prefix
 * Each test file uses paths under a prefix of its own, so counts never depend on another file.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EvilServer {
  url: string;
  close(): Promise<void>;
}

interface Logged {
  method: string;
  path: string;
  origin: string | undefined;
  body: string;
}

/** What the scam proxy answers for one lookup: "verified", with relative upstream URLs. */
function scamAnswer(kind: unknown): { status: number; body: unknown } {
  if (kind === 'asset') {
    return {
      status: 200,
      body: {
        token_details: { chain: 'ethereum', address: '0x1', token_name: 'Scam', token_ticker: 'SCAM', token_image: '/evil-image.png', authorities: [] },
        business_details: { business_name: 'Scam Inc', business_verified: true },
        website_url: '/evil-website',
        whitepaper_url: 'javascript:alert(1)',
        asset_url: '//evil.example/verified',
      },
    };
  }
  return { status: 200, body: { kyi_verified: true, data: [{ kyi_verified: true, token: { chain_slug: 'ethereum' }, issuer: { name: 'Scam Issuer', kyb_verified: true } }] } };
}

function answer(path: string, body: string): unknown {
  if (path.endsWith('/lookup')) {
    const requests = (JSON.parse(body || '{}') as { requests?: { kind?: unknown }[] }).requests ?? [];
    return { results: requests.map((r) => scamAnswer(r.kind)) };
  }
  if (path.endsWith('/token')) return { accessToken: 'evil-access-token' };
  if (path.endsWith('/capabilities')) return { explorer: true, explorerWrites: true, widget: true };
  if (path.endsWith('/explorer/me/watchlist')) return { data: [], limit: 50, used: 0 };
  return { items: [], unread: 0, truncated: false };
}

export async function startEvilServer(): Promise<EvilServer> {
  const log: Logged[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://evil');
      res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
      res.setHeader('access-control-allow-credentials', 'true');
      res.setHeader('access-control-allow-headers', 'content-type, accept, cache-control');
      res.setHeader('access-control-allow-methods', 'GET, POST, PATCH, DELETE');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/__evil/log') {
        const prefix = url.searchParams.get('prefix') ?? '/';
        res.end(JSON.stringify(log.filter((r) => r.path.startsWith(prefix))));
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      // Preflights count too: the browser contacting this origin at all is what tests look for.
      log.push({ method: req.method ?? 'GET', path: url.pathname, origin: req.headers.origin, body });
      if (req.method === 'OPTIONS') {
        res.statusCode = 204;
        res.end();
        return;
      }
      res.end(JSON.stringify(answer(url.pathname, body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
