import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import { registerLocale } from '../../src/browser/strings.js';
import { fr } from '../../src/locales/fr.js';
import type { KyiBadge } from '../../src/elements/badge/badge.js';
import type { KyiErrorEvent } from '../../src/browser/events.js';
import { recordEvents, testEnv } from './helpers/display.js';

const img = (el: KyiBadge) => el.shadowRoot!.querySelector('img');
const label = (el: KyiBadge) => el.shadowRoot!.querySelector('[part="label"]');

describe('<kyi-badge>', () => {
  let badgeBaseUrl: string;

  before(async () => {
    badgeBaseUrl = (await testEnv()).badgeBaseUrl;
  });
  beforeEach(() => configure({ badgeBaseUrl }));
  afterEach(() => resetConfig());

  it('is accessible', async () => {
    const el = await fixture<KyiBadge>(html`<kyi-badge></kyi-badge>`);
    await expect(el).to.be.accessible();
  });

  it('defaults: kyi_verified icon, 24 px, svg, auto theme, every parameter in the URL', async () => {
    const el = await fixture<KyiBadge>(html`<kyi-badge></kyi-badge>`);
    expect(el.credential).to.equal('kyi_verified');
    expect(el.variant).to.equal('icon');
    expect(el.theme).to.equal('auto');
    expect(el.format).to.equal('svg');
    expect(el.size).to.equal(24);
    const image = img(el)!;
    expect(image.getAttribute('width')).to.equal('24');
    expect(image.getAttribute('height')).to.equal('24');
    expect(image.getAttribute('loading')).to.equal('lazy');
    expect(image.alt).to.equal('KYI verified badge (static claim)', 'named as a badge, a static claim');
    const url = new URL(image.src);
    expect(url.origin + url.pathname).to.equal(`${badgeBaseUrl}/api/v1/badges/kyi_verified`);
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({ variant: 'icon', theme: 'light', format: 'svg', size: '24' });
    // auto on a page that declares no colour scheme: the light image alone
    expect(el.shadowRoot!.querySelector('picture')).to.equal(null);
  });

  it('loads the real image from the badge route with no layout shift', async () => {
    const el = await fixture<KyiBadge>(html`<kyi-badge theme="dark" size="32"></kyi-badge>`);
    const before = el.getBoundingClientRect();
    const image = img(el)!;
    if (!image.complete) await oneEvent(image, 'load');
    expect(image.naturalWidth).to.equal(32);
    const after = el.getBoundingClientRect();
    expect(after.width).to.equal(before.width);
    expect(after.height).to.equal(before.height);
    expect(el.shadowRoot!.querySelector('picture')).to.equal(null);
    expect(new URL(image.src).searchParams.get('theme')).to.equal('dark');
  });

  it('size 64 displays the 32 px asset at 64 px', async () => {
    const el = await fixture<KyiBadge>(html`<kyi-badge size="64" theme="light"></kyi-badge>`);
    const image = img(el)!;
    expect(image.getAttribute('width')).to.equal('64');
    expect(new URL(image.src).searchParams.get('size')).to.equal('64');
    if (!image.complete) await oneEvent(image, 'load');
    expect(image.naturalWidth).to.equal(32);
    expect(image.getBoundingClientRect().width).to.equal(64);
  });

  it('full variant is the 32 px pill; png format', async () => {
    const el = await fixture<KyiBadge>(html`<kyi-badge variant="full" format="png" theme="light"></kyi-badge>`);
    const image = img(el)!;
    expect(image.getAttribute('height')).to.equal('32');
    expect(new URL(image.src).searchParams.get('format')).to.equal('png');
    await expect(el).to.be.accessible();
  });

  it('full pill: the served height, the artwork\'s own width (no guessed box)', async () => {
    const el = await fixture<KyiBadge>(html`<kyi-badge variant="full" theme="light"></kyi-badge>`);
    const image = img(el)!;
    expect(image.hasAttribute('width'), 'no width guessed for an artwork the service draws').to.equal(false);
    if (!image.complete) await oneEvent(image, 'load');
    const box = image.getBoundingClientRect();
    expect(box.height).to.equal(32);
    expect(box.width).to.be.closeTo((image.naturalWidth * 32) / image.naturalHeight, 1);
    expect(el.getBoundingClientRect().width).to.be.closeTo(box.width, 1);
  });

  it('proof_of_collateral names its credential', async () => {
    const el = await fixture<KyiBadge>(html`<kyi-badge credential="proof_of_collateral"></kyi-badge>`);
    expect(img(el)!.alt).to.equal('Proof of collateral badge (static claim)');
    expect(new URL(img(el)!.src).pathname).to.equal('/api/v1/badges/proof_of_collateral');
  });

  for (const [attr, value] of [
    ['credential', 'kyi_unverified'],
    ['variant', 'round'],
    ['theme', 'blue'],
    ['format', 'webp'],
    ['format', 'gif'],
    ['size', '17'],
    ['size', 'big'],
    ['href', 'javascript:alert(1)'],
    ['href', 'data:text/html,<script>alert(1)</script>'],
  ] as const) {
    it(`invalid ${attr}="${value}" renders nothing and fires kyi-error invalid_attribute`, async () => {
      const el = document.createElement('kyi-badge');
      el.setAttribute(attr, value);
      const errored = oneEvent(el, 'kyi-error') as Promise<KyiErrorEvent>;
      document.body.append(el);
      try {
        const event = await errored;
        expect(event.detail.code).to.equal('invalid_attribute');
        expect(event.bubbles && event.composed).to.equal(true);
        await el.updateComplete;
        expect(el.shadowRoot!.querySelector('img, a, picture')).to.equal(null);
        expect(el.src).to.equal(undefined);
        await expect(el).to.be.accessible();
      } finally {
        el.remove();
      }
    });
  }

  it('an image that fails to load falls back to a text label', async () => {
    // The collateral pill has no artwork: the badge route answers 404.
    const el = await fixture<KyiBadge>(html`<kyi-badge credential="proof_of_collateral" variant="full"></kyi-badge>`);
    if (!label(el)) {
      const event = (await oneEvent(el, 'kyi-error')) as KyiErrorEvent;
      expect(event.detail.code).to.equal('image_failed');
    }
    await el.updateComplete;
    expect(img(el)).to.equal(null);
    // the pill shows the credential; a screen reader hears the badge's name, as for the image
    expect(label(el)!.querySelector('[aria-hidden="true"]')!.textContent).to.equal('Proof of collateral');
    expect(label(el)!.querySelector('.visually-hidden')!.textContent).to.equal('Proof of collateral badge (static claim)');
    await expect(el).to.be.accessible();
  });

  for (const base of ['javascript:alert(1)//', '']) {
    it(`shows the label, requesting nothing, when the badge base is ${JSON.stringify(base)}`, async () => {
      configure({ badgeBaseUrl: base });
      const el = await fixture<KyiBadge>(html`<kyi-badge></kyi-badge>`);
      expect(img(el)).to.equal(null);
      expect(label(el)!.textContent).to.equal('KYI verified badge (static claim)');
      await expect(el).to.be.accessible();
    });
  }

  it('an icon that cannot show its image stays an icon: its own box, its name as text', async () => {
    configure({ badgeBaseUrl: '' });
    for (const size of [16, 24, 64]) {
      const el = await fixture<KyiBadge>(html`<kyi-badge size=${size}></kyi-badge>`);
      const box = label(el)!.getBoundingClientRect();
      expect([box.width, box.height], `size ${size}`).to.deep.equal([size, size]);
      expect(el.getBoundingClientRect().width).to.equal(size);
      expect(label(el)!.textContent).to.contain('KYI verified');
      await expect(el).to.be.accessible();
    }
  });

  it('href http(s) makes it a link opening in a new tab', async () => {
    const el = await fixture<KyiBadge>(html`<kyi-badge href="https://verified.example/asset"></kyi-badge>`);
    const a = el.shadowRoot!.querySelector('a')!;
    expect(a.href).to.equal('https://verified.example/asset');
    expect(a.target).to.equal('_blank');
    expect(a.rel).to.equal('noopener noreferrer');
    await expect(el).to.be.accessible();
  });

  it('recovers when an invalid attribute is fixed', async () => {
    const el = await fixture<KyiBadge>(html`<kyi-badge size="17"></kyi-badge>`);
    expect(img(el)).to.equal(null);
    el.size = 16;
    await el.updateComplete;
    expect(img(el)!.getAttribute('width')).to.equal('16');
  });

  it('fires no event when code sets valid properties', async () => {
    const el = await fixture<KyiBadge>(html`<kyi-badge theme="dark"></kyi-badge>`);
    const seen = recordEvents(el, ['kyi-error', 'kyi-status']);
    el.size = 32;
    el.variant = 'full';
    el.theme = 'light';
    el.credential = 'kyi_verified';
    el.format = 'png';
    await el.updateComplete;
    const image = img(el)!;
    if (!image.complete) await oneEvent(image, 'load');
    expect(seen).to.deep.equal([]);
  });

  it('uses the strings table, overrides and the element language', async () => {
    registerLocale('fr', fr);
    const el = await fixture<KyiBadge>(html`<div lang="fr"><kyi-badge></kyi-badge></div>`);
    const badge = el.querySelector('kyi-badge')!;
    expect(img(badge)!.alt).to.equal('Badge Vérifié KYI (déclaration statique)');
    configure({ badgeBaseUrl, strings: { fr: { 'badge.credential.kyi_verified': 'Émetteur vérifié' } } });
    await waitUntil(() => img(badge)!.alt === 'Badge Émetteur vérifié (déclaration statique)');
    el.setAttribute('lang', 'en');
    await waitUntil(() => img(badge)!.alt === 'KYI verified badge (static claim)');
  });

  // The badge builds its nodes itself (no lit-html): a re-render that changes nothing visible
  // must keep them, or a focused link would lose focus and a loaded image would load again.
  it('a refresh that changes nothing keeps its nodes: the focused link stays focused, the image stays loaded', async () => {
    const el = await fixture<KyiBadge>(html`<kyi-badge href="https://verified.example/asset" theme="dark"></kyi-badge>`);
    const a = el.shadowRoot!.querySelector('a')!;
    const image = img(el)!;
    a.focus();
    expect(el.shadowRoot!.activeElement).to.equal(a);
    // configure() refreshes every element; a lang attribute elsewhere too
    configure({ badgeBaseUrl, locale: 'en' });
    document.body.setAttribute('lang', 'en');
    el.requestUpdate();
    await el.updateComplete;
    document.body.removeAttribute('lang');
    expect(el.shadowRoot!.querySelector('a')).to.equal(a);
    expect(img(el)).to.equal(image);
    expect(el.shadowRoot!.activeElement).to.equal(a);
    // what it shows changed: new words, same image element
    el.href = 'https://verified.example/other';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('a')!.href).to.equal('https://verified.example/other');
    expect(img(el)).to.equal(image);
  });

  it('renders with no template markers and nothing but its own nodes', async () => {
    const el = await fixture<KyiBadge>(html`<kyi-badge href="https://verified.example/asset"></kyi-badge>`);
    const comments = document.createTreeWalker(el.shadowRoot!, NodeFilter.SHOW_COMMENT);
    expect(comments.nextNode()).to.equal(null);
    expect([...el.shadowRoot!.children].map((c) => c.localName)).to.deep.equal(['a']);
    const a = el.shadowRoot!.firstElementChild!;
    expect([...a.childNodes].map((n) => (n as Element).localName)).to.deep.equal(['img', 'span']);
    expect(a.lastElementChild!.className).to.equal('visually-hidden');
    el.size = 17;
    await el.updateComplete;
    expect(el.shadowRoot!.childNodes.length).to.equal(0);
  });

  it('an icon fallback draws its mark as SVG', async () => {
    configure({ badgeBaseUrl: '' });
    const el = await fixture<KyiBadge>(html`<kyi-badge size="32"></kyi-badge>`);
    const mark = el.shadowRoot!.querySelector('svg.mark')!;
    expect(mark.namespaceURI).to.equal('http://www.w3.org/2000/svg');
    expect(mark.querySelector('path')!.getBBox().width).to.be.greaterThan(0);
  });

  it('loads no image out of view (lazy), and for auto only the source the scheme picks', async () => {
    // A base of its own: each URL below is asked for the first time (the sandbox answers 404).
    const base = `${badgeBaseUrl}/lazy-${Math.random().toString(36).slice(2)}`;
    configure({ badgeBaseUrl: base });
    const page = await fixture<HTMLElement>(html`<div style="color-scheme: light dark">
      <kyi-badge id="near" theme="auto"></kyi-badge>
      <div style="height: 5000px"></div>
      <kyi-badge id="far" theme="dark" size="32"></kyi-badge>
    </div>`);
    const near = page.querySelector<KyiBadge>('#near')!;
    const far = page.querySelector<KyiBadge>('#far')!;
    const nearImage = img(near)!;
    expect(near.shadowRoot!.querySelector('picture')).to.not.equal(null);
    // The in-view badge's request ends (404: it falls back to its label), then one more round trip.
    await waitUntil(() => label(near) !== null, 'the in-view badge asked for its image', { timeout: 5000 });
    await fetch(`${base}/settle`).catch(() => undefined);
    const asked = performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.startsWith(base + '/api/'));
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    expect(asked).to.deep.equal([dark ? near.src!.replace('theme=light', 'theme=dark') : near.src]);
    expect(nearImage.isConnected).to.equal(false);
    expect(img(far)!.complete).to.equal(false);
  });
});
