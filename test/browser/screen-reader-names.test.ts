/**
 * What a screen reader hears: names and descriptions read from Chromium's accessibility tree
 * (the `ax-node` command, test/harness/ax-node.ts), and what the kit's live region says.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import { refreshLiveLookups } from '../../src/client/lookup/refresh.js';
import { fr } from '../../src/locales/fr.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiBadge } from '../../src/elements/badge/badge.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import type { KyiWatchlist } from '../../src/elements/watchlist/watchlist.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { failNextLookupPost, randomAddress, sandbox, sandboxControl, testEnv, freshLookups } from './helpers/display.js';
import { recordAnnouncements } from './helpers/a11y.js';
import { signInForMonitoring } from './helpers/explorer.js';
import type { AxNode } from '../harness/ax-node.js';

let markers = 0;
/** The node Chromium's accessibility tree has for `el` (role, name, description). */
async function ax(el: Element): Promise<AxNode> {
  // Chromium updates its accessibility tree in the frame after a render: let two frames pass.
  for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
  const marker = `ax-${++markers}`;
  el.setAttribute('data-ax', marker);
  try {
    const node = await executeServerCommand<AxNode | null, { marker: string }>('ax-node', { marker });
    if (!node) throw new Error(`no accessibility node for <${el.localName}>`);
    return node;
  } finally {
    el.removeAttribute('data-ax');
  }
}

/** The one named image in a shadow root (the compact status's icon, the badge's image). */
async function namedImage(host: Element): Promise<{ el: Element; node: AxNode }> {
  // Chromium brings its accessibility tree up to date after a frame, not with the render: read
  // it again, a frame later each time, until it has caught up (or give up after 2 s).
  let named: { el: Element; node: AxNode }[] = [];
  for (const until = performance.now() + 2000; ; ) {
    named = [];
    for (const el of host.shadowRoot!.querySelectorAll('img, svg')) {
      const node = await ax(el);
      if (!node.ignored && node.name) named.push({ el, node });
    }
    if (named.length === 1 || performance.now() > until) break;
    await new Promise(requestAnimationFrame);
  }
  expect(named.length, `<${host.localName}> has one named image`).to.equal(1);
  return named[0]!;
}

/** The words shown in `el` (not those only for screen readers). */
function visibleText(el: Element): string {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const words: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement!.closest('.visually-hidden')) words.push(node.textContent ?? '');
  }
  return words.join(' ').replace(/\s+/g, ' ').trim();
}

async function settledStatus(template: ReturnType<typeof html>): Promise<KyiTokenStatus> {
  const el = await fixture<KyiTokenStatus>(template);
  await el.settled;
  return el;
}

