/**
 * DOM clobbering: user content whose elements are *named* like what a script reads from the
 * document. `<form name="head">` or `<object id="head">` makes `document.head` that element, so
 * a `<meta name="kyi:…">` inside it would look like the partner's configuration; an
 * `<img name="createElement">` replaces `document.createElement`; a `<form>` holding
 * `<input name="parentNode">` replaces that form's own `parentNode`. The kit reads the page
 * through browser/page.ts (the prototypes' own getters and methods), so none of it configures
 * or stops an element. Here the markup arrives after the kit was loaded; the files
 * page-clobbering-load and page-clobbering-bundle post it before the kit's code is evaluated.
 *
 * Every request this file causes at the evil origin is under a prefix of its own.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, getConfig, resetConfig } from '../../src/browser/config.js';
import type { KyiAssetCard } from '../../src/elements/asset-card/asset-card.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { testEnv, freshLookups } from './helpers/display.js';
import { EVIL_PREFIX, postUserContent, removeUserContent, watchEvil } from './helpers/evil.js';
import { frameOf, frameSrcWithOwnToken, innerButton, signIn } from './helpers/verify-button.js';

const RUN = `${EVIL_PREFIX}clobber-${crypto.randomUUID()}`;

/** Every kit meta tag, each pointing at the evil origin. */
const hostileMetas = (evil: string) => `
  <meta name="kyi:proxy-url" content="${evil}">
  <meta name="kyi:trusted-proxy-urls" content="${evil}">
  <meta name="kyi:token-endpoint" content="${evil}/token">
  <meta name="kyi:widget-url" content="${evil}">
  <meta name="kyi:badge-base-url" content="${evil}/badges">
  <meta name="kyi:locale" content="fr">`;

/** Named so that `document.head` is the posted element. */
const HEADS = {
  '<form name="head">': (inner: string) => `<form name="head">${inner}</form>`,
  '<object id="head">': (inner: string) => `<object id="head">${inner}</object>`,
};

describe('DOM clobbering: named elements in user content', () => {
  let evilOrigin: string;
  before(async () => {
    evilOrigin = (await testEnv()).evilUrl;
  });
  beforeEach(() => freshLookups());
  afterEach(() => {
    removeUserContent();
    resetConfig();
  });

  for (const [name, wrap] of Object.entries(HEADS)) {
    it(`${name} holding kyi:* meta tags configures nothing, read again on configure() or not: nothing reads "verified" from it, nothing leaves for it`, async () => {
      const prefix = `${RUN}/${name.includes('form') ? 'form' : 'object'}`;
      const evilSince = await watchEvil(prefix);
      const before = getConfig();
      const comment = postUserContent(wrap(hostileMetas(`${evilOrigin}${prefix}`)));
      // The premise: the page's own document.head is now the posted element.
      expect(document.head).to.equal(comment.firstElementChild);
      expect(getConfig()).to.deep.equal(before);
      configure({});
      expect(getConfig()).to.deep.equal(before);
      const status = await fixture<KyiTokenStatus>(
        html`<kyi-token-status address=${F.indexedNotVerified.address} chain-slug="base"></kyi-token-status>`,
      );
      const card = await fixture<KyiAssetCard>(html`<kyi-asset-card chain="ethereum" address=${F.unknown.address}></kyi-asset-card>`);
      await Promise.all([status.settled, card.settled]);
      expect(status.status).to.equal('unverified');
      expect(card.status).to.equal('not-found');
      expect(status.shadowRoot!.textContent).not.to.match(/KYI verified|Scam/);
      expect(await evilSince()).to.deep.equal([]);
    });
  }

  it('<form name="head"> with kyi:widget-url, then one click on the verify button: the token goes to the widget the <head> names, not to the form\'s', async () => {
    await signIn();
    const { widgetUrl } = await testEnv();
    // The partner configures through the real <head>, as script-tag pages do.
    const own = document.createElement('meta');
    own.name = 'kyi:widget-url';
    own.content = widgetUrl;
    document.head.append(own);
    try {
      configure({});
      expect(getConfig().widgetUrl).to.equal(widgetUrl.replace(/\/+$/, ''));
      const evilSince = await watchEvil(`${RUN}/widget`);
      postUserContent(HEADS['<form name="head">'](hostileMetas(`${evilOrigin}${RUN}/widget`)));
      configure({});
      const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
      const opened = oneEvent(el, 'kyi-open');
      innerButton(el).click();
      await opened;
      expect(frameSrcWithOwnToken(el).origin).to.equal(new URL(widgetUrl).origin);
      el.close();
      expect(await evilSince()).to.deep.equal([]);
    } finally {
      own.remove();
    }
  });

  it('<img name="createElement"> and "createElementNS" beside a badge: the badge still draws', async () => {
    const comment = postUserContent(`<img name="createElement" alt=""><img name="createElementNS" alt=""><kyi-badge></kyi-badge>`);
    try {
      // The premise: the document's own method is the posted element now.
      expect(document.createElement).to.be.instanceOf(HTMLImageElement);
      const badge = comment.querySelector('kyi-badge')!;
      await (badge as unknown as { updateComplete: Promise<unknown> }).updateComplete;
      expect(badge.shadowRoot!.querySelector('[part~="label"], [part~="image"]')).to.exist;
    } finally {
      comment.remove();
    }
  });

  it('elements named like the document\'s properties and methods, and a form shadowing its own, stop no element: statuses settle, the drawer opens', async () => {
    // The document's node factories too: the display elements make their nodes through the
    // references page.ts kept (Lit's templates, which read them from the document itself, are
    // the monitoring elements' only; see docs/security.md, "Page inputs").
    await signIn();
    configure({ widgetUrl: (await testEnv()).widgetUrl });
    const names = ['defaultView', 'body', 'documentElement', 'head', 'querySelector', 'querySelectorAll', 'addEventListener', 'removeEventListener', 'visibilityState', 'featurePolicy', 'createElement', 'createElementNS', 'createTextNode', 'createComment', 'importNode'];
    const comment = postUserContent(`
      ${names.map((n) => `<img name="${n}" alt="">`).join('')}
      <form><input name="getAttribute"><input name="parentNode">
        <kyi-token-status address="${F.indexedNotVerified.address}" chain-slug="base"></kyi-token-status>
        <kyi-verify-button></kyi-verify-button>
      </form>`);
    try {
      // The premise: the document's own properties are the posted elements now.
      expect(document.defaultView).to.be.instanceOf(HTMLImageElement);
      const status = comment.querySelector<KyiTokenStatus>('kyi-token-status')!;
      await status.settled;
      expect(status.status).to.equal('unverified');
      const button = comment.querySelector<KyiVerifyButton>('kyi-verify-button')!;
      await button.updateComplete;
      const opened = oneEvent(button, 'kyi-open');
      innerButton(button).click();
      await opened;
      expect(frameOf(button)).to.be.instanceOf(HTMLIFrameElement);
      button.close();
    } finally {
      comment.remove();
    }
  });
});
