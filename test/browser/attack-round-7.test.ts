/**
 * Attack round on issue #36's seventh round (trust check).
 *
 * 1. `Object.prototype` polluted (a vulnerable query-string parser elsewhere on the page) with
 *    keys of fetch's `RequestInit`. The lookup's fetch init is an object literal: fetch reads
 *    every member it lacks from its prototype. The seventh round dropped its own `credentials`
 *    and `cache` keys, so an inherited `credentials: 'include'` makes every lookup carry the
 *    visitor's cookies to a proxy on another origin (the kit's rule: "sends cookies to its own
 *    origin only"), and an inherited `cache`, `redirect`, `referrerPolicy`, `integrity`,
 *    `keepalive` or `mode` decides how the lookup (and the verify button's token request) is
 *    sent: an `integrity` no answer matches stops every status on the page. docs/security.md:
 *    "`Object.prototype` … nothing of the configuration … the kit never takes configuration
 *    from an inherited key".
 * 2. The same pollution with the lookup's own words. A lookup by address is `{ kind, address }`
 *    and its wire form reads `chainSlug`, `caip19`, `accountId` and `chain` off it: an inherited
 *    `chainSlug: 'base'` makes `<kyi-token-status address="…">` ask for that chain only, and a
 *    token verified on 2 of 3 chains reads plain "KYI verified". The page-wide lookup client's
 *    options (`new LookupClient()`: `{}`) and its cache's (`{ ttlMs, maxEntries }`) inherit
 *    `fetch`, `schedule` and `now`: a polluted `schedule` throws after the client marked a flush
 *    as scheduled, so the first status shows an error and every later one stays `loading` for
 *    good, a posted forged root ("✔ KYI verified") on screen the whole time.
 *
 * Each page is a frame of its own: the pollution never touches this one.
 */
import { expect } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';

/** What fetch's RequestInit would take from a polluted prototype (non-enumerable, as an attacker sets it). */
const POLLUTED = {
  credentials: 'include',
  cache: 'reload',
  redirect: 'manual',
  referrerPolicy: 'unsafe-url',
  integrity: 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  keepalive: true,
};

interface Sent {
  url: string;
  body: string | undefined;
  credentials: string;
  cache: string;
  redirect: string;
  referrerPolicy: string;
  integrity: string;
  keepalive: boolean;
}
type FrameWindow = Window & typeof globalThis & { sent: Sent[]; pageErrors: string[]; askToken: () => Promise<unknown> };

