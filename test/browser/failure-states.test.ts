/**
 * The states a partner sees on a bad day (issue 35): Retry keeps focus in every data element,
 * an outage over a page of statuses is shown without alarms and without moving the page, and
 * the asset card shows its whole issuer at 320 px with WCAG text spacing.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../src/entries/define.js';
import { configure } from '../../src/browser/config.js';
import type { KyiDataElement } from '../../src/elements/shared/kyi-element.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiAssetCard } from '../../src/elements/asset-card/asset-card.js';
import { announce } from '../../src/elements/shared/announce.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { applyTextSpacing, cutText, deepActiveElement, expectVisibleFocus, recordAnnouncements } from './helpers/a11y.js';
import { randomAddress } from './helpers/display.js';
import { signedInWithBadges } from './helpers/explorer.js';

type Data = KyiDataElement<string> & { readonly status: string };

/**
 * Answers the next `count` lookup POSTs (every one with `Infinity`) as the service's outage does:
 * a 503 `upstream_unavailable` from the server piece, at the browser boundary (sandbox faults are
 * shared by the test files running in parallel).
 */
function lookupOutage(count = Infinity): { restore(): void } {
  const original = window.fetch;
  let left = count;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (left > 0 && (init?.method ?? 'GET').toUpperCase() === 'POST' && /\/lookup$/.test(url.pathname)) {
      left--;
      return Promise.resolve(Response.json({ code: 'upstream_unavailable', message: 'The upstream service is unavailable' }, { status: 503 }));
    }
    return original.call(window, input, init);
  } as typeof fetch;
  return { restore: () => void (window.fetch = original) };
}

/**
 * A proxy of the test's own under `prefix`: while `failing`, its Explorer reads answer 503; else
 * they (and everything else) go on to the real server piece at `/api/kyi`.
 */
function flakyExplorer(prefix: string): { failing: boolean; restore(): void } {
  const original = window.fetch;
  const proxy = { failing: true, restore: () => void (window.fetch = original) };
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(`${prefix}/`)) return original.call(window, input, init);
    if (proxy.failing && url.pathname.startsWith(`${prefix}/explorer/me/`)) {
      return Promise.resolve(Response.json({ code: 'upstream_unavailable', message: 'The upstream service is unavailable' }, { status: 503 }));
    }
    url.pathname = `/api/kyi${url.pathname.slice(prefix.length)}`;
    return original.call(window, url.href, init);
  } as typeof fetch;
  return proxy;
}

const retryButton = (el: Element) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="retry-button"]');

/**
 * Presses the element's Retry with the keyboard, then waits for focus to come back into the
 * element once the run it started has settled. Returns the focused element (visible, with its ring).
 */
async function retryByKeyboard(el: Data, where: string): Promise<HTMLElement> {
  const button = retryButton(el);
  expect(button, `${where}: a Retry button`).to.not.equal(null);
  button!.focus();
  await sendKeys({ press: 'Enter' });
  await el.settled;
  await waitUntil(() => el.shadowRoot!.activeElement !== null, `${where}: focus came back into the element after Retry`, { timeout: 3000 });
  expect(deepActiveElement()).to.not.equal(document.body);
  return expectVisibleFocus(where);
}

