/**
 * A prototype-pollution gadget elsewhere on the page (a vulnerable query-string parser) has set
 * `Object.prototype.proxyUrl`, `widgetUrl`, `tokenEndpoint`, `trustedProxyUrls` and `sdk`
 * (non-enumerable, as an attacker would) before the kit loads, on a page configured only by
 * its `<meta>` tags. The kit reads configuration from own keys only: its elements settle from
 * the page's proxy, the configuration names none of the polluted values, and nothing reaches
 * the foreign origin. The page is a frame of its own: the pollution never touches this one.
 */
import { expect } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiConfig } from '../../src/browser/config.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { testEnv } from './helpers/display.js';
import { EVIL_PREFIX, watchEvil } from './helpers/evil.js';

const RUN = `${EVIL_PREFIX}pollution-${crypto.randomUUID()}`;

type FrameWindow = Window & typeof globalThis & { pageErrors: string[]; kyiConfig: () => KyiConfig };

describe('Object.prototype polluted before the kit loads', () => {
  let win: FrameWindow;
  let evilSince: () => Promise<unknown[]>;
  let evil: string;

  before(async () => {
    evil = `${(await testEnv()).evilUrl}${RUN}`;
    evilSince = await watchEvil(RUN);
    const polluted = { proxyUrl: evil, widgetUrl: evil, tokenEndpoint: `${evil}/token`, trustedProxyUrls: [evil], sdk: { url: evil } };
    const frame = document.createElement('iframe');
    frame.srcdoc = `<!doctype html><html lang="en"><head><meta name="kyi:proxy-url" content="/api/kyi">
      <script>
        window.pageErrors = []; addEventListener('error', (e) => pageErrors.push(String(e.message)));
        for (const [key, value] of Object.entries(${JSON.stringify(polluted)}))
          Object.defineProperty(Object.prototype, key, { value, configurable: true });
      </script></head>
      <body><kyi-token-status chain-slug="base" address="${F.indexedNotVerified.address}"></kyi-token-status>
      <script type="module">
        import { getConfig } from '/src/browser/config.ts';
        window.kyiConfig = getConfig;
      </script>
      <script type="module" src="/src/entries/cdn/kyi-elements.ts"></script></body></html>`;
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    win = frame.contentWindow as FrameWindow;
  });

  after(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('the premise: every object of the page inherits the polluted keys', () => {
    expect((win.eval('({})') as { proxyUrl?: string }).proxyUrl).to.equal(evil);
  });

  it('the configuration names none of them; the element settles from the page\'s proxy; nothing reaches the foreign origin', async () => {
    await win.customElements.whenDefined('kyi-token-status');
    const status = win.document.querySelector('kyi-token-status') as KyiTokenStatus;
    await status.settled;
    expect(win.pageErrors).to.deep.equal([]);
    expect(status.status).to.equal('unverified');
    const config = win.kyiConfig();
    // (A srcdoc page's address is no base: the meta tag's path resolves against its origin.)
    expect(config.proxyUrl).to.equal(`${location.origin}/api/kyi`);
    expect(config.tokenEndpoint).to.equal(`${location.origin}/api/kyi/token`);
    expect(config.widgetUrl).to.equal('');
    expect([...config.trustedProxyUrls]).to.deep.equal([]);
    expect(config.sdk).to.equal(undefined);
    expect(await evilSince()).to.deep.equal([]);
  });
});
