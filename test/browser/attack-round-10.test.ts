/**
 * Attack round 10: the trust gaps earlier rounds noted and left, attacked as a hostile page
 * input would (helpers/polluted-page.ts: each page a frame of its own, polluted before the kit loads).
 *
 * 1. The kit's own error (`KyiRequestError`, client/errors.ts) assigned its fields: under a
 *    read-only polluted `Object.prototype.code` (or `status`, `retryAfter`) making one threw, so a
 *    failure the server named was no failure the element could show.
 * 2. `toProblem` converted a thrown value with `String()`: a value with no text (`Object.create(null)`,
 *    a polluted non-function `toString`) threw inside the catch.
 * 3. The monitoring writes' bodies (`JSON.stringify({ assetId })`) had a prototype: a script's
 *    `toJSON` (a function) chose which asset the watchlist adds.
 * 4. The verify button's on-demand code not arriving (a 404 of its chunk, or the visitor offline):
 *    the button said the verification service could not be reached, whoever's problem it was.
 * 5. Classes that assign what they are made with (the prefetch slot's `request`, the monitoring
 *    pager's `pageSize`): a read-only polluted key of that name stops the element.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import { toProblem } from '../../src/client/errors.js';
import { ONE_CHANGE, pollutedPage, pollution, type FrameWindow } from './helpers/polluted-page.js';

const ADDRESS = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const CHOSEN = '6f1c1e2a-2b3c-4d5e-8f90-1a2b3c4d5e6f';
const POLLUTER = '0b0b0b0b-dead-4bad-8bad-0b0b0b0b0b0b';

/** A frame page's `kyi-error` details, as the page heard them. */
type Heard = FrameWindow & { failures: { code: string; message: string; status?: number }[] };
const HEAR = `<script>window.failures = []; addEventListener('kyi-error', (e) => failures.push(e.detail), true);</script>`;

