/**
 * Quick start: Fastify (tested by test/node/recipes.test.ts). The handler gets the raw Node
 * request and response; an encapsulated scope leaves the body stream to it.
 */
// #region recipe
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { createKyiHandler, kyiOptionsFromEnv, type KyiEnv } from 'kyi-elements/server';

export interface User {
  id: string;
}
/** The raw request, carrying what your auth plugin put on `request.user`. */
type RawWithUser = IncomingMessage & { user?: User | null };

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
}

/** `authenticate`: your auth (e.g. @fastify/jwt or @fastify/passport) giving the signed-in user. */
export async function createFastifyApp(env: KyiEnv, authenticate: (request: FastifyRequest) => User | null): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = authenticate(request);
  });

  const kyi = createKyiHandler<RawWithUser>({
    ...kyiOptionsFromEnv(env),
    prefix: '/api/kyi',
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
  return app;
}
// #endregion recipe
