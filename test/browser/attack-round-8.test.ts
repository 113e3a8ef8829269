/**
 * Attack round 8: the ANSWERS under a polluted `Object.prototype`.
 *
 * Earlier rounds made configuration, element creation and request options immune to a
 * prototype polluted by another script on the page (attack-round-7, prototype-pollution). An
 * answer, though, is JSON parsed into plain objects: a field the service did not send (an
 * optional one: a match's `asset`, a change's `before` / `after`) is read from
 * `Object.prototype`, so the page's polluter, not the service, decides what shows:
 *
 * 1. A verified match without `asset`: an inherited `asset` names the token in the status's
 *    spoken change ("USD Coin (USDC): KYI verified" for a token nobody named so).
 * 2. A change without `before` / `after`: the change feed shows a delta the service never sent.
 * 3. A problem the kit makes without a `retryAfter`: an inherited one puts a failed monitoring
 *    read's next poll a day away.
 * 4. Request options still inheriting: the verify button's reachability probe of the widget
 *    (an inherited `integrity` fails it: a false `widget_unreachable`), and the monitoring
 *    elements' reads (an inherited `credentials`, `integrity`… decide how they are sent).
 *
 * Each page is a frame of its own, its `fetch` a stand-in for the proxy where a test gives
 * answers (`answer(path, request, n)`: the n-th call, from 1), the real harness elsewhere.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import { frameLoaded, signIn, testEnv } from './helpers/verify-button.js';
import { ONE_CHANGE, pollutedPage, pollution, type FrameWindow } from './helpers/polluted-page.js';
import type { kyi } from '../../src/entries/widget.js';

/** Posts `data` to `win` from inside `frame` (its realm: the message's source is the frame); resolves once `win`'s listeners have read it. */
async function postFromWidget(win: Window, frame: HTMLIFrameElement, data: unknown): Promise<void> {
  await frameLoaded(frame);
  const read = new Promise((resolve) => win.addEventListener('message', resolve, { once: true }));
  const script = frame.contentDocument!.createElement('script');
  script.textContent = `parent.postMessage(${JSON.stringify(data)}, '*')`;
  frame.contentDocument!.documentElement.append(script);
  await read;
}

const ADDRESS = '0x5e1f62dac767b0491e3ce72469c217365d5b48cc';
const token = { chain_slug: 'base', caip2: 'eip155:8453', address: ADDRESS };

