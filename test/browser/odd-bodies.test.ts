/**
 * The browser runs no schemas: the server piece checks upstream bodies at the trust boundary.
 * These tests give one element at a time an odd-shaped answer from "the proxy" (window.fetch
 * wrapped for that element's own proxy-url) and check it renders a sensible state without
 * throwing: wrong types, missing fields, null everywhere.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/define.js';
import { clearCapabilities } from '../../src/client/monitoring.js';
import type { KyiAssetCard } from '../../src/elements/asset-card/asset-card.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import type { KyiNotifications } from '../../src/elements/notifications/notifications.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiWatchlist } from '../../src/elements/watchlist/watchlist.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { randomAddress } from './helpers/display.js';
import { configure, resetConfig } from '../../src/browser/config.js';

const ODD = '/api/odd';

/** Answers `{ODD}/…` requests from `routes` (path after ODD → JSON body, or a Response); everything else passes. */
function oddProxy(routes: Record<string, (body: unknown) => unknown>): { restore(): void } {
  const original = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (!url.pathname.startsWith(`${ODD}/`)) return original.call(window, input, init);
    const route = routes[url.pathname.slice(ODD.length)];
    if (!route) return Promise.resolve(new Response('{"code":"not_found","message":"Not found"}', { status: 404 }));
    const answer = route(init?.body ? JSON.parse(String(init.body)) : undefined);
    return Promise.resolve(
      answer instanceof Response ? answer : new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
    );
  } as typeof fetch;
  return { restore: () => void (window.fetch = original) };
}

/** `POST /lookup`: the same upstream answer for every lookup of the batch. */
const lookupAnswer = (status: unknown, body: unknown) => ({
  '/lookup': (req: unknown) => ({ results: (req as { requests: unknown[] }).requests.map(() => ({ status, body })) }),
});

