/**
 * Headings follow `heading-level` on every element that renders one: the top heading is at the
 * level, the rest below it, none skipped (WCAG 1.3.1, 2.4.6), for levels 2 to 5.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/define.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { signedInWithBadges } from './helpers/explorer.js';

/** The levels of the headings in `el`'s shadow root, in document order. */
function headingLevels(el: Element): number[] {
  return [...el.shadowRoot!.querySelectorAll('[role="heading"], h1, h2, h3, h4, h5, h6')]
    .filter((h) => h.checkVisibility())
    .map((h) => Number(h.getAttribute('aria-level') ?? h.localName.slice(1)));
}

describe('headings follow heading-level', function () {
  this.timeout(30_000);
  signedInWithBadges();

  const elements = {
    'kyi-asset-card': (level: number) => html`<kyi-asset-card heading-level=${level} account-id=${F.usdc.accountId}></kyi-asset-card>`,
    'kyi-watchlist': (level: number) => html`<kyi-watchlist heading-level=${level}></kyi-watchlist>`,
    'kyi-change-feed': (level: number) => html`<kyi-change-feed heading-level=${level}></kyi-change-feed>`,
    'kyi-notifications': (level: number) => html`<kyi-notifications heading-level=${level}></kyi-notifications>`,
  };
  for (const [tag, markup] of Object.entries(elements)) {
    it(`<${tag}>: the top heading at the level, the others below it, none skipped`, async () => {
      for (const level of [2, 3, 4, 5]) {
        const el = await fixture<HTMLElement & { settled: Promise<void> }>(markup(level));
        await el.settled;
        const levels = headingLevels(el);
        expect(levels.length, `heading-level=${level}: headings rendered`).to.be.greaterThan(1);
        expect(levels[0], `heading-level=${level}: the top heading (${levels.join(' ')})`).to.equal(level);
        expect(Math.min(...levels), `heading-level=${level}: none above the level (${levels.join(' ')})`).to.equal(level);
        const used = [...new Set(levels)].sort((a, b) => a - b);
        expect(used, `heading-level=${level}: none skipped (${levels.join(' ')})`).to.deep.equal(used.map((_, i) => level + i));
        el.remove();
      }
    });
  }
});
