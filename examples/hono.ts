/**
 * Quick start: Hono (tested by test/node/recipes.test.ts). `app.mount()` strips the mount
 * path before calling the handler, so either keep the request as is (`replaceRequest: false`,
 * the handler keeps its `/api/kyi` prefix) or give the handler `prefix: ''`.
 * The session is a signed JWT cookie (`hono/jwt`), read from the fetch Request.
 */
// #region recipe
import { Hono } from 'hono';
import { verify } from 'hono/jwt';
import { parse } from 'hono/utils/cookie';
import { createKyiHandler, kyiOptionsFromEnv, type KyiEnv } from 'kyi-elements/server';

/** The `sub` of a valid `session` cookie, or null. */
async function sessionUser(request: Request, secret: string): Promise<string | null> {
  const token = parse(request.headers.get('cookie') ?? '', 'session')['session'];
  if (!token) return null;
  try {
    const payload = await verify(token, secret, 'HS256');
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null; // expired or forged: signed out
  }
}

export function createHonoApp(env: KyiEnv, sessionSecret: string, mode: 'keep-request' | 'no-prefix' = 'keep-request'): Hono {
  const app = new Hono();
  const kyi = createKyiHandler({
    ...kyiOptionsFromEnv(env),
    prefix: mode === 'keep-request' ? '/api/kyi' : '',
    getUserId: (request) => sessionUser(request, sessionSecret),
    // the monitoring data is private to the key holder: signed-in users only (narrow it to your staff)
    authorize: async (request) => (await sessionUser(request, sessionSecret)) !== null,
  });
  if (mode === 'keep-request') app.mount('/api/kyi', kyi, { replaceRequest: false });
  else app.mount('/api/kyi', kyi);
  return app;
}
// #endregion recipe
