/**
 * Recipe: Fastify (docs/server.md; run as shipped by test/node/recipes-*.test.ts). The handler
 * gets the raw Node request and response; an encapsulated scope leaves the body stream to it.
 */
// #region recipe
import Fastify from 'fastify';
import type { IncomingMessage } from 'node:http';
import { jwtVerify } from 'jose';
import { createKyiHandler, kyiOptionsFromEnv } from 'kyi-elements/server';

interface User {
  id: string;
}
/** The raw request, carrying what your auth put on `request.user`. */
type RawWithUser = IncomingMessage & { user?: User | null };

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
}

// Your auth (e.g. @fastify/jwt or @fastify/passport) gives the signed-in user. Here a stand-in:
// a `session` cookie holding a JWT signed (HS256) with SESSION_SECRET.
const sessionSecret = process.env.SESSION_SECRET;
if (!sessionSecret) throw new Error('set SESSION_SECRET (your session cookies are signed with it)');
const sessionKey = new TextEncoder().encode(sessionSecret);
async function authenticate(cookie: string | undefined): Promise<User | null> {
  const token = /(?:^|;\s*)session=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, sessionKey, { algorithms: ['HS256'] });
    return payload.sub ? { id: payload.sub } : null;
  } catch {
    return null; // expired or forged: signed out
  }
}

const app = Fastify();
app.decorateRequest('user', null);
app.addHook('onRequest', async (request) => {
  request.user = await authenticate(request.headers.cookie);
});

const kyi = createKyiHandler<RawWithUser>({
  ...kyiOptionsFromEnv(process.env),
  getUserId: (_request, { node }) => node?.req.user?.id,
  // the monitoring data is private to the key holder: signed-in users only (narrow it to your staff)
  authorize: (_request, _route, { node }) => Boolean(node?.req.user),
});
await app.register(async (scope) => {
  // no body parsing here: the handler reads (and size-limits) the body itself
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
  scope.all('/api/kyi/*', (request, reply) => {
    reply.hijack();
    (request.raw as RawWithUser).user = request.user;
    kyi.node(request.raw, reply.raw);
  });
});

const port = Number(process.env.PORT ?? 3000);
await app.listen({ port, host: '::' });
console.log(`listening on http://localhost:${port}`);
// #endregion recipe
