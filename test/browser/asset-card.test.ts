import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import { holdLookupPosts } from './helpers/hold-lookups.js';
import type { KyiAssetCard } from '../../src/elements/asset-card/asset-card.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiErrorEvent, KyiStatusEvent } from '../../src/browser/events.js';
import type { KyiCopyEvent } from '../../src/browser/copy-events.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { countLookupPosts, failNextLookupPost, randomAddress, recordEvents, testEnv, freshLookups } from './helpers/display.js';

const $ = (el: Element, sel: string) => el.shadowRoot!.querySelector(sel);
const $$ = (el: Element, sel: string) => [...el.shadowRoot!.querySelectorAll(sel)];
const part = (el: Element, name: string) => $(el, `[part~="${name}"]`);
const text = (el: Element) => (el.shadowRoot!.textContent ?? '').replace(/\s+/g, ' ').trim();

async function card(template: ReturnType<typeof html>): Promise<KyiAssetCard> {
  const el = await fixture<KyiAssetCard>(template);
  await el.settled;
  return el;
}

describe('<kyi-asset-card>', () => {
  // A proxy path that is not mounted, which the partner lists (a proxy-url names a proxy).
  before(async () => configure({ badgeBaseUrl: (await testEnv()).badgeBaseUrl, trustedProxyUrls: ['/api/not-mounted'] }));
  beforeEach(() => freshLookups());
  after(() => resetConfig());

  it('its name and section titles are headings, at heading-level (default 3) and one below', async () => {
    const levels = (el: KyiAssetCard) =>
      [...el.shadowRoot!.querySelectorAll('[role="heading"]')].map((h) => `${h.getAttribute('aria-level')} ${h.textContent!.trim()}`);
    const el = await card(html`<kyi-asset-card account-id=${F.usdc.accountId}></kyi-asset-card>`);
    expect(levels(el)).to.include.members(['4 Description', '4 Authorities']);
    expect(levels(el)[0]).to.match(/^3 \S/);
    el.setAttribute('heading-level', '2');
    await el.updateComplete;
    expect(levels(el)).to.include.members(['3 Description', '3 Authorities']);
    expect(levels(el)[0]).to.match(/^2 \S/);
    await expect(el).to.be.accessible();
  });

  it('is accessible', async () => {
    const el = await card(html`<kyi-asset-card chain="solana" address=${F.pyusd.address}></kyi-asset-card>`);
    await expect(el).to.be.accessible();
  });

  it('defaults: idle without input, nothing rendered', async () => {
    const el = await card(html`<kyi-asset-card></kyi-asset-card>`);
    expect(el.status).to.equal('idle');
    expect(el.theme).to.equal('auto');
    expect(el.shadowRoot!.children.length).to.equal(0);
  });

  it('loading: a skeleton in the card frame', async () => {
    const held = holdLookupPosts(); // the answer never comes while the test looks
    try {
      const el = await fixture<KyiAssetCard>(html`<kyi-asset-card account-id=${F.usdc.accountId}></kyi-asset-card>`);
      expect(el.status).to.equal('loading');
      expect($$(el, '[part~="skeleton"]').length).to.be.greaterThan(2);
      expect(part(el, 'base')!.getAttribute('aria-busy')).to.equal('true');
      await expect(el).to.be.accessible();
      el.remove();
    } finally {
      held.restore();
    }
  });

  it('renders the whole record (account-id)', async () => {
    const el = document.createElement('kyi-asset-card');
    el.accountId = F.usdc.accountId;
    const status = oneEvent(el, 'kyi-status') as Promise<KyiStatusEvent>;
    document.body.append(el);
    try {
      expect((await status).detail.status).to.equal('verified');
      await el.settled;
      expect(el.result!.token_details.token_ticker).to.equal('USDC');
      expect(part(el, 'name')!.textContent).to.equal('USD Coin');
      expect(part(el, 'ticker')!.textContent).to.contain('USDC');
      expect(part(el, 'chain')!.textContent).to.contain('Solana');
      expect(part(el, 'status-label')!.textContent).to.equal('Verified asset');
      expect(part(el, 'issuer')!.textContent).to.contain('Business verified');
      expect(part(el, 'issuer')!.textContent).to.contain('Circle Internet Financial');
      const links = $$(el, 'a') as HTMLAnchorElement[];
      expect(links.length).to.be.greaterThan(0);
      for (const a of links) {
        expect(a.protocol).to.match(/^https?:$/);
        expect(a.target).to.equal('_blank');
        expect(a.rel).to.equal('noopener noreferrer');
      }
      expect(part(el, 'verified-link')).to.exist;
      expect(part(el, 'authorities')).to.exist;
      expect(text(el)).to.contain('Mint authority');
      await expect(el).to.be.accessible();
    } finally {
      el.remove();
    }
  });

  it('"Copied" goes after its few seconds even when the card moved meanwhile (a list re-sorted)', async () => {
    const el = await card(html`<kyi-asset-card chain="solana" address=${F.pyusd.address}></kyi-asset-card>`);
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async () => undefined } });
    try {
      const copy = oneEvent(el, 'kyi-copy');
      (part(el, 'copy-button') as HTMLButtonElement).click();
      await copy;
      await el.updateComplete;
      const status = () => $(el, '[role="status"]')!.textContent;
      expect(status()).to.equal('Copied');
      el.parentElement!.append(el); // moved: disconnected, connected again
      await waitUntil(() => status() === '', 'the copy status clears', { timeout: 8000 });
    } finally {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else delete (navigator as unknown as Record<string, unknown>).clipboard;
    }
  });
  it('authorities: readable type, shortened address with full value and copy, verified mark, account type, signers', async () => {
    const el = await card(html`<kyi-asset-card chain="solana" address=${F.pyusd.address}></kyi-asset-card>`);
    const mint = $$(el, '[part~="authority"]')[0]!;
    expect(mint.textContent).to.contain('Mint authority');
    expect(mint.textContent).to.contain('Verified');
    expect(mint.textContent).to.contain('Multisig');
    const address = mint.querySelector('[part~="address"]')!;
    const full = el.result!.token_details.authorities![0]!.address!;
    expect(address.getAttribute('title')).to.equal(full);
    expect(address.querySelector('[aria-hidden="true"]')!.textContent).to.contain('…');
    expect(address.textContent).to.contain(full);
    const signers = mint.querySelector('details')!;
    expect(signers.querySelector('summary')!.textContent).to.contain('Signers (3)');
    expect(text(el)).to.contain('Attestation address');
    // token_image is null: placeholder
    expect(part(el, 'placeholder')).to.exist;
    expect(part(el, 'image')).to.equal(null);

    let copied = '';
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (v: string) => void (copied = v) },
    });
    try {
      const copy = oneEvent(el, 'kyi-copy') as Promise<KyiCopyEvent>;
      (mint.querySelector('[part~="copy-button"]') as HTMLButtonElement).click();
      expect((await copy).detail.value).to.equal(full);
      expect(copied).to.equal(full);
      await el.updateComplete;
      expect($(el, '[role="status"]')!.textContent).to.equal('Copied');
    } finally {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else delete (navigator as unknown as Record<string, unknown>).clipboard;
    }
    await expect(el).to.be.accessible();
  });

  it('business not verified: one verdict whose headline is the weaker claim, nothing contradicting it', async () => {
    const a = await card(html`<kyi-asset-card chain="ethereum" address=${F.businessNotVerified.address}></kyi-asset-card>`);
    const status = part(a, 'status')!;
    expect(status.classList.contains('warn')).to.equal(true);
    expect(part(a, 'status-label')!.textContent).to.equal('Business not verified');
    expect(part(a, 'issuer')!.textContent).to.contain('Asset verified');
    expect(part(a, 'issuer')!.textContent).to.contain('Harbor Yield Ltd');
    expect(status.querySelector('svg'), 'an icon beside the words').to.exist;
    // no green "Verified asset" anywhere on the card, and no label said twice
    expect(text(a)).not.to.contain('Verified asset');
    expect(text(a).split('Business not verified').length - 1).to.equal(1);
    await expect(a).to.be.accessible();
  });

  it('an image that fails to load shows the placeholder', async () => {
    const b = await card(html`<kyi-asset-card chain="avalanche" address=${F.brokenImage.address}></kyi-asset-card>`);
    const img = part(b, 'image') as HTMLImageElement | null;
    if (img) await oneEvent(img, 'error');
    await b.updateComplete;
    expect(part(b, 'image')).to.equal(null);
    expect(part(b, 'placeholder')).to.exist;
  });

  it('a failed image stays a placeholder until a new record comes, whose link is tried again', async () => {
    const b = await card(html`<kyi-asset-card chain="avalanche" address=${F.brokenImage.address}></kyi-asset-card>`);
    const img = part(b, 'image') as HTMLImageElement | null;
    if (img) await oneEvent(img, 'error');
    await b.updateComplete;
    b.requestUpdate();
    await b.updateComplete;
    expect(part(b, 'image')).to.equal(null, 'the same record: the link is not tried again');
    await b.refresh(); // a fresh answer: a new record (its link may have been re-signed)
    expect(part(b, 'image')).to.exist;
  });

  it('an empty whitepaper_url gives no link', async () => {
    const el = await card(html`<kyi-asset-card account-id=${F.pusd.accountId}></kyi-asset-card>`);
    expect(el.status).to.equal('verified');
    expect(text(el)).not.to.contain('Whitepaper');
    expect(text(el)).to.contain('Owner');
  });

  it('404 reads "not verified on this chain"', async () => {
    const el = await card(html`<kyi-asset-card chain="ethereum" address=${F.unknown.address}></kyi-asset-card>`);
    expect(el.status).to.equal('not-found');
    expect(part(el, 'notice')!.textContent).to.contain('Not verified on this chain');
    expect(part(el, 'notice')!.textContent).to.contain('Ethereum');
    await expect(el).to.be.accessible();
  });

  it('404 for an account id names its chain, as people know it', async () => {
    const el = await card(html`<kyi-asset-card account-id=${` eip155:1:${F.unknown.address} `}></kyi-asset-card>`);
    expect(el.status).to.equal('not-found');
    const notice = part(el, 'notice')!.textContent!;
    expect(notice).to.contain('on Ethereum.');
    expect(notice).not.to.contain(F.unknown.address);
  });

  it('404 for a Solana account id names Solana (its CAIP-2 id is mixed case)', async () => {
    const el = await card(html`<kyi-asset-card account-id="solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T"></kyi-asset-card>`);
    expect(el.status).to.equal('not-found');
    expect(part(el, 'notice')!.textContent).to.contain('on Solana.');
  });

  it('invalid input has its own wording and costs no request', async () => {
    const posts = countLookupPosts();
    try {
      const el = await card(html`<kyi-asset-card account-id="solana:not a caip10"></kyi-asset-card>`);
      expect(el.status).to.equal('invalid');
      expect(part(el, 'notice')!.textContent).to.contain('Invalid asset identifier');
      // plain words for the visitor (the developer detail goes to the console)
      expect(part(el, 'notice')!.textContent).to.contain('the page doesn’t identify it correctly');
      expect(part(el, 'notice')!.textContent).to.not.contain('CAIP-10');
      expect(posts.count).to.equal(0);
      await expect(el).to.be.accessible();
    } finally {
      posts.restore();
    }
  });

  it('error: alert with Retry, kyi-error; Retry recovers', async () => {
    // The failure is made at this page's boundary: a sandbox fault would hit every file running beside this one.
    const network = failNextLookupPost();
    const el = document.createElement('kyi-asset-card');
    el.chain = 'ethereum';
    el.address = randomAddress();
    const errored = oneEvent(el, 'kyi-error') as Promise<KyiErrorEvent>;
    document.body.append(el);
    try {
      expect((await errored).detail.code).to.equal('network');
      await el.settled;
      expect(el.status).to.equal('error');
      expect(part(el, 'error')!.textContent).to.contain('Could not load this asset');
      expect($(el, '[role="alert"]'), 'shown, not announced').to.equal(null);
      await expect(el).to.be.accessible();
      const status = oneEvent(el, 'kyi-status') as Promise<KyiStatusEvent>;
      (part(el, 'retry-button') as HTMLButtonElement).click();
      expect((await status).detail.status).to.equal('not-found');
    } finally {
      network.restore();
      el.remove();
    }
  });

  it('dark theme passes axe', async () => {
    const page = await fixture<HTMLDivElement>(html`<div style="background:#fff">
      <kyi-asset-card theme="dark" chain="solana" address=${F.pyusd.address}></kyi-asset-card>
      <kyi-asset-card theme="dark" chain="ethereum" address=${F.businessNotVerified.address}></kyi-asset-card>
      <kyi-asset-card theme="dark" chain="ethereum" address=${F.unknown.address}></kyi-asset-card>
      <kyi-asset-card theme="dark" account-id="nope"></kyi-asset-card>
      <kyi-asset-card theme="dark" proxy-url="/api/not-mounted" account-id=${F.usdc.accountId}></kyi-asset-card>
    </div>`);
    const all = [...page.querySelectorAll('kyi-asset-card')];
    await Promise.all(all.map((el) => el.settled));
    expect(all.map((el) => el.status)).to.deep.equal(['verified', 'verified', 'not-found', 'invalid', 'error']);
    await expect(page).to.be.accessible();
  });

  it('slots actions', async () => {
    const el = await card(
      html`<kyi-asset-card chain="solana" address=${F.pyusd.address}><button slot="actions">Watch</button></kyi-asset-card>`,
    );
    const slot = $(el, 'slot[name="actions"]') as HTMLSlotElement;
    expect(slot.assignedElements()[0]!.textContent).to.equal('Watch');
  });

  it('fires no event when code sets display properties', async () => {
    const el = await card(html`<kyi-asset-card chain="solana" address=${F.pyusd.address}></kyi-asset-card>`);
    const seen = recordEvents(el, ['kyi-status', 'kyi-error', 'kyi-copy']);
    el.theme = 'dark';
    el.chain = 'solana';
    await el.settled;
    expect(seen).to.deep.equal([]);
  });

  describe('hostile records', () => {
    // The harness starts the sandbox with the hostile set on and no test switches it off:
    // switching it here would change what every file running beside this one sees.
    let alerts = 0;
    const originalAlert = window.alert;
    before(() => {
      window.alert = () => void alerts++;
    });
    after(() => {
      window.alert = originalAlert;
    });

    /** Every image has loaded or failed, and a frame has run: any injected handler would have fired. */
    async function quiet(el: Element): Promise<void> {
      const images = $$(el, 'img') as HTMLImageElement[];
      await Promise.all(
        images.map((img) =>
          img.complete
            ? undefined
            : new Promise((r) => {
                img.addEventListener('load', r);
                img.addEventListener('error', r);
              }),
        ),
      );
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }

    function assertInert(el: Element) {
      for (const a of $$(el, 'a') as HTMLAnchorElement[]) expect(a.protocol).to.match(/^https?:$/);
      for (const img of $$(el, 'img') as HTMLImageElement[]) expect(new URL(img.src).protocol).to.match(/^https?:$/);
      expect($$(el, 'script, iframe, b, i').length).to.equal(0);
      expect(alerts).to.equal(0);
    }

    it('markup and javascript: URLs render as inert text', async () => {
      const el = await card(html`<kyi-asset-card chain="ethereum" address=${F.hostile.html.address}></kyi-asset-card>`);
      expect(el.status).to.equal('verified');
      expect(part(el, 'name')!.textContent).to.contain('<img src=x onerror="alert(1)">Evil Token');
      expect(text(el)).to.contain('"><svg onload=alert(4)>');
      expect(text(el)).to.contain('<script>alert(5)</script>');
      expect(text(el)).not.to.contain('Website');
      expect(part(el, 'verified-link')).to.equal(null);
      expect(part(el, 'image')).to.equal(null);
      await quiet(el);
      assertInert(el);
      await expect(el).to.be.accessible();
      const status = await fixture<KyiTokenStatus>(
        html`<kyi-token-status address=${F.hostile.html.address} chain-slug="ethereum"></kyi-token-status>`,
      );
      await status.settled;
      expect(status.status).to.equal('verified');
      expect(text(status)).to.contain('<iframe src="javascript:alert(3)"></iframe>Evil Corp');
      assertInert(status);
    });

    it('right-to-left overrides are isolated', async () => {
      const el = await card(html`<kyi-asset-card chain="ethereum" address=${F.hostile.rtl.address}></kyi-asset-card>`);
      expect(part(el, 'name')!.querySelector('bdi')).to.exist;
      expect(text(el)).not.to.contain('Whitepaper'); // data: URL dropped
      assertInert(el);
    });

    it('a long description opens and closes with its toggle, which keeps focus (it is not a new button)', async () => {
      const el = await card(html`<kyi-asset-card chain="ethereum" address=${F.hostile.long.address}></kyi-asset-card>`);
      const toggle = () => part(el, 'description')!.querySelector('button')!;
      toggle().focus();
      for (const expanded of ['true', 'false']) {
        await sendKeys({ press: 'Enter' });
        await el.updateComplete;
        expect(toggle().getAttribute('aria-expanded')).to.equal(expanded);
        expect(el.shadowRoot!.activeElement, `focus after the toggle (expanded ${expanded})`).to.equal(toggle());
      }
    });

    it('"Show all N authorities" goes away and focus moves to the first authority it revealed, not to the page', async () => {
      const el = await card(html`<kyi-asset-card chain="ethereum" address=${F.hostile.long.address}></kyi-asset-card>`);
      const showAll = [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent!.includes('Show all 60 authorities'))!;
      showAll.focus();
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      const authorities = $$(el, '[part~="authority"]');
      expect(authorities.length).to.equal(60);
      expect(text(el)).not.to.contain('Show all 60 authorities');
      // Failed before: the button removed itself and focus fell to <body> (shadowRoot.activeElement null).
      expect(el.shadowRoot!.activeElement, 'focus after showing all').to.equal(authorities[10]);
      await sendKeys({ press: 'Tab' });
      expect(authorities[10]!.contains(el.shadowRoot!.activeElement), 'Tab goes on inside the revealed authority').to.equal(true);
    });

    it('layout holds with 10 000-character names', async () => {
      const wrapper = await fixture<HTMLDivElement>(html`<div style="width: 360px">
        <kyi-asset-card chain="ethereum" address=${F.hostile.long.address}></kyi-asset-card>
        <kyi-token-status address=${F.hostile.long.address} chain-slug="ethereum"></kyi-token-status>
      </div>`);
      const el = wrapper.querySelector('kyi-asset-card')!;
      const status = wrapper.querySelector('kyi-token-status') as KyiTokenStatus;
      await el.settled;
      await status.settled;
      expect(el.status).to.equal('verified');
      expect(status.status).to.equal('verified');
      const base = part(el, 'base') as HTMLElement;
      expect(el.getBoundingClientRect().width).to.be.at.most(360);
      expect(base.scrollWidth).to.be.at.most(base.clientWidth + 1);
      expect((part(el, 'name') as HTMLElement).getBoundingClientRect().height).to.be.below(80);
      expect((part(el, 'ticker') as HTMLElement).getBoundingClientRect().width).to.be.at.most(360);
      expect(status.getBoundingClientRect().width).to.be.at.most(360);
      expect(status.getBoundingClientRect().height).to.be.below(120);
      expect($$(el, '[part~="authority"]').length).to.equal(10);
      expect(text(el)).to.contain('Show all 60 authorities');
      assertInert(el);
    });
  });
});
