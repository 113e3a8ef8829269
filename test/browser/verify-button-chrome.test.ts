/**
 * The drawer's chrome: one title and one close control at a time (ours while the widget
 * loads, the widget's own once it is ready), full screen on a phone, mirrored on a
 * right-to-left page, the same in modal mode. The widget is a stand-in on this page's origin
 * whose document the test writes (a header with a title and an X, like the vendor's), so
 * what is on screen inside the frame can be counted too.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { expectVisibleFocus } from './helpers/a11y.js';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import { dialogOf, frameLoaded, frameOf, innerButton, postFromFrame, recordEvents, unsignedToken } from './helpers/verify-button.js';
import { paintedPixels, resolvedColour } from './helpers/pixels.js';

/** Whether an element takes up room on screen. */
const shown = (el: Element) => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
};

/** The dialog's box once its opening animation has finished (a transform changes the box while it runs; the spinner's never ends). */
async function settledRect(dialog: HTMLDialogElement): Promise<DOMRect> {
  await Promise.all(dialog.getAnimations().map((a) => a.finished));
  return dialog.getBoundingClientRect();
}

/** Where the drawer's left edge starts its slide-in (the opening animation's first frame), then lets it finish. */
function slideStartLeft(dialog: HTMLDialogElement): number {
  const [slide] = dialog.getAnimations();
  if (!slide) throw new Error('the drawer has no slide-in animation running');
  slide.pause();
  slide.currentTime = 0;
  const left = dialog.getBoundingClientRect().left;
  slide.finish();
  return left;
}

/**
 * Opens the drawer on the stand-in widget and writes the widget's own header into its frame.
 * `holdSlide`: the slide-in is paused as soon as the drawer opens, for `slideStartLeft` (on a
 * loaded machine the frame can take longer to load than the slide lasts, and a finished
 * animation is gone).
 */
async function openStandIn(el: KyiVerifyButton, { holdSlide = false } = {}): Promise<HTMLIFrameElement> {
  const opened = oneEvent(el, 'kyi-open');
  innerButton(el).click();
  await opened;
  if (holdSlide) for (const animation of dialogOf(el)!.getAnimations()) animation.pause();
  const frame = frameOf(el)!;
  await frameLoaded(frame);
  frame.contentDocument!.body.replaceChildren();
  frame.contentDocument!.body.insertAdjacentHTML(
    'beforeend',
    '<header><h1>Verify your issuer profile</h1><button type="button" aria-label="Close">×</button></header><p><button type="button">Next</button></p>',
  );
  return frame;
}

async function ready(el: KyiVerifyButton, frame: HTMLIFrameElement): Promise<void> {
  const done = oneEvent(el, 'kyi-ready');
  await postFromFrame(frame, { type: 'kyi:ready' });
  await done;
}

/** Every close control and title on screen: ours in the shadow root and the widget's in its frame. */
function visibleChrome(el: KyiVerifyButton, frame: HTMLIFrameElement): { closes: number; titles: number } {
  const ours = el.shadowRoot!;
  const theirs = frame.contentDocument!;
  const closes = [...ours.querySelectorAll('dialog button'), ...theirs.querySelectorAll('button[aria-label="Close"]')].filter(shown);
  const titles = [...ours.querySelectorAll('dialog h2'), ...theirs.querySelectorAll('h1')].filter(shown);
  return { closes: closes.length, titles: titles.length };
}

/**
 * What is on top at the centre of an element of the frame's document, seen from the page, once
 * the drawer has slid in (mid-slide the point can still be off screen: nothing is there).
 */
async function topmostOver(el: KyiVerifyButton, frame: HTMLIFrameElement, inner: Element): Promise<Element | null> {
  await settledRect(dialogOf(el)!);
  const f = frame.getBoundingClientRect();
  const r = inner.getBoundingClientRect();
  return el.shadowRoot!.elementFromPoint(f.left + r.left + r.width / 2, f.top + r.top + r.height / 2);
}

