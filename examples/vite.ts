/**
 * Recipe: the server piece inside Vite's dev server (tested by test/node/recipes.test.ts), so
 * `vite` alone serves the page and `/api/kyi` while you develop; in production mount the same
 * handler on your backend. `vite.config.ts`:
 *   plugins: [kyiDevServer(loadEnv(mode, process.cwd(), 'KYI_'), yourSessionUser)]
 * (`loadEnv` reads the KYI_* variables from `.env` files and the environment).
 */
// #region recipe
import type { IncomingMessage } from 'node:http';
import type { Plugin } from 'vite';
import { createKyiHandler, kyiOptionsFromEnv, type KyiEnv } from 'kyi-elements/server';

export function kyiDevServer(env: KyiEnv, sessionUser: (req: IncomingMessage) => string | null): Plugin {
  const kyi = createKyiHandler({
    ...kyiOptionsFromEnv(env),
    getUserId: (_request, { node }) => (node ? sessionUser(node.req) : null),
    // the monitoring data is private to the key holder: signed-in users only (narrow it to your staff)
    authorize: (_request, _route, { node }) => Boolean(node && sessionUser(node.req)),
  });
  return {
    name: 'kyi-server',
    // Vite's dev server is Connect: paths outside /api/kyi fall through to Vite
    configureServer: (server) => void server.middlewares.use(kyi.node),
  };
}
// #endregion recipe
