import { aTimeout, expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import { registerLocale } from '../../src/browser/strings.js';
import { fr } from '../../src/locales/fr.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiErrorEvent, KyiStatusEvent } from '../../src/browser/events.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { countLookupPosts, failNextLookupPost, randomAddress, recordEvents, testEnv, freshLookups } from './helpers/display.js';
import { holdLookupPosts } from './helpers/hold-lookups.js';

const part = (el: KyiTokenStatus, name: string) => el.shadowRoot!.querySelector(`[part~="${name}"]`);
const text = (el: KyiTokenStatus) => (el.shadowRoot!.textContent ?? '').replace(/\s+/g, ' ').trim();

async function settledStatus(template: ReturnType<typeof html>): Promise<KyiTokenStatus> {
  const el = await fixture<KyiTokenStatus>(template);
  await el.settled;
  return el;
}

describe('<kyi-token-status>', () => {
  before(async () => {
    const env = await testEnv();
    // A proxy path that is not mounted, which the partner lists (a proxy-url names a proxy).
    configure({ badgeBaseUrl: env.badgeBaseUrl, trustedProxyUrls: ['/api/not-mounted'] });
  });
  after(() => resetConfig());
  beforeEach(() => freshLookups());

  it('is accessible', async () => {
    const el = await settledStatus(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    await expect(el).to.be.accessible();
  });

  it('defaults: idle with no input, renders nothing, no request, no event', async () => {
    const posts = countLookupPosts();
    try {
      const el = await fixture<KyiTokenStatus>(html`<kyi-token-status></kyi-token-status>`);
      const seen = recordEvents(el, ['kyi-status', 'kyi-error']);
      await el.settled;
      expect(el.status).to.equal('idle');
      expect(el.compact).to.equal(false);
      expect(el.theme).to.equal('auto');
      expect(el.shadowRoot!.children.length).to.equal(0);
      expect(posts.count).to.equal(0);
      expect(seen).to.deep.equal([]);
      await expect(el).to.be.accessible();
    } finally {
      posts.restore();
    }
  });

  it('loading: a skeleton with an accessible text, status "loading"', async () => {
    const held = holdLookupPosts(); // the answer never comes while the test looks
    try {
      const el = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.usdc.caip19}></kyi-token-status>`);
      expect(el.status).to.equal('loading');
      expect(el.getAttribute('status')).to.equal(null, 'status is a property, not an attribute set by code');
      expect(part(el, 'skeleton')).to.exist;
      expect(text(el)).to.contain('Checking verification');
      await expect(el).to.be.accessible();
      el.remove();
    } finally {
      held.restore();
    }
  });

  it('verified (caip19): the live icon, label, issuer; fires kyi-status', async () => {
    const el = document.createElement('kyi-token-status');
    el.caip19 = F.pyusd.caip19;
    const status = oneEvent(el, 'kyi-status') as Promise<KyiStatusEvent>;
    document.body.append(el);
    try {
      const event = await status;
      expect(event.detail.status).to.equal('verified');
      expect((event.detail.result as { kyi_verified: boolean }).kyi_verified).to.equal(true);
      expect(event.bubbles && event.composed).to.equal(true);
      await el.settled;
      expect(el.status).to.equal('verified');
      expect(el.result!.data.length).to.equal(1);
      expect(el.shadowRoot!.querySelector('img'), 'its own icon, never the static badge image').to.equal(null);
      expect(part(el, 'icon')!.closest('[aria-hidden="true"]'), 'decorative: the label says "KYI verified" (read once)').to.exist;
      expect(part(el, 'label')!.textContent).to.equal('KYI verified');
      expect(part(el, 'issuer')!.textContent).to.contain('Paxos Trust Company');
      await expect(el).to.be.accessible();
    } finally {
      el.remove();
    }
  });

  it('unverified (address + chain-slug): indexed but not verified', async () => {
    const el = await settledStatus(
      html`<kyi-token-status address=${F.indexedNotVerifiedSolana.address} chain-slug="solana"></kyi-token-status>`,
    );
    expect(el.status).to.equal('unverified');
    expect(el.shadowRoot!.querySelector('img')).to.equal(null, 'no badge unless verified');
    expect(part(el, 'label')!.textContent).to.equal('Not verified');
    await expect(el).to.be.accessible();
  });

  it('summarizes matches on several chains', async () => {
    const el = await settledStatus(html`<kyi-token-status address=${F.multiChain.address}></kyi-token-status>`);
    expect(el.status).to.equal('verified');
    const summary = part(el, 'summary')!.textContent!;
    expect(summary).to.contain('Verified on Ethereum, Base');
    expect(summary).to.contain('Not verified on Avalanche C-Chain');
    await expect(el).to.be.accessible();
  });

  it('verified while the issuer\'s business is not: a visible warning, icon and words', async () => {
    const el = await settledStatus(
      html`<kyi-token-status address=${F.businessNotVerified.address} chain-slug="ethereum"></kyi-token-status>`,
    );
    expect(el.status).to.equal('verified');
    expect(part(el, 'label')!.textContent).to.equal('KYI verified');
    expect(part(el, 'issuer')!.textContent).to.contain('Harbor Yield Ltd');
    const warning = part(el, 'warning') as HTMLElement;
    expect(warning, 'a warning part').to.exist;
    expect(warning.textContent).to.contain('Business not verified');
    expect(warning.querySelector('svg'), 'an icon beside the words').to.exist;
    // shown in full, not ellipsized or clipped away by the fixed width
    const box = warning.getBoundingClientRect();
    const base = (part(el, 'base') as HTMLElement).getBoundingClientRect();
    expect(box.width).to.be.greaterThan(0);
    expect(box.right).to.be.at.most(base.right);
    expect(warning.scrollWidth).to.be.at.most(warning.clientWidth + 1);
    expect(text(el)).to.contain('Business not verified');
    await expect(el).to.be.accessible();

    const compact = await settledStatus(
      html`<kyi-token-status compact address=${F.businessNotVerified.address} chain-slug="ethereum"></kyi-token-status>`,
    );
    expect(part(compact, 'warning'), 'a corner mark').to.exist;
    expect(part(compact, 'icon')!.getAttribute('aria-label')).to.equal('KYI verified (live check). Business not verified');
    await expect(compact).to.be.accessible();

    const plain = await settledStatus(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    expect(part(plain, 'warning'), 'no warning when the business is verified').to.equal(null);
  });

  it('compact states stay compact: invalid and error are one icon, the size of the verified one', async () => {
    const verified = await settledStatus(html`<kyi-token-status compact caip19=${F.pyusd.caip19}></kyi-token-status>`);
    const invalid = await settledStatus(html`<kyi-token-status compact caip19="nope"></kyi-token-status>`);
    expect(invalid.status).to.equal('invalid');
    const icon = part(invalid, 'icon')!;
    expect(icon.getAttribute('aria-label')).to.contain('Invalid token identifier');
    expect(icon.getAttribute('aria-label')).to.contain('the page doesn’t identify it correctly');
    const size = (el: Element) => {
      const r = el.getBoundingClientRect();
      return [Math.round(r.width), Math.round(r.height)];
    };
    expect(size(invalid)).to.deep.equal(size(verified));
    await expect(invalid).to.be.accessible();

    const network = failNextLookupPost();
    const errored = document.createElement('kyi-token-status');
    errored.compact = true;
    errored.address = randomAddress();
    errored.chainSlug = 'ethereum';
    document.body.append(errored);
    try {
      await errored.settled;
      expect(errored.status).to.equal('error');
      expect(size(errored)).to.deep.equal(size(verified));
      expect(part(errored, 'error')!.getAttribute('role'), 'shown, not announced').to.equal(null);
      expect(part(errored, 'error')!.textContent).to.contain('Verification check failed');
      const retry = part(errored, 'retry-button') as HTMLButtonElement;
      expect(retry.getAttribute('aria-label')).to.contain('Retry');
      await expect(errored).to.be.accessible();
      retry.click();
      await errored.settled;
      expect(errored.status).to.equal('not-found');
    } finally {
      network.restore();
      errored.remove();
    }
  });

  it('no layout shift: while loading, the element has the box it settles into (a summary too long for it grows the box once, then holds)', async () => {
    const cases = [
      ['verified', html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`],
      ['verified', html`<kyi-token-status address=${F.businessNotVerified.address} chain-slug="ethereum"></kyi-token-status>`],
      ['unverified', html`<kyi-token-status address=${F.indexedNotVerifiedSolana.address} chain-slug="solana"></kyi-token-status>`],
      // an address without a chain, answered for three chains: the chains line had its room, and
      // its words wrap rather than being cut ("… · Not verified on Avalanche" takes one line more)
      ['verified', html`<kyi-token-status address=${F.multiChain.address}></kyi-token-status>`, 'grows'],
      ['not-found', html`<kyi-token-status address=${F.unknown.address} chain-slug="ethereum"></kyi-token-status>`],
      ['verified', html`<kyi-token-status compact caip19=${F.pyusd.caip19}></kyi-token-status>`],
      ['unverified', html`<kyi-token-status compact address=${F.indexedNotVerifiedSolana.address} chain-slug="solana"></kyi-token-status>`],
    ] as const;
    for (const [settledAs, template, grows] of cases) {
      freshLookups();
      const held = holdLookupPosts();
      try {
        const el = await fixture<KyiTokenStatus>(template);
        await el.updateComplete;
        expect(el.status).to.equal('loading');
        const loading = el.getBoundingClientRect();
        if (part(el, 'skeleton')) expect(part(el, 'base')!.getAttribute('aria-busy')).to.equal('true');
        held.release();
        await el.settled;
        expect(el.status).to.equal(settledAs);
        const settled = el.getBoundingClientRect();
        const what = `${el.compact ? 'compact ' : ''}${settledAs} ${el.address ?? el.caip19}`;
        if (grows) expect(settled.height, `${what}: height, one small line more`).to.be.within(loading.height + 10, loading.height + 20);
        else expect(settled.height, `${what}: height`).to.be.closeTo(loading.height, 0.5);
        expect(settled.width, `${what}: width`).to.be.closeTo(loading.width, 0.5);
        expect(loading.height, `${what}: a box is reserved`).to.be.greaterThan(10);
        // once settled, nothing moves
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const later = el.getBoundingClientRect();
        expect([later.width, later.height], `${what}: no shift once settled`).to.deep.equal([settled.width, settled.height]);
      } finally {
        held.restore();
      }
    }
  });

  it('not-found has its own wording', async () => {
    const el = await settledStatus(
      html`<kyi-token-status address=${F.unknown.address} chain-slug="ethereum"></kyi-token-status>`,
    );
    expect(el.status).to.equal('not-found');
    expect(text(el)).to.contain('Unknown token');
    expect(text(el)).to.contain('No verification record');
    await expect(el).to.be.accessible();
  });

  for (const [name, attrs, detail] of [
    ['malformed caip19', { caip19: 'not-a-caip19' }, 'caip19 must be a valid CAIP-19 identifier'],
    ['caip19 with address', { caip19: F.usdc.caip19, address: F.usdc.address }, 'not both'],
    ['chain-slug alone', { 'chain-slug': 'ethereum' }, 'chain-slug requires address'],
  ] as const) {
    it(`invalid input (${name}): own wording, no request, no event`, async () => {
      const posts = countLookupPosts();
      const el = document.createElement('kyi-token-status');
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      const seen = recordEvents(el, ['kyi-status', 'kyi-error']);
      // Plain words for the visitor; what to fix in the markup goes to the console, once.
      const warn = console.warn;
      const warned: string[] = [];
      console.warn = (...args: unknown[]) => void warned.push(args.join(' '));
      document.body.append(el);
      try {
        await el.settled;
        await aTimeout(0);
        expect(el.status).to.equal('invalid');
        expect(text(el)).to.contain('Invalid token identifier');
        expect(text(el)).to.contain('This token can’t be checked: the page doesn’t identify it correctly.');
        expect(text(el)).to.not.contain(detail);
        el.requestUpdate();
        await el.updateComplete;
        expect(warned.filter((w) => w.includes(detail))).to.have.length(1);
        expect(posts.count).to.equal(0);
        expect(seen).to.deep.equal([]);
        await expect(el).to.be.accessible();
      } finally {
        console.warn = warn;
        posts.restore();
        el.remove();
      }
    });
  }

  it('error: shown (not announced) in a status box, a Retry button described by the detail, and kyi-error; Retry recovers', async () => {
    const network = failNextLookupPost();
    const el = document.createElement('kyi-token-status');
    el.address = randomAddress();
    el.chainSlug = 'ethereum';
    const errored = oneEvent(el, 'kyi-error') as Promise<KyiErrorEvent>;
    document.body.append(el);
    try {
      const event = await errored;
      expect(event.detail.code).to.equal('network');
      await el.settled;
      expect(el.status).to.equal('error');
      expect(el.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
      const error = part(el, 'error')!;
      expect(error.textContent).to.contain('Verification check failed');
      expect(error.textContent).to.contain('Could not reach the verification service');
      const retry = part(el, 'retry-button') as HTMLButtonElement;
      expect(el.shadowRoot!.getElementById(retry.getAttribute('aria-describedby')!)!.textContent).to.equal('Could not reach the verification service.');
      await expect(el).to.be.accessible();
      const status = oneEvent(el, 'kyi-status') as Promise<KyiStatusEvent>;
      (part(el, 'retry-button') as HTMLButtonElement).click();
      expect((await status).detail.status).to.equal('not-found');
      await el.settled;
      expect(part(el, 'error')).to.equal(null);
    } finally {
      network.restore();
      el.remove();
    }
  });

  it('error from the proxy: its status reaches kyi-error', async () => {
    // A proxy path that is not mounted answers 404 for the whole batch.
    const el = document.createElement('kyi-token-status');
    el.setAttribute('proxy-url', '/api/not-mounted');
    el.caip19 = F.pyusd.caip19;
    const errored = oneEvent(el, 'kyi-error') as Promise<KyiErrorEvent>;
    document.body.append(el);
    try {
      const event = await errored;
      expect(event.detail.status).to.equal(404);
      await el.settled;
      expect(el.status).to.equal('error');
      expect(part(el, 'error')!.textContent).to.contain('not configured');
    } finally {
      el.remove();
    }
  });

  it('compact: icon only, the status as its accessible name', async () => {
    const el = await settledStatus(html`<kyi-token-status compact caip19=${F.pyusd.caip19}></kyi-token-status>`);
    expect(el.status).to.equal('verified');
    expect(part(el, 'label')).to.equal(null);
    expect(el.shadowRoot!.querySelector('img'), 'its own icon, not the static badge image').to.equal(null);
    expect(part(el, 'icon')!.getAttribute('aria-label')).to.equal('KYI verified (live check)');
    await expect(el).to.be.accessible();
    const other = await settledStatus(
      html`<kyi-token-status compact address=${F.indexedNotVerifiedSolana.address} chain-slug="solana"></kyi-token-status>`,
    );
    expect(part(other, 'icon')!.getAttribute('aria-label')).to.equal('Not verified');
    await expect(other).to.be.accessible();
  });

  it('re-checks when attributes change and drops the stale answer', async () => {
    const el = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    const seen = recordEvents(el, ['kyi-status']);
    // Switch before the first lookup was even sent: only the latest may write.
    el.removeAttribute('caip19');
    el.address = F.unknown.address;
    el.chainSlug = 'ethereum';
    await el.settled;
    expect(el.status).to.equal('not-found');
    expect(seen.map((s) => (s.detail as { status: string }).status)).to.deep.equal(['not-found']);
    el.address = F.indexedNotVerifiedSolana.address;
    el.chainSlug = 'solana';
    await el.settled;
    expect(el.status).to.equal('unverified');
    expect(seen.length).to.equal(2);
  });

  it('theme: the default is not written onto the host; a theme set reflects, and removing it restores the default', async () => {
    const el = await settledStatus(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    expect(el.theme).to.equal('auto');
    expect(el.hasAttribute('theme')).to.equal(false, 'no attribute change on every host for the default');
    el.theme = 'dark';
    await el.updateComplete;
    expect(el.getAttribute('theme')).to.equal('dark');
    el.theme = 'auto';
    await el.updateComplete;
    expect(el.getAttribute('theme')).to.equal('auto', 'a value set (even the default) reflects');
    el.removeAttribute('theme');
    await el.updateComplete;
    expect(el.theme).to.equal('auto');
  });

  it('fires no event when code sets display properties or the same input again', async () => {
    const el = await settledStatus(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    const seen = recordEvents(el, ['kyi-status', 'kyi-error']);
    el.compact = true;
    el.theme = 'dark';
    el.caip19 = F.pyusd.caip19;
    await el.settled;
    el.compact = false;
    await el.settled;
    expect(seen).to.deep.equal([]);
    expect(el.status).to.equal('verified');
  });

  it('dark theme passes axe in every settled state', async () => {
    const page = await fixture<HTMLDivElement>(html`<div style="background:#fff;padding:8px">
      <kyi-token-status theme="dark" caip19=${F.pyusd.caip19}></kyi-token-status>
      <kyi-token-status theme="dark" address=${F.multiChain.address}></kyi-token-status>
      <kyi-token-status theme="dark" address=${F.indexedNotVerifiedSolana.address} chain-slug="solana"></kyi-token-status>
      <kyi-token-status theme="dark" address=${F.unknown.address} chain-slug="ethereum"></kyi-token-status>
      <kyi-token-status theme="dark" caip19="nope"></kyi-token-status>
      <kyi-token-status theme="dark" proxy-url="/api/not-mounted" caip19=${F.pyusd.caip19}></kyi-token-status>
    </div>`);
    const all = [...page.querySelectorAll('kyi-token-status')];
    await Promise.all(all.map((el) => el.settled));
    expect(all.map((el) => el.status)).to.deep.equal(['verified', 'verified', 'unverified', 'not-found', 'invalid', 'error']);
    await expect(page).to.be.accessible();
  });

  it('status is read-only', async () => {
    const el = await settledStatus(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    expect(() => ((el as unknown as { status: string }).status = 'error')).to.throw();
    expect(el.status).to.equal('verified');
  });

  it('refresh() looks up again bypassing the caches', async () => {
    const el = await settledStatus(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    const posts = countLookupPosts();
    try {
      const status = oneEvent(el, 'kyi-status');
      await el.refresh();
      await status;
      expect(posts.count).to.equal(1);
      expect(el.status).to.equal('verified');
    } finally {
      posts.restore();
    }
  });

  it('renders in the element language and follows lang changes', async () => {
    registerLocale('fr', fr);
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang="fr"><kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status></div>`,
    );
    const el = wrapper.querySelector('kyi-token-status')!;
    await el.settled;
    expect(part(el, 'label')!.textContent).to.equal('Vérifié KYI');
    wrapper.lang = 'en';
    await waitUntil(() => part(el, 'label')!.textContent === 'KYI verified');
    configure({ strings: { en: { 'tokenStatus.verified': 'Issuer checked' } } });
    try {
      await waitUntil(() => part(el, 'label')!.textContent === 'Issuer checked');
    } finally {
      configure({ strings: undefined });
    }
  });

  it('statuses showing the same answer show the same view, each in its own size and language, and all take new words', async () => {
    registerLocale('fr', fr);
    const page = await fixture<HTMLDivElement>(html`<div>
      <kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status><kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>
      <kyi-token-status compact caip19=${F.pyusd.caip19}></kyi-token-status>
      <div lang="fr"><kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status></div>
    </div>`);
    const [first, second, compact, french] = [...page.querySelectorAll('kyi-token-status')];
    await Promise.all([first, second, compact, french].map((el) => el!.settled));
    const markup = (el: KyiTokenStatus) => el.shadowRoot!.innerHTML;
    expect(markup(second!)).to.equal(markup(first!));
    expect(part(first!, 'label')!.textContent).to.equal('KYI verified');
    expect(part(compact!, 'label'), 'compact: the icon alone').to.equal(null);
    expect(part(french!, 'label')!.textContent).to.equal('Vérifié KYI');
    configure({ strings: { en: { 'tokenStatus.verified': 'Issuer checked' } } });
    try {
      await waitUntil(() => part(first!, 'label')!.textContent === 'Issuer checked' && part(second!, 'label')!.textContent === 'Issuer checked');
      expect(part(french!, 'label')!.textContent).to.equal('Vérifié KYI');
      expect(markup(second!)).to.equal(markup(first!));
    } finally {
      configure({ strings: undefined });
    }
  });

  it('a render that changes nothing keeps the nodes shown (a theme set, a configure() of another key)', async () => {
    const el = await settledStatus(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    const shown = part(el, 'base');
    el.theme = 'dark';
    await el.updateComplete;
    expect(part(el, 'base')).to.equal(shown);
    configure({ theme: 'light' });
    try {
      await el.updateComplete;
      expect(part(el, 'label')!.textContent).to.equal('KYI verified');
    } finally {
      configure({ theme: undefined });
    }
  });
});
