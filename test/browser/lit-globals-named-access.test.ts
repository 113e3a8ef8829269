/**
 * Posted markup named after one of lit-html's globals (`<img name="litHtmlVersions">`,
 * `<a id="litIssuedWarnings">`…), in the page before the kit is evaluated: `window`'s named
 * access would answer lit-html's reads of the global object with the element, and stop every
 * monitoring element (the display elements load no Lit). Each page is a frame of its own, so the
 * kit is evaluated afresh after the markup: its elements define, settle from the page's proxy
 * and are styled by their adopted stylesheets.
 */
import { expect } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import { randomAddress } from './helpers/display.js';

// The globals the development build of lit-html (the one these tests run, and a partner's dev
// server) reads. The production build reads `litHtmlVersions`, `litHtmlPolyfillSupport` and
// `trustedTypes` (Chromium has its own), and `emitLitDebugLogEvents` only turns on debug events:
// browser/lit-globals.ts defines those too, untested here.
const LIT_GLOBALS = ['litHtmlVersions', 'litIssuedWarnings', 'litHtmlPolyfillSupportDevMode'];

type FrameWindow = Window & typeof globalThis & { pageErrors: string[] };

/** A page holding `posted`, a token status (an address no fixture uses) and a change feed, then loading the kit's `entry`; resolves once loaded. */
async function page(posted: string, entry: string): Promise<FrameWindow> {
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html><html lang="en"><head><meta name="kyi:proxy-url" content="/api/kyi">
    <script>window.pageErrors = []; addEventListener('error', (e) => pageErrors.push(String(e.message)));</script></head>
    <body><div class="user-comment">${posted}</div>
    <kyi-token-status chain-slug="base" address="${randomAddress()}"></kyi-token-status>
    <kyi-change-feed></kyi-change-feed>
    <script type="module" src="${entry}"></script></body></html>`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return frame.contentWindow as FrameWindow;
}

/** The page's token status settled from the page's proxy, styled by the kit's adopted stylesheet. */
async function expectWorking(win: FrameWindow): Promise<void> {
  await win.customElements.whenDefined('kyi-token-status');
  const status = win.document.querySelector('kyi-token-status') as KyiTokenStatus;
  await status.settled;
  expect(win.pageErrors).to.deep.equal([]);
  // An address of its own: no other test's sandbox change (a token marked verified) reaches it.
  expect(status.status).to.equal('not-found');
  expect(status.shadowRoot!.adoptedStyleSheets.length).to.be.above(0);
  expect(status.shadowRoot!.querySelector('style')).to.equal(null);
  expect(win.getComputedStyle(status).display).to.equal('inline-block');
}

/** The page's change feed (lit-html's templates) settled, rendered and styled. */
async function expectMonitoringWorking(win: FrameWindow): Promise<void> {
  await win.customElements.whenDefined('kyi-change-feed');
  const feed = win.document.querySelector('kyi-change-feed') as KyiChangeFeed;
  await feed.settled;
  expect(win.pageErrors).to.deep.equal([]);
  expect(feed.shadowRoot!.childElementCount).to.be.above(0);
  expect(feed.shadowRoot!.adoptedStyleSheets.length).to.be.above(0);
  expect(win.getComputedStyle(feed).display).to.equal('block');
}

describe('lit-html\'s globals named by posted markup', () => {
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  for (const name of LIT_GLOBALS) {
    it(`<a id="${name}"> before kyi-monitoring.js: the monitoring elements still define, render and are styled`, async () => {
      const win = await page(`<a id="${name}">posted</a>`, '/src/entries/cdn/kyi-monitoring.ts');
      expect(win.document.getElementById(name)).to.be.instanceOf(win.HTMLAnchorElement);
      await expectMonitoringWorking(win);
    });
  }

  it('<img name="litHtmlVersions"> before kyi-elements.js: the display elements (no Lit) define, settle and are styled', async () => {
    const win = await page('<img name="litHtmlVersions" alt="">', '/src/entries/cdn/kyi-elements.ts');
    await expectWorking(win);
  });

  it('<img name="litHtmlVersions"> before the autoloader: the elements load, settle and are styled', async () => {
    const win = await page('<img name="litHtmlVersions" alt="">', '/src/entries/cdn/kyi-autoloader.ts');
    await expectWorking(win);
    await expectMonitoringWorking(win);
  });

  it('<img name="litHtmlVersions"> before the npm entry kyi-elements/define', async () => {
    const win = await page('<img name="litHtmlVersions" alt="">', '/src/entries/define.ts');
    await expectWorking(win);
    await expectMonitoringWorking(win);
  });
});
