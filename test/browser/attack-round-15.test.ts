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
 *
 * The helper that attacked that fix then found the same flaw through other keys the kit read
 * with `in` or through an inherited field (below, "other polluted keys"):
 * - a polluted `value` became a failed lookup's answer: a scam token read "KYI verified" whenever
 *   the proxy failed (the batcher told its outcomes apart by `'value' in`);
 * - a polluted `problem` refused every trusted proxy URL: `configure()` threw, and an element's
 *   own configured `proxy-url` showed an error (a proxy URL's check told apart by `'problem' in`);
 * - a polluted `refused` refused every element the page's own proxy (its choice of proxy was read
 *   through its prototype);
 * - a polluted `unread` made a plain `<kyi-notifications>` ask for unread ones only.
 *
 * The helper that attacked those fixes found two more (the last two suites):
 * - a polluted `done` made a failed watchlist write read as done: it threw, and the failure (a full
 *   watchlist, the proxy down) was never shown;
 * - a throwing `problem` getter stopped every data element: the element read its proxy choice's
 *   `problem` before knowing whether one was refused.
 * And the helper that attacked those, one more (the last suites): a throwing `focusable` or `part`
 * getter stopped the change feed and the notifications (their title's options and attributes).
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import { kyi } from '../../src/entries/widget.js';
import { ONE_CHANGE, pollutedPage } from './helpers/polluted-page.js';

const REAL = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const SCAM = '0x1111111111111111111111111111111111111111';
/** Verified for the real token only; 415 for a batch that is not JSON, as the server piece answers it (the stand-in passes the request's content type fourth). */
const ANSWER = `(path, request, n, type) => path === '/lookup' && (type !== 'application/json'
  ? { status: 415, body: { code: 'unsupported_media_type', message: 'JSON only' } }
  : { body: { results: request.requests.map((r) => r.address === '${REAL}'
      ? { status: 200, body: { kyi_verified: true, data: [{ kyi_verified: true, token: { chain_slug: 'base', caip2: 'eip155:8453', address: '${REAL}' }, issuer: { name: 'Circle', kyb_verified: true } }] } }
      : { status: 404, body: { kyi_verified: false, data: [] } }) } })`;
/** The token endpoint, a watchlist write and a change feed's reads. */
const MONITORING = `(path, request, n, type) => path === '/token' ? { body: { accessToken: 'a.b.c', expiresAt: Date.now() + 600000 } }
  : path === '/explorer/me/watchlist' && request ? { body: { id: 'w1', assetId: request.assetId, monitoringEnabled: true, note: null, status: 'active', addedAt: '2025-05-01T00:00:00Z' } }
  : (${ONE_CHANGE})(path)`;
const JSON_HEADERS = [
  ['accept', 'application/json'],
  ['content-type', 'application/json'],
];

/** The shapes a script may give `Object.prototype[Symbol.iterator]`: a record read as pairs must ignore each. */
const ITERATORS: Record<string, string> = {
  'a generator of pairs': `Object.defineProperty(Object.prototype, Symbol.iterator, { configurable: true,
    value: function* () { yield ['token', 'attacker']; yield ['content-type', 'text/plain']; yield ['x-script', '1']; } });`,
  'a non-function value': `Object.defineProperty(Object.prototype, Symbol.iterator, { configurable: true, writable: true, value: 'x' });`,
  'a getter that throws': `Object.defineProperty(Object.prototype, Symbol.iterator, { configurable: true, get() { throw new Error('iterator getter'); } });`,
  'a function returning no iterator': `Object.defineProperty(Object.prototype, Symbol.iterator, { configurable: true, writable: true, value: function () { return 1; } });`,
};

describe('attack round 15: records under a polluted Object.prototype[Symbol.iterator]', function () {
  this.timeout(20_000);
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  for (const [name, pollute] of Object.entries(ITERATORS)) {
    it(`${name}: the lookup batch leaves as JSON with its own headers, and each status shows its own answer`, async () => {
      const win = await pollutedPage(
        pollute,
        `<kyi-token-status id="real" chain-slug="base" address="${REAL}"></kyi-token-status>
         <kyi-token-status id="scam" chain-slug="base" address="${SCAM}"></kyi-token-status>`,
        ANSWER,
      );
      await win.customElements.whenDefined('kyi-token-status');
      const [real, scam] = ['real', 'scam'].map((id) => win.document.getElementById(id) as KyiTokenStatus);
      await waitUntil(() => [real, scam].every((el) => el!.status !== 'loading' && el!.status !== 'idle'), undefined, { timeout: 5000 });
      const batch = win.sent.find((s) => s.url.endsWith('/api/kyi/lookup'));
      expect({ statuses: [real!.status, scam!.status], headers: batch?.headers, errors: win.pageErrors }).to.deep.equal({
        statuses: ['verified', 'not-found'],
        headers: JSON_HEADERS,
        errors: [],
      });
    });

    it(`${name}: the token request, the monitoring reads and the watchlist's writes carry their own headers`, async () => {
      const win = await pollutedPage(
        pollute,
        `<kyi-change-feed lang="en"></kyi-change-feed>
         <script type="module">import * as kit from '/src/entries/index.ts'; import * as m from '/src/client/monitoring.ts'; window.kit = kit; window.m = m;</script>`,
        MONITORING,
        'kyi-monitoring',
      );
      await waitUntil(() => (win as unknown as { m?: unknown }).m, 'the kit imported', { timeout: 10_000 });
      const token = (await (win.eval(`kit.requestAccessToken({ endpoint: '/api/kyi/token' })`) as Promise<{ token: string }>)).token;
      await win.eval(`m.removeWatchlistItem({ proxyUrl: '/api/kyi' }, 'w1').catch(() => {})`);
      await win.eval(`m.addWatchlistItem({ proxyUrl: '/api/kyi' }, '00000000-0000-4000-8000-000000000000').catch(() => {})`);
      const feed = win.document.querySelector('kyi-change-feed') as unknown as { status: string };
      await waitUntil(() => win.sent.some((s) => s.url.endsWith('/explorer/me/monitoring/changes')) && feed.status !== 'loading', 'the feed read its changes', { timeout: 5000 });
      const of = (method: string, path: string) => win.sent.find((s) => s.method === method && new URL(s.url).pathname === `/api/kyi${path}`);
      expect({
        token,
        tokenRequest: of('POST', '/token')?.headers,
        read: of('GET', '/explorer/me/monitoring/changes')?.headers,
        add: [of('POST', '/explorer/me/watchlist')?.headers, of('POST', '/explorer/me/watchlist')?.body],
        remove: of('DELETE', '/explorer/me/watchlist/w1')?.headers,
        feed: feed.status,
        errors: win.pageErrors,
      }).to.deep.equal({
        token: 'a.b.c',
        tokenRequest: JSON_HEADERS,
        read: [['accept', 'application/json']],
        add: [JSON_HEADERS, '{"assetId":"00000000-0000-4000-8000-000000000000"}'],
        remove: [['accept', 'application/json']],
        feed: 'ready',
        errors: [],
      });
    });

    it(`${name}: the drawer opens the widget with the partner's session token, not the script's`, () => {
      configure({ widgetUrl: 'https://widget.example' });
      new Function(pollute)();
      let open;
      try {
        open = kyi('drawer', 'kyi', 'partner-token');
      } finally {
        delete (Object.prototype as { [Symbol.iterator]?: unknown })[Symbol.iterator];
      }
      try {
        expect([...new URL(open.iframe.src).searchParams]).to.deep.equal([
          ['token', 'partner-token'],
          ['embed', 'true'],
        ]);
      } finally {
        open.destroy();
        resetConfig();
      }
    });
  }
});

describe('attack round 15: other polluted keys the kit read through `in` or an inherited field', () => {
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it("a polluted `value` is not a failed lookup's answer (batcher #settle: 'value' in outcome)", async () => {
    const win = await pollutedPage(
      `Object.defineProperty(Object.prototype, 'value', { configurable: true, writable: true, value: { status: 200, body: { kyi_verified: true,
        data: [{ kyi_verified: true, token: { chain_slug: 'base', caip2: 'eip155:8453', address: '${SCAM}' }, issuer: { name: 'Circle', kyb_verified: true } }] } } });`,
      `<kyi-token-status id="scam" chain-slug="base" address="${SCAM}"></kyi-token-status>`,
      // the proxy is down (or rate-limits the visitor): the batch fails
      `(path) => path === '/lookup' ? { status: 503, body: { code: 'upstream_unavailable', message: 'down' } } : undefined`,
    );
    await win.customElements.whenDefined('kyi-token-status');
    const scam = win.document.getElementById('scam') as KyiTokenStatus;
    await waitUntil(() => scam.status !== 'loading' && scam.status !== 'idle', undefined, { timeout: 5000 });
    expect(scam.status).to.equal('error');
  });

  it("a polluted `problem` refuses no trusted proxy URL (config.ts trustedProxyUrl / kyi-element proxyChoice: 'problem' in)", async () => {
    let threw: unknown;
    Object.defineProperty(Object.prototype, 'problem', {
      configurable: true,
      writable: true,
      value: 'x',
    });
    try {
      configure({
        proxyUrl: '/api/kyi',
        trustedProxyUrls: ['https://proxy.example/api/kyi'],
      });
    } catch (error) {
      threw = error;
    } finally {
      delete (Object.prototype as { problem?: unknown }).problem;
      resetConfig();
    }
    expect(String(threw ?? 'no throw')).to.equal('no throw');
  });

  // An element's own configured proxy-url (its check's `problem`), and the page's proxy (its choice's `refused`).
  for (const [key, attribute] of [
    ['problem', ' proxy-url="/api/kyi"'],
    ['refused', ''],
  ])
    it(`a polluted \`${key}\` refuses no element the proxy it may use${attribute && ' (its own proxy-url, the configured one)'}`, async () => {
      const win = await pollutedPage(
        `Object.defineProperty(Object.prototype, '${key}', { configurable: true, writable: true, value: 'x' });`,
        `<kyi-token-status id="real"${attribute} chain-slug="base" address="${REAL}"></kyi-token-status>`,
        ANSWER,
      );
      await win.customElements.whenDefined('kyi-token-status');
      const real = win.document.getElementById('real') as KyiTokenStatus;
      await waitUntil(() => real.status !== 'loading' && real.status !== 'idle', undefined, { timeout: 5000 });
      expect(real.status).to.equal('verified');
    });

  it('a polluted `unread` chooses nothing the notifications read asks (monitoring.ts fetchNotifications: query.unread)', async () => {
    const win = await pollutedPage(
      `Object.defineProperty(Object.prototype, 'unread', { configurable: true, writable: true, value: true });`,
      `<kyi-notifications lang="en"></kyi-notifications>`,
      ONE_CHANGE,
      'kyi-monitoring',
    );
    await waitUntil(() => win.sent.some((s) => new URL(s.url).pathname === '/api/kyi/explorer/me/notifications'), 'the notifications read', { timeout: 5000 });
    const read = win.sent.find((s) => new URL(s.url).pathname === '/api/kyi/explorer/me/notifications')!;
    expect(new URL(read.url).search).to.equal('');
  });
});

// A proxy choice held its own `refused`, but not its own `problem` where none was refused, and the
// element (kyi-element.ts `untrustedProxy`) read both at once: a getter a script defined on
// `Object.prototype.problem` that throws stopped every data element's update (each token status
// idle, no lookup sent, no monitoring element read). It reads `problem` only for a refused one.
describe('attack round 15: a throwing `problem` getter stops no data element', function () {
  this.timeout(20_000);
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('a token status (page proxy, and its own configured proxy-url) shows its answer', async () => {
    const win = await pollutedPage(
      `Object.defineProperty(Object.prototype, 'problem', { configurable: true, get() { throw new Error('problem getter'); } });`,
      `<kyi-token-status id="real" chain-slug="base" address="${REAL}"></kyi-token-status>
       <kyi-token-status id="own" proxy-url="/api/kyi" chain-slug="base" address="${REAL}"></kyi-token-status>`,
      ANSWER,
    );
    await win.customElements.whenDefined('kyi-token-status');
    const els = ['real', 'own'].map((id) => win.document.getElementById(id) as KyiTokenStatus);
    await waitUntil(() => els.every((el) => el.status !== 'loading' && el.status !== 'idle'), undefined, { timeout: 5000 }).catch(() => {});
    expect({ statuses: els.map((el) => el.status), errors: win.pageErrors }).to.deep.equal({ statuses: ['verified', 'verified'], errors: [] });
  });

  it('a change feed reads its changes', async () => {
    const win = await pollutedPage(
      `Object.defineProperty(Object.prototype, 'problem', { configurable: true, get() { throw new Error('problem getter'); } });`,
      `<kyi-change-feed lang="en"></kyi-change-feed>`,
      ONE_CHANGE,
      'kyi-monitoring',
    );
    const feed = win.document.querySelector('kyi-change-feed') as unknown as { status: string };
    await waitUntil(() => feed.status === 'ready', undefined, { timeout: 5000 }).catch(() => {});
    expect({ status: feed.status, errors: win.pageErrors }).to.deep.equal({ status: 'ready', errors: [] });
  });
});

// ---- The last two fixes under other shapes of pollution; and the monitoring title's `focusable` and `part`,
// read through the prototype (a throwing getter stopped the change feed and the notifications)
const FULL_WATCHLIST = `(path, request) => path === '/capabilities' ? { body: { explorer: true, explorerWrites: true } }
  : path === '/explorer/me/watchlist' && request ? { status: 409, body: { code: 'watchlist_limit_reached', message: 'Watchlist is full' } }
  : path === '/explorer/me/watchlist' ? { body: { data: [], limit: 25, used: 25 } }
  : { status: 404, body: { code: 'not_found', message: 'Not found' } }`;

// The watchlist's write outcomes are told apart by `outcome.done` (watchlist-writes.ts): a failed
// write's outcome had no own `done`, so a `done` a deep-merge gadget left on `Object.prototype`
// (`?__proto__[done]=1`) read as a write done: its `apply` was called (a TypeError), and the failure
// (a full watchlist, the proxy down) was never shown. A failure's `done` is its own now.
describe('attack round 15: a polluted `done` hides no failed watchlist write', function () {
  this.timeout(20_000);
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  for (const [name, pollute] of [
    ['1 (writable, a deep-merge gadget)', `Object.defineProperty(Object.prototype, 'done', { configurable: true, value: 1, writable: true });`],
    ["'x' (read-only)", `Object.defineProperty(Object.prototype, 'done', { configurable: true, value: 'x' });`],
    ['{ apply: 1 } (writable)', `Object.defineProperty(Object.prototype, 'done', { configurable: true, value: { apply: 1 }, writable: true });`],
    ['a function', `Object.defineProperty(Object.prototype, 'done', { configurable: true, writable: true, value: function () {} });`],
    [
      'an object with an apply function and an event',
      `Object.defineProperty(Object.prototype, 'done', { configurable: true, writable: true, value: { apply() { window.applied = true; }, event: new Event('x') } });`,
    ],
    ['a throwing getter', `Object.defineProperty(Object.prototype, 'done', { configurable: true, get() { throw new Error('done getter'); } });`],
    ['a getter returning an apply object', `Object.defineProperty(Object.prototype, 'done', { configurable: true, get() { return { apply() { window.applied = true; }, event: new Event('y') }; } });`],
  ] as const)
    it(`done = ${name}: a full watchlist's refusal of an addition is shown`, async () => {
      const win = await pollutedPage(pollute, `<kyi-watchlist lang="en"></kyi-watchlist>`, FULL_WATCHLIST, 'kyi-monitoring');
      await win.customElements.whenDefined('kyi-watchlist');
      const list = win.document.querySelector('kyi-watchlist')!;
      await waitUntil(() => list.shadowRoot?.querySelector('#add-asset'), 'the add form shows', { timeout: 5000 });
      const input = list.shadowRoot!.querySelector<HTMLInputElement>('#add-asset')!;
      input.value = '00000000-0000-4000-8000-000000000000';
      input.dispatchEvent(new win.Event('input'));
      list.shadowRoot!.querySelector<HTMLFormElement>('[part="add-form"]')!.requestSubmit();
      await waitUntil(() => win.sent.some((s) => s.method === 'POST'), 'the addition sent', { timeout: 5000 });
      await (list as unknown as { settled: Promise<void> }).settled.catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect({
        shown: list.shadowRoot!.querySelector('[part="add-form"] [part="error"], [part="error"]')?.textContent?.trim() ?? null,
        applied: (win as unknown as { applied?: boolean }).applied ?? false,
        errors: win.pageErrors,
      }).to.deep.equal({ shown: 'The watchlist is full (25 assets, unresolved ones included). Remove an asset before adding another.', applied: false, errors: [] });
    });
});

describe('attack round 15: polluted `problem` / `refused` of other shapes stop no data element', function () {
  this.timeout(20_000);
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  const THROW = (k: string) => `Object.defineProperty(Object.prototype, '${k}', { configurable: true, get() { throw new Error('${k} getter'); } });`;
  for (const [name, pollute] of [
    ['throwing `refused`', THROW('refused')],
    ['throwing `refused` and `problem`', THROW('refused') + THROW('problem')],
    [
      '`refused` a function, `problem` an object',
      `Object.defineProperty(Object.prototype, 'refused', { configurable: true, writable: true, value: function () {} }); Object.defineProperty(Object.prototype, 'problem', { configurable: true, writable: true, value: { toString() { throw new Error('x'); } } });`,
    ],
    ['`refused` empty string, read-only', `Object.defineProperty(Object.prototype, 'refused', { configurable: true, value: '' });`],
    ['`problem` a throwing toString', `Object.defineProperty(Object.prototype, 'problem', { configurable: true, writable: true, value: { toString() { throw new Error('x'); } } });`],
    ['throwing `proxyUrl`, `url` getters', THROW('proxyUrl') + THROW('url')],
  ] as const) {
    it(`${name}: token statuses (page proxy, own trusted proxy-url) show their answer; a refused one shows an error`, async () => {
      const win = await pollutedPage(
        pollute,
        `<kyi-token-status id="real" chain-slug="base" address="${REAL}"></kyi-token-status>
         <kyi-token-status id="own" proxy-url="/api/kyi" chain-slug="base" address="${REAL}"></kyi-token-status>
         <kyi-token-status id="bad" proxy-url="https://evil.example/api" chain-slug="base" address="${REAL}"></kyi-token-status>`,
        ANSWER,
      );
      await win.customElements.whenDefined('kyi-token-status');
      const els = ['real', 'own', 'bad'].map((id) => win.document.getElementById(id) as KyiTokenStatus);
      await waitUntil(() => els.every((el) => el.status !== 'loading' && el.status !== 'idle'), undefined, { timeout: 5000 }).catch(() => {});
      expect({ statuses: els.map((el) => el.status), evil: win.sent.filter((s) => s.url.includes('evil')).length, errors: win.pageErrors }).to.deep.equal({
        statuses: ['verified', 'verified', 'error'],
        evil: 0,
        errors: [],
      });
    });
    it(`${name}: a change feed reads its changes`, async () => {
      const win = await pollutedPage(pollute, `<kyi-change-feed lang="en"></kyi-change-feed>`, ONE_CHANGE, 'kyi-monitoring');
      const feed = win.document.querySelector('kyi-change-feed') as unknown as { status: string };
      await waitUntil(() => feed.status === 'ready', undefined, { timeout: 5000 }).catch(() => {});
      expect({ status: feed.status, errors: win.pageErrors }).to.deep.equal({ status: 'ready', errors: [] });
    });
  }
});

// renderTitle(text, attrs = {}) (monitoring-element.ts) reads `attrs.focusable` through the default
// `{}`'s prototype; the change feed and the notifications call it without attrs.
describe('attack round 15: a polluted `focusable` stops no monitoring element', function () {
  this.timeout(20_000);
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  for (const [name, pollute] of [
    ['a throwing getter', `Object.defineProperty(Object.prototype, 'focusable', { configurable: true, get() { throw new Error('focusable getter'); } });`],
    ['1 (writable)', `Object.defineProperty(Object.prototype, 'focusable', { configurable: true, writable: true, value: 1 });`],
  ] as const)
    it(`focusable = ${name}: a change feed shows its title as unpolluted and its changes`, async () => {
      const win = await pollutedPage(pollute, `<kyi-change-feed lang="en"></kyi-change-feed>`, ONE_CHANGE, 'kyi-monitoring');
      const feed = win.document.querySelector('kyi-change-feed') as unknown as HTMLElement & { status: string; settled: Promise<void> };
      await waitUntil(() => feed.status === 'ready', undefined, { timeout: 5000 }).catch(() => {});
      await feed.settled?.catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      const title = feed.shadowRoot?.querySelector('[role="heading"]');
      expect({
        status: feed.status,
        title: title ? [title.getAttribute('part'), title.getAttribute('tabindex')] : null,
        list: !!feed.shadowRoot?.querySelector('[part="list"]'),
        errors: win.pageErrors,
      }).to.deep.equal({ status: 'ready', title: [null, null], list: true, errors: [] }); // as unpolluted: no part, not focusable
    });
});

describe('attack round 15: throwing `focusable` / `part` getters and the other monitoring elements', function () {
  this.timeout(20_000);
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));
  const THROW = (k: string) => `Object.defineProperty(Object.prototype, '${k}', { configurable: true, get() { throw new Error('${k} getter'); } });`;
  for (const [key, tag] of [
    ['focusable', 'kyi-notifications'],
    ['focusable', 'kyi-watchlist'],
    ['part', 'kyi-change-feed'],
    ['part', 'kyi-notifications'],
  ] as const)
    it(`${key} throwing: <${tag}> leaves loading and shows its title`, async () => {
      const win = await pollutedPage(THROW(key), `<${tag} lang="en"></${tag}>`, ONE_CHANGE, 'kyi-monitoring');
      const el = win.document.querySelector(tag) as unknown as HTMLElement & { status: string };
      await waitUntil(() => el.status === 'ready' || el.status === 'error', undefined, { timeout: 5000 }).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      // (ONE_CHANGE answers no notifications read: unpolluted, <kyi-notifications> settles as `error`, its title shown)
      expect({ settled: el.status === 'ready' || el.status === 'error', title: !!el.shadowRoot?.querySelector('[role="heading"]'), errors: win.pageErrors }).to.deep.equal({
        settled: true,
        title: true,
        errors: [],
      });
    });
});
