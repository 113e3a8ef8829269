/**
 * Recipe: Express with express-session, serving the script-tag page and the elements
 * self-hosted from the installed package (docs/server.md; run as shipped by
 * test/node/recipes-*.test.ts). `getUserId` and `authorize` read the session from the Node
 * request the adapter passes.
 */
// #region recipe
import express from 'express';
import session from 'express-session';
import { fileURLToPath } from 'node:url';
import { createKyiHandler, kyiOptionsFromEnv } from 'kyi-elements/server';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    role?: 'staff' | 'member';
  }
}

const sessionSecret = process.env.SESSION_SECRET;
if (!sessionSecret) throw new Error('set SESSION_SECRET (express-session signs its cookie with it)');

const app = express();
app.use(session({ secret: sessionSecret, resave: false, saveUninitialized: false }));

const kyi = createKyiHandler<express.Request>({
  ...kyiOptionsFromEnv(process.env),
  getUserId: (_request, { node }) => node?.req.session.userId,
  // the watchlist and its notes are private to the key holder: staff only
  authorize: (_request, _route, { node }) => node?.req.session.role === 'staff',
});
app.use('/api/kyi', kyi.node);

// the elements, self-hosted: the package's dist/cdn folder, wherever npm put it
const cdn = fileURLToPath(new URL('dist/cdn/', import.meta.resolve('kyi-elements/package.json')));
app.use('/kyi-elements', express.static(cdn));
app.use(express.static('public')); // public/index.html: the script-tag page

// your own sign-in; here a stand-in so the recipe runs end to end
app.post('/login', express.json(), (req, res) => {
  req.session.userId = String(req.body.userId);
  req.session.role = req.body.role === 'staff' ? 'staff' : 'member';
  res.sendStatus(204);
});

const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(`listening on http://localhost:${port}`));
// #endregion recipe
