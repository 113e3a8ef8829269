/**
 * Attack round 11 (h71): the autoloader's new load-failure reporting (entries/cdn/autoloader.ts:
 * a failed chunk load is a `kyi-error` on each element of the tag still undefined; page.ts
 * `loadFailureCode`), attacked as a hostile page input would. Served over real HTTP on loopback
 * from dist/cdn (built once per run), in Chromium.
 *
 * Attack list (written from docs/security.md and Getting started's failure paragraph before
 * reading the code):
 * 1. Counted twice: "the next element of that tag added to the page tries again", and a failure
 *    is told to "every element of that tag on the page". An element told once is still undefined
 *    when the retry fails: is it told again? A page that adds user content as it comes (comments,
 *    infinite scroll) while the chunk is down then hears each element once per later sighting.
 * 2. Posted tags that name no kit element (`<kyi-constructor>`, `<kyi-__proto__>`-like names the
 *    parser keeps, `<kyi-tostring>`), beside a polluted `Object.prototype` with those keys: does
 *    the autoloader load anything for them, or report a failure for them?
 * 3. A posted `<link rel="modulepreload">` of a tag's chunk with a wrong `integrity` (Getting
 *    started lists "an import map integrity that does not match" among the failures reported as
 *    the site's): its fetch, in flight when the autoloader imports the chunk, is the kit's import.
 * 4. (read, not tested) The message's text: `<tag> could not be loaded: ` and an `Error`'s
 *    message (Chromium's names the file, the kit's own address): the tag is one of the kit's (its
 *    loader table has no prototype), the file is derived from the autoloader's own URL; no posted
 *    input reaches either. A chunk's evaluation that throws is reported the same way.
 * 5. (read, not tested) Stopping later definitions: `discover` reads `localName` and the page's
 *    own `querySelectorAll` (page.ts); nothing a posted element carries can throw there, and the
 *    observer's options have no prototype (attack round 11).
 *
 * Results (Chromium):
 * - 1 is how the reporting works: each attempt that fails is told to every element of the tag
 *   still waiting, so an element present at the first failure hears `kyi-error` again at each
 *   later failed retry (a page adding user content as it comes while the chunk is down hears
 *   more of them). Telling each element once costs ~20 B gzip on every autoloader page, which
 *   the pages have no room for; Getting started says it instead (a listener shows its fallback
 *   and counts the outage once). Not kept as a test.
 * - 2 holds (the test below): nothing asked of the CDN for them, no `kyi-error` (it fails with a
 *   loader table that has a prototype: the polluted string is called, the observer's walk throws,
 *   no badge defined).
 * - 3 works (3 runs of 3 on loopback, and with the chunk 150 ms or 1.5 s slow): the element hears
 *   `not_configured`, "could not be loaded: Failed to fetch dynamically imported module", and
 *   stays undefined until the next sighting: the platform's (the import joins the posted link's
 *   fetch), documented in docs/security.md ("The kit's own code": keep `<link>` out of what users
 *   post), as round 10's posted modulepreloads are; not kept as a test.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cdnSiteAndChromium } from './helpers/cdn-and-site.js';

let close: (() => Promise<void>) | undefined;
let browser: Browser;
let cdnOrigin: string;
let siteOrigin: string;
let page = '';
let asked: string[] = [];

before(async () => {
  ({ cdnOrigin, siteOrigin, browser, close } = await cdnSiteAndChromium({
    page: () => page,
    tampered: () => ({}),
    asked: (path) => asked.push(path),
  }));
});
after(() => close?.());

/** Getting started's script-tag page: `head` (before the kit), the autoloader, `body`; each `kyi-error` kept as the target's id and code. */
const autoloaderPage = (body: string, head = '') => `<!doctype html><html lang="en"><head><title>Autoloader</title>${head}
<script>window.heard = []; document.addEventListener('kyi-error', (e) => heard.push({ id: e.target.id, code: e.detail.code }));</script>
<script type="module" src="${cdnOrigin}/kyi-autoloader.js" crossorigin="anonymous"></script>
</head><body>${body}</body></html>`;

const heard = (tab: Page) => tab.evaluate(() => (window as unknown as { heard: { id: string; code: string }[] }).heard);

describe('attack round 11: the autoloader’s load-failure reports', () => {
  let context: BrowserContext;
  beforeEach(async () => {
    context = await browser.newContext();
    asked = [];
  });
  afterEach(async () => {
    await context?.close();
  });

  it('attack 2 (held): posted kyi-* tags that name no element, under a polluted Object.prototype naming them, load nothing and hear nothing', async () => {
    // Writable and enumerable, as a merge gadget (`?__proto__[kyi-constructor]=…`) leaves them.
    const pollute = `<script>for (const key of ['kyi-constructor', 'kyi-tostring', 'kyi-x']) Object.prototype[key] = '${cdnOrigin}/evil.js';</script>`;
    page = autoloaderPage(
      '<kyi-constructor id="c"></kyi-constructor><kyi-tostring id="t"></kyi-tostring><kyi-x id="x"></kyi-x><kyi-badge id="b"></kyi-badge>',
      pollute,
    );
    const tab = await context.newPage();
    try {
      await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
      // A tag the kit has: defined, so the autoloader ran and saw the page.
      await tab.waitForFunction(() => customElements.get('kyi-badge'), undefined, { timeout: 10_000 });
      // A later posted one (user content rendered after load), seen by the observer.
      await tab.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<kyi-constructor id="c2"></kyi-constructor><kyi-badge id="b2"></kyi-badge>'));
      await tab.waitForFunction(() => document.getElementById('b2')!.matches(':defined'));
      assert.deepEqual(
        asked.filter((path) => !/^\/(kyi-autoloader\.js|chunks\/(badge|lookup|text-parts)\.js)$/.test(path)),
        [],
        'nothing else asked of the CDN',
      );
      assert.deepEqual(await heard(tab), []);
    } finally {
      await tab.close();
    }
  });
});
