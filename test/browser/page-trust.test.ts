/**
 * A partner page where the partner's own elements sit beside user-posted hostile markup:
 * elements whose `proxy-url` points at a foreign "evil" origin (a scam proxy answering
 * "verified" for everything, run by the harness, recording every request it receives) and
 * `<meta name="kyi:…">` tags posted into the body. Nothing may show "verified" from the
 * foreign answer, and no request, lookup or token may go to or come from the foreign origin.
 *
 * Every request this file causes at the evil origin on purpose is under a path prefix of its
 * own, so the counts here never depend on another test file.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, configuredWidgetUrl, getConfig, resetConfig } from '../../src/browser/config.js';
import type { KyiAssetCard } from '../../src/elements/asset-card/asset-card.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import type { KyiWatchlist } from '../../src/elements/watchlist/watchlist.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { randomAddress, recordEvents, testEnv, freshLookups } from './helpers/display.js';
import { EVIL_PREFIX, evilLog as evilLogAt, postUserContent, removeUserContent, watchEvil } from './helpers/evil.js';
import { frameOf, frameSrcWithOwnToken, innerButton, postFromFrame, signIn } from './helpers/verify-button.js';

const RUN = `${EVIL_PREFIX}${crypto.randomUUID()}`;
let evilOrigin: string;
let evil: string;

/** What reached the evil origin from this file (`sub` narrows to one test's prefix). */
const evilLog = (sub = '') => evilLogAt(RUN + sub);

/** Records console.warn calls while installed. */
function recordWarnings(): { readonly messages: string[]; restore(): void } {
  const original = console.warn;
  const messages: string[] = [];
  console.warn = (...args: unknown[]) => void messages.push(args.map(String).join(' '));
  return { messages, restore: () => void (console.warn = original) };
}

