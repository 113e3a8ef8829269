/**
 * Contrast, forced colours and target size of the elements, measured on what Chromium computes:
 * text-field edges at least 3:1 against their surface (WCAG 1.4.11), the watchlist switch's
 * states and the loading skeletons still drawn in forced colours (Windows High Contrast), and
 * the compact retry icon a 24 × 24 px target (WCAG 2.5.8).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../src/entries/define.js';
import type { KyiWatchlist } from '../../src/elements/watchlist/watchlist.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { signInForMonitoring } from './helpers/explorer.js';
import { failNextLookupPost, randomAddress } from './helpers/display.js';
import { holdLookupPosts } from './helpers/hold-lookups.js';

/** sRGB channels (0–1) of a computed colour: `rgb()`, `rgba()` or `color(srgb …)`. */
function channels(color: string): [number, number, number] {
  const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)/.exec(color);
  if (srgb) return [Number(srgb[1]), Number(srgb[2]), Number(srgb[3])];
  const rgb = /^rgba?\((\d+(?:\.\d+)?),? (\d+(?:\.\d+)?),? (\d+(?:\.\d+)?)/.exec(color);
  if (rgb) return [Number(rgb[1]) / 255, Number(rgb[2]) / 255, Number(rgb[3]) / 255];
  throw new Error(`unreadable colour ${color}`);
}

function luminance(color: string): number {
  const [r, g, b] = channels(color).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

describe('contrast, forced colours and targets', function () {
  this.timeout(30_000);
  before(signInForMonitoring);
  afterEach(() => emulateMedia({ forcedColors: 'none' }));

  for (const theme of ['light', 'dark'] as const) {
    it(`text fields are edged at 3:1 or more against their surface (${theme})`, async () => {
      const el = await fixture<KyiWatchlist>(html`<kyi-watchlist theme=${theme}></kyi-watchlist>`);
      await el.settled;
      const input = el.shadowRoot!.querySelector<HTMLInputElement>('#add-asset')!;
      const style = getComputedStyle(input);
      const ratio = contrast(style.borderTopColor, style.backgroundColor);
      expect(ratio, `border ${style.borderTopColor} on ${style.backgroundColor}`).to.be.at.least(3);
    });
  }

  it('in forced colours the switch shows on and paused apart, and skeletons are drawn', async () => {
    await emulateMedia({ forcedColors: 'active' });
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    const el = await fixture<KyiWatchlist>(html`<kyi-watchlist></kyi-watchlist>`);
    await el.settled;
    const switches = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="switch"]')];
    const thumb = (checked: string) => switches.find((s) => s.getAttribute('aria-checked') === checked)!.querySelector('.thumb')!;
    const track = (checked: string) => switches.find((s) => s.getAttribute('aria-checked') === checked)!.querySelector('.track')!;
    const canvas = getComputedStyle(document.body).backgroundColor;
    // the thumb is drawn (not the page's colour) in both states, and the two states differ
    for (const checked of ['true', 'false']) {
      expect(getComputedStyle(thumb(checked)).backgroundColor, `thumb, aria-checked=${checked}`).to.not.equal(getComputedStyle(track(checked)).backgroundColor);
    }
    expect(getComputedStyle(track('true')).backgroundColor).to.not.equal(getComputedStyle(track('false')).backgroundColor);

    const hold = holdLookupPosts();
    try {
      const page = await fixture<HTMLDivElement>(html`<div>
        <kyi-token-status address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>
        <kyi-token-status compact address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>
      </div>`);
      const statuses = [...page.querySelectorAll<KyiTokenStatus>('kyi-token-status')];
      for (const status of statuses) {
        await status.updateComplete;
        const skeletons = [...status.shadowRoot!.querySelectorAll<HTMLElement>('[part="skeleton"]')];
        expect(skeletons.length, 'a skeleton while loading').to.be.greaterThan(0);
        for (const s of skeletons) expect(contrast(getComputedStyle(s).backgroundColor, canvas), 'skeleton against the canvas').to.be.at.least(3);
      }
    } finally {
      hold.restore();
    }
  });

  it('the compact retry icon is a 24 × 24 px target', async () => {
    const network = failNextLookupPost();
    try {
      const el = await fixture<KyiTokenStatus>(html`<kyi-token-status compact address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`);
      await el.settled;
      expect(el.status).to.equal('error');
      const retry = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry-button"]')!;
      // The button itself is the 24 × 24 px box (its own box, not a pseudo-element's hit area).
      const box = retry.getBoundingClientRect();
      expect(box.width).to.be.at.least(24);
      expect(box.height).to.be.at.least(24);
      const host = el.getBoundingClientRect();
      expect(host.width).to.be.at.least(24);
      expect(host.height).to.be.at.least(24);
      const r = retry.getBoundingClientRect();
      expect(Math.abs(r.left + r.width / 2 - (host.left + host.width / 2))).to.be.below(0.5);
      expect(Math.abs(r.top + r.height / 2 - (host.top + host.height / 2))).to.be.below(0.5);
    } finally {
      network.restore();
    }
  });
});