/** A frame page whose `Object.prototype` is polluted by `pollute` (a script) before the kit loads; its `fetch` records each request (a page's own tracing wrapper). */
async function pollutedPage(pollute: string, body: string): Promise<FrameWindow> {
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html><html lang="en"><head><meta name="kyi:proxy-url" content="/api/kyi">
    <script>
      window.pageErrors = []; addEventListener('error', (e) => pageErrors.push(String(e.message)));
      window.sent = [];
      const pageFetch = fetch;
      window.fetch = (input, init) => {
        const r = new Request(input, init);
        sent.push({ url: r.url, body: init?.body, credentials: r.credentials, cache: r.cache, redirect: r.redirect, referrerPolicy: r.referrerPolicy, integrity: r.integrity, keepalive: r.keepalive });
        return pageFetch(input, init);
      };
      ${pollute}
    </script></head>
    <body>${body}
    <script type="module">
      import { requestAccessToken } from '/src/client/access-token.ts';
      window.askToken = () => requestAccessToken({ endpoint: self.origin + '/api/kyi/token' }).catch((e) => e);
    </script>
    <script type="module" src="/src/entries/cdn/kyi-elements.ts"></script></body></html>`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return frame.contentWindow as FrameWindow;
}

const STATUS = `<kyi-token-status chain-slug="base" address="${F.indexedNotVerified.address}"></kyi-token-status>`;

/** How fetch sends a same-origin POST the kit asks for with no say of the page's prototype. */
const PLAIN = { credentials: 'same-origin', cache: 'default', redirect: 'follow', referrerPolicy: '', integrity: '', keepalive: false };

describe('attack round 7: Object.prototype polluted with RequestInit keys', () => {
  let win: FrameWindow;

  before(async () => {
    win = await pollutedPage(
      `for (const [key, value] of Object.entries(${JSON.stringify(POLLUTED)}))
         Object.defineProperty(Object.prototype, key, { value, configurable: true });`,
      STATUS,
    );
  });

  after(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('the premise: every object of the page inherits them', () => {
    expect((win.eval('({})') as { credentials?: string }).credentials).to.equal('include');
  });

  it('the lookup is sent as the kit asks (no cookies beyond its origin, no polluted integrity), and the status settles', async () => {
    await win.customElements.whenDefined('kyi-token-status');
    const status = win.document.querySelector('kyi-token-status') as KyiTokenStatus;
    await status.settled;
    const lookups = win.sent.filter((s) => s.url.endsWith('/api/kyi/lookup'));
    expect(lookups.length).to.be.greaterThan(0);
    for (const { url: _, body: __, ...how } of lookups) expect(how).to.deep.equal(PLAIN);
    expect(status.status).to.equal('unverified');
    expect(win.pageErrors).to.deep.equal([]);
  });

  it('the verify button\'s token request likewise', async () => {
    await win.askToken();
    const tokens = win.sent.filter((s) => s.url.endsWith('/api/kyi/token'));
    expect(tokens.length).to.equal(1);
    const { url: _, body: __, ...how } = tokens[0]!;
    expect(how).to.deep.equal({ ...PLAIN, cache: 'no-store' });
  });
});

/** Defines each of `keys` on the frame's `Object.prototype` (non-enumerable, as an attacker may). */
const pollution = (keys: Record<string, unknown>) =>
  `for (const [key, value] of Object.entries(${JSON.stringify(keys)})) Object.defineProperty(Object.prototype, key, { value, configurable: true });`;

/** A posted status for `address` carrying a forged rendered root. */
const forged = (address: string) =>
  `<kyi-token-status address="${address}" chain-slug="base"><template shadowrootmode="open"><span class="forged">✔ KYI verified</span></template></kyi-token-status>`;

describe('attack round 7: Object.prototype polluted with the lookup\'s own words', () => {
  after(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('an inherited chainSlug scopes no lookup: an address alone is asked on every chain', async () => {
    const { address } = F.multiChain;
    const win = await pollutedPage(pollution({ chainSlug: 'base' }), `<kyi-token-status address="${address}"></kyi-token-status>`);
    await win.customElements.whenDefined('kyi-token-status');
    const status = win.document.querySelector('kyi-token-status') as KyiTokenStatus;
    await status.settled;
    const bodies = win.sent.filter((s) => s.url.endsWith('/api/kyi/lookup')).map((s) => JSON.parse(s.body!) as { requests: unknown[] });
    expect(bodies.flatMap((b) => b.requests)).to.deep.equal([{ kind: 'token', address }]);
    expect(status.status).to.equal('verified');
    expect(status.shadowRoot!.textContent).to.contain('KYI verified on 2 of 3 chains');
  });

  it('inherited fetch, schedule and now stop no status: each settles, and a forged root goes', async () => {
    const win = await pollutedPage(pollution({ fetch: 'x', schedule: 'x', now: 'x' }), forged(F.indexedNotVerified.address) + forged(F.multiChain.address));
    await win.customElements.whenDefined('kyi-token-status');
    const [first, second] = [...win.document.querySelectorAll('kyi-token-status')] as KyiTokenStatus[];
    await Promise.all([first!.settled, second!.settled]);
    expect([first!.status, second!.status]).to.deep.equal(['unverified', 'verified']);
    for (const status of [first!, second!]) expect(status.shadowRoot!.querySelector('.forged')).to.equal(null);
    expect(win.pageErrors).to.deep.equal([]);
  });
});
