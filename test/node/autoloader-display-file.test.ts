/**
 * The autoloader's display file (src/entries/cdn/autoloaded.ts): a page that shows three or four
 * kinds of display element at once loads their code as one file, `chunks/display.js`, beside the
 * core and the lookup chunk; a page with fewer kinds loads each kind's own chunk. What Chromium
 * asks the CDN for is what bench/size-budgets.ts `pageChunks` counts (the size budgets' pages), no
 * more; every element defines, the verify button's session code comes from the display file's
 * sibling, and a display file the CDN cannot serve is told to each element waiting for it, as a
 * chunk's failure is (autoloader-load-failure.test.ts). Served over real HTTP on loopback from
 * dist/cdn (built once per run).
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pageChunks, type AutoloaderManifest } from '../../bench/size-budgets.js';
import { clickVerifyButton, cdnSiteAndChromium } from './helpers/cdn-and-site.js';

let close: (() => Promise<void>) | undefined;
let browser: Browser;
let cdnOrigin: string;
let siteOrigin: string;
let manifest: AutoloaderManifest;
let page = '';
let missing: string[] = [];
let asked: string[] = [];

before(async () => {
  ({ cdnOrigin, siteOrigin, browser, close } = await cdnSiteAndChromium({
    page: () => page,
    tampered: () => ({}),
    missing: () => missing,
    asked: (path) => asked.push(path),
  }));
  manifest = JSON.parse(await readFile('dist/cdn/kyi-autoloader.manifest.json', 'utf8')) as AutoloaderManifest;
});
after(() => close?.());

const ELEMENTS: Record<string, string> = {
  badge: '<kyi-badge id="badge"></kyi-badge>',
  'token-status':
    '<kyi-token-status id="token-status" address="0x1111111111111111111111111111111111111111" chain-slug="base"></kyi-token-status>',
  'asset-card': '<kyi-asset-card id="asset-card" asset-id="eip155:1/erc20:0x1111111111111111111111111111111111111111"></kyi-asset-card>',
  'verify-button':
    '<kyi-verify-button id="verify-button" address="0x1111111111111111111111111111111111111111" chain-slug="base"></kyi-verify-button>',
};

/** The script-tag page of Getting started with the elements of `kinds`, and a listener keeping each `kyi-error`. */
const autoloaderPage = (kinds: string[]) => `<!doctype html><html lang="en"><head><title>Display elements</title>
<meta name="kyi:widget-url" content="${cdnOrigin}/widget">
<script>window.heard = []; document.addEventListener('kyi-error', (e) => heard.push({ id: e.target.id, message: e.detail.message }));</script>
<script type="module" src="${cdnOrigin}/kyi-autoloader.js" crossorigin="anonymous"></script>
</head><body>${kinds.map((kind) => ELEMENTS[kind]).join('')}</body></html>`;

/** The CDN files the page asked for (scripts only), in order. */
const scripts = () => asked.filter((path) => path.endsWith('.js'));
/** The files `pageChunks` counts for these kinds, as CDN paths. */
const counted = (kinds: string[]) => pageChunks(manifest, kinds).map((key) => `/${manifest[key]!.file}`);

async function defined(tab: Page, kinds: string[]): Promise<void> {
  await tab.waitForFunction(
    (tags) => tags.every((tag) => customElements.get(tag)),
    kinds.map((kind) => `kyi-${kind}`),
    { timeout: 10_000 },
  );
}

