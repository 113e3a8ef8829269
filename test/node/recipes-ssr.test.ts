/**
 * Server rendering's recipes from the packed tarball (helpers/recipe-projects.ts): a template
 * string on Node, Express, a Next.js server component and a Worker in workerd — each page read
 * with JavaScript off, then confirmed by the kit with it on.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkProxyAt } from './helpers/openapi-check.js';
import {
  inWorkerd, jsServer, lookup, nextApp, nodeServer, renderedWithoutScript, routeCdn, settles, stage, useRecipes,
} from './helpers/recipe-projects.js';

useRecipes('recipes-ssr');

describe('Server rendering', () => {
  it('Node, a template string: without JavaScript the page reads its statuses; with it the kit (from the CDN) confirms them', async () => {
    const origin = await jsServer('ssr-node');
    await renderedWithoutScript(`${origin}/`, ['KYI verified', 'Verified asset', 'heading "PayPal USD"']);
    const cdn = await routeCdn();
    await settles(`${origin}/`, undefined, cdn.route);
  });

  it('Express: without JavaScript the list reads its statuses; with it the self-hosted kit confirms them', async () => {
    const origin = await nodeServer('ssr-express');
    await renderedWithoutScript(`${origin}/`, ['KYI verified']);
    await settles(`${origin}/`);
  });

  it('Next.js App Router, a server component (cacheComponents on): without JavaScript the page reads its status; with it the kit confirms it', async () => {
    const origin = await nextApp('ssr-next');
    const unchecked = checkProxyAt(origin, '/api/kyi');
    try {
      stage.sandbox.reset();
      await renderedWithoutScript(`${origin}/`, ['KYI verified', 'heading "PayPal USD"']);
      // the route handler is the render's handler: the browser's lookup is answered from the cache the render filled
      const rendered = stage.sandbox.stats.count('public:tokens');
      assert.equal(rendered, 1);
      assert.equal(await lookup(origin), true);
      assert.equal(stage.sandbox.stats.count('public:tokens'), rendered, 'one handler for the route handler and the server component');
      await settles(`${origin}/`);
    } finally {
      unchecked();
    }
  });

  it('a Worker in workerd (bundled as Wrangler does, no Node built-in): the page arrives rendered; lookups answer', async () => {
    const origin = 'http://partner.example';
    const mf = await inWorkerd('ssr-worker', origin);
    try {
      await mf.ready;
      const dispatch = (url: string, init?: RequestInit) => mf.dispatchFetch(url, init as never) as unknown as Promise<Response>;
      const html = await (await dispatch(`${origin}/`)).text();
      assert.match(html, /<kyi-token-status caip19="[^"]+"><template shadowrootmode="open">/);
      assert.match(html, /<span part="label" class="label">KYI verified<\/span>/);
      assert.equal(await lookup(origin, dispatch), true);
    } finally {
      await mf.dispose();
    }
  });
});
