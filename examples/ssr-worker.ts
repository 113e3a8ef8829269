/**
 * Recipe: server rendering in a Cloudflare Worker, `src/worker.ts` (docs/server-rendering.md;
 * bundled with the edge export conditions and run in workerd by test/node/recipes-*.test.ts).
 */
// #region recipe
import { createKyiHandler, kyiOptionsFromEnv, type KyiHandler } from 'kyi-elements/server';
import { renderKyiElements } from 'kyi-elements/server/render';

type Env = Record<string, string | undefined>;

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>Token</title></head>
<body>
  <kyi-token-status caip19="solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo"></kyi-token-status>
</body>
</html>`;

let kyi: KyiHandler | undefined; // one per isolate: its cache serves the render and the browser's lookups
export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const handler = (kyi ??= createKyiHandler({
      ...kyiOptionsFromEnv(env),
      getUserId: async () => undefined, // your session's user id (see Server)
      authorize: async () => false, // who may use the Explorer routes (see Security)
      getClientId: (r) => r.headers.get('cf-connecting-ip'), // the per-client budget's client
    }));
    const response = new URL(request.url).pathname.startsWith('/api/kyi/')
      ? handler(request)
      : renderKyiElements(handler, PAGE, { request }).then((html) => new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
    ctx.waitUntil(response.then(() => handler.idle())); // lookups past the render's deadline finish into the cache
    return response;
  },
} satisfies ExportedHandler<Env>;
// #endregion recipe
