/**
 * `kyi()` from `kyi-elements/widget`: the vendor's client signature and synchronous errors,
 * built on the kit's dialog (one `onClose`, strict message checks), against the sandbox
 * widget and a stand-in widget on this page's origin.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { configure, resetConfig } from '../../src/browser/config.js';
import { kyi, type KyiInstance } from '../../src/entries/widget.js';
import { escapeInsideWidget, expectedFrameAllow, nextMessageFrom, postFromFrame, realToken, signIn, testEnv, unsignedToken } from './helpers/verify-button.js';

interface Calls {
  ready: number;
  close: number;
  errors: unknown[];
}

function callbacks() {
  const calls: Calls = { ready: 0, close: 0, errors: [] };
  let readyNow: () => void = () => {};
  let closedNow: () => void = () => {};
  const ready = new Promise<void>((r) => (readyNow = r));
  const closed = new Promise<void>((r) => (closedNow = r));
  const options = {
    onReady: () => {
      calls.ready++;
      readyNow();
    },
    onClose: () => {
      calls.close++;
      closedNow();
    },
    onError: (error: Error) => calls.errors.push(error),
  };
  return { calls, options, ready, closed };
}

const dialog = () => document.querySelector('[data-kyi-widget]')?.shadowRoot?.querySelector('dialog') ?? null;

describe('kyi() drop-in for the vendor client', () => {
  let widgetUrl: string;
  let open: KyiInstance | undefined;

  before(async () => {
    widgetUrl = (await testEnv()).widgetUrl;
  });

  beforeEach(async () => {
    await signIn();
    configure({ widgetUrl });
  });

  afterEach(() => {
    open?.destroy();
    open = undefined;
    resetConfig();
  });

  describe('synchronous errors (the vendor order and words)', () => {
    const cases: Array<[string, unknown[], string]> = [
      ['no token, bad mode and scope', ['inline', 'x', ''], 'Access token is required'],
      ['no token (undefined)', ['drawer', 'kyi', undefined], 'Access token is required'],
      ['bad mode and scope', ['inline', 'x', 'token'], "Invalid mode: inline. Expected 'modal' or 'drawer'."],
      ['bad scope', ['modal', 'assets', 'token'], 'Invalid scope: assets'],
    ];
    for (const [name, args, message] of cases) {
      it(`${name} → "${message}", nothing added to the page`, () => {
        const before = document.body.childElementCount;
        expect(() => (kyi as (...a: unknown[]) => unknown)(...args)).to.throw(Error, message);
        expect(document.body.childElementCount).to.equal(before);
      });
    }

    it('no configured widget URL → an error saying how to set it (meta tags are not read)', () => {
      resetConfig();
      const meta = document.createElement('meta');
      meta.name = 'kyi:widget-url';
      meta.content = widgetUrl;
      document.head.append(meta);
      try {
        expect(() => kyi('drawer', 'kyi', 'token')).to.throw(Error, 'No widget URL is configured: call configure({ widgetUrl }) before kyi()');
        expect(dialog()).to.equal(null);
      } finally {
        meta.remove();
      }
    });
  });

  describe('against the sandbox widget', () => {
    it('kyi(mode, scope, token, { onReady, onClose, onError }) → { iframe, destroy } in a modal drawer', async () => {
      const { calls, options, ready } = callbacks();
      const token = await realToken();
      open = kyi('drawer', 'kyi', token, options);
      expect(Object.keys(open).sort()).to.deep.equal(['destroy', 'iframe']);
      expect(open.iframe).to.be.instanceOf(HTMLIFrameElement);
      const src = new URL(open.iframe.src);
      expect(`${src.origin}${src.pathname}`).to.equal(`${new URL(widgetUrl).origin}/widget/kyi`);
      expect([src.searchParams.get('token'), src.searchParams.get('embed')]).to.deep.equal([token, 'true']);
      expect(open.iframe.getAttribute('allow')).to.equal(expectedFrameAllow());
      expect(dialog()!.matches(':modal')).to.equal(true);
      expect(dialog()!.classList.contains('modal')).to.equal(false);
      await ready;
      expect(calls).to.deep.equal({ ready: 1, close: 0, errors: [] });
      await expect(document.querySelector('[data-kyi-widget]')).to.be.accessible();
    });

    for (const [scope, path] of [
      ['asset-list', '/widget/assets'],
      ['wallet-list', '/widget/wallets'],
    ] as const) {
      it(`scope ${scope} opens ${path}; mode modal is centred`, async () => {
        const { options, ready } = callbacks();
        open = kyi('modal', scope, await realToken(), options);
        expect(new URL(open.iframe.src).pathname).to.equal(path);
        expect(dialog()!.classList.contains('modal')).to.equal(true);
        await ready;
      });
    }

    it('Escape closes: exactly one onClose, the page is as it was', async () => {
      const { calls, options, ready, closed } = callbacks();
      const before = document.body.childElementCount;
      open = kyi('drawer', 'kyi', await realToken(), options);
      await ready;
      expect(document.documentElement.style.overflow).to.equal('hidden', 'the page does not scroll under the dialog');
      await sendKeys({ press: 'Escape' });
      await closed;
      open.destroy();
      open.destroy();
      expect(calls.close).to.equal(1);
      expect(dialog()).to.equal(null);
      expect(document.body.childElementCount).to.equal(before);
      expect(document.documentElement.style.overflow).to.equal('', 'the page scrolls again');
    });

    it('the widget closing itself gives one onClose (the vendor client gives two)', async () => {
      const { calls, options, ready, closed } = callbacks();
      open = kyi('drawer', 'kyi', await realToken(), options);
      await ready;
      open.iframe.focus();
      await waitUntil(() => dialog()?.getRootNode() instanceof ShadowRoot && (dialog()!.getRootNode() as ShadowRoot).activeElement === open!.iframe);
      await escapeInsideWidget(closed);
      open.destroy();
      expect(calls.close).to.equal(1);
    });

    it('destroy() closes with one onClose (the vendor client gives none), and none after', async () => {
      const { calls, options, ready } = callbacks();
      open = kyi('drawer', 'kyi', await realToken(), options);
      await ready;
      open.destroy();
      expect(calls.close).to.equal(1);
      expect(dialog()).to.equal(null);
      open.destroy();
      expect(calls.close).to.equal(1);
    });

    for (const key of ['slotAssignment', 'customElementRegistry']) {
      it(`Object.prototype.${key} polluted (a vulnerable parser elsewhere on the page): the dialog still opens in its own shadow root`, async () => {
        const { calls, options, ready } = callbacks();
        const token = await realToken();
        const prototype = Object.prototype as Record<string, unknown>;
        prototype[key] = 'polluted';
        try {
          // Failed before the host's shadow root options had no prototype: attachShadow read the
          // inherited value and threw ("… is not a valid enum value of type SlotAssignmentMode",
          // "Failed to read the 'customElementRegistry' property"), so kyi() threw for every call.
          open = kyi('drawer', 'kyi', token, options);
        } finally {
          delete prototype[key];
        }
        await ready;
        expect(dialog()!.open).to.equal(true);
        expect(calls.errors).to.deep.equal([]);
      });
    }

    it('ignores spoofed messages: from this page, and from another frame on the widget origin', async () => {
      const { calls, options, ready } = callbacks();
      open = kyi('drawer', 'kyi', await realToken(), options);
      await ready;
      for (const data of [{ type: 'kyi:error', payload: 'spoofed' }, { type: 'kyi:ready' }, { type: 'kyi:close' }]) {
        const delivered = nextMessageFrom(() => window);
        window.postMessage(data, '*');
        await delivered;
      }
      const other = document.createElement('iframe');
      other.title = 'other widget';
      const posted = nextMessageFrom(() => other.contentWindow, 'kyi:error');
      other.src = `${widgetUrl}/widget/kyi?token=not-a-token&embed=true`;
      document.body.append(other);
      try {
        await posted;
      } finally {
        other.remove();
      }
      expect(calls).to.deep.equal({ ready: 1, close: 0, errors: [] });
      expect(dialog()!.open).to.equal(true);
    });
  });

  describe('errors from the widget (a stand-in widget on this page origin)', () => {
    beforeEach(() => configure({ widgetUrl: location.origin }));

    it('onError receives an Error and the widget stays open; a second kyi() call is independent', async () => {
      const { calls, options } = callbacks();
      open = kyi('drawer', 'kyi', unsignedToken(Math.floor(Date.now() / 1000) + 600), options);
      await postFromFrame(open.iframe, { type: 'kyi:ready' });
      await postFromFrame(open.iframe, { type: 'kyi:error', payload: 'Submit failed' });
      expect(calls.errors).to.have.length(1);
      expect(calls.errors[0]).to.be.instanceOf(Error);
      expect((calls.errors[0] as Error).message).to.equal('Submit failed');
      expect(calls.close).to.equal(0);
      expect(dialog()!.open).to.equal(true);
      const closed = oneEvent(dialog()!, 'close');
      await postFromFrame(open.iframe, { type: 'kyi:close' });
      await closed;
      expect(calls.close).to.equal(1);
    });

    it('two open dialogs share the scroll lock: the page scrolls again once both have gone', () => {
      const first = kyi('drawer', 'kyi', 'x.y.z');
      const second = kyi('drawer', 'kyi', 'x.y.z');
      try {
        expect(document.documentElement.style.overflow).to.equal('hidden');
        first.destroy();
        expect(document.documentElement.style.overflow).to.equal('hidden', 'the other dialog still holds it');
        second.destroy();
        expect(document.documentElement.style.overflow).to.equal('');
      } finally {
        first.destroy();
        second.destroy();
      }
    });

    it('a throwing callback does not stop the close', async () => {
      const errors: unknown[] = [];
      // The callback's exception is rethrown on its own (as an uncaught error): catch it here, not in mocha.
      const mochaHandler = window.onerror;
      window.onerror = (_message, _source, _line, _column, error) => {
        errors.push(error);
        return true;
      };
      try {
        open = kyi('drawer', 'kyi', 'x.y.z', {
          onClose: () => {
            throw new Error('partner bug');
          },
        });
        await postFromFrame(open.iframe, { type: 'kyi:close' });
        expect(dialog()).to.equal(null);
        expect(document.documentElement.style.overflow).to.equal('', 'the page scrolls again');
        await waitUntil(() => errors.length === 1);
        expect((errors[0] as Error).message).to.equal('partner bug');
      } finally {
        window.onerror = mochaHandler;
      }
    });
  });
});
