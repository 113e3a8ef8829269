import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiBadge } from '../../src/elements/badge/badge.js';
import type { KyiWatchlist } from '../../src/elements/watchlist/watchlist.js';
import { testEnv } from './helpers/display.js';

/** The kit's default text colours, light and dark (shared/styles.ts). */
const LIGHT_TEXT = 'rgb(22, 24, 29)';
const DARK_TEXT = 'rgb(236, 238, 242)';

const textColour = (el: Element) => getComputedStyle(el).color;
const root = document.documentElement;

function pageScheme(value: string) {
  root.style.colorScheme = value;
}

describe('theme follows the page', () => {
  let badgeBaseUrl: string;

  before(async () => {
    badgeBaseUrl = (await testEnv()).badgeBaseUrl;
  });
  afterEach(async () => {
    root.style.colorScheme = '';
    resetConfig();
    await emulateMedia({ colorScheme: 'light' });
  });

  it('a light page keeps light elements when the OS is dark', async () => {
    pageScheme('light');
    await emulateMedia({ colorScheme: 'dark' });
    const el = await fixture<KyiWatchlist>(html`<kyi-watchlist></kyi-watchlist>`);
    expect(textColour(el)).to.equal(LIGHT_TEXT);
  });

  it('a page that declares no scheme gets light elements, whatever the OS', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const el = await fixture<KyiWatchlist>(html`<kyi-watchlist></kyi-watchlist>`);
    expect(textColour(el)).to.equal(LIGHT_TEXT);
  });

  it('a dark page gets dark elements when the OS is light', async () => {
    pageScheme('dark');
    await emulateMedia({ colorScheme: 'light' });
    const el = await fixture<KyiWatchlist>(html`<kyi-watchlist></kyi-watchlist>`);
    expect(textColour(el)).to.equal(DARK_TEXT);
  });

  it('a page that declares "light dark" follows the OS', async () => {
    pageScheme('light dark');
    await emulateMedia({ colorScheme: 'dark' });
    const el = await fixture<KyiWatchlist>(html`<kyi-watchlist></kyi-watchlist>`);
    expect(textColour(el)).to.equal(DARK_TEXT);
    await emulateMedia({ colorScheme: 'light' });
    expect(textColour(el)).to.equal(LIGHT_TEXT);
  });

  it('a dark section of a light page gets dark elements (the scheme in effect on the host)', async () => {
    pageScheme('light');
    const section = await fixture<HTMLElement>(html`<section><kyi-watchlist></kyi-watchlist></section>`);
    section.style.colorScheme = 'dark';
    expect(textColour(section.querySelector('kyi-watchlist')!)).to.equal(DARK_TEXT);
  });

  it('configure({ theme }) sets the scheme for every element on the page', async () => {
    pageScheme('light');
    const el = await fixture<KyiWatchlist>(html`<kyi-watchlist></kyi-watchlist>`);
    configure({ theme: 'dark' });
    await el.updateComplete;
    expect(textColour(el)).to.equal(DARK_TEXT);
    configure({ theme: 'auto' });
    await el.updateComplete;
    expect(textColour(el)).to.equal(LIGHT_TEXT);
  });

  it('the theme attribute wins over configure()', async () => {
    configure({ theme: 'dark' });
    const el = await fixture<KyiWatchlist>(html`<kyi-watchlist theme="light"></kyi-watchlist>`);
    expect(textColour(el)).to.equal(LIGHT_TEXT);
    el.theme = 'auto';
    await el.updateComplete;
    expect(textColour(el)).to.equal(DARK_TEXT);
  });

  it('configure() refuses an unknown theme, naming it, and keeps the previous one', async () => {
    configure({ theme: 'dark' });
    expect(() => configure({ theme: 'sepia' as never })).to.throw(TypeError, /theme must be one of auto, light, dark \(got "sepia"\)/);
    const el = await fixture<KyiWatchlist>(html`<kyi-watchlist></kyi-watchlist>`);
    expect(textColour(el)).to.equal(DARK_TEXT);
  });

  describe('badge images', () => {
    beforeEach(() => configure({ badgeBaseUrl }));
    const imageTheme = (el: KyiBadge) => new URL(el.shadowRoot!.querySelector('img')!.src).searchParams.get('theme');

    it('take the dark image on a dark page and the light one on a light page', async () => {
      await emulateMedia({ colorScheme: 'light' });
      pageScheme('dark');
      const dark = await fixture<KyiBadge>(html`<kyi-badge></kyi-badge>`);
      expect(imageTheme(dark)).to.equal('dark');
      expect(dark.shadowRoot!.querySelector('picture')).to.equal(null);
      pageScheme('light');
      await emulateMedia({ colorScheme: 'dark' });
      const light = await fixture<KyiBadge>(html`<kyi-badge></kyi-badge>`);
      expect(imageTheme(light)).to.equal('light');
    });

    it('let the browser pick by OS scheme on a "light dark" page', async () => {
      pageScheme('light dark');
      const el = await fixture<KyiBadge>(html`<kyi-badge></kyi-badge>`);
      const source = el.shadowRoot!.querySelector('picture source') as HTMLSourceElement;
      expect(source.media).to.equal('(prefers-color-scheme: dark)');
      expect(new URL(source.srcset).searchParams.get('theme')).to.equal('dark');
      expect(imageTheme(el)).to.equal('light');
    });

    it('follow configure({ theme }) and the theme attribute', async () => {
      configure({ theme: 'dark' });
      const el = await fixture<KyiBadge>(html`<kyi-badge></kyi-badge>`);
      expect(imageTheme(el)).to.equal('dark');
      const own = await fixture<KyiBadge>(html`<kyi-badge theme="light"></kyi-badge>`);
      expect(imageTheme(own)).to.equal('light');
    });
  });
});
