/**
 * Quick start: Express with express-session (tested by test/node/recipes.test.ts).
 * `getUserId` and `authorize` read the session from the Node request the adapter passes.
 */
// #region recipe
import express from 'express';
import session from 'express-session';
import { createKyiHandler, kyiOptionsFromEnv, type KyiEnv } from 'kyi-elements/server';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    role?: 'staff' | 'member';
  }
}

export function createExpressApp(env: KyiEnv, sessionSecret: string): express.Express {
  const app = express();
  app.use(session({ secret: sessionSecret, resave: false, saveUninitialized: false }));

  const kyi = createKyiHandler<express.Request>({
    ...kyiOptionsFromEnv(env),
    prefix: '/api/kyi',
    getUserId: (_request, { node }) => node?.req.session.userId,
    // the watchlist and its notes are private to the key holder: staff only
    authorize: (_request, _route, { node }) => node?.req.session.role === 'staff',
  });
  app.use('/api/kyi', kyi.node);

  // your own sign-in; here a stand-in so the recipe runs end to end
  app.post('/login', express.json(), (req, res) => {
    req.session.userId = String(req.body.userId);
    req.session.role = req.body.role === 'staff' ? 'staff' : 'member';
    res.sendStatus(204);
  });
  return app;
}
// #endregion recipe