const text = (el: Element) => (el.shadowRoot!.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('odd-shaped bodies from the proxy', () => {
  const thrown: unknown[] = [];
  const onError = (e: ErrorEvent) => thrown.push(e.error ?? e.message);
  const onRejection = (e: PromiseRejectionEvent) => thrown.push(e.reason);
  beforeEach(() => {
    // The odd proxy is one the partner lists (a proxy-url names a proxy, not a path).
    configure({ trustedProxyUrls: [ODD] });
    thrown.length = 0;
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
  });
  afterEach(() => {
    resetConfig();
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    expect(thrown).to.deep.equal([], 'nothing thrown');
  });

  async function status(answer: Record<string, (body: unknown) => unknown>): Promise<KyiTokenStatus> {
    const proxy = oddProxy(answer);
    try {
      // A random address: no cache anywhere holds an answer for it.
      const el = await fixture<KyiTokenStatus>(
        html`<kyi-token-status proxy-url=${ODD} address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`,
      );
      await el.settled;
      return el;
    } finally {
      proxy.restore();
    }
  }

  it('<kyi-token-status>: wrong types and nulls inside the matches still render, never a false "verified"', async () => {
    const el = await status(
      lookupAnswer(200, {
        kyi_verified: false,
        data: [null, 5, 'x', { kyi_verified: 'yes', token: null, issuer: { name: 42 } }, { token: { chain_slug: 7, caip19: 9 } }],
      }),
    );
    expect(el.status).to.equal('unverified');
    expect(text(el)).to.contain('Not verified');
    await expect(el).to.be.accessible();
  });

  it('<kyi-token-status>: a verified answer with odd matches shows the badge without the odd fields', async () => {
    const el = await status(lookupAnswer(200, { kyi_verified: true, data: [{ kyi_verified: true, token: 'nope', issuer: { name: null } }, null] }));
    expect(el.status).to.equal('verified');
    expect(text(el)).to.contain('KYI verified');
    expect(el.shadowRoot!.querySelector('[part="issuer"]')).to.equal(null);
  });

  for (const [name, answer] of [
    ['null body on 200', lookupAnswer(200, null)],
    ['missing fields on 200', lookupAnswer(200, { data: 'all of them' })],
    ['a non-numeric status', lookupAnswer('200', {})],
    ['results that are not a list', { '/lookup': () => ({ results: { length: 1 } }) }],
  ] as const) {
    it(`<kyi-token-status>: ${name} is an error with Retry`, async () => {
      const el = await status(answer);
      expect(el.status).to.equal('error');
      expect(el.shadowRoot!.querySelector('[part~="retry-button"]')).to.exist;
    });
  }

  it('<kyi-token-status>: a body that is not JSON is the site\'s configuration (a page route answers the proxy URL): no Retry', async () => {
    const el = await status({ '/lookup': () => new Response('<html>', { status: 200 }) });
    expect(el.status).to.equal('error');
    expect(text(el)).to.contain('not configured on this site');
    expect(el.shadowRoot!.querySelector('[part~="retry-button"]')).to.equal(null);
  });

  it('<kyi-token-status>: a 404 with a null body is not found; an error body with odd fields is an error', async () => {
    expect((await status(lookupAnswer(404, null))).status).to.equal('not-found');
    const el = await status(lookupAnswer(502, { code: 7, message: { nested: true } }));
    expect(el.status).to.equal('error');
    expect(text(el)).to.contain('Verification check failed');
  });

  async function card(body: unknown): Promise<KyiAssetCard> {
    const proxy = oddProxy(lookupAnswer(200, body));
    try {
      const el = await fixture<KyiAssetCard>(
        html`<kyi-asset-card proxy-url=${ODD} account-id=${`eip155:1:${randomAddress()}`}></kyi-asset-card>`,
      );
      await el.settled;
      return el;
    } finally {
      proxy.restore();
    }
  }

  it('<kyi-asset-card>: wrong types and nulls everywhere render a card with fallbacks and no unsafe link', async () => {
    const el = await card({
      token_details: {
        chain: null,
        address: 5,
        token_name: 12,
        token_ticker: ['T'],
        token_image: 'javascript:alert(1)',
        authorities: [null, 3, { address: 7, verified: 'yes', authority_type: {}, multisig_signers: 'abc' }, { address: F.usdc.address, multisig_signers: [1, 'signer'] }],
      },
      business_details: { business_name: null, business_verified: 'no', business_description: 99 },
      website_url: 'javascript:alert(1)',
      whitepaper_url: 42,
      asset_url: null,
      attestation_address: {},
    });
    expect(el.status).to.equal('verified');
    expect(text(el)).to.contain('Unnamed token');
    expect(text(el)).to.contain('Issuer not disclosed');
    expect(el.shadowRoot!.querySelectorAll('[part="authority"]').length).to.equal(2);
    expect(el.shadowRoot!.querySelector('a[href^="javascript"], img[src^="javascript"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  for (const body of [null, 'text', [], { token_details: null }, { token_details: 'x' }]) {
    it(`<kyi-asset-card>: a 200 body of ${JSON.stringify(body)} is an error`, async () => {
      const el = await card(body);
      expect(el.status).to.equal('error');
      expect(el.shadowRoot!.querySelector('[part~="error"]')).to.exist;
    });
  }

  describe('monitoring elements', () => {
    afterEach(() => clearCapabilities());

    async function load<T extends HTMLElement & { settled: Promise<void>; status: string }>(
      routes: Record<string, (body: unknown) => unknown>,
      template: ReturnType<typeof html>,
    ): Promise<T> {
      const proxy = oddProxy({ '/capabilities': () => ({ explorerWrites: 'yes' }), ...routes });
      try {
        const el = await fixture<T>(template);
        await el.settled;
        return el;
      } finally {
        proxy.restore();
      }
    }

    it('<kyi-watchlist>: items without ids are dropped, odd fields fall back', async () => {
      const el = await load<KyiWatchlist>(
        {
          '/explorer/me/watchlist': () => ({
            data: [null, { id: 5 }, { id: 'a', asset: null, state: 'weird', monitoringEnabled: 'on', note: 3, addedAt: null, intakeStatus: 7 }],
            limit: '50',
            used: null,
          }),
        },
        html`<kyi-watchlist proxy-url=${ODD}></kyi-watchlist>`,
      );
      expect(el.status).to.equal('ready');
      expect(el.items.length).to.equal(1);
      expect(el.canWrite).to.equal(false);
      expect(el.shadowRoot!.querySelectorAll('[part="item"]').length).to.equal(1);
    });

    it('<kyi-watchlist>: a body that is not an object is an error', async () => {
      const el = await load<KyiWatchlist>({ '/explorer/me/watchlist': () => 'nope' }, html`<kyi-watchlist proxy-url=${ODD}></kyi-watchlist>`);
      expect(el.status).to.equal('error');
      expect(el.shadowRoot!.querySelector('[part~="error"]')).to.exist;
    });

    it('<kyi-change-feed>: odd rows render with fallbacks', async () => {
      const el = await load<KyiChangeFeed>(
        {
          '/explorer/me/monitoring/changes': () => ({
            items: [
              { id: 'c1', detectedAt: 5, materiality: 'huge', direction: 'sideways', explanation: { headline: 3, previous: 'x', current: { value: { a: 1 } } }, sourceUrl: 'javascript:x' },
              { nope: true },
            ],
            truncated: 'yes',
          }),
        },
        html`<kyi-change-feed proxy-url=${ODD} hide-filters></kyi-change-feed>`,
      );
      expect(el.status).to.equal('ready');
      expect(el.changes.length).to.equal(1);
      expect(el.truncated).to.equal(false);
      expect(el.shadowRoot!.querySelector('a[href^="javascript"]')).to.equal(null);
      expect(text(el)).to.contain('Change');
    });

    it('<kyi-notifications>: odd items render with fallbacks', async () => {
      const el = await load<KyiNotifications>(
        {
          '/explorer/me/notifications': () => ({
            items: [{ id: 'n1', kind: 'mystery_kind', title: null, createdAt: {}, href: 'javascript:x' }, { id: 'n2' }, null],
            unread: 'many',
          }),
        },
        html`<kyi-notifications proxy-url=${ODD}></kyi-notifications>`,
      );
      expect(el.status).to.equal('ready');
      expect(el.unread).to.equal(0);
      expect(el.notifications.length).to.equal(1);
      expect(text(el)).to.contain('mystery_kind');
      expect(el.shadowRoot!.querySelector('a[href^="javascript"]')).to.equal(null);
    });
  });
});
