/**
 * `<kyi-verify-button>` on a page with a strict Content-Security-Policy (no 'unsafe-inline'):
 * the policy arrives as a `<meta http-equiv>` before any element renders (a test page cannot
 * set response headers here), and every `securitypolicyviolation` is recorded. Positive
 * controls prove the policy is enforced, so "no violation" means something.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import { kyi } from '../../src/entries/widget.js';
import { dialogOf, innerButton, realToken, signIn, signOut, testEnv } from './helpers/verify-button.js';

const violations: SecurityPolicyViolationEvent[] = [];

/** Makes a deliberate inline-style violation and waits for its report: every earlier report has arrived by then. */
async function flushViolations(): Promise<SecurityPolicyViolationEvent[]> {
  const probe = document.createElement('div');
  probe.id = `probe-${Math.random().toString(36).slice(2)}`;
  const before = violations.length;
  document.body.append(probe);
  probe.setAttribute('style', 'color: red');
  await waitUntil(() => violations.slice(before).some((v) => v.target === probe || v.sample.includes('color: red')), 'the policy is not enforced');
  probe.remove();
  const found = violations.filter((v) => !(v.target instanceof Element && v.target.id.startsWith('probe-')));
  violations.length = 0;
  return found;
}

describe('<kyi-verify-button> under a strict CSP', () => {
  let widgetOrigin: string;

  before(async () => {
    widgetOrigin = new URL((await testEnv()).widgetUrl).origin;
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e));
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = [
      "script-src 'self'",
      "style-src 'self'",
      `frame-src ${widgetOrigin}`,
      "connect-src 'self'", // docs/security.md's policy: the page calls its own server only
      "object-src 'none'",
      "base-uri 'none'",
    ].join('; ');
    document.head.append(meta);
    expect(await flushViolations()).to.deep.equal([]);
  });

  beforeEach(async () => {
    await signIn();
    configure({ widgetUrl: (await testEnv()).widgetUrl });
  });

  afterEach(() => resetConfig());

  it('enforces the policy (positive control: a frame from another origin is blocked)', async () => {
    const frame = document.createElement('iframe');
    frame.title = 'blocked';
    frame.src = `${location.origin}/`;
    document.body.append(frame);
    await waitUntil(() => violations.some((v) => v.effectiveDirective === 'frame-src'), 'frame-src not enforced');
    frame.remove();
    violations.length = 0;
  });

  it('renders, opens, loads the widget, locks scroll and closes with no violation', async () => {
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
    const ready = oneEvent(el, 'kyi-ready');
    innerButton(el).click();
    await el.updateComplete; // the pending state (spinner) renders too
    await ready;
    const dialog = dialogOf(el)!;
    // The drawer's adopted styles apply: it is a fixed panel at the inline end, not an unstyled dialog.
    expect(getComputedStyle(dialog).position).to.equal('fixed');
    expect(getComputedStyle(dialog).display).to.equal('flex');
    expect(getComputedStyle(document.documentElement).overflow).to.equal('hidden');
    const closed = oneEvent(el, 'kyi-close');
    await sendKeys({ press: 'Escape' });
    await closed;
    expect(document.documentElement.style.overflow).to.equal('');
    expect((await flushViolations()).map((v) => `${v.effectiveDirective} ${v.blockedURI}`)).to.deep.equal([]);
  });

  it('mode="modal": opens centred, loads the widget and closes with no violation', async () => {
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button mode="modal"></kyi-verify-button>`);
    const ready = oneEvent(el, 'kyi-ready');
    innerButton(el).click();
    await ready;
    const dialog = dialogOf(el)!;
    expect(dialog.classList.contains('modal')).to.equal(true);
    // The adopted modal styles apply: centred with equal margins, not a panel at the edge.
    await Promise.all(dialog.getAnimations().map((a) => a.finished));
    const r = dialog.getBoundingClientRect();
    expect(Math.abs(r.left - (innerWidth - r.right))).to.be.lessThan(1);
    expect(r.left).to.be.greaterThan(0);
    const closed = oneEvent(el, 'kyi-close');
    await sendKeys({ press: 'Escape' });
    await closed;
    expect((await flushViolations()).map((v) => `${v.effectiveDirective} ${v.blockedURI}`)).to.deep.equal([]);
  });

  it('kyi() drop-in: opens, loads, closes with one onClose, no <style> injected and no violation', async () => {
    const styles = document.querySelectorAll('style').length;
    let closes = 0;
    let ready!: () => void;
    const loaded = new Promise<void>((r) => (ready = r));
    const widget = kyi('modal', 'kyi', await realToken(), { onReady: () => ready(), onClose: () => closes++ });
    await loaded;
    const host = document.querySelector('[data-kyi-widget]')!;
    const dialog = host.shadowRoot!.querySelector('dialog')!;
    // Its adopted styles apply (a centred modal, not an unstyled dialog), with no <style> element anywhere.
    expect(getComputedStyle(dialog).position).to.equal('fixed');
    expect(getComputedStyle(dialog).display).to.equal('flex');
    expect(document.querySelectorAll('style').length).to.equal(styles);
    expect(host.shadowRoot!.querySelectorAll('style').length).to.equal(0);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => closes === 1, 'onClose was not called');
    widget.destroy();
    expect(closes).to.equal(1);
    expect(document.querySelector('[data-kyi-widget]')).to.equal(null);
    expect((await flushViolations()).map((v) => `${v.effectiveDirective} ${v.blockedURI}`)).to.deep.equal([]);
  });

  it("a widget slow to report ready is checked for reachability; when the page's connect-src forbids the check, no verdict: widget_timeout, never widget_unreachable", async () => {
    configure({ widgetUrl: (await testEnv()).downWidgetUrl });
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button ready-timeout="2500"></kyi-verify-button>`);
    const failed = oneEvent(el, 'kyi-error');
    innerButton(el).click();
    expect((await failed).detail.code).to.equal('widget_timeout');
    // the frame (frame-src) and the check (connect-src) were both refused by the page's policy
    const directives = new Set((await flushViolations()).map((v) => v.effectiveDirective));
    expect([...directives].sort()).to.deep.equal(['connect-src', 'frame-src']);
  });

  it('shows an error state with no violation', async () => {
    await signOut();
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
    const failed = oneEvent(el, 'kyi-error');
    innerButton(el).click();
    expect((await failed).detail.code).to.equal('session_required');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="error"]')).to.not.equal(null);
    expect((await flushViolations()).map((v) => `${v.effectiveDirective} ${v.blockedURI}`)).to.deep.equal([]);
  });
});
