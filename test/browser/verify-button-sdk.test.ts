/**
 * `<kyi-verify-button>` with `configure({ sdk: kyi })`: the vendor client's faults
 * (field notes) reproduced by a stand-in with the same signature, framing the real sandbox
 * widget: no origin check at all, `onClose` twice when the widget closes itself,
 * `destroy()` without `onClose`.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig, type VendorKyiFunction } from '../../src/browser/config.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import { escapeInsideWidget, innerButton, nextMessageFrom, postFromFrame, realToken, recordEvents, signIn, signToken, testEnv, unsignedToken } from './helpers/verify-button.js';

interface VendorLog {
  calls: { mode: string; scope: string; token: string }[];
  destroyed: number;
  iframes: HTMLIFrameElement[];
}

function faultyVendorKyi(widgetUrl: string, log: VendorLog): VendorKyiFunction {
  const paths: Record<string, string> = { kyi: 'kyi', 'asset-list': 'assets', 'wallet-list': 'wallets' };
  return (mode, scope, token, options = {}) => {
    if (!token) throw new Error('Access token is required');
    if (mode !== 'modal' && mode !== 'drawer') throw new Error(`Invalid mode: ${mode}. Expected 'modal' or 'drawer'.`);
    if (!paths[scope]) throw new Error(`Invalid scope: ${scope}`);
    log.calls.push({ mode, scope, token });
    const wrap = document.createElement('div');
    const iframe = document.createElement('iframe');
    iframe.title = 'Vendor widget';
    iframe.src = `${widgetUrl}/widget/${paths[scope]}?token=${encodeURIComponent(token)}&embed=true`;
    wrap.append(iframe);
    document.body.append(wrap);
    log.iframes.push(iframe);
    const teardown = () => {
      wrap.remove();
      window.removeEventListener('message', onMessage);
    };
    // Fault: no origin or source check.
    function onMessage(event: MessageEvent) {
      const data = event.data as { type?: string; payload?: string } | null;
      if (data?.type === 'kyi:ready') options.onReady?.();
      if (data?.type === 'kyi:error') options.onError?.(data.payload ?? '');
      if (data?.type === 'kyi:close') {
        // Fault: onClose once here and once more from the close routine.
        options.onClose?.();
        teardown();
        options.onClose?.();
      }
    }
    window.addEventListener('message', onMessage);
    return {
      iframe,
      destroy() {
        // Fault: destroy() does not call onClose.
        log.destroyed++;
        teardown();
      },
    };
  };
}

describe('<kyi-verify-button> with the vendor SDK', () => {
  let log: VendorLog;

  beforeEach(async () => {
    await signIn();
    log = { calls: [], destroyed: 0, iframes: [] };
    configure({ sdk: faultyVendorKyi((await testEnv()).widgetUrl, log) });
  });

  afterEach(() => resetConfig());

  async function openWithSdk(el: KyiVerifyButton): Promise<void> {
    const ready = oneEvent(el, 'kyi-ready');
    const opened = oneEvent(el, 'kyi-open');
    innerButton(el).click();
    await opened;
    await ready;
  }

  it('opens the vendor drawer with a fresh token and gives the same events', async () => {
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button scope="asset-list"></kyi-verify-button>`);
    await openWithSdk(el);
    expect(log.calls).to.have.length(1);
    expect(log.calls[0]!.mode).to.equal('drawer');
    expect(log.calls[0]!.scope).to.equal('asset-list');
    expect(el.status).to.equal('open');
    // The built-in drawer is not used.
    expect(el.shadowRoot!.querySelector('dialog')).to.equal(null);
    const closed = oneEvent(el, 'kyi-close');
    el.close();
    expect((await closed).detail).to.deep.equal({ scope: 'asset-list', reason: 'method' });
    expect(log.destroyed).to.equal(1);
    expect(document.body.contains(log.iframes[0]!)).to.equal(false);
  });

  it('mode="modal" opens the vendor client in its modal mode', async () => {
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button mode="modal"></kyi-verify-button>`);
    await openWithSdk(el);
    expect(log.calls.map((c) => c.mode)).to.deep.equal(['modal']);
    el.close();
  });

  it('one kyi-close when the widget closes itself (the vendor calls onClose twice)', async () => {
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
    await openWithSdk(el);
    const seen = recordEvents(el, ['kyi-close']);
    const closed = oneEvent(el, 'kyi-close');
    // Focus into the vendor's frame; the widget posts kyi:close on Escape.
    log.iframes[0]!.focus();
    await waitUntil(() => document.activeElement === log.iframes[0], 'focus did not move into the vendor frame');
    expect((await escapeInsideWidget(closed)).detail.reason).to.equal('widget');
    expect(el.shadowRoot!.activeElement).to.equal(innerButton(el));
    el.close();
    el.remove();
    expect(seen).to.have.length(1);
    expect(log.iframes.every((f) => !f.isConnected)).to.equal(true);
  });

  it('one kyi-close on removal, though destroy() never calls onClose', async () => {
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
    await openWithSdk(el);
    const seen = recordEvents(el, ['kyi-close']);
    el.remove();
    expect(seen).to.deep.equal([{ type: 'kyi-close', detail: { scope: 'kyi', reason: 'removed' } }]);
    expect(log.destroyed).to.equal(1);
    expect(document.querySelectorAll('iframe')).to.have.length(0);
  });

  it('drops spoofed messages the vendor would have accepted', async () => {
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
    await openWithSdk(el);
    const seen = recordEvents(el, ['kyi-close', 'kyi-error', 'kyi-ready']);
    for (const data of [{ type: 'kyi:error', payload: 'spoofed' }, { type: 'kyi:ready' }, { type: 'kyi:close' }]) {
      const delivered = nextMessageFrom(() => window);
      window.postMessage(data, '*');
      await delivered;
    }
    expect(seen).to.deep.equal([]);
    expect(el.status).to.equal('open');
    el.close();
  });

  it('retries once with a fresh token when the widget reports an expired token', async () => {
    const expired = await signToken({ exp: Math.floor(Date.now() / 1000) - 60 });
    let calls = 0;
    configure({ fetchAccessToken: async () => (calls++ === 0 ? expired : realToken()) });
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
    const seen = recordEvents(el, ['kyi-open', 'kyi-error', 'kyi-close']);
    await openWithSdk(el);
    expect(calls).to.equal(2);
    expect(log.calls.map((c) => c.token === expired)).to.deep.equal([true, false]);
    expect(log.destroyed).to.equal(1); // the first instance, silently
    expect(seen.map((e) => e.type)).to.deep.equal(['kyi-open']);
    el.close();
  });

  it('a synchronous vendor error becomes widget_error', async () => {
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
    configure({
      sdk: () => {
        throw new Error('Invalid scope: kyi');
      },
    });
    const failed = oneEvent(el, 'kyi-error');
    innerButton(el).click();
    const { detail } = await failed;
    expect(detail).to.include({ code: 'widget_error', message: 'Invalid scope: kyi' });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.contain('Invalid scope: kyi');
  });

  it('a thrown value without a message of its own shows the kit\'s words, never an inherited Object.prototype.message', async () => {
    // A vendor client throwing a plain object, on a page whose Object.prototype another script polluted.
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
    configure({
      sdk: () => {
        throw {};
      },
    });
    const failed = oneEvent(el, 'kyi-error');
    Object.defineProperty(Object.prototype, 'message', { value: 'Forged: issuer verified', configurable: true });
    let detail: { code: string; message: string };
    try {
      innerButton(el).click();
      ({ detail } = await failed);
      await el.updateComplete;
    } finally {
      delete (Object.prototype as { message?: unknown }).message;
    }
    expect(detail).to.deep.equal({ code: 'widget_error', message: 'The widget reported an error' });
    expect(el.shadowRoot!.querySelector('[part="error"] span + span')!.textContent).to.equal(
      'The verification widget reported an error: The widget reported an error',
    );
  });
  describe('callbacks count only from the vendor frame\'s own live window, for a frame created with a src', () => {
    /** A vendor client of the test's own: it calls back on any message (the vendor's check is loose) and hands its callbacks out. */
    function handingVendor(src: string | undefined) {
      const state: { options: Parameters<VendorKyiFunction>[3]; iframe: HTMLIFrameElement | undefined } = { options: undefined, iframe: undefined };
      const sdk: VendorKyiFunction = (_mode, _scope, token, options = {}) => {
        const iframe = document.createElement('iframe');
        if (src) iframe.src = `${src}?token=${encodeURIComponent(token)}`;
        document.body.append(iframe);
        const onMessage = (event: MessageEvent) => {
          const data = event.data as { type?: string; payload?: string } | null;
          if (data?.type === 'kyi:ready') options.onReady?.();
          if (data?.type === 'kyi:error') options.onError?.(data.payload ?? '');
          if (data?.type === 'kyi:close') options.onClose?.();
        };
        window.addEventListener('message', onMessage);
        Object.assign(state, { options, iframe });
        return { iframe, destroy: () => (iframe.remove(), window.removeEventListener('message', onMessage)) };
      };
      return { sdk, state };
    }

    /** Posts `data` to the page from inside a same-origin frame (about:blank included). */
    async function postFrom(frame: HTMLIFrameElement, data: unknown): Promise<void> {
      const delivered = nextMessageFrom(() => frame.contentWindow);
      const doc = frame.contentDocument!;
      const script = doc.createElement('script');
      script.textContent = `parent.postMessage(${JSON.stringify(data)}, '*')`;
      (doc.body ?? doc.documentElement).append(script);
      await delivered;
    }

    let tokens = 0;
    beforeEach(() => {
      tokens = 0;
      configure({ fetchAccessToken: async () => (tokens++, unsignedToken(Math.floor(Date.now() / 1000) + 3600)) });
    });

    async function open(sdk: VendorKyiFunction): Promise<{ el: KyiVerifyButton; seen: { type: string; detail: unknown }[] }> {
      configure({ sdk });
      const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
      const seen = recordEvents(el, ['kyi-ready', 'kyi-error', 'kyi-close']);
      const opened = oneEvent(el, 'kyi-open');
      innerButton(el).click();
      await opened;
      return { el, seen };
    }

    it('a callback outside a message from its own frame is ignored; one from it counts', async () => {
      // A stand-in widget on this page's origin, so the test can post from inside it.
      const vendor = handingVendor(`${location.origin}/vendor-stand-in/widget/kyi`);
      const { el, seen } = await open(vendor.sdk);
      // Called from outside any message event (a timer, or whatever else holds the options).
      vendor.state.options!.onReady!();
      vendor.state.options!.onError!('Access token expired');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(seen).to.deep.equal([]);
      expect(tokens).to.equal(1);
      await postFromFrame(vendor.state.iframe!, { type: 'kyi:ready' });
      expect(seen).to.deep.equal([{ type: 'kyi-ready', detail: { scope: 'kyi' } }]);
      el.close();
    });

    it('nothing a vendor frame created without a src reports counts', async () => {
      const vendor = handingVendor(undefined);
      const { el, seen } = await open(vendor.sdk);
      const frame = vendor.state.iframe!;
      await postFrom(frame, { type: 'kyi:ready' });
      await postFrom(frame, { type: 'kyi:error', payload: 'Access token expired' });
      await postFrom(frame, { type: 'kyi:close' });
      expect(seen).to.deep.equal([]);
      expect(tokens).to.equal(1);
      expect(el.status).to.equal('open');
      el.close();
      expect(seen).to.deep.equal([{ type: 'kyi-close', detail: { scope: 'kyi', reason: 'method' } }]);
    });
  });
});
