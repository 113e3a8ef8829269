/**
 * One browser error model: the same response reads the same in every element (one error
 * type, one code for a status, one table of words), and events announcing a result fire
 * once the element's state says so. Answers come from `window.fetch` wrapped for a path
 * of this file's own, so nothing here depends on the shared sandbox's state.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/define.js';
import { codeForStatus } from '../../src/client/errors.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import { clearCapabilities } from '../../src/client/monitoring.js';
import { KIT_ERROR_CODES } from '../../src/contract/errors.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import type { KyiNotifications } from '../../src/elements/notifications/notifications.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import type { KyiWatchlist } from '../../src/elements/watchlist/watchlist.js';
import { randomAddress, stubProxy } from './helpers/display.js';

const STUB = `/api/error-model-${crypto.randomUUID()}`;

const stub = (respond: (path: string) => Response) => stubProxy(STUB, respond);

/** The words of an element's error box, without its title and Retry button. */
function errorWords(el: Element): string {
  const alert = el.shadowRoot!.querySelector('[part~="error"]')!;
  const title = alert.querySelector('.alert-title, .label')?.textContent ?? '';
  const button = alert.querySelector('button')?.textContent ?? '';
  return (alert.textContent ?? '').replace(title, '').replace(button, '').replace(/\s+/g, ' ').trim();
}

/** Mounts an element with the error event recorded from the start. */
async function mount<T extends HTMLElement & { settled: Promise<void> }>(
  tag: string,
  attrs: Record<string, string>,
): Promise<{ el: T; codes: string[] }> {
  const el = document.createElement(tag) as T;
  const codes: string[] = [];
  el.addEventListener('kyi-error', (e) => codes.push(e.detail.code));
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  host.append(el);
  await el.settled;
  return { el, codes };
}

/** A token status and a watchlist on the stubbed proxy, each settled with its error codes. */
async function mountLookupAndMonitoring() {
  const status_ = await mount<KyiTokenStatus>('kyi-token-status', { 'proxy-url': STUB, address: randomAddress(), 'chain-slug': 'ethereum' });
  const watchlist = await mount<KyiWatchlist>('kyi-watchlist', { 'proxy-url': STUB });
  return { status_, watchlist };
}

/**
 * A verify button whose token endpoint is this file's stub, clicked: its failure recorded.
 * (A widget URL is configured so the click gets as far as asking for a token.)
 */
async function clickVerifyButton(): Promise<{ el: KyiVerifyButton; codes: string[] }> {
  configure({ widgetUrl: location.origin, tokenEndpoint: `${STUB}/token` });
  const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
  const codes: string[] = [];
  el.addEventListener('kyi-error', (e) => codes.push(e.detail.code));
  const failed = new Promise((resolve) => el.addEventListener('kyi-error', resolve, { once: true }));
  el.shadowRoot!.querySelector<HTMLButtonElement>('button[part="button"]')!.click();
  await failed;
  await el.updateComplete;
  return { el, codes };
}

