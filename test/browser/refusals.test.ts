/**
 * A refusal by the site's own server reads as the site's, never as the verification
 * service's: the verify button on a page opened at another origin than the server expects
 * (the real server piece, `/api/kyi-elsewhere`), a widget whose allow-list refuses the page
 * (the second sandbox), and the monitoring elements when the server stops letting the
 * visitor in (sign-in for a 401, access denied for a 403, the data shown before gone).
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import type { KyiMonitoringElement } from '../../src/elements/shared/monitoring-element.js';
import type { KyiWatchlist } from '../../src/elements/watchlist/watchlist.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import type { KyiNotifications } from '../../src/elements/notifications/notifications.js';
import { errorOf, innerButton, signIn, testEnv } from './helpers/verify-button.js';
import { signInForMonitoring } from './helpers/explorer.js';

/** Records `console.warn` lines until `restore()`. */
function recordWarnings(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  return { lines, restore: () => void (console.warn = original) };
}

async function failure(el: KyiVerifyButton) {
  const failed = oneEvent(el, 'kyi-error');
  innerButton(el).click();
  const { detail } = await failed;
  await el.updateComplete;
  return detail;
}

describe('refusals of the site\'s own server', function () {
  this.timeout(30_000);

  describe('<kyi-verify-button>', () => {
    beforeEach(async () => {
      await signIn();
      configure({ widgetUrl: (await testEnv()).widgetUrl });
    });
    afterEach(() => resetConfig());

    it('origin_not_allowed: says the page is not where the site\'s server expects it, not the verification service; the console names both origins', async () => {
      const { elsewhereOrigin } = await testEnv();
      configure({ tokenEndpoint: '/api/kyi-elsewhere/token' });
      const warnings = recordWarnings();
      try {
        const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
        const detail = await failure(el);
        expect(detail.code).to.equal('origin_not_allowed');
        expect(detail.status).to.equal(403);
        // the visitor reads plain words: no address, no option name (those are the developer's, on the console)
        const words = errorOf(el)!.textContent!;
        expect(words).not.to.match(/verification service/i);
        expect(words).not.to.include(location.host);
        expect(words).not.to.match(/https?:|publicOrigin|allowedOrigins|proxyUrl|tokenEndpoint|KYI_/);
        expect(words).to.match(/This site’s server refused the request/);
        expect(detail.message, 'kyi-error keeps the server\'s detail').to.include(location.origin);
        expect(warnings.lines).to.have.length(1);
        expect(warnings.lines[0]).to.include(location.origin).and.include(elsewhereOrigin);
        await expect(el).to.be.accessible();
      } finally {
        warnings.restore();
      }
    });

    it('a widget that never reports ready: one console warning naming the allow-list and the sandbox\'s --widget-origin', async () => {
      configure({ widgetUrl: (await testEnv()).refusingWidgetUrl });
      const warnings = recordWarnings();
      try {
        const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button ready-timeout="500"></kyi-verify-button>`);
        const detail = await failure(el);
        expect(detail.code).to.equal('widget_timeout');
        expect(warnings.lines).to.have.length(1);
        expect(warnings.lines[0]).to.include('allow-list').and.include(`kyi-sandbox --widget-origin ${location.origin}`);
      } finally {
        warnings.restore();
      }
    });
  });

  describe('<kyi-verify-button> with a widget host that is down', () => {
    beforeEach(signIn);
    afterEach(() => resetConfig());

    it('says within seconds that the widget could not be reached (not the allow-list, not after the 20 s ready timeout); the console names the address', async function () {
      this.timeout(10_000);
      const { downWidgetUrl } = await testEnv();
      configure({ widgetUrl: downWidgetUrl });
      const warnings = recordWarnings();
      try {
        const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
        expect(el.readyTimeout, 'the default ready timeout is longer than this test may take').to.be.greaterThan(10_000);
        const detail = await failure(el);
        expect(detail.code).to.equal('widget_unreachable');
        expect(detail.message).to.include(`Could not reach the widget at ${downWidgetUrl}`).and.not.include('allow-list');
        const words = errorOf(el)!.textContent!;
        expect(words).to.include('Could not reach the verification service');
        expect(words).not.to.match(/https?:|allow-list|widgetUrl/);
        expect(warnings.lines).to.have.length(1);
        expect(warnings.lines[0]).to.include(downWidgetUrl).and.include('kyi:widget-url');
        await expect(el).to.be.accessible();
      } finally {
        warnings.restore();
      }
    });
  });

  describe('a proxy URL that a page route answers (HTML, not the server piece)', () => {
    afterEach(() => resetConfig());

    it('one console error naming the address, what came back and the setting to fix; the element does not blame the verification service', async () => {
      const proxyUrl = `/__test/catch-all/${crypto.randomUUID()}/api/kyi`;
      configure({ proxyUrl });
      const errors: string[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
      try {
        const el = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
        await el.settled;
        expect(el.status).to.equal('error');
        const words = el.shadowRoot!.textContent!;
        expect(words).not.to.match(/verification service/i);
        expect(words).to.include('not configured on this site');
        expect(errors).to.have.length(1);
        expect(errors[0]).to.include(`${location.origin}${proxyUrl}/lookup answered 200 text/html`).and.include('kyi:proxy-url').and.include('/api/kyi');
      } finally {
        console.error = original;
      }
    });
  });

  /**
   * A proxy prefix of the test's own: forwards to the real server piece at `/api/kyi` until
   * `refuse()` is called, then answers every call as the server piece refuses a visitor.
   */
  function refusableProxy(prefix: string) {
    const original = window.fetch;
    let refusal: { status: number; code: string; message: string } | undefined;
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
      if (url.origin !== location.origin || !url.pathname.startsWith(`${prefix}/`)) return original.call(window, input, init);
      if (refusal) {
        const { status, code, message } = refusal;
        return Promise.resolve(Response.json({ code, message }, { status, headers: { 'cache-control': 'private, no-store' } }));
      }
      url.pathname = `/api/kyi${url.pathname.slice(prefix.length)}`;
      return original.call(window, url.href, init);
    } as typeof fetch;
    return {
      refuse: (status: number, code: string, message: string) => void (refusal = { status, code, message }),
      restore: () => void (window.fetch = original),
    };
  }

  const monitoring = [
    {
      tag: 'kyi-watchlist', rows: (el: KyiMonitoringElement) => (el as KyiWatchlist).items, list: '[part="list"]',
      signInWords: 'Sign in to see your watchlist.', denied: 'You don’t have access to the watchlist on this site.',
    },
    {
      tag: 'kyi-change-feed', rows: (el: KyiMonitoringElement) => (el as KyiChangeFeed).changes, list: '[part="list"]',
      signInWords: 'Sign in to see the changes to your watched assets.', denied: 'You don’t have access to disclosure changes on this site.',
    },
    {
      tag: 'kyi-notifications', rows: (el: KyiMonitoringElement) => (el as KyiNotifications).notifications, list: '[part="notification"]',
      signInWords: 'Sign in to see your notifications.', denied: 'You don’t have access to notifications on this site.',
    },
  ];

  for (const { tag, rows, list, signInWords, denied } of monitoring) {
    describe(`<${tag}>`, () => {
      before(signInForMonitoring);
      afterEach(() => resetConfig());

      async function loaded(prefix: string): Promise<KyiMonitoringElement> {
        configure({ trustedProxyUrls: [prefix] }); // a proxy-url names a proxy the page configured
        const el = document.createElement(tag) as KyiMonitoringElement;
        el.setAttribute('proxy-url', prefix);
        await fixture(html`<div></div>`).then((host) => host.append(el));
        await el.settled;
        expect(el.status).to.equal('ready');
        expect(rows(el).length, 'the sandbox holds rows to show').to.be.greaterThan(0);
        expect(el.shadowRoot!.querySelector(list)).not.to.equal(null);
        return el;
      }

      it('a 403 from the site\'s server: the access-denied notice, and the rows shown before are gone', async () => {
        const prefix = `/api/refused-${crypto.randomUUID()}`;
        const proxy = refusableProxy(prefix);
        try {
          const el = await loaded(prefix);
          proxy.refuse(403, 'forbidden', 'You are not allowed to use this route');
          const reported = oneEvent(el, 'kyi-error');
          await el.refresh();
          expect((await reported).detail.code).to.equal('forbidden');
          const root = el.shadowRoot!;
          expect(root.querySelector('[part="access-denied"]')!.textContent).to.equal(denied);
          expect(root.querySelector('[role="alert"]')).to.equal(null);
          expect(root.querySelector(list)).to.equal(null);
          expect(rows(el)).to.have.length(0);
          expect(root.textContent).not.to.match(/verification service/i);
          await expect(el).to.be.accessible();
        } finally {
          proxy.restore();
        }
      });

      it('a 401 from the site\'s server: the sign-in notice, and the rows shown before are gone', async () => {
        const prefix = `/api/signed-out-${crypto.randomUUID()}`;
        const proxy = refusableProxy(prefix);
        try {
          const el = await loaded(prefix);
          proxy.refuse(401, 'session_required', 'Sign in to use this route');
          await el.refresh();
          const root = el.shadowRoot!;
          expect(root.querySelector('[part="sign-in"]')!.textContent).to.equal(signInWords);
          expect(root.querySelector('[part="access-denied"]')).to.equal(null);
          expect(root.querySelector(list)).to.equal(null);
          expect(rows(el)).to.have.length(0);
        } finally {
          proxy.restore();
        }
      });
    });
  }
});
