/**
 * Recipe: Hono on Node (docs/server.md; run as shipped by test/node/recipes-*.test.ts).
 * `app.mount()` strips the mount path before calling the handler: `replaceRequest: false`
 * keeps the request whole, so the handler's `/api/kyi` prefix matches. The session is a
 * signed JWT cookie (`hono/jwt`), read from the fetch Request.
 */
// #region recipe
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { verify } from 'hono/jwt';
import { parse } from 'hono/utils/cookie';
import { createKyiHandler, kyiOptionsFromEnv } from 'kyi-elements/server';

const sessionSecret = process.env.SESSION_SECRET;
if (!sessionSecret) throw new Error('set SESSION_SECRET (your session cookies are signed with it)');

/** Your session lookup; here the `sub` of a `session` cookie holding a JWT signed (HS256) with SESSION_SECRET. */
const sessionUser = async (request: Request): Promise<string | null> => {
  const token = parse(request.headers.get('cookie') ?? '', 'session')['session'];
  if (!token) return null;
  try {
    const payload = await verify(token, sessionSecret, 'HS256');
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null; // expired or forged: signed out
  }
};

const app = new Hono();
const kyi = createKyiHandler({
  ...kyiOptionsFromEnv(process.env),
  getUserId: (request) => sessionUser(request),
  // the monitoring data is private to the key holder: signed-in users only (narrow it to your staff)
  authorize: async (request) => (await sessionUser(request)) !== null,
});
app.mount('/api/kyi', kyi, { replaceRequest: false });

const port = Number(process.env.PORT ?? 3000);
serve({ fetch: app.fetch, port }, () => console.log(`listening on http://localhost:${port}`));
// #endregion recipe
