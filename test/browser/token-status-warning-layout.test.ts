import { expect, fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { testEnv, freshLookups } from './helpers/display.js';
import { holdLookupPosts } from './helpers/hold-lookups.js';
import { applyTextSpacing, cutText } from './helpers/a11y.js';

/**
 * A verified token whose issuer's business is not verified shows "Business not verified"
 * (one whose business is verified, the kit's "Business verified" claim, in the same place)
 * beside the label, or, in a column too narrow for both, on the next line: two lines at the
 * usual widths, so the answer fits the box the loading state reserved and nothing on the page
 * moves when it arrives. The issuer's line is a whole (issue #35: at 390 px the claim split
 * "Issuer: Harbor / Yield Ltd"): beside the claim when all of it fits there, else on a line of
 * its own below, which every status in so narrow a column reserves from the start.
 */
describe('<kyi-token-status> business-not-verified warning layout', () => {
  before(async () => {
    configure({ badgeBaseUrl: (await testEnv()).badgeBaseUrl });
  });
  after(() => resetConfig());

  const part = (el: KyiTokenStatus, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
  const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  /** The boxes of every line of a part's words (what a reader sees of them). */
  const wordBoxes = (node: Element): DOMRect[] => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return [...range.getClientRects()].filter((r) => r.width > 0);
  };
  /** The box of the issuer line's first character. */
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
  const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

  const { address, chain } = F.businessNotVerified;
  // fits: the answer takes the loading box exactly (the usual widths); else it may grow once
  const warningCases = [
    { width: '', dir: 'ltr', chainSlug: chain, sameLine: true, fits: true },
    { width: '', dir: 'rtl', chainSlug: chain, sameLine: true, fits: true },
    // an address without a chain reserves a third line; the answer fits it
    { width: '307px', dir: 'ltr', chainSlug: undefined, sameLine: false, fits: true },
    // a column too narrow for the label and warning side by side: the warning starts the
    // issuer's line, and the issuer's words that do not fit beside it wrap below, on the line
    // every status in so narrow a column reserved
    { width: '307px', dir: 'ltr', chainSlug: chain, sameLine: false, fits: true },
    { width: '307px', dir: 'rtl', chainSlug: chain, sameLine: false, fits: true },
    { width: '240px', dir: 'ltr', chainSlug: chain, sameLine: false, fits: true },
    { width: '240px', dir: 'rtl', chainSlug: chain, sameLine: false, fits: true },
  ];
  // The kit's "Business verified" claim (a business-verified issuer) takes the same place, a few words shorter.
  const claimCases = [
    { width: '', dir: 'ltr', chainSlug: F.pyusd.chain, sameLine: true, fits: true },
    { width: '', dir: 'rtl', chainSlug: F.pyusd.chain, sameLine: true, fits: true },
    { width: '307px', dir: 'ltr', chainSlug: F.pyusd.chain, sameLine: true, fits: true },
    { width: '240px', dir: 'ltr', chainSlug: F.pyusd.chain, sameLine: false, fits: true },
    { width: '240px', dir: 'rtl', chainSlug: F.pyusd.chain, sameLine: false, fits: true },
  ];
  const claims = [
    { claim: 'warning', address, issuerName: 'Harbor Yield Ltd', cases: warningCases },
    { claim: 'kyb-claim', address: F.pyusd.address, issuerName: 'Paxos Trust Company', cases: claimCases },
  ] as const;

  for (const { claim, address, issuerName, cases } of claims)
  for (const { width, dir, chainSlug, sameLine, fits } of cases) {
    it(`${claim}, ${width || 'default width'}, ${dir}${chainSlug ? '' : ', no chain'}: ${fits ? 'settles into the loading box' : 'grows once as it settles'}, every word shown`, async () => {
      freshLookups();
      const held = holdLookupPosts();
      try {
        const wrapper = await fixture<HTMLDivElement>(html`<div dir=${dir}>
          <kyi-token-status address=${address} chain-slug=${ifDefined(chainSlug)}></kyi-token-status>
        </div>`);
        const el = wrapper.querySelector('kyi-token-status')!;
        if (width) el.style.setProperty('--kyi-token-status-width', width);
        await el.updateComplete;
        // the loading box as painted: before its first frame, an element with
        // `content-visibility: auto` is measured skipped (its host's two lines only)
        await frames();
        expect(el.status).to.equal('loading');
        const loading = el.getBoundingClientRect();
        held.release();
        await el.settled;
        expect(el.status).to.equal('verified');
        const settled = el.getBoundingClientRect();
        if (fits) expect(settled.height, 'height').to.be.closeTo(loading.height, 0.5);
        else expect(settled.height, 'height: one more line at most').to.be.within(loading.height, loading.height + 20);
        expect(settled.width, 'width').to.be.closeTo(loading.width, 0.5);
        // settled means settled: nothing moves after the answer is in
        await frames();
        const later = el.getBoundingClientRect();
        expect([later.width, later.height], 'no shift once settled').to.deep.equal([settled.width, settled.height]);
        expect(cutText(el), 'nothing cut, no ellipsis').to.deep.equal([]);

        const base = part(el, 'base').getBoundingClientRect();
        const label = part(el, 'label');
        const warning = part(el, claim);
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
        // every word of the issuer shown, inside the box, none behind the warning
        expect(part(el, 'issuer').textContent).to.contain(issuerName);
        for (const line of wordBoxes(part(el, 'issuer'))) {
          expect(overlaps(line, warningBox), 'the issuer clear of the warning').to.equal(false);
          expect(line.left >= base.left - 0.5 && line.right <= base.right + 0.5 && line.bottom <= base.bottom + 0.5, 'the issuer inside the box').to.equal(true);
        }

        const centre = (r: DOMRect) => (r.top + r.bottom) / 2;
        if (sameLine) {
          expect(Math.abs(centre(warningBox) - centre(labelBox)), 'warning on the label line').to.be.below(2);
        } else {
          expect(warningBox.top, 'warning below the label').to.be.at.least(labelBox.bottom - 0.5);
        }
        // the issuer's words on one line: beside the warning whole, or below it
        const lines = wordBoxes(part(el, 'issuer'));
        expect(new Set(lines.map((l) => Math.round(l.top))).size, 'the issuer line whole, not split around the warning').to.equal(1);
        if (Math.abs(centre(warningBox) - centre(issuer)) >= 3) expect(issuer.top, 'else below the warning').to.be.at.least(warningBox.bottom - 0.5);
        // the warning follows the label in reading order: start side first
        const start = (r: DOMRect) => (dir === 'rtl' ? -r.right : r.left);
        if (sameLine) expect(start(warningBox)).to.be.greaterThan(start(labelBox));
        else expect(start(warningBox)).to.be.closeTo(start(labelBox), 0.5);
      } finally {
        held.restore();
      }
    });
  }

  /** A status in a 320 px column (WCAG 1.4.10's reflow width), with or without text spacing. */
  const narrow = [
    ['verified, business not verified', html`<kyi-token-status address=${address} chain-slug=${chain}></kyi-token-status>`, 'verified'],
    ['verified, business verified', html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`, 'verified'],
    ['verified on some chains, not on others', html`<kyi-token-status address=${F.multiChain.address}></kyi-token-status>`, 'verified'],
    ['unknown token', html`<kyi-token-status address=${F.unknown.address} chain-slug="ethereum"></kyi-token-status>`, 'not-found'],
  ] as const;
  for (const [what, template, status] of narrow) {
    for (const spacing of [false, true]) {
      it(`320 px${spacing ? ' with WCAG text spacing' : ''}, ${what}: every word shown, nothing cut or hidden`, async () => {
        freshLookups();
        const box = await fixture<HTMLDivElement>(html`<div style="width: 320px">${template}</div>`);
        const el = box.querySelector('kyi-token-status')!;
        await el.settled;
        expect(el.status).to.equal(status);
        if (spacing) {
          applyTextSpacing(el);
          await frames();
        }
        expect(box.scrollWidth, 'nothing sideways').to.be.at.most(box.clientWidth);
        expect(cutText(el), 'nothing cut, no ellipsis').to.deep.equal([]);
        const base = part(el, 'base').getBoundingClientRect();
        const texts = [...el.shadowRoot!.querySelectorAll('[part~="label"], [part~="issuer"], [part~="summary"], [part~="warning"], [part~="kyb-claim"], .detail')];
        expect(texts.length).to.be.greaterThan(1);
        for (const node of texts) {
          for (const line of wordBoxes(node)) {
            const inside = line.left >= base.left - 0.5 && line.right <= base.right + 0.5 && line.top >= base.top - 0.5 && line.bottom <= base.bottom + 0.5;
            expect(inside, `${node.getAttribute('part') ?? node.className}: inside the box`).to.equal(true);
          }
        }
        const warning = el.shadowRoot!.querySelector('[part~="warning"], [part~="kyb-claim"]');
        const issuer = el.shadowRoot!.querySelector('[part~="issuer"]');
        if (warning && issuer) {
          const mark = warning.getBoundingClientRect();
          for (const line of wordBoxes(issuer)) expect(overlaps(line, mark), 'the issuer clear of the claim').to.equal(false);
        }
        const words = el.shadowRoot!.textContent!.replace(/\s+/g, ' ');
        if (what.includes('business not')) expect(words).to.contain('Issuer: Harbor Yield Ltd');
        if (what.includes('business verified')) expect(words).to.contain('Business verified').and.to.contain('Issuer: Paxos Trust Company');
        if (what.includes('chains')) expect(words).to.match(/Not verified on Avalanche/);
      });
    }
  }
});
