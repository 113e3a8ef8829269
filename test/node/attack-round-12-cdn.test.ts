/**
 * Attack round 12 (h72): the autoloader's display file (`chunks/display.js`, with
 * `chunks/display.session-code.js`; src/entries/cdn/autoloaded.ts), attacked as a hostile page
 * input would: markup users post, a prototype-pollution gadget, a CDN attacker limited as Getting
 * started says. Served over real HTTP on loopback from dist/cdn (built once per run), in Chromium.
 *
 * Attack list (written from docs/security.md and Getting started's "Which file" before reading the code):
 * 1. Posted tags naming a file the build did not list: `<kyi-display>`, `<kyi-display.session-code>`
 *    (a dot is a valid custom element name), `<kyi-session-code>`, `<kyi-lookup>`, `<kyi-text-parts>`,
 *    `<kyi-autoloader>`, `<kyi-__proto__>`; the same names and the display tags polluted on
 *    `Object.prototype` and as enumerable `Array.prototype` indices; a late posted `<base href>`;
 *    display tags inside `<svg>` and `<template>` (counted as kinds?).
 * 2. Defined twice (display file + own chunk), two copies of the lookup client or configuration.
 * 3. Elements added later stopped; the display file's failure unreported or blamed on the wrong party.
 * 4. A posted `<link rel="modulepreload">` of display.js / display.session-code.js.
 * 5. The verify button from the display file: its session code pinned by the import map.
 * 6. `define` itself: what the registry reads from each class (adoptedCallback…) under pollution.
 *
 * Results (Chromium):
 * - 1 holds (test below): the file is `display` or a listed tag's name, never one from the page; the
 *   import is relative to the autoloader's own module (no `<base>`); `<svg>`/`<template>` tags are
 *   not undefined HTML elements, so they count as no kind.
 * - 2 holds (read): `requested` is one Set for both paths (the display file marks its four tags, a
 *   tag requested alone skips the display file); the display file imports `../kyi-autoloader.js`
 *   and `./lookup.js` as the chunks do, and carries only text-parts' stateless helpers twice
 *   (beside monitoring.js); `defineElement` never throws for a tag already defined.
 * - 3: the display file fails as one (each of its four tags told), as the display-file test holds.
 *   6 WORKED, and made 3 worse: a polluted `adoptedCallback`, `connectedMoveCallback`,
 *   `disabledFeatures` (or `formAssociated` with a form callback) made `define` throw, so no element
 *   was defined in any entry, and the autoloader told each element `not_configured` ("could not be
 *   loaded"), the site blamed. Open: the fix (register.ts, commit fcb9dd3) costs 62 B on the badge
 *   page, over its budget; test/browser/attack-round-12.test.ts shows it (skipped until it lands).
 * - 4: a posted link with a wrong `integrity` for display.js stops the three or four kinds the
 *   display file carries, until the next sighting of each, which loads that kind's own chunk: what
 *   docs/security.md says of a chunk, now for up to four tags at once (documented there; not kept
 *   as a test, the platform's). For display.session-code.js it is the verify button's own chunk's
 *   case. A link with the attacker's own `integrity` is the platform's, documented for every chunk.
 * - 5 holds (test below): tampered session-code bytes the import map pins never run.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext } from 'playwright-core';
import { clickVerifyButton, cdnSiteAndChromium } from './helpers/cdn-and-site.js';

let close: (() => Promise<void>) | undefined;
let browser: Browser;
let cdnOrigin: string;
let siteOrigin: string;
let integrity: Record<string, string>;
let page = '';
let tampered: Record<string, string> = {};
let asked: string[] = [];

before(async () => {
  ({ cdnOrigin, siteOrigin, browser, close } = await cdnSiteAndChromium({
    page: () => page,
    tampered: () => tampered,
    asked: (path) => asked.push(path),
  }));
  integrity = JSON.parse(await readFile('dist/cdn/integrity.json', 'utf8')) as Record<string, string>;
});
after(() => close?.());

const ADDRESS = '0x1111111111111111111111111111111111111111';
const DISPLAY = `<kyi-badge></kyi-badge><kyi-token-status address="${ADDRESS}" chain-slug="base"></kyi-token-status>
<kyi-asset-card address="${ADDRESS}" chain-slug="base"></kyi-asset-card><kyi-verify-button address="${ADDRESS}" chain-slug="base"></kyi-verify-button>`;

/** Getting started's script-tag page: `head` (before the kit), the autoloader, `body`; each `kyi-error` kept. */
const autoloaderPage = (body: string, head = '') => `<!doctype html><html lang="en"><head><title>Display file</title>
<meta name="kyi:widget-url" content="${cdnOrigin}/widget">${head}
<script>window.heard = []; document.addEventListener('kyi-error', (e) => heard.push(e.target.localName + ' ' + e.detail.code + ' ' + e.detail.message));</script>
<script type="module" src="${cdnOrigin}/kyi-autoloader.js" crossorigin="anonymous"></script>
</head><body>${body}</body></html>`;

const DISPLAY_TAGS = ['kyi-badge', 'kyi-token-status', 'kyi-asset-card', 'kyi-verify-button'];

