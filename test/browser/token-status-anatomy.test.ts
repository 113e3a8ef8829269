import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiBadge } from '../../src/elements/badge/badge.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { failNextLookupPost, testEnv, freshLookups } from './helpers/display.js';
import { holdLookupPosts } from './helpers/hold-lookups.js';

/**
 * One status anatomy (issue #35): every state of `<kyi-token-status>`, full and compact, is an
 * icon of one size and words of one type size (the detail, when there is one, at the small
 * size); the live status's icon is its own, never the static badge's image; a compact status
 * verified on some chains only shows it, not the plain check.
 */
describe('<kyi-token-status> one anatomy in every state', () => {
  let env: Awaited<ReturnType<typeof testEnv>>;
  before(async () => {
    env = await testEnv();
    configure({ badgeBaseUrl: env.badgeBaseUrl });
  });
  after(() => resetConfig());

  /** Every state, full and compact, settled (loading: held by a proxy that never answers). */
  const states = () => [
    ['verified', html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`],
    ['verified, business not verified', html`<kyi-token-status address=${F.businessNotVerified.address} chain-slug=${F.businessNotVerified.chain}></kyi-token-status>`],
    ['verified on some chains', html`<kyi-token-status address=${F.multiChain.address}></kyi-token-status>`],
    ['not verified', html`<kyi-token-status address=${F.indexedNotVerifiedSolana.address} chain-slug="solana"></kyi-token-status>`],
    ['unknown', html`<kyi-token-status address=${F.unknown.address} chain-slug="ethereum"></kyi-token-status>`],
    ['invalid', html`<kyi-token-status caip19="not-a-caip19"></kyi-token-status>`],
    ['error', html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`],
  ] as const;

  async function render(template: unknown, compact: boolean, fail = false): Promise<KyiTokenStatus> {
    freshLookups();
    const failing = fail ? failNextLookupPost() : undefined;
    try {
      const box = await fixture<HTMLDivElement>(html`<div style="width: 420px">${template}</div>`);
      const el = box.querySelector('kyi-token-status')!;
      el.compact = compact;
      await el.settled;
      return await painted(el);
    } finally {
      failing?.restore();
    }
  }
  async function painted(el: KyiTokenStatus): Promise<KyiTokenStatus> {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return el;
  }

  /** The state's icon box (an svg or an img) and the type sizes of its visible words. */
  function anatomy(el: KyiTokenStatus): { icons: string[]; label: string | undefined; detail: string[] } {
    const root = el.shadowRoot!;
    const icons = [...root.querySelectorAll<SVGElement | HTMLImageElement>('[part~="icon"], img')].map((i) => {
      const r = i.getBoundingClientRect();
      return `${r.width.toFixed(1)}×${r.height.toFixed(1)}`;
    });
    const label = root.querySelector('[part~="label"]');
    const detail = [...root.querySelectorAll('.detail, [part~="issuer"], [part~="summary"]')];
    return {
      icons,
      label: label ? getComputedStyle(label).fontSize : undefined,
      detail: detail.map((d) => getComputedStyle(d).fontSize),
    };
  }

  it('full: one icon of one size, the words at one size, the detail at one smaller size, in every state', async () => {
    const seen: Record<string, ReturnType<typeof anatomy>> = {};
    for (const [name, template] of states()) seen[name] = anatomy(await render(template, false, name === 'error'));
    const icons = Object.entries(seen).map(([name, a]) => `${name}: ${a.icons.join(' ')}`);
    const size = seen['verified']!.icons[0];
    expect(icons, 'one icon each, of one size').to.deep.equal(Object.keys(seen).map((name) => `${name}: ${size}`));
    const labels = Object.entries(seen).map(([name, a]) => `${name}: ${a.label}`);
    expect(labels, 'the words at one size').to.deep.equal(Object.keys(seen).map((name) => `${name}: 15px`));
    const details = new Set(Object.values(seen).flatMap((a) => a.detail));
    expect([...details], 'the detail at one size').to.deep.equal(['13px']);
  });

  it('compact: one icon of the same size in every state', async () => {
    const icons: string[] = [];
    for (const [name, template] of states()) icons.push(`${name}: ${anatomy(await render(template, true, name === 'error')).icons.join(' ')}`);
    const full = anatomy(await render(states()[0][1], false)).icons[0];
    expect(icons).to.deep.equal(states().map(([name]) => `${name}: ${full}`));
  });

  it('loading: the place of the icon is the icon size, full and compact', async () => {
    const settled = anatomy(await render(states()[0][1], false)).icons[0];
    for (const compact of [false, true]) {
      freshLookups();
      const held = holdLookupPosts();
      try {
        const box = await fixture<HTMLDivElement>(html`<div style="width: 420px"><kyi-token-status ?compact=${compact} caip19=${F.pyusd.caip19}></kyi-token-status></div>`);
        const el = box.querySelector('kyi-token-status')!;
        await painted(el);
        expect(el.status).to.equal('loading');
        const r = el.shadowRoot!.querySelector('.icon-skeleton')!.getBoundingClientRect();
        expect(`${r.width.toFixed(1)}×${r.height.toFixed(1)}`, compact ? 'compact' : 'full').to.equal(settled);
        held.release();
        await el.settled;
      } finally {
        held.restore();
      }
    }
  });

  it('the live icon is its own, never the static badge image, full and compact', async () => {
    const badge = await fixture<KyiBadge>(html`<kyi-badge size="24"></kyi-badge>`);
    await badge.updateComplete;
    const badgeImage = badge.shadowRoot!.querySelector('img');
    for (const compact of [false, true]) {
      const el = await render(states()[0][1], compact);
      expect(el.status).to.equal('verified');
      expect(el.shadowRoot!.querySelector('img'), `${compact ? 'compact' : 'full'}: no image`).to.equal(null);
      const icon = el.shadowRoot!.querySelector('svg[part~="icon"]')!;
      expect(icon, `${compact ? 'compact' : 'full'}: the live icon`).to.exist;
      if (badgeImage) expect(icon.outerHTML).not.to.contain(new URL(badgeImage.src).pathname);
    }
  });

  it('a compact status verified on some chains only looks partial, not like the plain check', async () => {
    const some = await render(states()[2][1], true);
    const all = await render(states()[0][1], true);
    const drawn = (el: KyiTokenStatus) => el.shadowRoot!.querySelector('svg[part~="icon"]')!.innerHTML;
    expect(drawn(some)).not.to.equal(drawn(all));
    expect(some.shadowRoot!.querySelector('[part~="icon"]')!.getAttribute('aria-label')).to.match(/2 of 3 chains/);
  });
});
