/**
 * A Retry only where retrying can help (error-text.ts, `retryHelps`): an error that is the
 * site's configuration (the server piece not set up or not mounted, the origin or key it
 * refuses, a proxy the page does not trust) or a request the server piece refused (400) meets
 * the same answer again, so `<kyi-token-status>` (full and compact) and `<kyi-asset-card>`
 * show it without a Retry button; a passing failure (network, 5xx, 429) keeps its Retry. Answers
 * come from `window.fetch` wrapped for a proxy path of this file's own (nothing depends on the
 * shared sandbox), which the page lists as trusted.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiAssetCard } from '../../src/elements/asset-card/asset-card.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { randomAddress, freshLookups } from './helpers/display.js';

const STUB = `/api/retry-helps-${crypto.randomUUID()}`;

/** What the stubbed proxy answers a `POST /lookup` with; `null`: every lookup not found (the partner fixed it). */
let answer: (() => Response) | null = null;

const notFound = (path: string, init?: RequestInit) =>
  path.endsWith('/lookup')
    ? Response.json({ results: (JSON.parse(String(init?.body)) as { requests: unknown[] }).requests.map(() => ({ status: 404, body: null })) })
    : new Response('', { status: 404 });

/** The stub: like `stubProxy`, with the request's init (a fixed answer ignores it; "not found" answers each lookup). */
function stub(): { restore(): void } {
  const original = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (!url.pathname.startsWith(`${STUB}/`)) return original.call(window, input, init);
    if (answer === null) return Promise.resolve(notFound(url.pathname.slice(STUB.length), init));
    const fixed = answer;
    return Promise.resolve(fixed());
  } as typeof fetch;
  return { restore: () => void (window.fetch = original) };
}

const problem = (status: number, code: string) => () => Response.json({ code, message: `${code} (test)` }, { status });

/** The site's configuration, or a refused request: the same request meets it again. */
const NO_RETRY: [name: string, respond: () => Response, words: RegExp][] = [
  ['not_configured (503 from the server piece)', problem(503, 'not_configured'), /not configured on this site/],
  ['a bare 404 (the server piece is not mounted at the proxy URL)', () => new Response('Not Found', { status: 404 }), /not configured on this site/],
  ['a 404 without a code (not_found)', () => Response.json({}, { status: 404 }), /not configured on this site/],
  ['origin_not_allowed', problem(403, 'origin_not_allowed'), /refused the request from this page’s address/],
  ['upstream_auth', problem(502, 'upstream_auth'), /could not authenticate/],
  ['a 400 (the request refused)', problem(400, 'invalid_body'), /Something went wrong/],
];

/** Passing failures: a Retry may well succeed. */
const RETRY: [name: string, respond: () => Response][] = [
  ['a bare 502', () => new Response('', { status: 502 })],
  ['upstream_unavailable (503)', problem(503, 'upstream_unavailable')],
  ['internal_error (500)', problem(500, 'internal_error')],
  ['too_many_requests (429)', problem(429, 'too_many_requests')],
];

const part = (el: Element, name: string) => el.shadowRoot!.querySelector(`[part~="${name}"]`);
const retryButton = (el: Element) => part(el, 'retry-button');
const size = (el: Element) => {
  const r = el.getBoundingClientRect();
  return [Math.round(r.width), Math.round(r.height)];
};

async function status(compact: boolean, proxy = STUB): Promise<KyiTokenStatus> {
  const el = await fixture<KyiTokenStatus>(
    html`<kyi-token-status ?compact=${compact} proxy-url=${proxy} address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`,
  );
  await el.settled;
  return el;
}

async function card(proxy = STUB): Promise<KyiAssetCard> {
  const el = await fixture<KyiAssetCard>(html`<kyi-asset-card proxy-url=${proxy} chain="ethereum" address=${randomAddress()}></kyi-asset-card>`);
  await el.settled;
  return el;
}

/** A compact status whose error has a Retry (a bare 502): the box the other errors must keep. */
async function compactWithRetry(): Promise<number[]> {
  answer = () => new Response('', { status: 502 });
  const el = await status(true);
  expect(retryButton(el)).to.exist;
  return size(el);
}