describe('attack round 12: the autoloader’s display file', () => {
  let context: BrowserContext;
  beforeEach(async () => {
    context = await browser.newContext();
    asked = [];
    tampered = {};
  });
  afterEach(async () => {
    await context?.close();
  });

  it('attack 1 (held): posted tags, polluted prototypes, a late <base>, <svg> and <template> load no file the build does not list, and from nowhere else', async () => {
    const names = [
      'kyi-display',
      'kyi-display.session-code',
      'kyi-session-code',
      'kyi-lookup',
      'kyi-text-parts',
      'kyi-autoloader',
      'kyi-kyi-autoloader',
      'kyi-__proto__',
    ];
    // Enumerable and writable, as a merge gadget leaves them: each name, and each display tag, as an
    // Object.prototype key naming another file; Array.prototype indices past any list's length.
    const pollute = `<script>for (const key of ${JSON.stringify([...names, ...DISPLAY_TAGS, 'display', 'badge'])}) Object.prototype[key] = 'https://evil.example/x.js';
      for (let i = 0; i < 12; i++) Array.prototype[i] = ${JSON.stringify(names)}[i % ${names.length}];</script>`;
    page = autoloaderPage(
      // the partner's badge, then posted content: odd tags, display tags where no element upgrades
      `<kyi-badge id="own"></kyi-badge><div id="posts">${names.map((name) => `<${name}></${name}>`).join('')}
        <svg><kyi-token-status></kyi-token-status><kyi-asset-card></kyi-asset-card><kyi-verify-button></kyi-verify-button></svg>
        <template><kyi-token-status></kyi-token-status><kyi-asset-card></kyi-asset-card><kyi-verify-button></kyi-verify-button></template></div>`,
      pollute,
    );
    const tab = await context.newPage();
    const elsewhere: string[] = [];
    tab.on(
      'request',
      (request) =>
        new URL(request.url()).origin !== cdnOrigin && new URL(request.url()).origin !== siteOrigin && elsewhere.push(request.url()),
    );
    await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
    await tab.waitForFunction(() => customElements.get('kyi-badge'), undefined, { timeout: 10_000 });
    // Only the badge was on the page: its own chunk, no display file for tags in <svg> / <template>.
    assert.deepEqual(asked.filter((path) => path.endsWith('.js')).sort(), ['/chunks/badge.js', '/kyi-autoloader.js']);
    // Later posts, one task each: a <base> first, then the odd names and three display kinds at once.
    await tab.evaluate(() => document.body.insertAdjacentHTML('afterbegin', '<base href="https://evil.example/">'));
    await tab.evaluate(
      ([odd, address]) =>
        document
          .getElementById('posts')!
          .insertAdjacentHTML(
            'beforeend',
            `${odd}<kyi-token-status address="${address}" chain-slug="base"></kyi-token-status><kyi-asset-card address="${address}" chain-slug="base"></kyi-asset-card><kyi-verify-button></kyi-verify-button>`,
          ),
      [names.map((name) => `<${name}></${name}>`).join(''), ADDRESS],
    );
    await tab.waitForFunction((tags) => tags.every((tag) => customElements.get(tag)), DISPLAY_TAGS, { timeout: 10_000 });
    // The badge was requested alone before: the other kinds take their own chunks, from the CDN.
    assert.deepEqual(
      asked.filter(
        (path) => !/^\/(kyi-autoloader|chunks\/(badge|token-status|asset-card|verify-button|lookup|text-parts))\.js$/.test(path),
      ),
      [],
      'nothing else asked of the CDN',
    );
    assert.deepEqual(elsewhere, [], 'nothing asked of another origin');
    for (const name of names) assert.equal(await tab.evaluate((n) => customElements.get(n), name), undefined, `<${name}> defined`);
    assert.deepEqual(
      (await tab.evaluate(() => (window as unknown as { heard: string[] }).heard)).filter((line) => line.includes('could not be loaded')),
      [],
    );
  });

  it('attack 1b (held): under the same pollution, three posted kinds at once take the display file from the CDN, past a posted <base>', async () => {
    page = autoloaderPage(
      `<base href="https://evil.example/">${DISPLAY}`,
      `<script>for (const key of ['display', 'kyi-display', 'badge', 'kyi-badge']) Object.prototype[key] = 'https://evil.example/x.js';</script>`,
    );
    const tab = await context.newPage();
    const elsewhere: string[] = [];
    tab.on(
      'request',
      (request) => !request.url().startsWith(cdnOrigin) && !request.url().startsWith(siteOrigin) && elsewhere.push(request.url()),
    );
    await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
    await tab.waitForFunction((tags) => tags.every((tag) => customElements.get(tag)), DISPLAY_TAGS, { timeout: 10_000 });
    const shown = await clickVerifyButton(tab);
    assert.ok(shown.frame ?? shown.alert);
    assert.deepEqual(asked.filter((path) => path.endsWith('.js')).sort(), [
      '/chunks/display.js',
      '/chunks/display.session-code.js',
      '/chunks/lookup.js',
      '/kyi-autoloader.js',
    ]);
    assert.deepEqual(elsewhere, []);
  });

  it('attack 5 (held): the verify button from the display file runs no session code its import map does not pin', async () => {
    // A CDN serving other bytes for the display file's session code; the page pins every chunk, as Getting started says.
    tampered = {
      '/chunks/display.session-code.js': 'window.pwned = true; export default {};',
    };
    const map = Object.fromEntries(
      Object.entries(integrity)
        .filter(([file]) => file.startsWith('chunks/'))
        .map(([file, value]) => [`${cdnOrigin}/${file}`, value]),
    );
    page = autoloaderPage(DISPLAY, `<script type="importmap">${JSON.stringify({ integrity: map })}</script>`);
    const tab = await context.newPage();
    await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
    await tab.waitForFunction((tags) => tags.every((tag) => customElements.get(tag)), DISPLAY_TAGS, { timeout: 10_000 });
    const shown = await clickVerifyButton(tab);
    assert.ok(asked.includes('/chunks/display.session-code.js'), 'the session code was asked for');
    assert.equal(await tab.evaluate(() => (window as unknown as { pwned?: boolean }).pwned), undefined, 'the tampered session code ran');
    assert.equal(shown.frame, undefined, 'the drawer opened');
    assert.ok(shown.alert, 'the button says it could not start');
  });
});