describe('the autoloader’s display file', () => {
  // Each test in its own context: no module or HTTP cache of another's.
  let context: BrowserContext;
  let tab: Page;
  beforeEach(async () => {
    context = await browser.newContext();
    tab = await context.newPage();
    missing = [];
    asked = [];
  });
  afterEach(async () => {
    await context?.close();
  });

  it('four kinds at once: the core, the display file and the lookup chunk, as the size budgets count; the verify button’s session code from beside the display file', async () => {
    const kinds = ['badge', 'token-status', 'asset-card', 'verify-button'];
    page = autoloaderPage(kinds);
    await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
    await defined(tab, kinds);
    assert.deepEqual(counted(kinds), ['/kyi-autoloader.js', '/chunks/display.js', '/chunks/lookup.js']);
    assert.deepEqual(scripts().sort(), counted(kinds).sort());

    // A kind added later is defined already: nothing more is asked for.
    await tab.evaluate(() => document.body.append(document.createElement('kyi-badge')));
    const shown = await clickVerifyButton(tab);
    assert.ok(shown.frame ?? shown.alert, 'the verify button opened its drawer');
    assert.deepEqual(scripts().sort(), [...counted(kinds), '/chunks/display.session-code.js'].sort());
    // (the site serves no server piece: the lookups' own errors are not the autoloader's)
    const heard = await tab.evaluate(() => (window as unknown as { heard: { message: string }[] }).heard);
    assert.deepEqual(
      heard.filter(({ message }) => message.includes('could not be loaded')),
      [],
    );
  });

  it('three kinds at once take the display file too; the fourth, added later, asks for nothing', async () => {
    page = autoloaderPage(['badge', 'token-status', 'asset-card']);
    await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
    await defined(tab, ['badge', 'token-status', 'asset-card', 'verify-button']);
    assert.deepEqual(scripts().sort(), counted(['badge', 'token-status', 'asset-card']).sort());
    assert.ok(scripts().includes('/chunks/display.js'));
    await tab.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), ELEMENTS['verify-button']!);
    await tab.waitForFunction(() => document.querySelector('kyi-verify-button')?.shadowRoot?.querySelector('button'));
    assert.deepEqual(scripts().sort(), counted(['badge', 'token-status', 'asset-card']).sort());
  });

  it('two kinds: each kind’s own chunk, and no code of the others', async () => {
    const kinds = ['badge', 'token-status'];
    page = autoloaderPage(kinds);
    await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
    await defined(tab, kinds);
    assert.deepEqual(counted(kinds).sort(), ['/chunks/badge.js', '/chunks/lookup.js', '/chunks/token-status.js', '/kyi-autoloader.js']);
    assert.deepEqual(scripts().sort(), counted(kinds).sort());
  });

  it('kinds found after one was loaded alone take their own chunks: no second copy of a defined element', async () => {
    page = autoloaderPage(['badge']);
    await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
    await defined(tab, ['badge']);
    const errors: string[] = [];
    tab.on(
      'console',
      (message) => message.type() === 'error' && /could not be loaded|already defined/.test(message.text()) && errors.push(message.text()),
    );
    // in one subtree, found at once
    await tab.evaluate(
      (html) => document.body.insertAdjacentHTML('beforeend', `<div>${html}</div>`),
      ['token-status', 'asset-card', 'verify-button', 'badge'].map((kind) => ELEMENTS[kind]).join(''),
    );
    await defined(tab, ['token-status', 'asset-card', 'verify-button']);
    assert.ok(!scripts().includes('/chunks/display.js'), 'the display file was asked for after the badge’s chunk');
    assert.deepEqual(errors, []);
  });

  it('a display file the CDN cannot serve is told to each element waiting for it; the next sighting loads the kind’s own chunk', async () => {
    missing = ['/chunks/display.js'];
    page = autoloaderPage(['badge', 'token-status', 'asset-card']);
    await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
    await tab.waitForFunction(() => (window as unknown as { heard: unknown[] }).heard.length >= 3, undefined, { timeout: 10_000 });
    const heard = (await tab.evaluate(() => (window as unknown as { heard: { id: string; message: string }[] }).heard)).sort((a, b) =>
      a.id.localeCompare(b.id),
    );
    assert.deepEqual(
      heard.map(({ id }) => id),
      ['asset-card', 'badge', 'token-status'],
    );
    for (const { id, message } of heard) {
      assert.ok(message.startsWith(`<kyi-${id}> could not be loaded: `), message);
      assert.ok(message.includes(`${cdnOrigin}/chunks/display.js`), `the message names the file: ${message}`);
    }
    await tab.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), ELEMENTS['token-status']!);
    await defined(tab, ['token-status']);
    assert.ok(scripts().includes('/chunks/token-status.js'));
  });
});
