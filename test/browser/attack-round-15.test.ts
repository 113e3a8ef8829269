/**
 * Attack round 15: records the kit hands to the platform, under a polluted
 * `Object.prototype[Symbol.iterator]` (a script on the page sets it).
 *
 * A request's `headers` and a `URLSearchParams` take "pairs or a record". WebIDL reads an object
 * with an `@@iterator` method as pairs, and an inherited method counts. So an object literal the kit
 * wrote as a record became whatever the script's iterator yields:
 * - every lookup batch and token request left without its JSON type (each status showed an error),
 *   and every monitoring read with the script's headers;
 * - the drawer's widget address carried the script's `token` (the session the widget opens with).
 *
 * These records have no prototype now. The helper that attacked the round's own-field copies found it.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import { kyi, type KyiInstance } from '../../src/entries/widget.js';
import { ONE_CHANGE, pollutedPage } from './helpers/polluted-page.js';

const REAL = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const SCAM = '0x1111111111111111111111111111111111111111';
/** Verified for the real token only; 415 for a batch that is not JSON, as the server piece answers it. */
const ANSWER = `(path, request, n, type) => path === '/lookup' && (type !== 'application/json'
  ? { status: 415, body: { code: 'unsupported_media_type', message: 'JSON only' } }
  : { body: { results: request.requests.map((r) => r.address === '${REAL}'
      ? { status: 200, body: { kyi_verified: true, data: [{ kyi_verified: true, token: { chain_slug: 'base', caip2: 'eip155:8453', address: '${REAL}' }, issuer: { name: 'Circle', kyb_verified: true } }] } }
      : { status: 404, body: { kyi_verified: false, data: [] } }) } })`;

/** A script's iterator on every object: the pairs it yields are what a record without a prototype ignores. */
const ITERATOR = `Object.defineProperty(Object.prototype, Symbol.iterator, { configurable: true,
  value: function* () { yield ['token', 'attacker']; yield ['content-type', 'text/plain']; yield ['x-script', '1']; } });`;

describe('attack round 15: records under a polluted Object.prototype[Symbol.iterator]', () => {
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('the lookup batch leaves as JSON with its own headers, and each status shows its own answer', async () => {
    const win = await pollutedPage(
      ITERATOR,
      `<kyi-token-status id="real" chain-slug="base" address="${REAL}"></kyi-token-status>
       <kyi-token-status id="scam" chain-slug="base" address="${SCAM}"></kyi-token-status>`,
      // (the harness's stand-in passes the request's content type as a fourth argument)
      ANSWER,
    );
    await win.customElements.whenDefined('kyi-token-status');
    const [real, scam] = ['real', 'scam'].map((id) => win.document.getElementById(id) as KyiTokenStatus);
    await waitUntil(() => [real, scam].every((el) => el!.status !== 'loading' && el!.status !== 'idle'), undefined, { timeout: 5000 });
    const batch = win.sent.find((s) => s.url.endsWith('/api/kyi/lookup'));
    expect({
      statuses: [real!.status, scam!.status],
      headers: batch?.headers,
      errors: win.pageErrors,
    }).to.deep.equal({
      statuses: ['verified', 'not-found'],
      headers: [
        ['accept', 'application/json'],
        ['content-type', 'application/json'],
      ],
      errors: [],
    });
  });

  it('the token request and a monitoring read leave with their own headers', async () => {
    const win = await pollutedPage(
      ITERATOR,
      `<kyi-change-feed lang="en"></kyi-change-feed>
       <script type="module">import * as kit from '/src/entries/index.ts'; window.kit = kit;</script>`,
      `(path, request, n, type) => path === '/token' ? { body: { accessToken: 'a.b.c', expiresAt: Date.now() + 600000 } } : (${ONE_CHANGE})(path)`,
      'kyi-monitoring',
    );
    await waitUntil(() => (win as unknown as { kit?: unknown }).kit, 'the kit imported', { timeout: 10_000 });
    const token = (await (win.eval(`kit.requestAccessToken({ endpoint: '/api/kyi/token' })`) as Promise<{ token: string }>)).token;
    await waitUntil(() => win.sent.some((s) => s.url.endsWith('/explorer/me/monitoring/changes')), 'the feed read its changes', { timeout: 5000 });
    const headersOf = (path: string) => win.sent.find((s) => new URL(s.url).pathname === `/api/kyi${path}`)?.headers;
    expect({ token, tokenRequest: headersOf('/token'), read: headersOf('/explorer/me/monitoring/changes'), errors: win.pageErrors }).to.deep.equal({
      token: 'a.b.c',
      tokenRequest: [
        ['accept', 'application/json'],
        ['content-type', 'application/json'],
      ],
      read: [['accept', 'application/json']],
      errors: [],
    });
  });

  describe('the drawer', () => {
    let open: KyiInstance | undefined;
    afterEach(() => {
      open?.destroy();
      open = undefined;
      resetConfig();
    });

    it("opens the widget with the partner's session token, not the script's", () => {
      configure({ widgetUrl: 'https://widget.example' });
      Object.defineProperty(Object.prototype, Symbol.iterator, {
        configurable: true,
        value: function* () {
          yield ['token', 'attacker'];
          yield ['embed', 'true'];
        },
      });
      try {
        open = kyi('drawer', 'kyi', 'partner-token');
      } finally {
        delete (Object.prototype as { [Symbol.iterator]?: unknown })[Symbol.iterator];
      }
      const src = new URL(open.iframe.src);
      expect([...src.searchParams]).to.deep.equal([
        ['token', 'partner-token'],
        ['embed', 'true'],
      ]);
    });
  });
});
