/**
 * A server-rendered page in real Chromium (issue #37). A partner's page server renders every
 * display state through `renderKyiElements` and the handler it mounts at /api/kyi, against the
 * sandbox over loopback; the kit's CDN module is bundled from the sources.
 * - JavaScript off: every state reads complete (words, accessible names, colours following the
 *   visitor's scheme); axe finds nothing on the page without the kit.
 * - JavaScript on: the kit confirms every rendered status with one lookup POST; the screen before
 *   and after it ran is the same image, and nothing shifts. A badge (no lookup) is rendered again
 *   by the kit from its attributes: the same nodes and styles as the server's.
 * - A post wrapping kit tags in `<svg>`/`<math>` (foreign content): nothing rendered, so no kit
 *   text or style reaches the page, with JavaScript off or on.
 * - A forged "verified" root (page markup) on an unknown token: while the kit's lookup is out the
 *   element's status is `loading`, never the markup's; then it reads "Unknown token".
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { createKyiHandler, type KyiHandler } from '../../src/server/index.js';
import { renderKyiElements } from '../../src/render/index.js';
import { startFixtureSandbox } from './helpers/server.js';
import { launchChromium } from './helpers/chromium.js';

const AXE_SOURCE = readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8');

/** Every display state, as a token page and a list would show them. */
const STATES = [
  ['verified', `<kyi-token-status caip19="${F.pyusd.caip19}"></kyi-token-status>`, 'KYI verified'],
  ['business not verified', `<kyi-token-status chain-slug="${F.businessNotVerified.chain}" address="${F.businessNotVerified.address}"></kyi-token-status>`, 'Business not verified'],
  ['several chains', `<kyi-token-status address="${F.multiChain.address}"></kyi-token-status>`, 'KYI verified on 2 of 3 chains'],
  ['not verified', `<kyi-token-status chain-slug="${F.indexedNotVerified.chain}" address="${F.indexedNotVerified.address}"></kyi-token-status>`, 'Not verified'],
  ['unknown', `<kyi-token-status chain-slug="${F.unknown.chain}" address="${F.unknown.address}"></kyi-token-status>`, 'Unknown token'],
  ['invalid', `<kyi-token-status address="not an address!"></kyi-token-status>`, 'Invalid token identifier'],
  ['compact verified', `<kyi-token-status compact caip19="${F.pyusd.caip19}"></kyi-token-status>`, ''],
  ['asset card', `<kyi-asset-card heading-level="2" chain="${F.pyusd.chain}" address="${F.pyusd.address}"></kyi-asset-card>`, 'Verified asset'],
  ['badge', `<kyi-badge></kyi-badge>`, 'KYI verified badge (static claim)'],
  ['badge, full, a link', `<kyi-badge variant="full" href="https://verified.example/asset"></kyi-badge>`, 'link "KYI verified badge (static claim) (opens in a new tab)"'],
  ['asset card, business not verified', `<kyi-asset-card heading-level="2" chain="${F.businessNotVerified.chain}" address="${F.businessNotVerified.address}"></kyi-asset-card>`, 'Business not verified'],
] as const;