describe('<kyi-verify-button> drawer chrome', () => {
  beforeEach(async () => {
    await setViewport({ width: 1200, height: 800 });
    configure({ widgetUrl: location.origin, fetchAccessToken: async () => unsignedToken(Math.floor(Date.now() / 1000) + 3600) });
  });

  afterEach(async () => {
    resetConfig();
    await setViewport({ width: 800, height: 600 });
  });

  for (const mode of ['drawer', 'modal'] as const) {
    describe(`mode="${mode}"`, () => {
      it('while the widget loads, our header is the chrome: one title, one close button, the frame covered', async () => {
        const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button mode=${mode}></kyi-verify-button>`);
        const frame = await openStandIn(el);
        const header = el.shadowRoot!.querySelector('[part="drawer-header"]')!;
        expect(shown(header)).to.equal(true);
        expect(shown(el.shadowRoot!.querySelector('[part="close-button"]')!)).to.equal(true);
        expect(shown(el.shadowRoot!.querySelector('[part="drawer-title"]')!)).to.equal(true);
        // The widget's own header lies under our header and the loading cover, not beside them.
        const theirs = frame.contentDocument!.querySelector('button[aria-label="Close"]')!;
        const over = await topmostOver(el, frame, theirs);
        expect(over).to.not.equal(null);
        expect(over).to.not.equal(frame);
        expect(el.shadowRoot!.activeElement).to.equal(el.shadowRoot!.querySelector('[part="close-button"]'));
        el.close();
      });

      it('after kyi:ready exactly one close control and one title are visible: the widget’s', async () => {
        const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button mode=${mode}></kyi-verify-button>`);
        const frame = await openStandIn(el);
        await ready(el, frame);
        expect(visibleChrome(el, frame)).to.deep.equal({ closes: 1, titles: 1 });
        const theirs = frame.contentDocument!.querySelector('button[aria-label="Close"]')!;
        expect(await topmostOver(el, frame, theirs)).to.equal(frame);
        // The widget's header sits at the top of the dialog: nothing of ours above it.
        expect(Math.round(frame.getBoundingClientRect().top)).to.equal(Math.round(dialogOf(el)!.getBoundingClientRect().top));
        // kyi:ready may come more than once: still one chrome.
        await postFromFrame(frame, { type: 'kyi:ready' });
        expect(visibleChrome(el, frame)).to.deep.equal({ closes: 1, titles: 1 });
        el.close();
      });

      it('keeps its accessible name, focus, Escape and the backdrop once our header is gone', async () => {
        const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button mode=${mode}></kyi-verify-button>`);
        const frame = await openStandIn(el);
        await ready(el, frame);
        const dialog = dialogOf(el)!;
        expect(dialog.getAttribute('aria-label')).to.equal('KYI verification');
        // Focus was on our close button: it rests on the labelled dialog now, its ring visible
        // once the dialog has faded in (on a loaded machine it can still be at opacity 0 here).
        expect(el.shadowRoot!.activeElement).to.equal(dialog);
        await settledRect(dialog);
        expectVisibleFocus('the dialog once ready');
        await expect(el).to.be.accessible();
        const seen = recordEvents(el, ['kyi-close']);
        await sendKeys({ press: 'Escape' });
        expect(seen).to.deep.equal([{ type: 'kyi-close', detail: { scope: 'kyi', reason: 'user' } }]);
        expect(dialogOf(el)).to.equal(null);
        expect(el.shadowRoot!.activeElement).to.equal(innerButton(el));

        const again = await openStandIn(el);
        await ready(el, again);
        const closed = oneEvent(el, 'kyi-close');
        await sendMouse({ type: 'click', position: [1, 1] });
        expect((await closed).detail.reason).to.equal('user');
      });

      it('the focused dialog’s ring is painted above the frame that fills it', async () => {
        const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button mode=${mode}></kyi-verify-button>`);
        const frame = await openStandIn(el);
        // opaque, as the vendor's widget is (a frame is transparent where its page paints nothing)
        frame.contentDocument!.documentElement.style.background = '#fff';
        await ready(el, frame);
        const dialog = dialogOf(el)!;
        expect(el.shadowRoot!.activeElement).to.equal(dialog);
        const box = await settledRect(dialog);
        const f = frame.getBoundingClientRect();
        expect([f.left, f.bottom], 'the frame reaches the dialog’s edges').to.deep.equal([box.left, box.bottom]);
        const ring = resolvedColour(el.shadowRoot!, 'var(--_kyi-focus)');
        // Halfway along the dialog's inline-start and bottom edges, the 3 px inside them, as painted.
        const edges = {
          'inline-start edge': { x: box.left, y: box.top + box.height / 2, width: 3, height: 1 },
          'bottom edge': { x: box.left + box.width / 2, y: box.bottom - 3, width: 1, height: 3 },
        };
        for (const [edge, clip] of Object.entries(edges)) {
          const painted = await paintedPixels(clip);
          for (let y = 0; y < painted.height; y++)
            for (let x = 0; x < painted.width; x++) {
              const [r, g, b] = painted.at(x, y);
              const off = Math.max(Math.abs(r - ring[0]), Math.abs(g - ring[1]), Math.abs(b - ring[2]));
              expect(off, `${edge} (${x}, ${y}): rgb(${r}, ${g}, ${b}) is the ring's rgb(${ring.join(', ')})`).to.be.at.most(24);
            }
        }
        el.close();
      });

      it('after ready Tab goes on into the widget’s own controls, and wraps inside the dialog both ways', async () => {
        const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button mode=${mode}></kyi-verify-button>`);
        const frame = await openStandIn(el);
        await ready(el, frame);
        // the slide-in fades the dialog in: on a loaded machine it may still be running here
        await Promise.all(dialogOf(el)!.getAnimations({ subtree: true }).map((a) => a.finished));
        const inner = () => {
          const active = el.shadowRoot!.activeElement;
          if (active === frame) return frame.contentDocument!.activeElement!.textContent;
          // Never an invisible stop: outside the widget, focus is on the labelled dialog with its ring.
          expectVisibleFocus('outside the widget');
          return active === dialogOf(el) ? 'the dialog' : 'elsewhere';
        };
        const press = async (press: string) => {
          await sendKeys({ press });
          // Focus crossing the frame's edge settles asynchronously: wait for it to land.
          await waitUntil(() => document.activeElement !== document.body, `focus landed after ${press}`);
          await new Promise((resolve) => requestAnimationFrame(resolve));
          return inner();
        };
        // Ready: focus on the labelled dialog; then the widget's X, its next control, the dialog again
        // (the end guard wraps there), then its X again.
        expect(inner()).to.equal('the dialog');
        const steps = [await press('Tab'), await press('Tab'), await press('Tab'), await press('Tab')];
        expect(steps).to.deep.equal(['×', 'Next', 'the dialog', '×']);
        const back = [await press('Shift+Tab'), await press('Shift+Tab'), await press('Shift+Tab')];
        expect(back).to.deep.equal(['the dialog', 'Next', '×']);
        el.close();
      });

      it('fills a 390px phone screen: no side gap, no rounded corners', async () => {
        await setViewport({ width: 390, height: 844 });
        const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button mode=${mode}></kyi-verify-button>`);
        const frame = await openStandIn(el);
        await ready(el, frame);
        const dialog = dialogOf(el)!;
        const r = await settledRect(dialog);
        expect([r.left, r.top, r.width, r.height]).to.deep.equal([0, 0, 390, 844]);
        expect(getComputedStyle(dialog).borderRadius).to.equal('0px');
        const f = frame.getBoundingClientRect();
        expect([f.width, f.height]).to.deep.equal([390, 844]);
        el.close();
      });
    });
  }

  it('sits at the left edge of a right-to-left page, its header mirrored', async () => {
    const page = await fixture<HTMLDivElement>(html`<div dir="rtl"><kyi-verify-button></kyi-verify-button></div>`);
    const el = page.querySelector('kyi-verify-button')!;
    await openStandIn(el, { holdSlide: true });
    const dialog = dialogOf(el)!;
    // It slides in from the left edge, not across the page from the right.
    expect(slideStartLeft(dialog)).to.equal(-760);
    const r = await settledRect(dialog);
    expect([r.left, r.width]).to.deep.equal([0, 760]);
    const header = el.shadowRoot!.querySelector<HTMLElement>('[part="drawer-header"]')!;
    const close = el.shadowRoot!.querySelector('[part="close-button"]')!.getBoundingClientRect();
    const title = el.shadowRoot!.querySelector('[part="drawer-title"]')!.getBoundingClientRect();
    // The close button at the inline end (the left), the title's padding at the inline start (the right).
    expect(close.right).to.be.lessThan(title.left);
    expect(getComputedStyle(header).paddingRight).to.equal('16px');
    expect(getComputedStyle(header).paddingLeft).to.equal('8px');
    el.close();
  });

  it('sits at the right edge of a left-to-right page (control)', async () => {
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
    await openStandIn(el, { holdSlide: true });
    expect(slideStartLeft(dialogOf(el)!)).to.equal(1200);
    const r = await settledRect(dialogOf(el)!);
    expect([r.right, r.width]).to.deep.equal([1200, 760]);
    el.close();
  });
});

