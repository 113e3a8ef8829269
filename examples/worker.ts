/**
 * Recipe: a Cloudflare Worker, `src/worker.ts` (docs/server.md; bundled with the edge export
 * conditions and run in workerd, without nodejs_compat, by test/node/recipes-*.test.ts).
 */
// #region recipe
import { jwtVerify } from 'jose';
import { createKyiHandler, kyiOptionsFromEnv, type KyiHandler } from 'kyi-elements/server';

/** Worker vars and secrets: the KYI_* variables, and SESSION_SECRET for the stand-in session below. */
type Env = Record<string, string | undefined>;

// Your session lookup; here a stand-in: the `sub` of a `session` cookie holding a JWT signed
// (HS256) with SESSION_SECRET.
async function userFromCookie(request: Request, env: Env): Promise<string | null> {
  const token = /(?:^|;\s*)session=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
  if (!token || !env.SESSION_SECRET) return null;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(env.SESSION_SECRET), { algorithms: ['HS256'] });
    return payload.sub ?? null;
  } catch {
    return null; // expired or forged: signed out
  }
}

let kyi: KyiHandler | undefined; // one per isolate
export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const handler = (kyi ??= createKyiHandler({
      ...kyiOptionsFromEnv(env),
      getUserId: (r) => userFromCookie(r, env),
      authorize: async (r) => (await userFromCookie(r, env)) !== null, // required with explorer
      getClientId: (r) => r.headers.get('cf-connecting-ip'), // the per-client budget's client
    }));
    const response = handler(request);
    ctx.waitUntil(response.then(() => handler.idle())); // finish background refreshes
    return response;
  },
} satisfies ExportedHandler<Env>;
// #endregion recipe