const page = (body: string, kit: boolean) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>Tokens</title>
${kit ? '<script type="module" src="/kit.js"></script>' : ''}
<style>body { font: 15px system-ui, sans-serif; margin: 16px; } main { display: grid; gap: 12px; max-width: 640px; }</style></head>
<body><main><h1>Tokens</h1>${body}</main></body></html>`;

const ALL = STATES.map(([name, markup]) => `<section aria-label="${name}">${markup}</section>`).join('\n');

/** A post wrapping a verified token's status in `<svg>`: the browser makes no kit element of it. */
const SVG_POST = `<article><svg><kyi-token-status compact caip19="${F.pyusd.caip19}"></kyi-token-status></svg><math><kyi-token-status caip19="${F.pyusd.caip19}"></kyi-token-status></math><p class="note">Posted text</p></article>`;

/** A verified status's server-rendered root, posted under an unknown token (page markup). */
let forged = '';

let sandbox: Sandbox;
let handler: KyiHandler;
let server: Server;
let origin: string;
let browser: Browser;
let kit: string;
/** Held requests: the kit's script and the lookup POSTs wait here while a test holds them. */
const held = { kit: undefined as Promise<void> | undefined, lookup: undefined as Promise<void> | undefined };

function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', origin);
  if (url.pathname.startsWith('/api/kyi/')) {
    if (url.pathname === '/api/kyi/lookup') await held.lookup;
    return handler.node(req, res);
  }
  if (url.pathname === '/kit.js') {
    await held.kit;
    res.writeHead(200, { 'content-type': 'text/javascript' });
    return void res.end(kit);
  }
  if (url.pathname === '/svg-post') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return void res.end(await renderKyiElements(handler, page(SVG_POST, url.searchParams.get('kit') !== '0'), { request: req }));
  }
  const body = url.pathname === '/forged' ? page(forged, true) : await renderKyiElements(handler, page(ALL, url.searchParams.get('kit') !== '0'), { request: req });
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
}

before(async () => {
  sandbox = await startFixtureSandbox();
  handler = createKyiHandler({ publicApi: { baseUrl: sandbox.info.publicApiUrl, apiKey: sandbox.info.credentials.publicApiKey } });
  const bundle = await build({ entryPoints: ['src/entries/cdn/kyi-elements.ts'], bundle: true, format: 'esm', write: false, minify: true, target: 'es2022' });
  kit = bundle.outputFiles[0]!.text;
  server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const verified = await renderKyiElements(handler, `<kyi-token-status caip19="${F.pyusd.caip19}"></kyi-token-status>`);
  forged = verified.replace(`caip19="${F.pyusd.caip19}"`, `chain-slug="${F.unknown.chain}" address="${F.unknown.address}"`);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise<void>((done) => server?.close(() => done()));
  await handler?.close();
  await sandbox?.close();
});

/** The text of each state's element, as a reader sees it (Playwright reads through open shadow roots). */
async function statesShown(p: Page): Promise<string[]> {
  return Promise.all(STATES.map(([name]) => p.locator(`section[aria-label="${name}"]`).ariaSnapshot()));
}

describe('a server-rendered page with JavaScript off', () => {
  it('shows every display state complete: words, accessible names, colours of the visitor’s scheme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, colorScheme });
      const p = await context.newPage();
      await p.goto(`${origin}/`);
      const shown = await statesShown(p);
      STATES.forEach(([name, , words], i) => assert.ok(shown[i]!.includes(words), `${name}: "${shown[i]}" includes "${words}"`));
      // the compact status is its icon, named by the live check's words
      await p.getByRole('img', { name: 'KYI verified (live check)' }).waitFor();
      await p.getByRole('heading', { name: 'PayPal USD' }).waitFor();
      // the label's colour follows the visitor's scheme (the page says `light dark`)
      const color = await p.locator('section[aria-label="verified"] [part="label"]').evaluate((el) => getComputedStyle(el).color).catch(() => undefined);
      const shot = PNG.sync.read(await p.locator('section[aria-label="verified"]').screenshot());
      const background = shot.data.slice(0, 3);
      if (colorScheme === 'dark') assert.ok(background[0]! < 64, `a dark surface in the dark scheme (${[...background]}, ${color})`);
      else assert.ok(background[0]! > 192, `a light surface in the light scheme (${[...background]}, ${color})`);
      await context.close();
    }
  });

  it('has no axe violation (the page as a reader without the kit gets it)', async () => {
    const p = await browser.newPage();
    await p.goto(`${origin}/?kit=0`);
    await p.evaluate(AXE_SOURCE);
    const violations = await p.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
    });
    assert.deepEqual(violations, []);
    await p.close();
  });
});

/** The whole page as it is on screen now (after the frame in progress). */
async function screen(p: Page): Promise<Buffer> {
  await p.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return p.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
}

/** Resolves once every lookup element on the page has settled on its own answer. */
const settled = (p: Page) =>
  p.waitForFunction(() =>
    [...document.querySelectorAll('kyi-token-status, kyi-asset-card')].every((e) => {
      const status = (e as unknown as { status?: string }).status;
      return status !== undefined && status !== 'loading' && status !== 'idle';
    }),
  );

describe('a server-rendered page with JavaScript on', () => {
  it('confirms every status with one lookup POST; the screen does not change and nothing shifts', async () => {
    const kitGate = gate();
    const lookupGate = gate();
    held.kit = kitGate.wait;
    held.lookup = lookupGate.wait;
    const p = await browser.newPage();
    const posts: string[] = [];
    p.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await p.addInitScript(() => {
      // Shifts from the moment the kit may run (\`since\`, set below): while a loaded machine paints
      // the page half-parsed, the parser's own growth of the page can count one before that.
      const w = window as unknown as { shifts: number; since: number };
      w.shifts = 0;
      w.since = Infinity;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; startTime: number }[]) if (e.startTime >= w.since) w.shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // the page as parsed, the kit's script still on its way (it holds DOMContentLoaded)
    await p.goto(`${origin}/`, { waitUntil: 'commit' });
    await p.getByRole('heading', { name: 'PayPal USD' }).waitFor();
    // parsed to the end (the held module script runs only after): the page the visitor sees
    await p.waitForFunction(() => document.readyState !== 'loading');
    const shots = [await screen(p)];
    await p.evaluate(() => {
      (window as unknown as { since: number }).since = performance.now();
    });
    // each badge's rendered root: its nodes, and the rules of its `<style>`
    const badgeRoots = (adopted: boolean) =>
      p.$$eval(
        'kyi-badge',
        (els, adopted) =>
          els.map((e) => {
            const root = e.shadowRoot!;
            const sheets = adopted ? root.adoptedStyleSheets : [...root.styleSheets];
            return { nodes: root.innerHTML.replace(/^<style>[^<]*<\/style>/, ''), rules: sheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)) };
          }),
        adopted,
      );
    const rendered = await badgeRoots(false);
    assert.equal(rendered.length, 2);
    // the kit runs; its lookup is out: every rendered status stays as it was
    held.kit = undefined;
    kitGate.open();
    await p.waitForFunction(() =>
      [...document.querySelectorAll('kyi-token-status[caip19], kyi-token-status[chain-slug], kyi-asset-card')].every((e) => (e as unknown as { status?: string }).status === 'loading'),
    );
    shots.push(await screen(p));
    // the kit rendered each badge again, from its attributes: the same nodes, the same styles (adopted now)
    await p.waitForFunction(() => [...document.querySelectorAll('kyi-badge')].every((e) => (e as unknown as { hasUpdated: boolean }).hasUpdated));
    assert.equal(await p.$$eval('kyi-badge', (els) => els.filter((e) => e.shadowRoot!.querySelector('style')).length), 0, 'the rendered roots are the kit’s own now');
    assert.deepEqual(await badgeRoots(true), rendered);
    // the answers agree: nothing changes either
    held.lookup = undefined;
    lookupGate.open();
    await settled(p);
    shots.push(await screen(p));
    assert.deepEqual(posts, [`${origin}/api/kyi/lookup`]);
    const [before, ...later] = shots.map((s) => PNG.sync.read(s));
    for (const [i, shot] of later.entries()) {
      assert.deepEqual([shot.width, shot.height], [before!.width, before!.height]);
      assert.equal(pixelmatch(before!.data, shot.data, undefined, shot.width, shot.height, { threshold: 0 }), 0, `the screen ${i ? 'after the answers' : 'while the kit looks up'}, as it was before the kit ran`);
    }
    // Nothing a visitor sees moves. (0 here on a quiet machine; on a loaded one a run has measured
    // 0.00005 — a 5 px sliver of the rendered view at the viewport's bottom edge, cause not yet
    // found; the "good" CLS threshold is 0.1, #35's target 0.01.)
    assert.ok((await p.evaluate(() => (window as unknown as { shifts: number }).shifts)) <= 0.001);
    const statuses = await p.$$eval('kyi-token-status', (els) => els.map((e) => (e as unknown as { status: string }).status));
    assert.deepEqual(statuses, ['verified', 'verified', 'verified', 'unverified', 'not-found', 'invalid', 'verified']);
    await p.close();
  });

  it('renders nothing for kit tags a post wraps in <svg> or <math>: no kit text, no kit style on the page', async () => {
    for (const kitOn of [false, true]) {
      const context = await browser.newContext({ javaScriptEnabled: kitOn });
      const p = await context.newPage();
      await p.goto(`${origin}/svg-post${kitOn ? '' : '?kit=0'}`);
      const seen = await p.evaluate(() => ({
        sheets: document.styleSheets.length,
        rendered: document.querySelectorAll('[data-kyi-rendered], template, [part]').length,
        text: document.body.textContent ?? '',
        note: (document.querySelector('p.note') as HTMLElement).offsetHeight > 0,
      }));
      assert.equal(seen.sheets, 1, 'only the page’s own style sheet');
      assert.equal(seen.rendered, 0, 'no kit markup in the page');
      assert.doesNotMatch(seen.text, /verified/i);
      assert.ok(seen.note, 'the page’s own content stays shown');
      await context.close();
    }
  });

  it('ends a forged rendered "verified" on an unknown token as "Unknown token"; its status is never the markup’s', async () => {
    const lookupGate = gate();
    held.lookup = lookupGate.wait;
    const p = await browser.newPage();
    await p.goto(`${origin}/forged`);
    // the kit runs, its lookup is out: the element says loading, whatever its markup shows
    await p.waitForFunction(() => (document.querySelector('kyi-token-status') as unknown as { status?: string }).status === 'loading');
    // the page's markup stays on screen meanwhile, as it showed without the kit (page markup, never the status)
    assert.match(await p.locator('body').ariaSnapshot(), /KYI verified/);
    held.lookup = undefined;
    lookupGate.open();
    await settled(p);
    assert.equal(await p.$eval('kyi-token-status', (e) => (e as unknown as { status: string }).status), 'not-found');
    const text = await p.locator('body').ariaSnapshot();
    assert.match(text, /Unknown token/);
    assert.doesNotMatch(text, /verified/i);
    await p.close();
  });
});
