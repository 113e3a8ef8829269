/**
 * Attack round 36: a page whose address is not a base URL (`about:srcdoc`, and likewise
 * `about:blank` or `blob:` documents a partner writes the kit into). `onPage()` cannot resolve
 * the default proxy URL (`/api/kyi`) against `location.href` there, and `absolute()` (and the
 * lookup client) then keep it relative: `fetch` resolves it against `document.baseURI`, which a
 * `<base href>` posted by a user moves. The lookup is then answered by the poster's server
 * ("verified" for a token nobody verified), and the verify button's default token endpoint
 * (`${proxyUrl}/token`) asks the poster's server for the access token the widget opens with.
 * The rule (docs/security.md): every URL is resolved against the page's own address and kept
 * absolute; nothing hands a relative URL to `fetch`; a posted `<base>` moves nothing. Such a
 * page's URLs now resolve against the root of its origin (browser/page.ts `pageUrl`), and a
 * relative URL no page address resolves is refused (client/request-url.ts).
 */
import { expect } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { randomAddress, testEnv } from './helpers/display.js';
import { EVIL_PREFIX, watchEvil } from './helpers/evil.js';

const RUN = `${EVIL_PREFIX}r36-${crypto.randomUUID()}`;

/** A srcdoc page: `head`, the kit's CDN file (its URL absolute, fetched before the post), then a user's post carrying `<base href>` and `body`. */
async function srcdocPage(head: string, base: string, body: string): Promise<{ win: Window & typeof globalThis; frame: HTMLIFrameElement }> {
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html><html lang="en"><head>${head}<script type="module" src="${location.origin}/src/entries/cdn/kyi-elements.ts"></script></head><body>
    <div class="user-comment"><base href="${base}"></div>${body}</body></html>`;
  const loaded = new Promise((r) => frame.addEventListener('load', r, { once: true }));
  document.body.append(frame);
  await loaded;
  return { win: frame.contentWindow as Window & typeof globalThis, frame };
}

describe('attack round 36: a page at about:srcdoc with a posted <base href>', () => {
  let evilOrigin: string;
  before(async () => {
    evilOrigin = (await testEnv()).evilUrl;
  });
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('the default proxy is not moved: no lookup reaches the poster\'s server, nothing reads "verified" from it', async () => {
    const evilSince = await watchEvil(`${RUN}/s`);
    const { win } = await srcdocPage('', `${evilOrigin}${RUN}/s/`, `<kyi-token-status chain-slug="ethereum" address="${randomAddress()}"></kyi-token-status>`);
    await win.customElements.whenDefined('kyi-token-status');
    const status = win.document.querySelector('kyi-token-status') as KyiTokenStatus;
    await status.settled;
    // Failed before browser/page.ts resolved against the frame’s origin: 'verified' (the scam proxy at the <base>'s origin answered POST /api/kyi/lookup).
    expect(status.status).not.to.equal('verified');
    // answered by the page's own proxy, at the root of the frame's origin: nobody verified this token
    expect(status.status).to.equal('not-found');
    expect((await evilSince()).map((r) => `${r.method} ${r.path}`)).to.deep.equal([]);
  });

  it('the verify button\'s default token endpoint is not moved: no access token is asked of the poster\'s server', async () => {
    const { widgetUrl } = await testEnv();
    const evilSince = await watchEvil(`${RUN}/t`);
    const { win } = await srcdocPage(`<meta name="kyi:widget-url" content="${widgetUrl}">`, `${evilOrigin}${RUN}/t/`, '<kyi-verify-button></kyi-verify-button>');
    await win.customElements.whenDefined('kyi-verify-button');
    const button = win.document.querySelector('kyi-verify-button') as HTMLElement & { updateComplete: Promise<unknown> };
    await button.updateComplete;
    const outcome = new Promise((resolve) => {
      for (const type of ['kyi-open', 'kyi-error']) button.addEventListener(type, resolve, { once: true });
      setTimeout(resolve, 5000);
    });
    button.shadowRoot!.querySelector('button')!.click();
    await outcome;
    // Failed before browser/page.ts resolved against the frame’s origin: OPTIONS and POST /api/kyi/token reached the poster's server.
    expect((await evilSince()).map((r) => `${r.method} ${r.path}`)).to.deep.equal([]);
  });
  it('a sandboxed frame (an opaque origin, no base for a relative URL): the default proxy is refused as the page\'s configuration, nothing reaches the poster\'s server', async () => {
    const evilSince = await watchEvil(`${RUN}/o`);
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    // The frame reports what its status shows (its opaque origin keeps the parent out).
    frame.srcdoc = `<!doctype html><html lang="en"><head><script>onerror = (m) => parent.postMessage({ failed: String(m) }, '*');</script><script type="module">
        import '${location.origin}/src/entries/cdn/kyi-elements.ts';
        await customElements.whenDefined('kyi-token-status');
        const status = document.querySelector('kyi-token-status');
        let error = null;
        status.addEventListener('kyi-error', (e) => (error = e.detail));
        await status.settled;
        parent.postMessage({ status: status.status, error, shown: status.shadowRoot.textContent }, '*');
      </script></head><body><div class="user-comment"><base href="${evilOrigin}${RUN}/o/"></div>
      <kyi-token-status chain-slug="ethereum" address="${randomAddress()}"></kyi-token-status></body></html>`;
    const report = new Promise<{ status: string; error: { code: string; message: string } | null; shown: string }>((resolve) =>
      addEventListener('message', function once(event) {
        if (event.source !== frame.contentWindow) return;
        removeEventListener('message', once);
        resolve(event.data);
      }),
    );
    document.body.append(frame);
    const { status, error, shown } = await report;
    // Without request-url.ts's refusal: 'verified', answered by the poster's server at the <base> (seen).
    expect(status).to.equal('error');
    expect(error?.code).to.equal('not_configured');
    expect(error!.message).to.contain("the page's configuration");
    expect(shown).not.to.contain('verified');
    expect((await evilSince()).map((r) => `${r.method} ${r.path}`)).to.deep.equal([]);
  });
  it('a sandboxed frame with the default proxy URL and no <base>: nothing is fetched, the status shows the site\'s configuration error', async () => {
    // The partner writes the kit into a sandboxed srcdoc frame (no allow-same-origin) and leaves
    // proxyUrl at its relative default: its opaque origin gives `/api/kyi` no base. Handed to
    // `fetch` as written, it would resolve against the frame's base URL (its creator's) and leave.
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    // Every fetch the page makes is recorded (the kit uses the page's `fetch`), and every request
    // the browser sent for a script's fetch or XHR is read from the frame's resource timings.
    frame.srcdoc = `<!doctype html><html lang="en"><head><script>
        onerror = (m) => parent.postMessage({ failed: String(m) }, '*');
        const pageFetch = fetch, fetched = [];
        fetch = (input, init) => (fetched.push(String(input?.url ?? input)), pageFetch(input, init));
      </script><script type="module">
        import '${location.origin}/src/entries/cdn/kyi-elements.ts';
        await customElements.whenDefined('kyi-token-status');
        const status = document.querySelector('kyi-token-status');
        let error = null;
        status.addEventListener('kyi-error', (e) => (error = e.detail));
        await status.settled;
        const sent = performance.getEntriesByType('resource').filter((r) => r.initiatorType !== 'script' && r.initiatorType !== 'other' && r.initiatorType !== 'link').map((r) => r.name);
        parent.postMessage({ status: status.status, code: error?.code, shown: status.shadowRoot.textContent, fetched, sent }, '*');
      </script></head><body><kyi-token-status chain-slug="ethereum" address="${randomAddress()}"></kyi-token-status></body></html>`;
    const report = new Promise<{ status: string; code?: string; shown: string; fetched: string[]; sent: string[]; failed?: string }>((resolve) =>
      addEventListener('message', function once(event) {
        if (event.source !== frame.contentWindow) return;
        removeEventListener('message', once);
        resolve(event.data);
      }),
    );
    document.body.append(frame);
    const { status, code, shown, fetched, sent, failed } = await report;
    expect(failed).to.equal(undefined);
    expect(fetched, 'fetch calls').to.deep.equal([]);
    expect(sent, 'requests sent').to.deep.equal([]);
    expect(status).to.equal('error');
    expect(code).to.equal('not_configured');
    expect(shown).to.contain('Verification is not configured on this site.');
    expect(shown).not.to.contain('Retry');
  });
});
