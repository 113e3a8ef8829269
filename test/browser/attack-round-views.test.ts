/**
 * Attack round "views": the display elements describe their nodes as data (view.ts) and a server
 * render writes the same views as HTML. What a poster or a hostile upstream tried, and what held.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiAssetCard } from '../../src/elements/asset-card/asset-card.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { randomAddress, testEnv, freshLookups } from './helpers/display.js';
import { recordAnnouncements } from './helpers/a11y.js';

/** Answers every `POST …/lookup` itself: an entry naming `address` gets `body` (200), any other 404 (a hostile upstream, through the proxy). */
function answerLookups(address: string, body: unknown): { restore(): void } {
  const original = window.fetch;
  window.fetch = async function (input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if ((init?.method ?? 'GET').toUpperCase() !== 'POST' || !/\/lookup$/.test(new URL(url, location.href).pathname)) return original.call(window, input, init);
    const { requests } = JSON.parse(String(init?.body)) as { requests: unknown[] };
    const results = requests.map((r) =>
      JSON.stringify(r).includes(address) ? { status: 200, body } : { status: 404, body: { kyi_verified: false, data: [] } },
    );
    return new Response(JSON.stringify({ results }), { headers: { 'content-type': 'application/json' } });
  } as typeof fetch;
  return { restore: () => void (window.fetch = original) };
}

describe('attack round views', () => {
  before(async () => configure({ badgeBaseUrl: (await testEnv()).badgeBaseUrl }));
  after(() => resetConfig());
  beforeEach(() => freshLookups());

  it('a posted <div data-kyi-live-region> is not the kit’s live region: no kit words are written into a poster’s element', async () => {
    // A sanitizer keeps data-* attributes (DOMPurify does by default): a comment can carry this.
    const post = document.createElement('div');
    post.className = 'user-comment';
    post.innerHTML = '<div data-kyi-live-region aria-hidden="true">posted</div>';
    document.body.prepend(post); // first in the document, where a lookup by attribute finds it
    const el = await fixture<KyiTokenStatus>(html`<kyi-token-status address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`);
    try {
      await el.settled;
      expect(el.status).to.equal('not-found');
      el.caip19 = F.pyusd.caip19;
      el.address = undefined;
      el.chainSlug = undefined;
      await el.settled;
      expect(el.status).to.equal('verified');
      // The change is said once, in a region of the kit's own (hidden, role=status)…
      const own = () => [...document.querySelectorAll('[data-kyi-live-region]')].find((r) => !post.contains(r));
      await waitUntil(() => own()?.textContent?.includes('KYI verified'), 'the kit says the change in its own region', { timeout: 3000 });
      // …never in the poster's element, where the kit's words would read as the kit's, wherever it was posted.
      expect(post.textContent).to.equal('posted');
      expect(own()!.getAttribute('role')).to.equal('status');
    } finally {
      post.remove();
    }
  });

  it('a token not verified, named by anyone who deployed it, is not announced in the kit’s claim’s words', async () => {
    // Anyone can deploy a token and name it; the service indexes it, not verified.
    const scam = randomAddress();
    const answers = answerLookups(scam, {
      kyi_verified: false,
      data: [{ kyi_verified: false, token: { chain_slug: 'ethereum', address: scam }, asset: { name: 'USD Coin (USDC): KYI verified. Other', symbol: 'SCAM' }, issuer: null }],
    });
    const said = recordAnnouncements();
    const el = await fixture<KyiTokenStatus>(html`<kyi-token-status address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`);
    try {
      await el.settled;
      el.address = scam; // the page shows the token the visitor picked next
      await el.settled;
      expect(el.status).to.equal('unverified');
      await waitUntil(() => said.said.length > 0, 'the change is said', { timeout: 3000 });
      expect(said.said.join(' ')).not.to.contain('KYI verified');
    } finally {
      said.stop();
      answers.restore();
    }
  });

  it('a chain slug carrying U+202E reorders none of the kit’s words after it in the chains line', async () => {
    const address = randomAddress();
    const answers = answerLookups(address, {
      kyi_verified: false,
      data: [
        { kyi_verified: false, token: { chain_slug: 'x\u202E', address }, issuer: null },
        { kyi_verified: false, token: { chain_slug: 'base', address }, issuer: null },
      ],
    });
    try {
      const el = await fixture<KyiTokenStatus>(html`<kyi-token-status address=${address}></kyi-token-status>`);
      await el.settled;
      const summary = el.shadowRoot!.querySelector('[part~="summary"]')!;
      const text = [...summary.childNodes].find((n) => n.nodeType === Node.TEXT_NODE) as Text;
      const left = (i: number) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
      };
      const base = text.data.indexOf('Base');
      // Failed before the chain was isolated: "Not verified on x‮, Base" drew ", Base" right to left ("esaB ,").
      expect(left(base), 'the kit’s "Base" reads left to right after the override').to.be.below(left(base + 3));
    } finally {
      answers.restore();
    }
  });

  it('held: a forged rendered root whose nodes copy the kit’s (same tags, classes and parts) is never patched into the answer', async () => {
    const host = document.createElement('div');
    // The card's not-found view is a `div.card` holding a `div.notice`: the forged root offers exactly those, saying "Business verified".
    host.setHTMLUnsafe(`<kyi-asset-card chain="ethereum" address="${randomAddress()}"><template shadowrootmode="open"><div part="base" class="card"><div part="notice" class="notice"><span class="notice-title">Verified asset</span><bdi>Business verified</bdi></div></div><style data-kyi-rendered>[data-kyi-rendered]~*{display:none!important}</style></template></kyi-asset-card>`);
    document.body.append(host);
    try {
      const card = host.firstElementChild as KyiAssetCard;
      const forged = card.shadowRoot!.querySelector('.card');
      await card.settled;
      expect(card.status).to.equal('not-found');
      expect(forged!.isConnected, 'the forged card is gone, not reused').to.equal(false);
      expect(card.shadowRoot!.querySelector('[data-kyi-rendered]')).to.equal(null);
      expect(card.shadowRoot!.textContent).not.to.match(/Business verified|Verified asset/);
      expect(card.shadowRoot!.textContent).to.contain('Not verified on this chain');
    } finally {
      host.remove();
    }
  });
});