describe('a page with hostile user content', () => {
  before(async () => {
    evilOrigin = (await testEnv()).evilUrl;
    evil = `${evilOrigin}${RUN}`;
  });
  beforeEach(() => freshLookups());
  afterEach(() => {
    removeUserContent();
    resetConfig();
  });

  it('a foreign proxy-url is refused: error state with a stable code, one warning naming the attribute, nothing fetched', async () => {
    const warnings = recordWarnings();
    try {
      const partner = await fixture<KyiTokenStatus>(
        html`<kyi-token-status address=${F.indexedNotVerified.address} chain-slug="base"></kyi-token-status>`,
      );
      const hostile = document.createElement('kyi-token-status');
      const errors = recordEvents(hostile, ['kyi-error']);
      hostile.setAttribute('proxy-url', `${evil}/a`);
      hostile.setAttribute('address', F.indexedNotVerified.address);
      hostile.setAttribute('chain-slug', 'base');
      partner.after(hostile);
      await Promise.all([partner.settled, hostile.settled]);
      expect(partner.status).to.equal('unverified');
      expect(hostile.status).to.equal('error');
      expect(errors.map((e) => (e.detail as { code: string }).code)).to.deep.equal(['untrusted_proxy_url']);
      expect(hostile.shadowRoot!.querySelector('[part~="error"]')!.textContent).to.contain('does not trust');
      // Re-rendering (a configure() call, a language change) does not warn again.
      configure({ locale: 'en' });
      await hostile.updateComplete;
      await hostile.refresh();
      expect(warnings.messages.filter((m) => m.includes('proxy-url'))).to.have.length(1);
      expect(warnings.messages[0]).to.contain(`${evil}/a`);
      expect(await evilLog('/a')).to.deep.equal([]);
    } finally {
      warnings.restore();
    }
  });

  it('nothing shows "verified" from a foreign answer, however the markup arrives', async () => {
    const comment = postUserContent(`
      <kyi-token-status proxy-url="${evil}/b" address="${F.indexedNotVerified.address}" chain-slug="base"></kyi-token-status>
      <kyi-asset-card proxy-url="${evil}/b" chain="base" address="${F.indexedNotVerified.address}"></kyi-asset-card>
      <kyi-watchlist proxy-url="${evil}/b"></kyi-watchlist>`);
    const status = comment.querySelector<KyiTokenStatus>('kyi-token-status')!;
    const card = comment.querySelector<KyiAssetCard>('kyi-asset-card')!;
    const watchlist = comment.querySelector<KyiWatchlist>('kyi-watchlist')!;
    await Promise.all([status.settled, card.settled, watchlist.settled]);
    expect([status.status, card.status, watchlist.status]).to.deep.equal(['error', 'error', 'error']);
    for (const el of [status, card, watchlist]) expect(el.shadowRoot!.textContent).not.to.match(/verified/i);
    // A framework setting the property instead of the attribute is held to the same rule.
    const own = await fixture<KyiTokenStatus>(html`<kyi-token-status address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`);
    await own.settled;
    own.proxyUrl = `${evil}/b`;
    await own.settled;
    expect(own.status).to.equal('error');
    expect(await evilLog('/b')).to.deep.equal([]);
  });

  it('kyi:* meta tags posted into the body configure nothing', async () => {
    const before = getConfig();
    postUserContent(`
      <meta name="kyi:proxy-url" content="${evil}/c">
      <meta name="kyi:token-endpoint" content="${evil}/c/token">
      <meta name="kyi:widget-url" content="${evil}/c/widget">
      <meta name="kyi:trusted-proxy-urls" content="${evil}/c">
      <meta name="kyi:badge-base-url" content="${evil}/c/badges">`);
    expect(getConfig()).to.deep.equal(before);
    // Read again, as on each configure(): still only the <head>.
    configure({});
    expect(getConfig()).to.deep.equal(before);
    const el = await fixture<KyiTokenStatus>(
      html`<kyi-token-status address=${F.indexedNotVerified.address} chain-slug="base"></kyi-token-status>`,
    );
    await el.settled;
    expect(el.status).to.equal('unverified');
    expect(await evilLog('/c')).to.deep.equal([]);
  });

  it('a <base href> posted into the body does not move the configured proxy, token endpoint, widget or badge base', async () => {
    configure({ badgeBaseUrl: '/badges', widgetUrl: '/vendor' });
    postUserContent(`<base href="${evil}/g/">`);
    expect(new URL(getConfig().badgeBaseUrl, document.baseURI).origin).to.equal(location.origin);
    expect(document.baseURI).to.equal(`${evil}/g/`);
    expect(new URL(getConfig().proxyUrl, document.baseURI).origin).to.equal(location.origin);
    expect(new URL(getConfig().tokenEndpoint, document.baseURI).origin).to.equal(location.origin);
    // the widget frame's address carries the user's access token
    expect(new URL(getConfig().widgetUrl, document.baseURI).origin).to.equal(location.origin);
    expect(new URL(configuredWidgetUrl(), document.baseURI).origin).to.equal(location.origin);
    const el = await fixture<KyiTokenStatus>(
      html`<kyi-token-status address=${F.indexedNotVerified.address} chain-slug="base"></kyi-token-status>`,
    );
    await el.settled;
    expect(el.status).to.equal('unverified');
    // the partner's own relative badge link still points at the partner's page
    const badge = await fixture(html`<kyi-badge href="/tokens/pyusd"></kyi-badge>`);
    expect(badge.shadowRoot!.querySelector('a')!.getAttribute('href')).to.equal(`${location.origin}/tokens/pyusd`);
    expect(await evilLog('/g')).to.deep.equal([]);
  });

  it('the verify button takes its token from the page origin and opens the configured widget, whatever the markup says', async () => {
    const { widgetUrl } = await testEnv();
    configure({ widgetUrl });
    postUserContent(`
      <meta name="kyi:token-endpoint" content="${evil}/d/token">
      <meta name="kyi:widget-url" content="${evil}/d/widget">`);
    const requested: string[] = [];
    const original = window.fetch;
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
      requested.push(url.href);
      if (url.origin === location.origin && url.pathname === '/api/kyi/token')
        return Promise.resolve(new Response(JSON.stringify({ accessToken: 'partner-token' }), { headers: { 'content-type': 'application/json' } }));
      return original.call(window, input, init);
    }) as typeof fetch;
    try {
      const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button proxy-url=${`${evil}/d`}></kyi-verify-button>`);
      const opened = oneEvent(el, 'kyi-open');
      el.shadowRoot!.querySelector('button')!.click();
      await opened;
      const src = new URL(el.shadowRoot!.querySelector('iframe')!.src);
      expect(src.origin).to.equal(new URL(widgetUrl).origin);
      expect(src.searchParams.get('token')).to.equal('partner-token');
      el.close();
      expect(requested).to.deep.equal([`${location.origin}/api/kyi/token`]);
      expect(await evilLog('/d')).to.deep.equal([]);
    } finally {
      window.fetch = original;
    }
  });

  it('a proxy URL the partner listed in configure({ trustedProxyUrls }) is honoured', async () => {
    configure({ trustedProxyUrls: [`${evil}/e`] });
    const el = await fixture<KyiTokenStatus>(
      html`<kyi-token-status proxy-url=${`${evil}/e`} address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`,
    );
    await el.settled;
    expect(el.status).to.equal('verified');
    expect((await evilLog('/e')).filter((r) => r.method === 'POST').map((r) => r.path)).to.deep.equal([`${RUN}/e/lookup`]);
  });

  it('upstream URLs become links or images only when absolute http(s), never resolved against the page', async () => {
    // The listed proxy answers an asset with `/evil-image.png`, `/evil-website`, `javascript:` and `//evil.example/…`.
    configure({ trustedProxyUrls: [`${evil}/f`] });
    const card = await fixture<KyiAssetCard>(
      html`<kyi-asset-card proxy-url=${`${evil}/f`} chain="ethereum" address=${randomAddress()}></kyi-asset-card>`,
    );
    await card.settled;
    expect(card.status).to.equal('verified');
    const root = card.shadowRoot!;
    expect(root.querySelectorAll('img')).to.have.length(0);
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).to.deep.equal([]);
    expect(performance.getEntriesByType('resource').some((e) => e.name.includes('evil-image'))).to.equal(false);
  });
  it('a proxy-url names a proxy, not a path: a query, a fragment, another path, dot segments or credentials refuse it', async () => {
    const { host } = location;
    const values = [
      '/account/email?new=attacker@evil.example&x=',
      '/api/kyi?fresh=1',
      '/account/logout#',
      '/api/kyi#top',
      '/account/logout',
      `${location.origin}/api/kyi-readonly`,
      // these resolve to the configured proxy itself: only the rule refuses them
      '/api/x/../kyi',
      '/api/x/%2e%2e/kyi',
      '/api/./kyi',
      `http://partner:secret@${host}/api/kyi`,
    ];
    const requested: string[] = [];
    const original = window.fetch;
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      requested.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return original.call(window, input, init);
    }) as typeof fetch;
    const warnings = recordWarnings();
    try {
      for (const value of values) {
        const el = document.createElement('kyi-token-status');
        const errors = recordEvents(el, ['kyi-error']);
        el.setAttribute('proxy-url', value);
        el.setAttribute('address', randomAddress());
        el.setAttribute('chain-slug', 'ethereum');
        postUserContent('').append(el);
        await (el as KyiTokenStatus).settled;
        expect((el as KyiTokenStatus).status, value).to.equal('error');
        expect(errors.map((e) => (e.detail as { code: string }).code), value).to.deep.equal(['untrusted_proxy_url']);
        expect(warnings.messages.filter((m) => m.includes(`"${value}"`)), value).to.have.length(1);
      }
      expect(warnings.messages).to.have.length(values.length);
      expect(warnings.messages.find((m) => m.includes('/api/x/../kyi'))).to.contain('dot segments');
      expect(warnings.messages.find((m) => m.includes('partner:secret'))).to.contain('credentials');
      expect(requested).to.deep.equal([]);
    } finally {
      warnings.restore();
      window.fetch = original;
    }
  });

  it('a <base href> posted between two frames of lookups moves nothing: the row queued for the next frame still asks the page\'s proxy', async () => {
    const evilSince = await watchEvil(`${RUN}/h`);
    const rows = postUserContent('');
    const a = document.createElement('kyi-token-status') as KyiTokenStatus;
    a.setAttribute('address', F.indexedNotVerified.address);
    a.setAttribute('chain-slug', 'base');
    const b = document.createElement('kyi-token-status') as KyiTokenStatus;
    b.setAttribute('address', randomAddress());
    b.setAttribute('chain-slug', 'ethereum');
    // One task: row a renders and its lookup leaves; row b's lookup is asked later in the same
    // frame, so it waits for the next; then a comment carrying a <base> arrives.
    rows.append(a);
    await a.updateComplete;
    rows.append(b);
    await b.updateComplete;
    postUserContent(`<base href="${evil}/h/">`);
    expect(document.baseURI).to.equal(`${evil}/h/`);
    await Promise.all([a.settled, b.settled]);
    expect(a.status).to.equal('unverified');
    // The service does not know b's address: "not found", never "verified" from the evil origin.
    expect(b.status).to.equal('not-found');
    expect(b.shadowRoot!.textContent).not.to.match(/verified/i);
    expect(await evilSince()).to.deep.equal([]);
  });

  it('a <base href> posted before a token-expiry reload moves neither the fresh token\'s request nor the reloaded widget', async () => {
    await signIn();
    // A stand-in widget on this page's origin, configured as a relative URL.
    configure({ widgetUrl: `${RUN}-widget` });
    const evilSince = await watchEvil(`${RUN}-widget`);
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
    const opened = oneEvent(el, 'kyi-open');
    innerButton(el).click();
    await opened;
    const first = frameOf(el)!;
    await postFromFrame(first, { type: 'kyi:ready' });
    postUserContent(`<base href="${evil}/i/">`);
    await postFromFrame(first, { type: 'kyi:error', payload: 'Access token expired' });
    await waitUntil(() => frameOf(el) !== null && frameOf(el) !== first, 'the widget was not reloaded');
    const src = frameSrcWithOwnToken(el);
    expect(`${src.origin}${src.pathname}`).to.equal(`${location.origin}${RUN}-widget/widget/kyi`);
    el.close();
    expect(await evilSince()).to.deep.equal([]);
  });
});
