/**
 * An element whose token changes while the new lookup is slow: meanwhile it names the new token
 * and must say nothing of the old one. `result` is `null` while loading (a refresh of the same
 * token keeps its result), and no `kyi-status` event carries the old token's result.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/define.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiStatusEvent } from '../../src/browser/events.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { holdLookupPosts } from './helpers/hold-lookups.js';

describe('a lookup element given another token', () => {
  it('shows no result of the verified token while the next one loads; no event carries it', async () => {
    const el = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    await el.settled;
    expect(el.status).to.equal('verified');
    expect(el.result).not.to.equal(null);
    const events: KyiStatusEvent[] = [];
    el.addEventListener('kyi-status', (e) => events.push(e as KyiStatusEvent));
    const held = holdLookupPosts();
    try {
      el.removeAttribute('caip19');
      el.setAttribute('chain-slug', 'base');
      el.setAttribute('address', F.indexedNotVerified.address);
      await el.updateComplete;
      expect(el.status).to.equal('loading');
      expect(el.result).to.equal(null);
      held.release();
      await el.settled;
    } finally {
      held.restore();
    }
    expect(el.status).to.equal('unverified');
    expect(events.length).to.be.above(0);
    for (const event of events) expect(JSON.stringify(event.detail)).not.to.contain(F.pyusd.address);
  });

  it('a refresh of the same token keeps its result while it loads', async () => {
    const el = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    await el.settled;
    const before = el.result;
    const held = holdLookupPosts();
    try {
      const refreshed = el.refresh();
      await el.updateComplete;
      expect(el.status).to.equal('loading');
      expect(el.result).to.equal(before);
      held.release();
      await refreshed;
    } finally {
      held.restore();
    }
    expect(el.status).to.equal('verified');
  });
});
