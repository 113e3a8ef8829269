/**
 * A partner page where the partner's own elements sit beside user-posted hostile markup:
 * elements whose `proxy-url` points at a foreign "evil" origin (a scam proxy answering
 * "verified" for everything, run by the harness, recording every request it receives) and
 * `<meta name="kyi:…">` tags posted into the body. Nothing may show "verified" from the
 * foreign answer, and no request, lookup or token may go to or come from the foreign origin.
 *
 * Every request this file causes at the evil origin is under a path prefix of its own, so
 * the counts here never depend on another test file.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/define.js';
import { configure, configuredWidgetUrl, getConfig, rereadMetaTags, resetConfig } from '../../src/config.js';
import { getLookupClient } from '../../src/client/lookup.js';
import type { KyiAssetCard } from '../../src/elements/asset-card/asset-card.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import type { KyiWatchlist } from '../../src/elements/watchlist/watchlist.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { randomAddress, recordEvents, testEnv } from './helpers/display.js';

const RUN = `/page-trust-${crypto.randomUUID()}`;
let evilOrigin: string;
let evil: string;

/** What reached the evil origin from this file (`sub` narrows to one test's prefix). */
async function evilLog(sub = ''): Promise<{ method: string; path: string; body: string }[]> {
  const r = await fetch(`${evilOrigin}/__evil/log?prefix=${encodeURIComponent(RUN + sub)}`);
  return (await r.json()) as { method: string; path: string; body: string }[];
}

/** Records console.warn calls while installed. */
function recordWarnings(): { readonly messages: string[]; restore(): void } {
  const original = console.warn;
  const messages: string[] = [];
  console.warn = (...args: unknown[]) => void messages.push(args.map(String).join(' '));
  return { messages, restore: () => void (console.warn = original) };
}

/** Puts user content into the page body, as a partner rendering a comment would. */
function postUserContent(markup: string): HTMLElement {
  const comment = document.createElement('div');
  comment.className = 'user-comment';
  comment.innerHTML = markup;
  document.body.append(comment);
  rereadMetaTags();
  return comment;
}

describe('a page with hostile user content', () => {
  before(async () => {
    evilOrigin = (await testEnv()).evilUrl;
    evil = `${evilOrigin}${RUN}`;
  });
  beforeEach(() => getLookupClient().clearCache());
  afterEach(() => {
    document.querySelectorAll('.user-comment').forEach((c) => c.remove());
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
      expect(hostile.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.contain('does not trust');
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
      <meta name="kyi:trusted-proxy-origins" content="${evilOrigin}">
      <meta name="kyi:badge-base-url" content="${evil}/c/badges">`);
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

  it('a proxy origin the partner listed in configure({ trustedProxyOrigins }) is honoured', async () => {
    configure({ trustedProxyOrigins: [evilOrigin] });
    const el = await fixture<KyiTokenStatus>(
      html`<kyi-token-status proxy-url=${`${evil}/e`} address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`,
    );
    await el.settled;
    expect(el.status).to.equal('verified');
    expect((await evilLog('/e')).filter((r) => r.method === 'POST').map((r) => r.path)).to.deep.equal([`${RUN}/e/lookup`]);
  });

  it('upstream URLs become links or images only when absolute http(s), never resolved against the page', async () => {
    // The listed proxy answers an asset with `/evil-image.png`, `/evil-website`, `javascript:` and `//evil.example/…`.
    configure({ trustedProxyOrigins: [evilOrigin] });
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
});