describe('what a screen reader hears', function () {
  this.timeout(30_000);
  before(async () => {
    const env = await testEnv();
    configure({ badgeBaseUrl: env.badgeBaseUrl });
  });
  after(() => resetConfig());
  beforeEach(() => freshLookups());

  describe('a token verified on some chains only', () => {
    it('compact: its name says on how many chains, and which', async () => {
      const el = await settledStatus(html`<kyi-token-status compact address=${F.multiChain.address}></kyi-token-status>`);
      expect(el.status).to.equal('verified');
      const { node } = await namedImage(el);
      expect(node.name).to.contain('KYI verified on 2 of 3 chains');
      expect(node.name).to.contain('Verified on Ethereum, Base');
      expect(node.name).to.contain('Not verified on Avalanche C-Chain');
      await expect(el).to.be.accessible();
    });

    it('full: the headline is not the plain "KYI verified"', async () => {
      const el = await settledStatus(html`<kyi-token-status address=${F.multiChain.address}></kyi-token-status>`);
      const label = el.shadowRoot!.querySelector('[part~="label"]')!;
      expect(label.textContent).to.equal('KYI verified on 2 of 3 chains');
      // the chains, beside it
      expect(el.shadowRoot!.querySelector('[part~="summary"]')!.textContent).to.contain('Not verified on Avalanche C-Chain');
      await expect(el).to.be.accessible();
    });

    it('a token verified on its one chain still reads "KYI verified"', async () => {
      const el = await settledStatus(html`<kyi-token-status address=${F.pyusd.address} chain-slug="solana"></kyi-token-status>`);
      expect(el.shadowRoot!.querySelector('[part~="label"]')!.textContent).to.equal('KYI verified');
    });
  });

  it('a status that changed after the verify flow is announced with the token it is about', async () => {
    const token = { chain: 'sepolia', address: randomAddress() };
    await sandboxControl('POST', 'index', token);
    const said = recordAnnouncements();
    try {
      const el = await settledStatus(html`<kyi-token-status address=${token.address} chain-slug=${token.chain}></kyi-token-status>`);
      expect(el.status).to.equal('unverified');
      const asset = el.result!.data[0]!.asset!;
      expect(asset.name).to.be.a('string');
      await sandbox.verify(token.chain, token.address);
      // The server piece answers a re-check from its cache for a moment: re-check until it asks the service.
      await waitUntil(async () => (await refreshLiveLookups()).changed, 'the re-check saw the change', { interval: 200, timeout: 10_000 });
      expect(el.status).to.equal('verified');
      await waitUntil(() => said.said.length > 0, 'the change was announced');
      expect(said.said).to.deep.equal([`${asset.name} (${asset.symbol}): KYI verified`]);
    } finally {
      said.stop();
    }
  });

  describe('a static badge and a live status do not sound or look alike', () => {
    it('the badge is named as a badge, a static claim; the compact status as a live check, with an icon of its own', async () => {
      const badge = await fixture<KyiBadge>(html`<kyi-badge></kyi-badge>`);
      const status = await settledStatus(html`<kyi-token-status compact caip19=${F.pyusd.caip19}></kyi-token-status>`);
      const badgeImage = await namedImage(badge);
      const statusImage = await namedImage(status);
      expect(badgeImage.node.name).to.equal('KYI verified badge (static claim)');
      expect(statusImage.node.name).to.equal('KYI verified (live check)');
      expect(statusImage.el.localName, 'the live status draws its own icon').to.equal('svg');
      expect(status.shadowRoot!.querySelector('img'), 'no badge image in a compact status').to.equal(null);
      await expect(badge).to.be.accessible();
      await expect(status).to.be.accessible();
    });

    it('the badge\'s text fallback is named the same way', async () => {
      configure({ badgeBaseUrl: 'http://127.0.0.1:9' });
      try {
        const badge = await fixture<KyiBadge>(html`<kyi-badge></kyi-badge>`);
        await waitUntil(() => badge.shadowRoot!.querySelector('[part="label"]'), 'the fallback shows');
        expect((badge.shadowRoot!.textContent ?? '').trim()).to.equal('KYI verified badge (static claim)');
      } finally {
        configure({ badgeBaseUrl: (await testEnv()).badgeBaseUrl });
      }
    });
  });

  describe('no name read again as its description', () => {
    const cases: [string, ReturnType<typeof html>][] = [
      ['verified', html`<kyi-token-status compact caip19=${F.pyusd.caip19}></kyi-token-status>`],
      ['unverified', html`<kyi-token-status compact address=${F.indexedNotVerifiedSolana.address} chain-slug="solana"></kyi-token-status>`],
      ['unknown', html`<kyi-token-status compact address=${F.unknown.address} chain-slug="ethereum"></kyi-token-status>`],
      ['invalid', html`<kyi-token-status compact caip19="nope"></kyi-token-status>`],
    ];
    for (const [state, template] of cases) {
      it(`compact icon, ${state}`, async () => {
        const el = await settledStatus(template);
        const { node } = await namedImage(el);
        expect(node.description).to.not.equal(node.name);
        if (node.description) expect(node.name).to.not.contain(node.description);
      });
    }

    it('compact Retry', async () => {
      const network = failNextLookupPost();
      try {
        const el = await settledStatus(html`<kyi-token-status compact address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`);
        expect(el.status).to.equal('error');
        const node = await ax(el.shadowRoot!.querySelector('[part~="retry-button"]')!);
        expect(node.name).to.match(/^Retry: Verification check failed\. /);
        expect(node.description).to.not.equal(node.name);
        if (node.description) expect(node.name).to.not.contain(node.description);
        await expect(el).to.be.accessible();
      } finally {
        network.restore();
      }
    });

    it('compact error the site must fix (no Retry): the icon, named once', async () => {
      configure({ trustedProxyUrls: ['/api/not-mounted'] });
      try {
        const el = await settledStatus(html`<kyi-token-status compact proxy-url="/api/not-mounted" caip19=${F.pyusd.caip19}></kyi-token-status>`);
        expect(el.status).to.equal('error');
        const { node } = await namedImage(el);
        expect(node.name).to.equal('Verification check failed. Verification is not configured on this site.');
        expect(node.description).to.not.equal(node.name);
        if (node.description) expect(node.name).to.not.contain(node.description);
        await expect(el).to.be.accessible();
      } finally {
        configure({ trustedProxyUrls: [] });
      }
    });

    it('full Retry: named Retry, described by why', async () => {
      const network = failNextLookupPost();
      try {
        const el = await settledStatus(html`<kyi-token-status address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`);
        const node = await ax(el.shadowRoot!.querySelector('[part~="retry-button"]')!);
        expect(node.name).to.equal('Retry');
        expect(node.description).to.contain('Could not reach the verification service');
      } finally {
        network.restore();
      }
    });
  });

  describe('the watchlist', () => {
    before(signInForMonitoring);

    it('a switch\'s name holds its visible words; a heading reads "Name (SYMBOL)"', async () => {
      const el = await fixture<KyiWatchlist>(html`<kyi-watchlist></kyi-watchlist>`);
      await el.settled;
      const switches = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="switch"]')];
      expect(switches.length).to.be.greaterThan(0);
      for (const sw of switches.slice(0, 3)) {
        const visible = visibleText(sw);
        expect(visible).to.match(/^Monitoring (on|paused)$/);
        const node = await ax(sw);
        expect(node.name.startsWith(visible), `"${node.name}" starts with "${visible}"`).to.equal(true);
      }
      const headings = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part="item"] [role="heading"]')].filter((h) => h.querySelector('.muted'));
      expect(headings.length).to.be.greaterThan(0);
      for (const heading of headings.slice(0, 3)) {
        const node = await ax(heading);
        expect(node.name).to.match(/\S \(\S+\)$/, `"${node.name}" has a space before its symbol`);
      }
    });
  });

  it('French words around English text from elsewhere: that text is marked lang="en"', async () => {
    configure({ strings: { fr } });
    try {
      const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button lang="fr" scope="partout"></kyi-verify-button>`);
      const failed = oneEvent(el, 'kyi-error');
      el.shadowRoot!.querySelector<HTMLButtonElement>('button[part="button"]')!.click();
      const { detail } = await failed;
      await el.updateComplete;
      const error = el.shadowRoot!.querySelector('[part="error"]')!;
      const english = error.querySelector('[lang="en"]');
      expect(english, 'the English message is marked').to.exist;
      expect(english!.textContent).to.equal(detail.message);
      expect(error.textContent).to.contain(fr.common['error.invalidAttribute'].replace(' {message}', ''));
      await expect(el).to.be.accessible();
    } finally {
      configure({ strings: {} });
    }
  });

  it('English words need no mark', async () => {
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button scope="everywhere"></kyi-verify-button>`);
    const failed = oneEvent(el, 'kyi-error');
    el.shadowRoot!.querySelector<HTMLButtonElement>('button[part="button"]')!.click();
    await failed;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="error"] [lang]')).to.equal(null);
  });
});