describe('attack round 10', function () {
  this.timeout(20_000);
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it("attack 1: under a read-only polluted code, status and retryAfter, a failure the server named is the element's error, not the kit's internal_error", async () => {
    const win = (await pollutedPage(
      pollution({ code: 'polluted', status: 299, retryAfter: 3600 }),
      `${HEAR}<kyi-token-status chain-slug="base" address="${ADDRESS}"></kyi-token-status>`,
      `(path) => path === '/lookup' && { status: 502, body: { code: 'upstream_timeout', message: 'The service took too long' } }`,
    )) as Heard;
    await win.customElements.whenDefined('kyi-token-status');
    const status = win.document.querySelector('kyi-token-status') as KyiTokenStatus;
    // Works (harm) when making the error threw: the status stays loading, or reads internal_error.
    await waitUntil(() => win.failures.length, `a kyi-error (status ${status.status}; page errors ${JSON.stringify(win.pageErrors)})`, { timeout: 5000 });
    expect({ status: status.status, failures: win.failures }).to.deep.equal({
      status: 'error',
      failures: [{ code: 'upstream_timeout', message: 'The service took too long', status: 502 }],
    });
  });

  it('attack 2: a thrown value with no text is a problem, not a throw inside the catch', () => {
    expect(toProblem(Object.create(null))).to.deep.equal({ code: 'internal_error', message: '', status: 0 });
    // Under a polluted data toString (restored before asserting: chai reads it too).
    const saved = Object.getOwnPropertyDescriptor(Object.prototype, 'toString')!;
    let problem: unknown;
    try {
      Object.defineProperty(Object.prototype, 'toString', { value: 'Verified by KYI', writable: true, configurable: true });
      problem = toProblem({ reason: 'x' });
    } catch (error) {
      problem = error;
    } finally {
      Object.defineProperty(Object.prototype, 'toString', saved);
    }
    expect(problem).to.deep.equal({ code: 'internal_error', message: '', status: 0 });
    // What has text keeps it: an Error's own message, a thrown string.
    expect(toProblem(new TypeError('broken')).message).to.equal('broken');
    expect(toProblem('broken').message).to.equal('broken');
  });

  it("attack 3: a polluted toJSON (a script's function) does not choose the asset the watchlist adds", async () => {
    let added: unknown;
    const win = (await pollutedPage(
      `Object.defineProperty(Object.prototype, 'toJSON', { writable: true, configurable: true, value: function () {
         return this && this.assetId === '${CHOSEN}' ? { assetId: '${POLLUTER}' } : this;
       } });`,
      `${HEAR}<kyi-watchlist lang="en"></kyi-watchlist>`,
      `(path, request, n) => path === '/capabilities' ? { body: { explorer: true, explorerWrites: true } }
        : path === '/explorer/me/watchlist' && request ? { status: 201, body: { id: 'w1', asset: { id: request.assetId, name: 'Chosen' }, state: 'active' } }
        : path === '/explorer/me/watchlist' ? { body: { data: [] } }
        : { status: 404, body: { code: 'not_found', message: 'Not found' } }`,
      'kyi-monitoring',
    )) as Heard;
    await win.customElements.whenDefined('kyi-watchlist');
    const list = win.document.querySelector('kyi-watchlist')!;
    await waitUntil(() => list.shadowRoot?.querySelector('#add-asset'), 'the add form shows', { timeout: 5000 });
    const input = list.shadowRoot!.querySelector<HTMLInputElement>('#add-asset');
    input!.value = CHOSEN;
    input!.dispatchEvent(new win.Event('input'));
    list.shadowRoot!.querySelector<HTMLFormElement>('[part="add-form"]')!.requestSubmit();
    await waitUntil(() => (added = win.sent.find((s) => s.method === 'POST')?.body), 'the addition sent');
    // Works (harm) when the body names the polluter's asset.
    expect(added).to.equal(JSON.stringify({ assetId: CHOSEN }));
  });

  const SESSION_CODE = '/src/elements/verify-button/session-code';
  /** The verify button's on-demand code (its module in the dev build) mapped to `to`. */
  const chunkAt = (to: string) =>
    `<script type="importmap">${JSON.stringify({ imports: { [`${SESSION_CODE}.js`]: to, [`${SESSION_CODE}.ts`]: to } })}</script>`;

  for (const [name, to, offline, code, words] of [
    ["a 404 of the button's chunk: the site's setup", '/__test/no-such-chunk.js', false, 'not_configured', 'Verification is not configured on this site.'],
    // The harness stands in for the visitor's connection as it stands in for the page's fetch: no address answers, and the browser says it is offline.
    ['the visitor offline: the network, and a click again tries again', 'http://127.0.0.1:9/session-code.js', true, 'network', 'Could not reach the verification service.'],
  ] as const) {
    it(`attack 4: the verify button's code not arriving (${name})`, async () => {
      const win = (await pollutedPage(
        offline ? `Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false, configurable: true });` : '',
        `${HEAR}<kyi-verify-button></kyi-verify-button>
        <script type="module">import { configure } from '/src/entries/cdn/kyi-elements.ts';
          configure({ widgetUrl: '${location.origin}', fetchAccessToken: async () => 'a.b.c' }); window.configured = true;</script>`,
        undefined,
        undefined,
        chunkAt(to),
      )) as Heard & { configured?: boolean };
      const el = win.document.querySelector('kyi-verify-button')!;
      await waitUntil(() => win.configured && el.shadowRoot?.querySelector('button'), 'the button rendered');
      const button = el.shadowRoot!.querySelector('button')!;
      button.click();
      await waitUntil(() => win.failures.length, `the failure reported (page errors: ${JSON.stringify(win.pageErrors)})`, { timeout: 8000 });
      const shown = el.shadowRoot!.querySelector('[part="error"]')?.textContent;
      // Works (harm) when the button blames the verification service for the site's missing file.
      expect({ code: win.failures[0]!.code, shown }).to.deep.equal({ code, shown: `Verification couldn’t start${words}` });
      expect(win.failures[0]!.message).to.include('could not be loaded');
      // The button is usable again: a click tries the load again (and fails the same way here).
      expect(button.disabled || el.getAttribute('aria-disabled')).to.not.equal(true);
      button.click();
      await waitUntil(() => win.failures.length === 2, 'a second click tried again');
    });
  }

  it("attack 5: a read-only polluted pageSize (the change feed's pager) stops no monitoring element", async () => {
    const win = await pollutedPage(pollution({ pageSize: 1 }), '<kyi-change-feed lang="en"></kyi-change-feed>', ONE_CHANGE, 'kyi-monitoring');
    await win.customElements.whenDefined('kyi-change-feed');
    const feed = win.document.querySelector('kyi-change-feed') as KyiChangeFeed;
    // Works (harm) when constructing the feed threw: it never renders.
    await waitUntil(() => feed.shadowRoot?.querySelector('[part="change"]'), `the change shows (page errors: ${JSON.stringify(win.pageErrors)})`, { timeout: 5000 });
  });

  it("attack 5: a read-only polluted request (the verify button's prefetch slot) leaves prefetching working", async () => {
    const win = (await pollutedPage(
      pollution({ request: 'polluted' }),
      `<kyi-verify-button prefetch></kyi-verify-button>
        <script type="module">import { configure } from '/src/entries/cdn/kyi-elements.ts';
          configure({ widgetUrl: '${location.origin}', fetchAccessToken: async () => (window.asked = (window.asked ?? 0) + 1, 'a.b.c') }); window.configured = true;</script>`,
    )) as FrameWindow & { configured?: boolean; asked?: number };
    const el = win.document.querySelector('kyi-verify-button')!;
    await waitUntil(() => win.configured && el.shadowRoot?.querySelector('button'), 'the button rendered');
    const button = el.shadowRoot!.querySelector('button')!;
    button.dispatchEvent(new win.PointerEvent('pointerenter'));
    // Works (harm) when making the slot threw: no token is prefetched, and the page logs an unhandled TypeError.
    await waitUntil(() => win.asked === 1, `a token prefetched (page errors: ${JSON.stringify(win.pageErrors)})`, { timeout: 5000 });
    expect(win.pageErrors).to.deep.equal([]);
  });
});
