/**
 * `kyi-elements.js` loaded into a page where an `<iframe name="head">` was posted (so
 * `document.head` is that frame's window) and where another script had already defined
 * `<kyi-token-status>` with a class of its own. The kit is imported only after both (nothing of
 * it is imported statically here). The partner's other elements still settle, and the console
 * says once which tag is taken, by whom, and what to do.
 */
import { expect } from '@open-wc/testing';
import type { KyiAssetCard } from '../../src/elements/asset-card/asset-card.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { postUserContent } from './helpers/evil.js';

class SquattingStatus extends HTMLElement {}

describe('kyi-elements.js loaded after hostile markup and a squatted tag', () => {
  const errors: string[] = [];
  let card: KyiAssetCard;
  before(async () => {
    customElements.define('kyi-token-status', SquattingStatus);
    const comment = postUserContent(`
      <iframe name="head" title="posted"></iframe>
      <kyi-asset-card chain="ethereum" address="${F.unknown.address}"></kyi-asset-card>
      <kyi-token-status address="${F.indexedNotVerified.address}" chain-slug="base"></kyi-token-status>
      <kyi-token-status address="${F.indexedNotVerified.address}" chain-slug="base"></kyi-token-status>`);
    card = comment.querySelector('kyi-asset-card') as KyiAssetCard;
    // The premise: document.head is the posted frame's window.
    expect(document.head).to.equal((comment.querySelector('iframe') as HTMLIFrameElement).contentWindow);
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
    try {
      const bundle = await import('../../src/entries/cdn/kyi-elements.js');
      // Registering again (a partner calling it twice) says nothing more.
      const { defineDisplayElements } = await import('../../src/entries/define-display.js');
      defineDisplayElements();
      expect(bundle.KyiTokenStatus).to.be.a('function');
    } finally {
      console.error = original;
    }
  });

  it('the partner\'s element settles', async () => {
    await customElements.whenDefined('kyi-asset-card');
    await card.settled;
    expect(card.status).to.equal('not-found');
  });

  it('one console error names the taken tag, its owner and the fix', () => {
    expect(customElements.get('kyi-token-status')).to.equal(SquattingStatus);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.contain('<kyi-token-status> is already defined by another script');
    expect(errors[0]).to.contain('SquattingStatus');
    expect(errors[0]).to.contain('Remove the other definition of <kyi-token-status>');
  });
});
