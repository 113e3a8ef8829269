/**
 * Attack round 11: two reads of what a script may leave on `Object.prototype` that round 10 noted
 * and left (helpers/polluted-page.ts: each page a frame of its own, polluted before the kit loads).
 *
 * 1. `isAbortError` (client/errors.ts) read an inherited `name`: under a polluted
 *    `Object.prototype.name = 'AbortError'`, a plain value a partner's `fetchAccessToken` threw
 *    was taken for an abort and dropped: the verify button said nothing.
 * 2. The kit's events (browser/event-base.ts) were made with an options object that had a
 *    prototype: a polluted `Object.prototype.cancelable` made every kit event cancelable.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { pollutedPage, pollution, type FrameWindow } from './helpers/polluted-page.js';

const ADDRESS = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';

describe('attack round 11', function () {
  this.timeout(20_000);
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it("attack 1: under a polluted name 'AbortError', what a partner's fetchAccessToken threw is the button's error, not an abort", async () => {
    const win = (await pollutedPage(
      // writable, as a deep-merge gadget leaves it (a read-only `name` would stop the page's own code first)
      pollution({ name: 'AbortError' }, true),
      `<script>window.failures = []; addEventListener('kyi-error', (e) => failures.push(e.detail.code), true);</script>
        <kyi-verify-button></kyi-verify-button>
        <script type="module">import { configure } from '/src/entries/cdn/kyi-elements.ts';
          configure({ widgetUrl: '${location.origin}', fetchAccessToken: async () => { throw { reason: 'the partner code failed' }; } }); window.configured = true;</script>`,
    )) as FrameWindow & { configured?: boolean; failures: string[] };
    const el = win.document.querySelector('kyi-verify-button') as HTMLElement & { status: string };
    await waitUntil(() => win.configured && el.shadowRoot?.querySelector('button'), 'the button rendered');
    el.shadowRoot!.querySelector('button')!.click();
    // Works (harm) when the thrown value passed for an abort: no kyi-error, nothing under the button.
    await waitUntil(() => win.failures.length, `the failure reported (status ${el.status}; page errors: ${JSON.stringify(win.pageErrors)})`, { timeout: 8000 });
    expect({ status: el.status, shown: !!el.shadowRoot!.querySelector('[part="error"]') }).to.deep.equal({ status: 'idle', shown: true });
  });

  it('attack 2: under a polluted cancelable, the kit\'s events stay not cancelable', async () => {
    const win = (await pollutedPage(
      pollution({ cancelable: true }, true),
      `<script>window.heard = []; addEventListener('kyi-status', (e) => heard.push(e.cancelable), true);</script>
        <kyi-token-status chain-slug="base" address="${ADDRESS}"></kyi-token-status>`,
      `(path) => path === '/lookup' && { status: 404, body: { code: 'not_found', message: 'Not found' } }`,
    )) as FrameWindow & { heard: boolean[] };
    await win.customElements.whenDefined('kyi-token-status');
    const status = win.document.querySelector('kyi-token-status') as KyiTokenStatus;
    await waitUntil(() => win.heard.length, `a kyi-status (status ${status.status}; page errors: ${JSON.stringify(win.pageErrors)})`, { timeout: 5000 });
    // Works (harm) when the event took the inherited cancelable: a listener's preventDefault() would cancel it.
    expect(win.heard).to.deep.equal([false]);
  });
});
