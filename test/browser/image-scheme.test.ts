import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiBadge } from '../../src/elements/badge/badge.js';
import { testEnv } from './helpers/display.js';

/**
 * Badge images pick their light or dark variant from the colour scheme in effect on each
 * host (`imageSchemeOf` in badge-image.ts): these tests check that many badges rendering in
 * the same task each read their own host's scheme, and a current one.
 */
describe('badge image scheme, many elements at once', () => {
  const root = document.documentElement;

  before(async () => {
    const { badgeBaseUrl } = await testEnv();
    configure({ badgeBaseUrl });
  });
  after(() => resetConfig());
  afterEach(() => {
    root.style.colorScheme = '';
  });

  /** `dark`, `light`, or `auto` (a `<picture>` whose dark source the browser picks). */
  const shown = (el: KyiBadge) => {
    const shadow = el.shadowRoot!;
    if (shadow.querySelector('picture')) return 'auto';
    return new URL(shadow.querySelector('img')!.src).searchParams.get('theme');
  };

  const badges = (n: number) => Array.from({ length: n }, () => document.createElement('kyi-badge'));

  it('badges appended in one task each follow the scheme of their own section', async () => {
    const page = await fixture<HTMLElement>(html`<div><section></section><section></section><section></section></div>`);
    const [plain, dark, both] = [...page.querySelectorAll('section')] as HTMLElement[];
    dark!.style.colorScheme = 'dark';
    both!.style.colorScheme = 'light dark';
    const groups = [plain!, dark!, both!].map((section) => {
      const list = badges(3);
      section.append(...list);
      return list;
    });
    await Promise.all(groups.flat().map((el) => el.updateComplete));
    expect(groups.map((list) => list.map(shown))).to.deep.equal([
      ['light', 'light', 'light'],
      ['dark', 'dark', 'dark'],
      ['auto', 'auto', 'auto'],
    ]);
  });

  it('a badge whose theme changes while the others re-render takes its own scheme', async () => {
    root.style.colorScheme = 'dark';
    const page = await fixture<HTMLElement>(html`<div></div>`);
    const list = badges(3);
    page.append(...list);
    await Promise.all(list.map((el) => el.updateComplete));
    expect(list.map(shown)).to.deep.equal(['dark', 'dark', 'dark']);
    // The first re-render reads the scheme of every pending badge, before the middle one has
    // applied its new theme.
    list[0]!.requestUpdate();
    list[1]!.theme = 'light';
    list[2]!.requestUpdate();
    await Promise.all(list.map((el) => el.updateComplete));
    expect(list.map(shown)).to.deep.equal(['dark', 'light', 'dark']);
  });

  it('a page scheme changed in the same task reaches the next render', async () => {
    root.style.colorScheme = 'dark';
    const page = await fixture<HTMLElement>(html`<div></div>`);
    const [el] = badges(1);
    page.append(el!);
    await el!.updateComplete;
    expect(shown(el!)).to.equal('dark');
    // No task boundary since the render above: only the style change itself can tell.
    root.style.colorScheme = 'light';
    el!.requestUpdate();
    await el!.updateComplete;
    expect(shown(el!)).to.equal('light');
  });
});