describe('failure states', function () {
  this.timeout(30_000);
  signedInWithBadges();

  describe('Retry keeps focus', () => {
    for (const compact of [false, true]) {
      it(`<kyi-token-status${compact ? ' compact' : ''}>: on the new Retry when it fails again, on the status when it recovers`, async () => {
        const outage = lookupOutage(2);
        try {
          const el = await fixture<KyiTokenStatus>(
            html`<kyi-token-status ?compact=${compact} address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`,
          );
          await el.settled;
          expect(el.status).to.equal('error');
          const again = await retryByKeyboard(el, 'failed again');
          expect(el.status).to.equal('error');
          expect(again).to.equal(retryButton(el));
          const recovered = await retryByKeyboard(el, 'recovered');
          expect(el.status).to.equal('not-found');
          expect(recovered.getAttribute('part')).to.match(/\bbase\b/);
          await expect(el).to.be.accessible();
        } finally {
          outage.restore();
        }
      });
    }

    it('<kyi-asset-card>: on the new Retry when it fails again, on the card when it recovers', async () => {
      const outage = lookupOutage(2);
      try {
        const el = await fixture<KyiAssetCard>(html`<kyi-asset-card chain=${F.pyusd.chain} address=${F.pyusd.address}></kyi-asset-card>`);
        await el.settled;
        expect(el.status).to.equal('error');
        expect(await retryByKeyboard(el, 'failed again')).to.equal(retryButton(el));
        const recovered = await retryByKeyboard(el, 'recovered');
        expect(el.status).to.equal('verified');
        expect(recovered.getAttribute('part')).to.equal('base');
        expect(recovered.getAttribute('aria-label')).to.be.a('string').and.not.equal('');
        await expect(el).to.be.accessible();
      } finally {
        outage.restore();
      }
    });

    for (const tag of ['kyi-watchlist', 'kyi-change-feed', 'kyi-notifications']) {
      it(`<${tag}>: on the new Retry when it fails again, on the element's title when it recovers`, async () => {
        const prefix = `/api/flaky-${crypto.randomUUID()}`;
        configure({ trustedProxyUrls: [prefix] });
        const proxy = flakyExplorer(prefix);
        const el = document.createElement(tag) as Data;
        el.setAttribute('proxy-url', prefix);
        document.body.append(el);
        try {
          await el.settled;
          expect(el.status).to.equal('error');
          expect(await retryByKeyboard(el, 'failed again')).to.equal(retryButton(el));
          expect(el.status).to.equal('error');
          proxy.failing = false;
          const recovered = await retryByKeyboard(el, 'recovered');
          expect(el.status).to.equal('ready');
          expect(recovered.getAttribute('role')).to.equal('heading');
          await expect(el).to.be.accessible();
        } finally {
          proxy.restore();
          el.remove();
          configure({ trustedProxyUrls: [] });
        }
      });
    }
  });

  it('an outage over 50 statuses: no alert, no assertive region, no announcement; each failed row keeps a loaded row’s footprint', async () => {
    const host = document.createElement('div');
    host.style.cssText = 'display: grid; gap: 4px; justify-items: start';
    document.body.append(host);
    const make = (attrs: Record<string, string>) => {
      const el = document.createElement('kyi-token-status');
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      host.append(el);
      return el;
    };
    try {
      const verified = make({ caip19: F.pyusd.caip19 });
      const verifiedCompact = make({ caip19: F.pyusd.caip19, compact: '' });
      await Promise.all([verified.settled, verifiedCompact.settled]);
      expect([verified.status, verifiedCompact.status]).to.deep.equal(['verified', 'verified']);

      const said = recordAnnouncements();
      const outage = lookupOutage();
      try {
        const failed = Array.from({ length: 50 }, (_, i) => make({ address: randomAddress(), 'chain-slug': 'ethereum', ...(i % 5 === 4 ? { compact: '' } : {}) }));
        await Promise.all(failed.map((el) => el.settled));
        expect(failed.every((el) => el.status === 'error')).to.equal(true);
        // the live region speaks a moment after it is asked, texts asked for close together at
        // once: a marker announced now is said with (or after) anything the failures asked for
        await new Promise((resolve) => requestAnimationFrame(resolve));
        announce(host, 'marker');
        await waitUntil(() => said.said.length > 0, 'the marker was said');
        expect(said.said, 'nothing said at load').to.deep.equal(['marker']);

        const roots = [document, ...[...host.children].map((el) => el.shadowRoot!)];
        const alarms = roots.flatMap((root) => [...root.querySelectorAll('[role="alert"], [aria-live="assertive"]')]);
        expect(alarms.length, 'role=alert / aria-live=assertive regions').to.equal(0);

        const height = (el: Element) => el.getBoundingClientRect().height;
        for (const el of failed) {
          const reference = el.compact ? verifiedCompact : verified;
          const ratio = height(el) / height(reference);
          expect(ratio, `${el.compact ? 'compact' : 'full'} failed row: ${height(el)} px against ${height(reference)} px`).to.be.at.most(1.25);
          expect(el.getBoundingClientRect().width, 'the same width').to.equal(reference.getBoundingClientRect().width);
        }
        // the detail is there on demand: the Retry button's description
        const first = failed[0]!;
        const retry = retryButton(first)!;
        const described = first.shadowRoot!.getElementById(retry.getAttribute('aria-describedby')!)!;
        expect(described.textContent).to.match(/unavailable/);
        await expect(first).to.be.accessible();
      } finally {
        outage.restore();
        said.stop();
      }
    } finally {
      host.remove();
    }
  });

  describe('at 320 px with WCAG text spacing', () => {
    before(() => setViewport({ width: 320, height: 800 }));
    after(() => setViewport({ width: 800, height: 600 }));

    for (const [name, token] of [
      ['PYUSD', F.pyusd],
      ['business not verified', F.businessNotVerified],
    ] as const) {
      it(`the asset card shows its whole issuer (${name})`, async () => {
        const el = await fixture<KyiAssetCard>(html`<kyi-asset-card chain=${token.chain} address=${token.address}></kyi-asset-card>`);
        await el.settled;
        expect(el.status).to.equal('verified');
        applyTextSpacing(el);
        const issuer = el.shadowRoot!.querySelector<HTMLElement>('[part="issuer"]')!;
        const style = getComputedStyle(issuer);
        expect(issuer.scrollHeight, `issuer "${issuer.textContent!.trim()}" not cut`).to.be.at.most(issuer.clientHeight);
        expect(style.textOverflow).to.not.equal('ellipsis');
        expect(style.webkitLineClamp).to.equal('none');
        expect(cutText(el).filter((cut) => /issuer/.test(cut))).to.deep.equal([]);
      });
    }
  });
});

