/**
 * Quick start: a Next.js App Router route handler, `app/api/kyi/[...path]/route.ts`
 * (tested by test/node/recipes.test.ts, which calls the exported functions directly).
 * Route handlers are `(request: Request) => Response`: the fetch handler is one already.
 */
// #region recipe
import { createKyiHandler, kyiOptionsFromEnv, type KyiEnv } from 'kyi-elements/server';

/** Your session lookup, e.g. Auth.js `auth()` (which reads the request's cookies itself). */
export type Auth = () => Promise<{ user?: { id?: string } } | null>;

export function createRouteHandlers(env: KyiEnv, auth: Auth) {
  const kyi = createKyiHandler({
    ...kyiOptionsFromEnv(env),
    prefix: '/api/kyi',
    getUserId: async () => (await auth())?.user?.id,
    // the monitoring data is private to the key holder: signed-in users only (narrow it to your staff)
    authorize: async () => Boolean((await auth())?.user?.id),
  });
  const handle = (request: Request) => kyi(request);
  return { GET: handle, HEAD: handle, POST: handle, PATCH: handle, DELETE: handle };
}

// In route.ts itself (no `dynamic` segment config: route handlers reading the request are
// dynamic already, and Next.js 16 refuses it with `cacheComponents`):
//   export const { GET, HEAD, POST, PATCH, DELETE } = createRouteHandlers(process.env, auth);
// #endregion recipe
