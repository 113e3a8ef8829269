/**
 * Posted markup that brings its own shadow root: a `<template shadowrootmode>` inside a kit
 * element (user content the partner's page renders). Without care, Lit renders into that root
 * as is (open: the posted nodes and styles shown beside or instead of the kit's, styled by the
 * kit's own stylesheet: a fake "verified"), or cannot attach its own (closed: the element shows
 * only the posted content). The kit clears such a root on upgrade: the element shows what its
 * own lookup says and nothing of what was posted, and the drawer's frame (its URL carries the
 * access token) is never inside a posted node a posted style could select.
 */
import { expect, oneEvent } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiAssetCard } from '../../src/elements/asset-card/asset-card.js';
import type { KyiBadge } from '../../src/elements/badge/badge.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { postUserContent, removeUserContent } from './helpers/evil.js';
import { testEnv as displayEnv } from './helpers/display.js';
import { frameOf, innerButton, signIn, testEnv } from './helpers/verify-button.js';

const { address } = F.indexedNotVerified;
/** What a poster puts in the root: a fake claim in the kit's own part and classes, a style hiding the rest. */
const FAKE = `<style id="posted-style">:host>*:not(.posted){display:none!important}</style><span id="posted" class="posted base verified" part="base">✔ KYI verified</span>`;

type Mode = 'open' | 'closed';
const posted = (tag: string, attrs: string, mode: Mode) =>
  postUserContent(`<${tag} ${attrs}><template shadowrootmode="${mode}">${FAKE}</template></${tag}>`).querySelector(tag)!;

/** The root the element renders into (`renderRoot`: a closed one is not `shadowRoot`). */
const rootOf = (el: Element) => (el as unknown as { renderRoot: ShadowRoot }).renderRoot;

/** Nothing posted is in the element's root, and the root is the element's own (no longer declarative). */
function expectNothingPosted(el: Element, mode: Mode): void {
  const root = rootOf(el);
  expect(root, 'the element rendered into a shadow root').to.be.instanceOf(ShadowRoot);
  expect(root.querySelector('#posted, #posted-style, .posted')).to.equal(null);
  expect(root.textContent).not.to.contain('✔');
  // A second `<template shadowrootmode>` parsed into the host can no longer empty and fill it.
  expect(() => el.attachShadow({ mode })).to.throw();
}

describe('declarative shadow roots in posted markup', () => {
  afterEach(() => {
    removeUserContent();
    resetConfig();
  });

  for (const mode of ['open', 'closed'] as const) {
    describe(`${mode} root`, () => {
      it('<kyi-token-status> clears it and shows its own lookup, styled by the kit', async () => {
        const el = posted('kyi-token-status', `chain-slug="base" address="${address}"`, mode) as KyiTokenStatus;
        await el.settled;
        expect(el.status).to.equal('unverified');
        expectNothingPosted(el, mode);
        const base = rootOf(el).querySelector('[part="base"]')!;
        expect(base.classList.contains('verified')).to.equal(false);
        expect(getComputedStyle(base).display).not.to.equal('none');
      });

      it('<kyi-asset-card> clears it and shows its own lookup', async () => {
        const el = posted('kyi-asset-card', `chain="ethereum" address="${F.businessNotVerified.address}"`, mode) as KyiAssetCard;
        await el.settled;
        expectNothingPosted(el, mode);
        expect(rootOf(el).querySelector('[part="status-label"]')!.textContent).to.equal('Business not verified');
      });

      it('<kyi-badge> clears it and shows its own image', async () => {
        configure({ badgeBaseUrl: (await displayEnv()).badgeBaseUrl });
        const el = posted('kyi-badge', 'credential="proof_of_collateral"', mode) as KyiBadge;
        await el.updateComplete;
        expectNothingPosted(el, mode);
        expect(rootOf(el).querySelector('[part="image"]')).not.to.equal(null);
      });
    });
  }

  describe('<kyi-verify-button>', () => {
    beforeEach(async () => {
      await signIn();
      configure({ widgetUrl: (await testEnv()).widgetUrl });
    });

    it('opens its drawer in a root holding none of the posted nodes (a posted style cannot select the frame\'s token)', async () => {
      const el = postUserContent(
        `<kyi-verify-button><template shadowrootmode="open"><style id="posted-style">iframe[src*="token="]{border:5px solid red}</style><div class="drawer-host posted" id="posted"></div></template></kyi-verify-button>`,
      ).querySelector('kyi-verify-button') as KyiVerifyButton;
      await el.updateComplete;
      const ready = oneEvent(el, 'kyi-ready');
      innerButton(el).click();
      await ready;
      const frame = frameOf(el)!;
      expect(frame).to.be.instanceOf(HTMLIFrameElement);
      expect(frame.closest('.posted')).to.equal(null);
      expectNothingPosted(el, 'open');
      expect(getComputedStyle(frame).borderTopWidth).not.to.equal('5px');
    });
  });
  describe('the options a posted root asks for', () => {
    afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

    /** A page of its own (its uncaught errors recorded), `body` parsed before the kit's script. */
    async function page(body: string): Promise<Window & typeof globalThis & { pageErrors: string[] }> {
      const frame = document.createElement('iframe');
      frame.srcdoc = `<!doctype html><html lang="en"><head><script>window.pageErrors = []; addEventListener('error', (e) => pageErrors.push(String(e.message)));</script></head>
        <body>${body}<script type="module" src="${location.origin}/src/entries/cdn/kyi-elements.ts"></script></body></html>`;
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      document.body.append(frame);
      await loaded;
      return frame.contentWindow as Window & typeof globalThis & { pageErrors: string[] };
    }

    it('shadowrootdelegatesfocus is refused: the element shows nothing, and focus stays where the visitor left it', async () => {
      // Kept on the kit's root, it would move focus to the card's first link on any click in the
      // card, and on the card's focus(): markup would decide what the kit does.
      const card = `chain="ethereum" address="${F.businessNotVerified.address}"`;
      const win = await page(
        `<kyi-asset-card id="delegating" ${card}><template shadowrootmode="open" shadowrootdelegatesfocus>${FAKE}</template></kyi-asset-card>` +
          `<kyi-asset-card id="copyable" ${card}><template shadowrootmode="open" shadowrootclonable shadowrootserializable>${FAKE}</template></kyi-asset-card>`,
      );
      await win.customElements.whenDefined('kyi-asset-card');
      const copyable = win.document.getElementById('copyable') as KyiAssetCard;
      await copyable.settled;
      const delegating = win.document.getElementById('delegating')!;
      // Failed before: the card rendered its lookup into the root, and focus() moved to its first link.
      expect(delegating.shadowRoot!.childNodes.length).to.equal(0, 'nothing shows, neither posted nor the kit\'s');
      delegating.focus();
      expect(win.document.activeElement).to.equal(win.document.body);
      expect(win.pageErrors.filter((e) => e.includes('shadowrootdelegatesfocus'))).to.have.length(1);
      // Clonable and serializable only let the page's scripts copy what the kit shows: the card renders as ever.
      expect(copyable.shadowRoot!.querySelector('#posted, #posted-style, .posted')).to.equal(null);
      expect(copyable.shadowRoot!.querySelector('[part="status-label"]')!.textContent).to.equal('Business not verified');
    });
  });
});
