/**
 * Recipe: the server piece inside Vite's dev server, `kyi-dev-server.ts` beside
 * `vite.config.ts` (docs/server.md, docs/frameworks.md; run as shipped with React, Vue and
 * Svelte by test/node/recipes-*.test.ts), so `vite` alone serves the page and `/api/kyi` while
 * you develop; in production mount the same handler on your backend.
 */
// #region recipe
import type { IncomingMessage } from 'node:http';
import type { Plugin } from 'vite';
import { createKyiHandler, kyiOptionsFromEnv, type KyiEnv } from 'kyi-elements/server';

/** `env`: the KYI_* variables (`loadEnv(mode, process.cwd(), 'KYI_')`); `sessionUser`: your session's user id, or null. */
export function kyiDevServer(env: KyiEnv, sessionUser: (req: IncomingMessage) => string | null): Plugin {
  return {
    name: 'kyi-server',
    // the dev server only (`vite build` needs no keys)
    configureServer(server) {
      const kyi = createKyiHandler({
        ...kyiOptionsFromEnv(env),
        getUserId: (_request, { node }) => (node ? sessionUser(node.req) : null),
        // the monitoring data is private to the key holder: signed-in users only (narrow it to your staff)
        authorize: (_request, _route, { node }) => Boolean(node && sessionUser(node.req)),
      });
      // Vite's dev server is Connect: paths outside /api/kyi fall through to Vite
      server.middlewares.use(kyi.node);
    },
  };
}
// #endregion recipe
