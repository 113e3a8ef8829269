/**
 * Attack round on the kit's element base (issue #36): posted markup and hostile data against
 * reactive.ts, element-core.ts, lit-html.ts and lit-globals.ts.
 *
 * 1. A named element shadowing a document method lit-html reads while it is evaluated. lit-html
 *    walks templates with `document.createTreeWalker(document, 129)`, made once, when its module
 *    is evaluated; `Document` is `[LegacyOverrideBuiltIns]`, so a posted
 *    `<img name="createTreeWalker">` anywhere in the body (a module script runs after the whole
 *    body is parsed) *is* `document.createTreeWalker`, and lit-html's evaluation throws. Through
 *    an entry that brings the monitoring elements (`kyi-elements/define`, the package's main
 *    entry, the framework wrappers) the whole module graph fails: no element is defined, the
 *    display elements included, so the page's genuine statuses never render and a posted
 *    `<kyi-token-status>` carrying a `<template shadowrootmode>` that reads "✔ KYI verified"
 *    is never upgraded, its root never emptied (docs/security.md: "the root is emptied … when
 *    the element upgrades"; "markup named after a document method does not stop them").
 */
import { expect } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import { randomAddress } from './helpers/display.js';

type FrameWindow = Window & typeof globalThis & { pageErrors: string[] };

/** A fake claim in a posted declarative root. */
const FAKE = '<span id="posted">✔ KYI verified</span>';

/** A page holding `posted` (a user's post), then loading the kit's `entry` as a module script (run once the body is parsed); resolves once loaded. */
async function page(posted: string, entry: string): Promise<FrameWindow> {
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html><html lang="en"><head><meta name="kyi:proxy-url" content="/api/kyi">
    <script>window.pageErrors = []; addEventListener('error', (e) => pageErrors.push(String(e.message)));</script></head>
    <body><div class="user-comment">${posted}</div>
    <script type="module" src="${entry}"></script></body></html>`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return frame.contentWindow as FrameWindow;
}

/** Resolves once the frame's module scripts ran: the tag defined, or a page error reported. */
async function kitRan(win: FrameWindow, tag: string): Promise<void> {
  await Promise.race([
    win.customElements.whenDefined(tag),
    new Promise<void>((resolve) => {
      const check = () => (win.pageErrors.length > 0 ? resolve() : win.requestAnimationFrame(check));
      check();
    }),
  ]);
}

describe('attack round: the element base', () => {
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('a posted <img name="createTreeWalker"> before kyi-elements/define stops no element, and a forged root in a token status is emptied', async () => {
    const win = await page(
      `<img name="createTreeWalker" alt=""><kyi-token-status chain-slug="base" address="${randomAddress()}"><template shadowrootmode="open">${FAKE}</template></kyi-token-status><kyi-change-feed></kyi-change-feed>`,
      '/src/entries/define.ts',
    );
    await kitRan(win, 'kyi-token-status');
    // Failed before lit-globals.ts made createTreeWalker the document's method again before lit-html is evaluated:
    // ["Uncaught TypeError: d.createTreeWalker is not a function"], nothing defined, the posted "✔ KYI verified" shown as the status.
    expect(win.pageErrors).to.deep.equal([]);
    const status = win.document.querySelector('kyi-token-status') as KyiTokenStatus;
    await status.settled;
    expect(status.status).to.equal('not-found');
    expect(status.shadowRoot!.querySelector('#posted')).to.equal(null);
    expect(status.shadowRoot!.textContent).not.to.contain('✔');
    const feed = win.document.querySelector('kyi-change-feed') as KyiChangeFeed;
    await win.customElements.whenDefined('kyi-change-feed');
    await feed.settled;
    expect(feed.shadowRoot!.childElementCount).to.be.above(0);
  });
});
