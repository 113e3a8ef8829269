/**
 * The autoloader's chunk for a tag not arriving (the CDN answering 404 for it, the visitor
 * offline): every element of that tag on the page hears `kyi-error`, which bubbles to a listener
 * on `document`, so the partner's code can show a fallback or report the outage. The code says
 * whose it is (offline: the visitor's `network`; else the site's setup, `not_configured`), the
 * message names the tag and the file. The next sighting of the tag tries again. A chunk that
 * throws a value with no text (`Object.create(null)`, attack round 10's attack 2) is reported the
 * same way: the report reads no text from it. Served over real HTTP on loopback from dist/cdn
 * (built once per run), in Chromium.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cdnSiteAndChromium } from './helpers/cdn-and-site.js';

const CHUNK = '/chunks/token-status.js';

let close: (() => Promise<void>) | undefined;
let browser: Browser;
let cdnOrigin: string;
let siteOrigin: string;
let page = '';
let missing: string[] = [];
/** Bytes the CDN serves instead of a file's, by path. */
let tampered: Record<string, string> = {};
let asked: string[] = [];

before(async () => {
  ({ cdnOrigin, siteOrigin, browser, close } = await cdnSiteAndChromium({
    page: () => page,
    tampered: () => tampered,
    missing: () => missing,
    asked: (path) => asked.push(path),
  }));
});
after(() => close?.());

interface Heard {
  id: string;
  code: string;
  message: string;
  kit: boolean;
}

/** The script-tag page of Getting started: the autoloader, `body`, and a listener on `document` keeping each `kyi-error`. */
const autoloaderPage = (body: string) => `<!doctype html><html lang="en"><head><title>Autoloader</title>
<script>window.heard = []; document.addEventListener('kyi-error', (e) =>
  heard.push({ id: e.target.id, code: e.detail.code, message: e.detail.message, kit: e.bubbles && e.composed }));</script>
<script type="module" src="${cdnOrigin}/kyi-autoloader.js" crossorigin="anonymous"></script>
</head><body>${body}</body></html>`;

const heard = (tab: Page) => tab.evaluate(() => (window as unknown as { heard: Heard[] }).heard);

/** Waits until the page heard `count` errors, and answers them by element id. */
async function heardFrom(tab: Page, count: number): Promise<Heard[]> {
  await tab.waitForFunction((n) => (window as unknown as { heard: unknown[] }).heard.length >= n, count, { timeout: 10_000 });
  return (await heard(tab)).sort((a, b) => a.id.localeCompare(b.id));
}

/** Each element of `ids` heard one kit `kyi-error` with `code`, its message naming the tag and the file. */
function heardOnEach(errors: Heard[], ids: string[], code: string): void {
  assert.deepEqual(
    errors.map(({ id, code, kit }) => ({ id, code, kit })),
    ids.map((id) => ({ id, code, kit: true })),
  );
  for (const { message } of errors) {
    assert.match(message, /<kyi-token-status>/, 'the message names the tag');
    assert.ok(message.includes(`${cdnOrigin}${CHUNK}`), `the message names the file: ${message}`);
  }
}

/** Adds a `<kyi-token-status id>` to the page (a tag seen after the failure) and waits for its definition. */
async function addAndDefine(tab: Page, id: string): Promise<void> {
  await tab.evaluate((id) => document.body.append(Object.assign(document.createElement('kyi-token-status'), { id })), id);
  await tab.waitForFunction(() => customElements.get('kyi-token-status'));
}

describe('the autoloader when a tag’s code cannot be loaded', () => {
  // Each test in its own context: no module or HTTP cache of another's.
  let context: BrowserContext;
  beforeEach(async () => {
    context = await browser.newContext();
  });
  afterEach(async () => {
    await context?.close();
  });

  it('tells each element of the tag (a 404 of its chunk: the site’s not_configured), and the next sighting tries again', async () => {
    page = autoloaderPage('<kyi-token-status id="a"></kyi-token-status><p>text</p><kyi-token-status id="b"></kyi-token-status>');
    missing = [CHUNK];
    asked = [];
    const tab = await context.newPage();
    try {
      await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
      const errors = await heardFrom(tab, 2);
      heardOnEach(errors, ['a', 'b'], 'not_configured');
      assert.equal(await tab.evaluate(() => customElements.get('kyi-token-status')), undefined);

      // The file is back: a tag added later loads it, and the elements are defined.
      missing = [];
      await addAndDefine(tab, 'c');
      assert.equal(asked.filter((path) => path === CHUNK).length, 2, 'the chunk was asked for again');
      assert.equal((await heard(tab)).filter((e) => e.code === 'not_configured').length, 2, 'no failure reported for the retry');
    } finally {
      await tab.close();
    }
  });

  it('a chunk that throws a value with no text (Object.create(null)) is reported too, not a throw inside the report', async () => {
    page = autoloaderPage('<kyi-token-status id="a"></kyi-token-status>');
    missing = [];
    tampered = { [CHUNK]: 'throw Object.create(null);' };
    const tab = await context.newPage();
    try {
      await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
      const [error] = await heardFrom(tab, 1);
      assert.deepEqual(error, { id: 'a', code: 'not_configured', message: '<kyi-token-status> could not be loaded: ', kit: true });
    } finally {
      tampered = {};
      await tab.close();
    }
  });

  it('offline, the visitor’s network; back online, the next sighting loads it', async () => {
    page = autoloaderPage('<p>a page whose statuses arrive later</p>');
    missing = [];
    const tab = await context.newPage();
    try {
      await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
      await context.setOffline(true);
      await tab.evaluate(() => {
        for (const id of ['x', 'y']) document.body.append(Object.assign(document.createElement('kyi-token-status'), { id }));
      });
      const errors = await heardFrom(tab, 2);
      heardOnEach(errors, ['x', 'y'], 'network');

      await context.setOffline(false);
      await addAndDefine(tab, 'z');
    } finally {
      await context.setOffline(false);
      await tab.close();
    }
  });
});
