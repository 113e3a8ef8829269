/**
 * `<kyi-verify-button>` closer to the vendor's widget: a widget error after ready leaves
 * the drawer open, the frame's `allow`, the 760px drawer, modal mode with every guarantee of
 * the drawer, and a widget that refuses this page's origin.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import { dialogOf, errorOf, expectedFrameAllow, frameOf, innerButton, openAndWaitReady, postFromFrame, recordEvents, signIn, testEnv, unsignedToken } from './helpers/verify-button.js';

/** The dialog's box once its opening animation has finished (a transform changes the box while it runs). */
async function settledRect(dialog: HTMLDialogElement): Promise<DOMRect> {
  await Promise.all(dialog.getAnimations({ subtree: true }).map((a) => a.finished));
  return dialog.getBoundingClientRect();
}

async function button(markup = html`<kyi-verify-button></kyi-verify-button>`): Promise<KyiVerifyButton> {
  const el = await fixture<KyiVerifyButton>(markup);
  await el.updateComplete;
  return el;
}

describe('<kyi-verify-button> and the widget', () => {
  beforeEach(async () => {
    await signIn();
    configure({ widgetUrl: (await testEnv()).widgetUrl });
  });

  afterEach(() => resetConfig());

  describe('widget errors (a stand-in widget on this page origin)', () => {
    beforeEach(() => configure({ widgetUrl: location.origin, fetchAccessToken: async () => unsignedToken(Math.floor(Date.now() / 1000) + 3600) }));

    async function openStandIn(el: KyiVerifyButton): Promise<HTMLIFrameElement> {
      const opened = oneEvent(el, 'kyi-open');
      innerButton(el).click();
      await opened;
      return frameOf(el)!;
    }

    it('a kyi:error after kyi:ready is reported as widget_error and the drawer stays open', async () => {
      const el = await button();
      const frame = await openStandIn(el);
      const seen = recordEvents(el, ['kyi-ready', 'kyi-error', 'kyi-close']);
      await postFromFrame(frame, { type: 'kyi:ready' });
      const dialog = dialogOf(el)!;
      await postFromFrame(frame, { type: 'kyi:error', payload: 'Signature rejected, try again' });
      await postFromFrame(frame, { type: 'kyi:error', payload: { message: 'Network hiccup' } });
      // The widget shows it: the same dialog stays open and modal (and the button re-rendered meanwhile).
      await el.updateComplete;
      expect(dialogOf(el)).to.equal(dialog);
      expect(dialog.matches(':modal')).to.equal(true);
      expect(seen).to.deep.equal([
        { type: 'kyi-ready', detail: { scope: 'kyi' } },
        { type: 'kyi-error', detail: { code: 'widget_error', message: 'Signature rejected, try again' } },
        { type: 'kyi-error', detail: { code: 'widget_error', message: 'Network hiccup' } },
      ]);
      expect(el.status).to.equal('open');
      expect(dialogOf(el)!.open).to.equal(true);
      expect(frameOf(el)).to.equal(frame);
      // The widget stays usable and can still close itself: exactly one kyi-close.
      await postFromFrame(frame, { type: 'kyi:close' });
      el.close();
      expect(seen.filter((e) => e.type === 'kyi-close')).to.deep.equal([{ type: 'kyi-close', detail: { scope: 'kyi', reason: 'widget' } }]);
      expect(dialogOf(el)).to.equal(null);
    });

    it('a kyi:error before kyi:ready still closes the drawer', async () => {
      const el = await button();
      const frame = await openStandIn(el);
      const seen = recordEvents(el, ['kyi-error', 'kyi-close']);
      await postFromFrame(frame, { type: 'kyi:error', payload: 'Invalid access token' });
      expect(seen.map((e) => e.type)).to.deep.equal(['kyi-error', 'kyi-close']);
      expect((seen[1]!.detail as { reason: string }).reason).to.equal('error');
      expect(dialogOf(el)).to.equal(null);
    });

    it('a token expiry after ready is retried once; a second expiry after the retry closes the drawer', async () => {
      let tokens = 0;
      configure({
        widgetUrl: location.origin,
        fetchAccessToken: async () => (tokens++, unsignedToken(Math.floor(Date.now() / 1000) + 3600)),
      });
      const el = await button();
      const first = await openStandIn(el);
      const seen = recordEvents(el, ['kyi-ready', 'kyi-error', 'kyi-close']);
      await postFromFrame(first, { type: 'kyi:ready' });
      const dialog = dialogOf(el)!;
      const header = dialog.querySelector<HTMLElement>('[part="drawer-header"]')!;
      expect(header.hidden).to.equal(true);
      // The first expiry after ready: a fresh token, the widget reloaded in the same drawer.
      await postFromFrame(first, { type: 'kyi:error', payload: 'Access token expired' });
      await waitUntil(() => frameOf(el) !== null && frameOf(el) !== first, 'the widget was not reloaded');
      // The same dialog, open, its own header shown again while the new frame loads.
      expect(dialogOf(el)).to.equal(dialog);
      expect(dialog.open).to.equal(true);
      expect(dialog.querySelector('[part="drawer-header"]')).to.equal(header);
      expect(header.hidden).to.equal(false);
      expect(first.isConnected).to.equal(false);
      expect(tokens).to.equal(2);
      expect(seen.map((e) => e.type)).to.deep.equal(['kyi-ready']);
      expect(el.status).to.equal('open');
      const second = frameOf(el)!;
      await postFromFrame(second, { type: 'kyi:ready' });
      // Expired again after its one retry, although ready: reported and the drawer closes.
      await postFromFrame(second, { type: 'kyi:error', payload: 'Access token expired' });
      // The reloaded widget's ready is reported again (as for a retry before ready).
      expect(seen).to.deep.equal([
        { type: 'kyi-ready', detail: { scope: 'kyi' } },
        { type: 'kyi-ready', detail: { scope: 'kyi' } },
        { type: 'kyi-error', detail: { code: 'widget_error', message: 'Access token expired' } },
        { type: 'kyi-close', detail: { scope: 'kyi', reason: 'error' } },
      ]);
      expect(tokens).to.equal(2);
      expect(el.status).to.equal('idle');
      expect(dialogOf(el)).to.equal(null);
      expect(errorOf(el)?.textContent).to.match(/Access token expired/);
    });
  });

  describe('the frame and the drawer size', () => {
    afterEach(() => setViewport({ width: 800, height: 600 }));

    it('the iframe allows clipboard-write, and web-share where the browser knows it (the manual-signature step copies a challenge)', async () => {
      const el = await button();
      await openAndWaitReady(el);
      expect(frameOf(el)!.getAttribute('allow')).to.equal(expectedFrameAllow());
      el.close();
    });

    it('the drawer is 760px wide on a wide screen and the full width on a narrow one', async () => {
      await setViewport({ width: 1200, height: 800 });
      const el = await button();
      await openAndWaitReady(el);
      const rect = () => dialogOf(el)!.getBoundingClientRect();
      const wide = await settledRect(dialogOf(el)!);
      expect([wide.width, wide.right]).to.deep.equal([760, 1200]);
      await setViewport({ width: 480, height: 800 });
      await waitUntil(() => rect().width === 480, `drawer is ${rect().width}px wide on a 480px screen`);
      expect(rect().left).to.equal(0);
      el.close();
    });

    it('the drawer width is a custom property', async () => {
      await setViewport({ width: 1200, height: 800 });
      const el = await button();
      el.style.setProperty('--kyi-verify-button-drawer-width', '500px');
      await openAndWaitReady(el);
      expect((await settledRect(dialogOf(el)!)).width).to.equal(500);
      el.close();
    });
  });

  describe('mode="modal"', () => {
    afterEach(() => setViewport({ width: 800, height: 600 }));

    it('opens the widget in a centred modal dialog that passes axe', async () => {
      await setViewport({ width: 1200, height: 800 });
      const el = await button(html`<kyi-verify-button mode="modal"></kyi-verify-button>`);
      expect(el.mode).to.equal('modal');
      await openAndWaitReady(el);
      const dialog = dialogOf(el)!;
      expect(dialog.matches(':modal')).to.equal(true);
      expect(dialog.classList.contains('modal')).to.equal(true);
      expect(dialog.getAttribute('aria-modal')).to.equal('true');
      const r = await settledRect(dialog);
      expect(r.width).to.equal(760);
      expect(Math.abs(r.left + r.width / 2 - 600)).to.be.lessThan(1);
      expect(Math.abs(r.top + r.height / 2 - 400)).to.be.lessThan(1);
      expect(frameOf(el)!.getAttribute('allow')).to.equal(expectedFrameAllow());
      expect(dialog.contains(el.shadowRoot!.activeElement)).to.equal(true);
      expect(document.documentElement.style.overflow).to.equal('hidden', 'the page does not scroll under the dialog');
      await expect(el).to.be.accessible();
      el.close();
      expect(document.documentElement.style.overflow).to.equal('', 'the page scrolls again');
    });

    it('is the drawer by default', async () => {
      const el = await button();
      expect(el.mode).to.equal('drawer');
      await openAndWaitReady(el);
      expect(dialogOf(el)!.classList.contains('modal')).to.equal(false);
      el.close();
    });

    it('keeps focus inside while open (Tab and Shift+Tab), Escape closes once and focus returns', async () => {
      const el = await button(html`<kyi-verify-button mode="modal"></kyi-verify-button>`);
      await openAndWaitReady(el);
      const dialog = dialogOf(el)!;
      const inDialog = () => document.activeElement === el && dialog.contains(el.shadowRoot!.activeElement);
      for (let i = 0; i < 4; i++) {
        await sendKeys({ press: 'Shift+Tab' });
        await waitUntil(inDialog, `focus left the modal after Shift+Tab ${i + 1}`);
      }
      // Back to where focus rests once the widget is ready, so Escape reaches the page.
      el.shadowRoot!.querySelector<HTMLElement>('[part="drawer-body"]')!.focus();
      const seen = recordEvents(el, ['kyi-close']);
      const closed = oneEvent(el, 'kyi-close');
      await sendKeys({ press: 'Escape' });
      expect((await closed).detail).to.deep.equal({ scope: 'kyi', reason: 'user' });
      el.close();
      expect(seen).to.have.length(1);
      expect(dialogOf(el)).to.equal(null);
      expect(el.shadowRoot!.activeElement).to.equal(innerButton(el));
    });

    it('a click on the backdrop closes it; a click inside does not', async () => {
      const el = await button(html`<kyi-verify-button mode="modal"></kyi-verify-button>`);
      await openAndWaitReady(el);
      const seen = recordEvents(el, ['kyi-close']);
      // Inside: the widget's blank margin (its content is centred), left of the middle.
      const box = dialogOf(el)!.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(box.left + 10), Math.round(box.top + box.height / 2)] });
      expect(seen).to.have.length(0);
      const closed = oneEvent(el, 'kyi-close');
      await sendMouse({ type: 'click', position: [2, 2] });
      expect((await closed).detail.reason).to.equal('user');
      expect(dialogOf(el)).to.equal(null);
    });

    it('an unknown mode is invalid_attribute, naming it', async () => {
      const el = await button(html`<kyi-verify-button mode="inline"></kyi-verify-button>`);
      const failed = oneEvent(el, 'kyi-error');
      innerButton(el).click();
      const { detail } = await failed;
      expect(detail).to.deep.equal({ code: 'invalid_attribute', message: 'Invalid mode "inline". Allowed: drawer, modal' });
      expect(dialogOf(el)).to.equal(null);
    });
  });

  describe('a widget that refuses this page origin', () => {
    it('shows widget_timeout: kyi-error names the likely cause (this origin is not on the allow-list), the visitor reads plain words', async () => {
      configure({ widgetUrl: (await testEnv()).refusingWidgetUrl });
      const el = await button(html`<kyi-verify-button ready-timeout="1500"></kyi-verify-button>`);
      const seen = recordEvents(el, ['kyi-open', 'kyi-ready', 'kyi-close']);
      const failed = oneEvent(el, 'kyi-error');
      innerButton(el).click();
      const { detail } = await failed;
      expect(detail.code).to.equal('widget_timeout');
      expect(detail.message).to.contain(`this site's origin (${location.origin}) is not on the widget's allow-list`);
      await el.updateComplete;
      expect(errorOf(el)!.textContent).to.contain('The verification widget did not load. Please try again later.').and.not.contain(location.host);
      expect(seen.map((e) => e.type)).to.deep.equal(['kyi-open', 'kyi-close']);
      await expect(el).to.be.accessible();
    });

    // A delay past 2^31 - 1 ms is a timer that fires at once: ready-timeout="3e9" would time the
    // poster's own button out at once, before the widget could get ready.
    it('ready-timeout="3e9" waits no longer than a timer keeps, and does not time out at once', async () => {
      configure({ widgetUrl: (await testEnv()).refusingWidgetUrl });
      const el = await button(html`<kyi-verify-button ready-timeout="3e9"></kyi-verify-button>`);
      const delays: number[] = [];
      const original = window.setTimeout;
      window.setTimeout = ((run: TimerHandler, ms?: number, ...rest: unknown[]) => {
        delays.push(ms ?? 0);
        return original(run, ms, ...rest);
      }) as typeof window.setTimeout;
      let timedOut = false;
      el.addEventListener('kyi-error', () => (timedOut = true));
      try {
        innerButton(el).click();
        // the ready timer's second part, armed once the widget's host answered the check (2 s)
        await waitUntil(() => delays.some((ms) => ms > 1_000_000), 'the ready timer was armed', { timeout: 10_000 });
      } finally {
        window.setTimeout = original;
      }
      expect(Math.max(...delays)).to.be.at.most(2 ** 31 - 1);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(timedOut, 'timed out at once').to.equal(false);
      el.close();
    });

    it('the same button against the widget that allows this origin gets ready (control)', async () => {
      const el = await button(html`<kyi-verify-button ready-timeout="15000"></kyi-verify-button>`);
      await openAndWaitReady(el);
      el.close();
    });
  });
});