describe('attack round 8: answers read under a polluted Object.prototype', function () {
  this.timeout(20_000);
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('a verified match without `asset`: the spoken status names the token by its address, never by an inherited asset', async () => {
    // First unverified, then (after a refresh) verified: the change is announced, naming the token.
    const win = await pollutedPage(
      pollution({ asset: { name: 'USD Coin', symbol: 'USDC' } }),
      `<kyi-token-status chain-slug="base" address="${ADDRESS}"></kyi-token-status>`,
      `(path, request, n) => path === '/lookup' && { body: { results: request.requests.map(() => ({ status: 200, body: n === 1
          ? { kyi_verified: false, data: [{ kyi_verified: false, token: ${JSON.stringify(token)} }] }
          : { kyi_verified: true, data: [{ kyi_verified: true, token: ${JSON.stringify(token)}, issuer: { name: 'Scam Labs', kyb_verified: false } }] } })) } }`,
    );
    await win.customElements.whenDefined('kyi-token-status');
    const status = win.document.querySelector('kyi-token-status') as KyiTokenStatus;
    await status.settled;
    expect(status.status).to.equal('unverified');
    await status.refresh();
    expect(status.status).to.equal('verified');
    const region = () => win.document.querySelector('[data-kyi-live-region]')?.textContent ?? '';
    await waitUntil(() => region(), 'the change is announced');
    // Failed before answers' objects had no prototype: 'USD Coin (USDC): KYI verified. Business not verified'.
    expect(region()).not.to.include('USD Coin');
    expect(region()).to.equal('0x5e1f…48cc: KYI verified. Business not verified');
    expect(win.pageErrors).to.deep.equal([]);
  });

  it('a change without `before` / `after`: the change feed shows no delta the service did not send, and reads as the kit asks', async () => {
    const win = await pollutedPage(
      pollution({ before: 'Mint authority: held', after: 'Mint authority: renounced', credentials: 'include', integrity: 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' }),
      '<kyi-change-feed></kyi-change-feed>',
      ONE_CHANGE,
      'kyi-monitoring',
    );
    await win.customElements.whenDefined('kyi-change-feed');
    const feed = win.document.querySelector('kyi-change-feed') as KyiChangeFeed;
    await waitUntil(() => feed.shadowRoot?.querySelector('[part="change"]'), 'the change shows');
    // Failed before: "Before: Mint authority: held → After: Mint authority: renounced".
    expect(feed.shadowRoot!.querySelector('[part="delta"]')).to.equal(null);
    expect(feed.shadowRoot!.textContent).not.to.include('renounced');
    // Failed before the monitoring reads' fetch options had no prototype: 'include', the polluted integrity.
    const reads = win.sent.filter((s) => s.url.includes('/api/kyi/explorer/'));
    expect(reads.length).to.be.greaterThan(0);
    for (const { credentials, integrity } of reads) expect({ credentials, integrity }).to.deep.equal({ credentials: 'same-origin', integrity: '' });
    expect(win.pageErrors).to.deep.equal([]);
  });

  it('a bare status means what the kit says, never an inherited code: a bare 500 is the service\'s problem, with its Retry', async () => {
    // Every table keyed by an answer's data has its own entries only: 500 is no code of the kit's
    // table, so it falls to "the service had a problem", whatever `Object.prototype['500']` holds.
    const win = await pollutedPage(
      pollution({ 500: 'not_configured' }),
      `<kyi-token-status chain-slug="base" address="${ADDRESS}"></kyi-token-status>`,
      `(path) => path === '/lookup' && { status: 500, body: {} }`,
    );
    await win.customElements.whenDefined('kyi-token-status');
    const status = win.document.querySelector('kyi-token-status') as KyiTokenStatus;
    await status.settled;
    expect(status.status).to.equal('error');
    // Failed before: 'Verification is not configured on this site.', and no Retry (a configuration error's).
    expect(status.shadowRoot!.textContent).to.include('The verification service had a problem.');
    expect(status.shadowRoot!.querySelector('[part~="retry-button"]')).to.not.equal(null);
  });

  it('a failed read with no Retry-After: the next poll comes at the refresh interval, not after an inherited retryAfter', async () => {
    const win = (await pollutedPage(
      `window.delays = []; const pageSetTimeout = setTimeout;
       window.setTimeout = (run, ms, ...rest) => (delays.push(ms), pageSetTimeout(run, ms, ...rest));
       Object.prototype.retryAfter = 86400; // as a query-string parser writes it (writable: the kit's errors still set their own)`,
      '<kyi-change-feed refresh-interval="60"></kyi-change-feed>',
      `(path) => path === '/explorer/me/monitoring/changes' ? { status: 503, body: { code: 'upstream_unavailable', message: 'The service is unavailable' } }
        : path === '/explorer/me/watchlist' ? { body: { data: [] } }
        : { status: 404, body: { code: 'not_found', message: 'Not found' } }`,
      'kyi-monitoring',
    )) as FrameWindow & { delays: number[] };
    await win.customElements.whenDefined('kyi-change-feed');
    const feed = win.document.querySelector('kyi-change-feed') as KyiChangeFeed;
    await waitUntil(() => feed.shadowRoot?.querySelector('[part="error"]'), 'the error shows');
    await waitUntil(() => win.delays.some((ms) => ms >= 60_000), 'the next poll is scheduled');
    // Failed before the kit's problems held their own retryAfter: a poll a day later (86,400,000 ms).
    expect(win.delays.filter((ms) => ms >= 60_000)).to.deep.equal([60_000]);
  });

  it('the verify button\'s reachability probe takes no inherited integrity or redirect: a widget slow to report ready is not called unreachable', async () => {
    await signIn();
    const { refusingWidgetUrl } = await testEnv();
    const win = await pollutedPage(
      pollution({ integrity: 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', redirect: 'error' }),
      '<kyi-verify-button ready-timeout="1500"></kyi-verify-button>',
      undefined,
      undefined,
      `<meta name="kyi:widget-url" content="${refusingWidgetUrl}">`,
    );
    await win.customElements.whenDefined('kyi-verify-button');
    const button = win.document.querySelector('kyi-verify-button') as HTMLElement & { updateComplete: Promise<unknown> };
    await button.updateComplete;
    const failed = new Promise<CustomEvent>((resolve) => button.addEventListener('kyi-error', (e) => resolve(e as CustomEvent), { once: true }));
    button.shadowRoot!.querySelector('button')!.click();
    const { detail } = await failed;
    // Failed before: 'widget_unreachable' (the probe, sent with the polluted integrity, failed).
    expect(detail.code).to.equal('widget_timeout');
    const probes = win.sent.filter((s) => s.method === 'HEAD');
    expect(probes.map(({ integrity, redirect, mode }) => ({ integrity, redirect, mode }))).to.deep.equal([{ integrity: '', redirect: 'follow', mode: 'no-cors' }]);
  });

  it('a partner token function\'s failure is read from its own keys: an inherited `code` or `status` does not say whose mistake it was', async () => {
    // A partner's fetchAccessToken may name its failure with its own `code` or HTTP `status`
    // (client/access-token.ts); an Error thrown for a network failure has neither.
    const win = (await pollutedPage(
      // Writable, as a merge gadget leaves it (the kit's own errors then hold their own code).
      pollution({ code: 'not_configured', status: 401 }, true),
      `<kyi-verify-button></kyi-verify-button>
      <script type="module">import { configure } from '/src/entries/cdn/kyi-elements.ts';
        configure({ widgetUrl: '${location.origin}', fetchAccessToken: async () => { throw new Error('offline'); } });
        const button = document.querySelector('kyi-verify-button');
        button.addEventListener('kyi-error', (e) => (window.failure = e.detail));
        window.configured = true;</script>`,
    )) as FrameWindow & { configured?: boolean; failure?: { code: string; message: string } };
    await waitUntil(() => win.configured && win.document.querySelector('kyi-verify-button')?.shadowRoot?.querySelector('button'), 'the button rendered');
    win.document.querySelector('kyi-verify-button')!.shadowRoot!.querySelector('button')!.click();
    await waitUntil(() => win.failure, 'the failure reported');
    // Failed before: not_configured (the inherited code), the site's configuration, and no Retry.
    expect(win.failure, JSON.stringify(win.failure)).to.deep.include({ code: 'network', message: 'offline' });
  });

  it('a widget message is read from its own keys: an inherited `type` or `payload` is not the widget\'s', async () => {
    // What the drawer reads of each message its widget frame posts (origin and frame checked
    // first): a message with no `type` (or text that is no JSON) must not read as `kyi:close`, a
    // `kyi:error` without a payload must not show the polluter's words.
    const win = (await pollutedPage(
      pollution({ type: 'kyi:close', payload: 'Forged: verification complete', message: 'Forged: issuer verified' }),
      `<script type="module">import { configure, kyi } from '/src/entries/cdn/kyi-elements.ts'; configure({ widgetUrl: '${location.origin}' }); window.kyi = kyi;</script>`,
    )) as FrameWindow & { kyi?: typeof kyi };
    await waitUntil(() => win.kyi, 'kyi() loaded');
    const seen: string[] = [];
    const open = win.kyi!('drawer', 'kyi', 'x.y.z', { onClose: () => seen.push('close'), onError: (e) => seen.push(`error: ${e.message}`) });
    try {
      // Posted by the drawer's own frame (a stand-in widget on this origin), in order.
      // A payload of `{}` has no message of its own: not the inherited `message` either.
      for (const data of [{ hello: 1 }, 'not json', null, { type: 'kyi:error' }, { type: 'kyi:error', payload: {} }, '{"type":"kyi:error","payload":"Access token expired"}']) {
        if (!open.iframe?.isConnected) break; // closed
        await postFromWidget(win, open.iframe, data);
      }
      // Failed before messages were read from their own keys: ['close'] (the first message's inherited type).
      expect(seen).to.deep.equal(['error: The widget reported an error', 'error: The widget reported an error', 'error: Access token expired']);
    } finally {
      open.destroy();
    }
  });
});
