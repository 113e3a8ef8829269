/**
 * Recipe: a Next.js App Router route handler, `app/api/kyi/[...path]/route.ts` (docs/server.md;
 * built with `next build` (cacheComponents on) and served by `next start` in
 * test/node/recipes-*.test.ts). Route handlers are `(request: Request) => Response`: the fetch
 * handler is one already. It is made on the first request, not when `next build` loads the
 * module (the build has no KYI_* variables); no `dynamic` segment config (Next.js 16 refuses it
 * with `cacheComponents`, and a route reading the request is dynamic already).
 */
// #region recipe
import { cookies } from 'next/headers';
import { jwtVerify } from 'jose';
import { createKyiHandler, kyiOptionsFromEnv, type KyiHandler } from 'kyi-elements/server';

// Your session lookup, e.g. Auth.js: `(await auth())?.user?.id`. Here a stand-in: the `sub` of a
// `session` cookie holding a JWT signed (HS256) with SESSION_SECRET.
async function sessionUser(): Promise<string | null> {
  const token = (await cookies()).get('session')?.value;
  if (!token) return null;
  try {
    const key = new TextEncoder().encode(process.env.SESSION_SECRET);
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    return payload.sub ?? null;
  } catch {
    return null; // expired, forged, or no SESSION_SECRET: signed out
  }
}

let kyi: KyiHandler | undefined;
function handle(request: Request): Promise<Response> {
  kyi ??= createKyiHandler({
    ...kyiOptionsFromEnv(process.env),
    getUserId: sessionUser,
    // the monitoring data is private to the key holder: signed-in users only (narrow it to your staff)
    authorize: async () => (await sessionUser()) !== null,
  });
  return kyi(request);
}
export { handle as GET, handle as HEAD, handle as POST, handle as PATCH, handle as DELETE };
// #endregion recipe
