import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { randomAddress, testEnv } from './helpers/display.js';

const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
const base = (el: KyiTokenStatus) => el.shadowRoot!.querySelector('[part~="base"]')!;
/** Whether the browser renders the element's content (false: skipped, `content-visibility: auto` off screen). */
const rendered = (el: KyiTokenStatus) => base(el).checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions);
const size = (el: Element) => {
  const r = el.getBoundingClientRect();
  return { width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 };
};

describe('<kyi-token-status> out of view', function () {
  this.timeout(20_000);
  before(async () => configure({ badgeBaseUrl: (await testEnv()).badgeBaseUrl }));
  after(() => resetConfig());

  for (const [name, caip19] of [
    ['verified', F.pyusd.caip19],
    ['not found', `eip155:1/erc20:${randomAddress()}`],
  ] as const)
    it(`${name}: the browser skips its rendering off screen, and its box is the one it has on screen (nothing moves as it scrolls in)`, async () => {
      const page = await fixture<HTMLElement>(html`<div>
        <kyi-token-status caip19=${caip19}></kyi-token-status>
        <kyi-token-status caip19=${caip19} compact></kyi-token-status>
        <div style="height: ${innerHeight * 4}px"></div>
        <kyi-token-status caip19=${caip19}></kyi-token-status>
        <kyi-token-status caip19=${caip19} compact></kyi-token-status>
      </div>`);
      const [seen, seenCompact, far, farCompact] = [...page.querySelectorAll<KyiTokenStatus>('kyi-token-status')];
      await Promise.all([seen, seenCompact, far, farCompact].map((el) => el!.settled));
      await frame();
      expect(rendered(seen!)).to.equal(true);
      expect(rendered(far!)).to.equal(false, 'off screen, its content is skipped');
      expect(rendered(farCompact!)).to.equal(false);
      expect(size(far!)).to.deep.equal(size(seen!), 'off screen, never rendered: the box it has on screen');
      expect(size(farCompact!)).to.deep.equal(size(seenCompact!));
      far!.scrollIntoView();
      await frame();
      await frame();
      expect(rendered(far!)).to.equal(true);
      expect(size(far!)).to.deep.equal(size(seen!));
      expect(size(farCompact!)).to.deep.equal(size(seenCompact!));
      window.scrollTo(0, 0);
    });

  it('its focus ring is not clipped by the box (paint containment clips at the margin it leaves)', async () => {
    const el = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    const style = getComputedStyle(el);
    expect(style.contentVisibility).to.equal('auto');
    // The ring: a 2 px outline 2 px away from the focused part.
    expect(style.overflowClipMargin).to.equal('4px');
  });
});