describe('a Retry only where retrying can help', () => {
  let proxy: { restore(): void };
  before(() => {
    configure({ trustedProxyUrls: [STUB] });
    proxy = stub();
  });
  after(() => {
    proxy.restore();
    resetConfig();
  });
  beforeEach(() => freshLookups());

  for (const [name, respond, words] of NO_RETRY) {
    describe(name, () => {
      beforeEach(() => (answer = respond));

      it('<kyi-token-status>: the error without a Retry button; refresh() looks again once fixed', async () => {
        const el = await status(false);
        expect(el.status).to.equal('error');
        expect(part(el, 'error')!.textContent).to.match(words);
        expect(retryButton(el)).to.equal(null);
        expect(el.shadowRoot!.querySelector('button')).to.equal(null);
        await expect(el).to.be.accessible();
        answer = null;
        await el.refresh();
        expect(el.status).to.equal('not-found');
      });

      it('<kyi-token-status compact>: the icon named by the error, no button, in the box of an error with Retry', async () => {
        const expected = await compactWithRetry();
        answer = respond;
        const el = await status(true);
        expect(el.status).to.equal('error');
        expect(el.shadowRoot!.querySelector('button')).to.equal(null);
        const icon = part(el, 'icon')!;
        expect(icon.getAttribute('role')).to.equal('img');
        expect(icon.getAttribute('aria-label')).to.match(/^Verification check failed\. /).and.match(words);
        expect(part(el, 'base')!.getAttribute('title'), 'the same tooltip').to.equal(icon.getAttribute('aria-label'));
        expect(size(el)).to.deep.equal(expected);
        await expect(el).to.be.accessible();
      });

      it('<kyi-asset-card>: the error box without a Retry button; refresh() looks again once fixed', async () => {
        const el = await card();
        expect(el.status).to.equal('error');
        expect(part(el, 'error')!.textContent).to.match(words);
        expect(retryButton(el)).to.equal(null);
        await expect(el).to.be.accessible();
        answer = null;
        await el.refresh();
        expect(el.status).to.equal('not-found');
      });
    });
  }

  describe('untrusted_proxy_url (the page refused the markup’s proxy)', () => {
    // Under the stub's path, so once listed it is answered.
    const UNLISTED = `${STUB}/unlisted`;
    let warn: typeof console.warn;
    beforeEach(() => {
      warn = console.warn;
      console.warn = () => {};
    });
    afterEach(() => {
      console.warn = warn;
      configure({ trustedProxyUrls: [STUB] });
    });

    for (const compact of [false, true]) {
      it(`<kyi-token-status${compact ? ' compact' : ''}>: no Retry button; refresh() looks again once the page lists the proxy`, async () => {
        const expected = compact ? await compactWithRetry() : undefined;
        const el = await status(compact, UNLISTED);
        expect(el.status).to.equal('error');
        expect(part(el, 'error')!.textContent).to.match(/does not trust/);
        expect(el.shadowRoot!.querySelector('button')).to.equal(null);
        if (expected) expect(size(el)).to.deep.equal(expected);
        await expect(el).to.be.accessible();
        answer = null;
        configure({ trustedProxyUrls: [STUB, UNLISTED] });
        await el.refresh();
        expect(el.status).to.equal('not-found');
      });
    }

    it('<kyi-asset-card>: no Retry button', async () => {
      const el = await card(UNLISTED);
      expect(el.status).to.equal('error');
      expect(part(el, 'error')!.textContent).to.match(/does not trust/);
      expect(retryButton(el)).to.equal(null);
      await expect(el).to.be.accessible();
    });
  });

  for (const [name, respond] of RETRY) {
    it(`${name}: a Retry button in the full and compact status and the card`, async () => {
      answer = respond;
      for (const el of [await status(false), await status(true), await card()]) {
        expect(el.status).to.equal('error');
        expect(retryButton(el), el.localName).to.exist;
      }
    });
  }
});