/** Every interactive target in `el`'s shadow root (and those of the kit's elements inside it) smaller than 24 × 24 CSS px. */
function smallTargets(el: Element): string[] {
  const small: string[] = [];
  const walk = (root: ShadowRoot) => {
    for (const node of root.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary, [role="switch"], [tabindex="0"]')) {
      if (!node.checkVisibility() || node.closest('.visually-hidden')) continue;
      // A checkbox's label is part of its target (a click on it toggles the box).
      const label = node instanceof HTMLInputElement && node.type === 'checkbox' ? node.closest('label') : null;
      const r = (label ?? node).getBoundingClientRect();
      if (r.width < 24 || r.height < 24)
        small.push(`${root.host.localName} ${node.localName}.${node.className || node.getAttribute('part') || ''} "${(node.textContent ?? '').trim().slice(0, 30)}" ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
    }
    for (const inner of root.querySelectorAll('*')) if (inner.shadowRoot) walk(inner.shadowRoot);
  };
  walk(el.shadowRoot!);
  return small;
}

describe('targets ≥ 24 × 24 px by their box', function () {
  this.timeout(30_000);
  signedInWithBadges();

  it('every element, loaded and failed', async () => {
    const found: string[] = [];
    const mount = async (markup: ReturnType<typeof html>) => {
      const el = await fixture<Data>(markup);
      await el.settled;
      found.push(...smallTargets(el));
    };
    for (const badge of [await fixture(html`<kyi-badge></kyi-badge>`), await fixture(html`<kyi-badge href="https://example.com/verified"></kyi-badge>`)]) found.push(...smallTargets(badge));
    found.push(...smallTargets(await fixture(html`<kyi-verify-button></kyi-verify-button>`)));
    await mount(html`<kyi-asset-card chain=${F.pyusd.chain} address=${F.pyusd.address}></kyi-asset-card>`);
    await mount(html`<kyi-asset-card account-id=${F.usdc.accountId}></kyi-asset-card>`);
    await mount(html`<kyi-watchlist></kyi-watchlist>`);
    await mount(html`<kyi-change-feed></kyi-change-feed>`);
    await mount(html`<kyi-notifications></kyi-notifications>`);
    const outage = lookupOutage();
    try {
      await mount(html`<kyi-token-status address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`);
      await mount(html`<kyi-token-status compact address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`);
      await mount(html`<kyi-asset-card chain="ethereum" address=${randomAddress()}></kyi-asset-card>`);
    } finally {
      outage.restore();
    }
    for (const tag of ['kyi-watchlist', 'kyi-change-feed', 'kyi-notifications']) {
      const prefix = `/api/down-${crypto.randomUUID()}`;
      configure({ trustedProxyUrls: [prefix] });
      const proxy = flakyExplorer(prefix);
      try {
        const el = document.createElement(tag);
        el.setAttribute('proxy-url', prefix);
        await mount(html`${el}`);
      } finally {
        proxy.restore();
      }
    }
    expect(found).to.deep.equal([]);
  });
});