describe('one browser error model', () => {
  // This file's stub is a proxy the partner lists (a proxy-url names a proxy, not a path).
  beforeEach(() => configure({ trustedProxyUrls: [STUB] }));
  afterEach(() => {
    clearCapabilities();
    resetConfig();
  });

  for (const [status, body, code] of [
    [413, '', 'payload_too_large'],
    [504, 'upstream request timeout', 'upstream_timeout'],
  ] as const) {
    it(`a bare ${status} from in front of the proxy reads the same in <kyi-watchlist>, <kyi-token-status> and <kyi-verify-button>`, async () => {
      const proxy = stub(() => new Response(body, { status }));
      try {
        const { status_, watchlist } = await mountLookupAndMonitoring();
        const button = await clickVerifyButton();
        expect(status_.el.status).to.equal('error');
        expect(watchlist.el.status).to.equal('error');
        expect(status_.codes).to.deep.equal([code]);
        expect(watchlist.codes).to.deep.equal([code]);
        expect(button.codes).to.deep.equal([code]);
        expect(button.el.lastError).to.deep.equal({ code, message: `The server answered ${status}`, status });
        expect(errorWords(status_.el)).to.not.equal('');
        expect(errorWords(watchlist.el)).to.equal(errorWords(status_.el));
        expect(errorWords(button.el)).to.equal(errorWords(status_.el));
      } finally {
        proxy.restore();
      }
    });
  }

  // The token endpoint's contract (field notes) gives 502 a meaning of its own, signing_failed
  // (a route-specific entry of the same mapper, not a second mapper): the verify button is
  // checked for it on its own below.
  {
    const [status, code] = [502, 'upstream_unavailable'] as const;
    it(`a bare ${status} from in front of the proxy reads the same in <kyi-watchlist> and <kyi-token-status>`, async () => {
      const proxy = stub(() => new Response('<html><body>Bad Gateway</body></html>', { status }));
      try {
        const { status_, watchlist } = await mountLookupAndMonitoring();
        expect(status_.el.status).to.equal('error');
        expect(watchlist.el.status).to.equal('error');
        expect(status_.codes).to.deep.equal([code]);
        expect(watchlist.codes).to.deep.equal([code]);
        expect(errorWords(status_.el)).to.not.equal('');
        expect(errorWords(watchlist.el)).to.equal(errorWords(status_.el));
      } finally {
        proxy.restore();
      }
    });
  }

  it('413 is payload_too_large, one of the kit error codes', () => {
    expect(codeForStatus(413)).to.equal('payload_too_large');
    expect(KIT_ERROR_CODES).to.include('payload_too_large');
  });

  it('a bare 502 from the token endpoint is signing_failed (its contract), with the one table’s words for that code', async () => {
    const proxy = stub(() => new Response('<html><body>Bad Gateway</body></html>', { status: 502 }));
    try {
      const button = await clickVerifyButton();
      expect(button.codes).to.deep.equal(['signing_failed']);
      expect(errorWords(button.el)).to.equal('Verification could not be started. Please try again.');
    } finally {
      proxy.restore();
    }
  });

  it('a problem the table has no words for still reads the same everywhere (by its status class)', async () => {
    const proxy = stub(() => new Response(JSON.stringify({ code: 'brand_new_code', message: 'x' }), { status: 500 }));
    try {
      const a = await mount<KyiTokenStatus>('kyi-token-status', { 'proxy-url': STUB, address: randomAddress(), 'chain-slug': 'ethereum' });
      const b = await mount<KyiWatchlist>('kyi-watchlist', { 'proxy-url': STUB });
      const c = await clickVerifyButton();
      expect(a.codes).to.deep.equal(['brand_new_code']);
      expect(b.codes).to.deep.equal(['brand_new_code']);
      expect(c.codes).to.deep.equal(['brand_new_code']);
      expect(errorWords(b.el)).to.equal(errorWords(a.el));
      expect(errorWords(c.el)).to.equal(errorWords(a.el));
      expect(errorWords(a.el)).to.contain('had a problem');
    } finally {
      proxy.restore();
    }
  });
});

describe('events announce a result after the state says so', () => {
  beforeEach(() => configure({ trustedProxyUrls: [STUB] }));
  afterEach(() => {
    clearCapabilities();
    resetConfig();
  });

  it('kyi-changes and kyi-notifications fire with status ready and the rows rendered', async () => {
    const proxy = stub((path) => {
      if (path.endsWith('/changes'))
        return Response.json({ items: [{ id: 'c1', title: 'Supply changed', detectedAt: '2026-01-01T00:00:00Z', materiality: 'material' }], truncated: false });
      if (path.endsWith('/notifications')) return Response.json({ items: [{ id: 'n1', kind: 'intake_ready', title: 'Ready' }], unread: 1 });
      return Response.json({ data: [], limit: 50, used: 0 });
    });
    try {
      const seen: { type: string; status: string; rendered: boolean }[] = [];
      const record = (el: KyiChangeFeed | KyiNotifications, part: string) => (e: Event) =>
        seen.push({ type: e.type, status: el.status, rendered: !!el.shadowRoot!.querySelector(`[part~="${part}"]`) });
      const feed = document.createElement('kyi-change-feed') as KyiChangeFeed;
      feed.setAttribute('proxy-url', STUB);
      feed.setAttribute('hide-filters', '');
      feed.addEventListener('kyi-changes', record(feed, 'change'));
      const inbox = document.createElement('kyi-notifications') as KyiNotifications;
      inbox.setAttribute('proxy-url', STUB);
      inbox.addEventListener('kyi-notifications', record(inbox, 'notification'));
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      host.append(feed, inbox);
      await Promise.all([feed.settled, inbox.settled]);
      expect(seen.sort((a, b) => a.type.localeCompare(b.type))).to.deep.equal([
        { type: 'kyi-changes', status: 'ready', rendered: true },
        { type: 'kyi-notifications', status: 'ready', rendered: true },
      ]);
    } finally {
      proxy.restore();
    }
  });

  it('kyi-error of a monitoring element fires with status error and the alert rendered', async () => {
    const proxy = stub(() => new Response('', { status: 503 }));
    try {
      const el = document.createElement('kyi-watchlist') as KyiWatchlist;
      el.setAttribute('proxy-url', STUB);
      const seen: { status: string; alert: boolean }[] = [];
      el.addEventListener('kyi-error', () => seen.push({ status: el.status, alert: !!el.shadowRoot!.querySelector('[part~="error"]') }));
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      host.append(el);
      await el.settled;
      expect(seen).to.deep.equal([{ status: 'error', alert: true }]);
    } finally {
      proxy.restore();
    }
  });
});
