/**
 * The backend of the docs' live examples: the kit's sandbox, the server piece mounted at
 * `${base}api/kyi` on it, and `${base}kyi-live.json` telling the pages where things are. Used by
 * `npm run docs` (the Vite plugin in docs/.vitepress/config.ts) and by scripts/docs/serve.ts
 * (`npm run docs:preview`, and the docs test). No keys: the sandbox's demo credentials.
 *
 * A static host has no backend: there the built site's own docs/public/kyi-live.json
 * (`{ "live": false }`) answers, and the pages show a note instead of the examples.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startSandbox } from '../../src/sandbox/index.js';
import { createKyiHandler, type KyiHandler } from '../../src/server/index.js';

/** What `${base}kyi-live.json` says (docs/.vitepress/theme/live.ts reads it). */
export interface LiveConfig {
  live: boolean;
  proxyUrl?: string;
  badgeBaseUrl?: string;
  widgetUrl?: string;
}

/**
 * Who reads the docs: one demo user, signed in on every page (as `npm start`'s demo after
 * "Sign in as demo user"), so the verify button and the monitoring elements show what a
 * signed-in visitor sees. A partner's server asks its own session here.
 */
export const DOCS_USER_ID = 'docs-reader';

export interface DocsBackend {
  /** Node middleware: answers `${base}kyi-live.json` and `${base}api/kyi/…`; anything else goes to `next`. */
  node(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /**
   * Lets pages served from `origin` run the examples: the token route and the sandbox's widget
   * accept it (the server's address is known only once it listens).
   */
  allowOrigin(origin: string): void;
  close(): Promise<void>;
}

export async function startDocsBackend({ base = '/' }: { base?: string } = {}): Promise<DocsBackend> {
  const sandbox = await startSandbox();
  const { info } = sandbox;
  const prefix = `${base}api/kyi`;
  const origins = new Set<string>();
  const makeHandler = (): KyiHandler =>
    createKyiHandler({
      prefix,
      publicApi: { baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey },
      explorer: { baseUrl: info.explorerUrl, apiKey: info.credentials.explorerKeys.full, writes: true },
      widget: { partnerId: info.credentials.partnerId, secretKey: info.credentials.secretKey },
      getUserId: () => DOCS_USER_ID,
      // every docs reader is the signed-in demo user, who may use the sandbox's watchlist
      authorize: () => true,
      allowedOrigins: [...origins],
    });
  // made once the first origin is known (the handler needs the origins its token route accepts)
  let kyi: KyiHandler | undefined;
  const config: LiveConfig = { live: true, proxyUrl: prefix, badgeBaseUrl: info.badgeBaseUrl, widgetUrl: info.widgetUrl };
  const configBody = JSON.stringify(config);

  return {
    node(req, res, next) {
      const path = new URL(req.url ?? '/', 'http://docs').pathname;
      if (path === `${base}kyi-live.json`) {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(configBody);
        return;
      }
      if (kyi) kyi.node(req, res, next);
      else next();
    },
    allowOrigin(origin) {
      if (origins.has(origin)) return;
      origins.add(origin);
      sandbox.allowWidgetOrigin(origin);
      kyi = makeHandler();
    },
    close: () => sandbox.close(),
  };
}

/** The origins a server listening on `host:port` is reached at: loopback under both its names. */
export function loopbackOrigins(host: string, port: number): string[] {
  const names = host === '127.0.0.1' || host === 'localhost' || host === '::1' || host === '::' || host === '0.0.0.0' ? ['localhost', '127.0.0.1'] : [host];
  return names.map((name) => `http://${name}:${port}`);
}
