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
 * 2. A numeric attribute past what a timer holds. The base converts `refresh-interval` with
 *    `Number()` (Lit's rule): `"Infinity"`, `"1e300"` or `"3000000"` (seconds) are numbers above
 *    the 30 s floor, and the poll is scheduled `max(floor, seconds) * 1000` ms ahead. A browser keeps
 *    a timer's delay in 32 bits: one over 2^31 - 1 ms (24.8 days) fires at once. So a posted
 *    `<kyi-change-feed refresh-interval="Infinity">` polls as fast as the server answers (about a
 *    thousand reads a second in this harness), spending the Explorer budget (120 a minute) that
 *    every signed-in visitor of the partner's site shares, which the floor exists to protect
 *    (docs/security.md: "bounded (e.g. a refresh floor)"). A hostile upstream does the same with
 *    a 429 whose `Retry-After` is 999999999 s: the server piece passes the wait on, and the next
 *    poll, meant to wait it out, runs at once, again and again.
 * 3. `Object.prototype` polluted (a vulnerable query-string parser: `?__proto__[value]=1`) with a
 *    key a property descriptor or a shadow root's options read: the base's accessors are
 *    defined with descriptor literals, which inherit `value`/`writable` (then `defineProperty`
 *    throws: accessors and a value), lit-globals.ts's with one that inherits `get`; the shadow
 *    root's options inherit `customElementRegistry` (then `attachShadow` throws). Either way no
 *    element is defined, or it gets no shadow root: a posted forged root stays on screen, and a
 *    posted `<kyi-token-status>✔ KYI verified</kyi-token-status>` shows its children as the
 *    status. The declarations inherit too: `state` or `attribute` polluted, no element follows
 *    its attributes, and every status on the page stays idle. docs/security.md:
 *    "`Object.prototype` … nothing of the configuration", and a posted root "is emptied … when
 *    the element upgrades".
 * 4. A posted root still streaming in when the kit defines its elements (an `async` script, the
 *    autoloader loading a chunk when it sees a tag, a page written in parts). The upgrade empties
 *    the root and makes it the element's own (`ownShadowRoot`), but the parser is still inside
 *    the `<template shadowrootmode>`: the rest of it is parsed into that same root, after the
 *    element's own nodes, and never leaves. A post ending `<style>:host>*:not(.posted){display:
 *    none!important}</style><span class="posted">✔ KYI verified</span></template>` then hides the
 *    kit's status for good and shows its own claim, whatever the lookup answered. In a
 *    `<kyi-verify-button>` a late `<style>` stays beside the drawer, whose frame's address carries
 *    the visitor's access token: attribute selectors (`iframe[src*="token="]`, then one per prefix
 *    with a `background: url(…)` each) can read it out.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import { randomAddress, stubProxy } from './helpers/display.js';
import { manualPollTimers } from './helpers/explorer.js';
import { signIn, testEnv as verifyEnv } from './helpers/verify-button.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';

/** The longest delay a browser timer keeps (ms); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The floor of `refresh-interval` (KyiMonitoringElement.minRefreshSeconds), ms. */
const FLOOR_MS = 30_000;
/** A feed of this file's own (a proxy the page lists as trusted). */
const FEED = `/api/attack-base-feed-${crypto.randomUUID()}`;

type FrameWindow = Window & typeof globalThis & { pageErrors: string[] };

/** A fake claim in a posted declarative root. */
const FAKE = '<span id="posted">✔ KYI verified</span>';

/** A page running `pageScript` in its head, holding `posted` (a user's post), then loading the kit's `entry` as a module script (run once the body is parsed); resolves once loaded. */
async function page(posted: string, entry: string, pageScript = ''): Promise<FrameWindow> {
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html><html lang="en"><head><meta name="kyi:proxy-url" content="/api/kyi">
    <script>window.pageErrors = []; addEventListener('error', (e) => pageErrors.push(String(e.message)));${pageScript}</script></head>
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

/**
 * A page written in two parts (as a slow network or a streamed page delivers it): `head`, then
 * the body up to `first` (a post whose root is still open), then the kit's CDN file, run before
 * the rest arrives; `rest` finishes the page. Resolves once the rest is written.
 */
async function streamedPage(head: string, first: string, rest: string): Promise<FrameWindow> {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const win = frame.contentWindow as FrameWindow;
  const doc = win.document;
  doc.open();
  doc.write(`<!doctype html><html lang="en"><head><meta name="kyi:proxy-url" content="/api/kyi">${head}</head><body><div class="user-comment">${first}`);
  const kit = doc.createElement('script');
  kit.type = 'module';
  kit.src = '/src/entries/cdn/kyi-elements.ts';
  const ran = new Promise((resolve) => kit.addEventListener('load', resolve, { once: true }));
  doc.head.append(kit);
  await ran;
  doc.write(`${rest}</div></body></html>`);
  doc.close();
  return win;
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

  for (const key of ['value', 'writable', 'get', 'customElementRegistry', 'state', 'attribute']) {
    it(`Object.prototype.${key} polluted before kyi-elements/define: every element defines, renders its own root, and shows nothing posted`, async () => {
      const win = await page(
        `<kyi-token-status id="forged" chain-slug="base" address="${randomAddress()}"><template shadowrootmode="open">${FAKE}</template></kyi-token-status>
        <kyi-token-status id="children" chain-slug="base" address="${randomAddress()}">${FAKE}</kyi-token-status>`,
        '/src/entries/define.ts',
        `Object.prototype[${JSON.stringify(key)}] = '1';`,
      );
      await kitRan(win, 'kyi-token-status');
      // Failed before the base's descriptors and shadow root options were null-prototype objects:
      // "Invalid property descriptor. Cannot both specify accessors and a value or writable attribute" (value, writable),
      // "Getter must be a function: 1" (get), "Failed to read the 'customElementRegistry' property from 'ShadowRootInit'";
      // and before declarations were read from their own keys: `idle` (state: no attribute observed; attribute: all named "1").
      expect(win.pageErrors).to.deep.equal([]);
      for (const id of ['forged', 'children']) {
        const status = win.document.getElementById(id) as KyiTokenStatus;
        await status.settled;
        expect(status.status).to.equal('not-found');
        const root = status.shadowRoot!;
        expect(root, 'the element renders into its own root (its children are not shown)').to.be.instanceOf(win.ShadowRoot);
        expect(root.querySelector('#posted')).to.equal(null);
        expect(root.textContent).to.contain('Unknown token');
        expect(root.querySelector('slot')).to.equal(null);
      }
    });
  }

  for (const [tag, attributes] of [
    ['kyi-token-status', `chain-slug="base" address="${randomAddress()}"`],
    ['kyi-badge', 'credential="proof_of_collateral"'],
  ] as const) {
    it(`a posted root still being parsed when <${tag}> upgrades: nothing of it is left in the element's root`, async () => {
      // The page arrives in parts: the post's root is open when the kit's script runs.
      const win = await streamedPage(
        '',
        `<${tag} ${attributes}><template shadowrootmode="open"><span class="early">posted</span>`,
        `<style id="posted-style">:host>*:not(.posted){display:none!important}</style><span id="posted" class="posted">✔ KYI verified</span></template></${tag}>`,
      );
      const el = win.document.querySelector(tag) as HTMLElement & { updateComplete: Promise<unknown>; settled?: Promise<void>; renderRoot: ShadowRoot };
      await (el.settled ?? el.updateComplete);
      await el.updateComplete;
      const root = el.renderRoot;
      // Failed before the element waited for its root's markup to be parsed: the late <style> and "✔ KYI verified" stayed in its root, its own nodes display:none.
      expect(root.querySelector('#posted, #posted-style, .early')).to.equal(null);
      expect(root.textContent).not.to.contain('✔');
      const own = root.querySelector('[part~="base"]')!;
      expect(win.getComputedStyle(own).display).not.to.equal('none');
      if (tag === 'kyi-token-status') expect((el as unknown as KyiTokenStatus).status).to.equal('not-found');
    });
  }

  it('a posted root still being parsed when <kyi-verify-button> upgrades: no posted style reaches the drawer\'s frame (its address carries the access token)', async () => {
    await signIn();
    const { widgetUrl } = await verifyEnv();
    const win = await streamedPage(
      `<meta name="kyi:widget-url" content="${widgetUrl}">`,
      '<kyi-verify-button><template shadowrootmode="open"><span class="early"></span>',
      '<style id="posted-style">iframe[src*="token="]{border:5px solid red!important}</style></template></kyi-verify-button>',
    );
    const button = win.document.querySelector('kyi-verify-button') as KyiVerifyButton;
    await button.updateComplete;
    const ready = new Promise((resolve) => button.addEventListener('kyi-ready', resolve, { once: true }));
    button.shadowRoot!.querySelector<HTMLButtonElement>('button[part="button"]')!.click();
    await ready;
    const drawerFrame = button.shadowRoot!.querySelector('iframe')!;
    expect(drawerFrame.src).to.contain('token=');
    // Failed before the element waited for its root's markup to be parsed: the late <style> stayed in its root, and selected the frame by its token.
    expect(button.shadowRoot!.querySelector('#posted-style')).to.equal(null);
    expect(win.getComputedStyle(drawerFrame).borderTopWidth).not.to.equal('5px');
    button.close?.();
  });

  describe('polling', () => {
    let timers: ReturnType<typeof manualPollTimers>;
    let reads: number;
    let answer: () => Response;
    let proxy: { restore(): void };
    beforeEach(() => {
      timers = manualPollTimers();
      configure({ trustedProxyUrls: [FEED] });
      reads = 0;
      answer = () => Response.json({ items: [], truncated: false });
      proxy = stubProxy(FEED, () => (reads++, answer()));
    });
    afterEach(() => {
      proxy.restore();
      timers.restore();
      resetConfig();
    });

    it('the premise: a timer longer than 2^31 - 1 ms fires at once', async () => {
      // No sleep: were the delay kept, this would never resolve (the test's timeout fails it).
      await new Promise((resolve) => setTimeout(resolve, MAX_TIMER_MS + 1));
      await new Promise((resolve) => setTimeout(resolve, Infinity));
    });

    for (const value of ['Infinity', '1e300', '3000000']) {
      it(`refresh-interval="${value}" schedules no poll sooner than the floor (none past what a timer keeps)`, async () => {
        const el = await fixture<KyiChangeFeed>(html`<kyi-change-feed hide-filters refresh-interval=${value} proxy-url=${FEED}></kyi-change-feed>`);
        await el.settled;
        expect(el.status).to.equal('ready');
        // Failed before the delay was bounded: [Infinity] / [1e303] / [3e9], each a timer that fires at once.
        for (const delay of timers.delays) expect(delay).to.be.within(FLOOR_MS, MAX_TIMER_MS);
        el.refreshInterval = 0;
      });
    }

    it('a 429 whose Retry-After no timer keeps (999999999 s, from a hostile upstream) schedules no poll at once', async () => {
      const el = await fixture<KyiChangeFeed>(html`<kyi-change-feed hide-filters refresh-interval="45" proxy-url=${FEED}></kyi-change-feed>`);
      await el.settled;
      expect(timers.delays).to.deep.equal([45_000]);
      answer = () => Response.json({ code: 'too_many_requests', message: 'Slow down' }, { status: 429, headers: { 'retry-after': '999999999' } });
      const failed = oneEvent(el, 'kyi-error');
      timers.fire();
      await failed;
      await el.settled;
      expect(reads).to.equal(2);
      // Failed before the delay was bounded: [999999999000], a timer that fires at once.
      expect(timers.delays).to.have.length(1);
      expect(timers.delays[0]).to.be.within(FLOOR_MS, MAX_TIMER_MS);
      el.refreshInterval = 0;
    });
  });
});
