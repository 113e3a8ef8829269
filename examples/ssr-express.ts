/**
 * Recipe: server rendering with Express, `server.ts` (docs/server-rendering.md; run as shipped
 * by test/node/recipes-*.test.ts, in Chromium with JavaScript off and on).
 */
// #region recipe
import express from 'express';
import { fileURLToPath } from 'node:url';
import { createKyiHandler, kyiOptionsFromEnv } from 'kyi-elements/server';
import { renderKyiElements } from 'kyi-elements/server/render';

const app = express();
const kyi = createKyiHandler<express.Request>({
  ...kyiOptionsFromEnv(process.env),
  getUserId: () => undefined, // your session's user id (see Server)
  authorize: () => false, // who may use the Explorer routes (see Security)
});
app.use('/api/kyi', kyi.node);
const cdn = fileURLToPath(new URL('dist/cdn/', import.meta.resolve('kyi-elements/package.json')));
app.use('/kyi-elements', express.static(cdn));

// Your tokens, from your own data: values you put in markup are escaped like any other.
const tokens = [
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo',
  'eip155:98866/erc20:0xdddD73F5Df1F0DC31373357beAC77545dC5A6f3F',
];

app.get('/', async (req, res) => {
  const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="color-scheme" content="light dark">
  <title>Tokens</title>
  <script type="module" src="/kyi-elements/kyi-autoloader.js"></script>
</head>
<body>
  <ul>${tokens.map((caip19) => `<li><kyi-token-status caip19="${caip19}"></kyi-token-status></li>`).join('')}</ul>
</body>
</html>`;
  // every status on the page looked up at once, through kyi's cache and budgets, for this visitor
  res.type('html').send(await renderKyiElements(kyi, page, { request: req }));
});

const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(`listening on http://localhost:${port}`));
// #endregion recipe
