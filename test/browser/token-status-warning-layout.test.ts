import { expect, fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import '../../src/define.js';
import { configure, resetConfig } from '../../src/config.js';
import { getLookupClient } from '../../src/client/lookup.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { testEnv } from './helpers/display.js';
import { holdLookupPosts } from './helpers/hold-lookups.js';

/**
 * A verified token whose issuer's business is not verified shows "Business not verified"
 * beside the label, or, in a column too narrow for both, at the start of the issuer's line:
 * two lines either way, so the answer fits the box the loading state reserved and nothing on
 * the page moves when it arrives.
 */
describe('<kyi-token-status> business-not-verified warning layout', () => {
  before(async () => {
    configure({ badgeBaseUrl: (await testEnv()).badgeBaseUrl });
  });
  after(() => resetConfig());

  const part = (el: KyiTokenStatus, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
  const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  /**
   * The box of the issuer line's first character (the issuer element itself spans the line,
   * and the boxes of its whole text include what the ellipsis hides).
   */
  const issuerStart = (el: KyiTokenStatus) => {
    const range = document.createRange();
    const walker = document.createTreeWalker(part(el, 'issuer'), NodeFilter.SHOW_TEXT);
    let words = walker.nextNode();
    while (words && !words.textContent!.trim()) words = walker.nextNode();
    if (!words) throw new Error('the issuer line has no words');
    range.setStart(words, 0);
    range.setEnd(words, 1);
    return range.getBoundingClientRect();
  };

  const { address, chain } = F.businessNotVerified;
  const cases = [
    { width: '', dir: 'ltr', chainSlug: chain, sameLine: true },
    { width: '', dir: 'rtl', chainSlug: chain, sameLine: true },
    { width: '307px', dir: 'ltr', chainSlug: chain, sameLine: false },
    { width: '307px', dir: 'rtl', chainSlug: chain, sameLine: false },
    { width: '240px', dir: 'ltr', chainSlug: chain, sameLine: false },
    // an address without a chain reserves a third line; the answer still fits it
    { width: '307px', dir: 'ltr', chainSlug: undefined, sameLine: false },
  ];

  for (const { width, dir, chainSlug, sameLine } of cases) {
    it(`${width || 'default width'}, ${dir}${chainSlug ? '' : ', no chain'}: settles into the loading box, every word of the label and warning shown`, async () => {
      getLookupClient().clearCache();
      const held = holdLookupPosts();
      try {
        const wrapper = await fixture<HTMLDivElement>(html`<div dir=${dir}>
          <kyi-token-status address=${address} chain-slug=${ifDefined(chainSlug)}></kyi-token-status>
        </div>`);
        const el = wrapper.querySelector('kyi-token-status')!;
        if (width) el.style.setProperty('--kyi-token-status-width', width);
        await el.updateComplete;
        expect(el.status).to.equal('loading');
        const loading = el.getBoundingClientRect();
        held.release();
        await el.settled;
        expect(el.status).to.equal('verified');
        const settled = el.getBoundingClientRect();
        expect(settled.height, 'height').to.be.closeTo(loading.height, 0.5);
        expect(settled.width, 'width').to.be.closeTo(loading.width, 0.5);

        const base = part(el, 'base').getBoundingClientRect();
        const label = part(el, 'label');
        const warning = part(el, 'warning');
        const labelBox = label.getBoundingClientRect();
        const warningBox = warning.getBoundingClientRect();
        // whole, inside the box, not ellipsized
        for (const [name, node, box] of [['label', label, labelBox], ['warning', warning, warningBox]] as const) {
          expect(node.scrollWidth, `${name} not cut`).to.be.at.most(node.clientWidth + 1);
          expect(box.left, `${name} inside the box`).to.be.at.least(base.left);
          expect(box.right, `${name} inside the box`).to.be.at.most(base.right);
        }
        expect(overlaps(labelBox, warningBox), 'label and warning apart').to.equal(false);
        const issuer = issuerStart(el);
        expect(issuer.width, 'the issuer line shows').to.be.greaterThan(0);
        expect(overlaps(issuer, warningBox), 'the issuer line clear of the warning').to.equal(false);
        expect(part(el, 'issuer').title).to.contain('Harbor Yield Ltd');

        const centre = (r: DOMRect) => (r.top + r.bottom) / 2;
        if (sameLine) {
          expect(Math.abs(centre(warningBox) - centre(labelBox)), 'warning on the label line').to.be.below(2);
        } else {
          expect(warningBox.top, 'warning below the label').to.be.at.least(labelBox.bottom - 0.5);
          expect(Math.abs(centre(warningBox) - centre(issuer)), 'warning on the issuer line').to.be.below(3);
        }
        // the warning follows the label in reading order: start side first
        const start = (r: DOMRect) => (dir === 'rtl' ? -r.right : r.left);
        if (sameLine) expect(start(warningBox)).to.be.greaterThan(start(labelBox));
        else expect(start(warningBox)).to.be.closeTo(start(labelBox), 0.5);
      } finally {
        held.restore();
      }
    });
  }
});
