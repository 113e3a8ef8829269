import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import { signInForMonitoring } from './helpers/explorer.js';

describe('layout inside a scrolling container', function () {
  this.timeout(30_000);
  before(signInForMonitoring);

  it('keeps every part (visually hidden text included) inside the element, so a scrolling panel does not stretch the page', async () => {
    const panel = await fixture<HTMLDivElement>(html`
      <div style="height: 200px; overflow: auto"><kyi-change-feed days="90" show-all></kyi-change-feed></div>
    `);
    const feed = panel.querySelector<KyiChangeFeed>('kyi-change-feed')!;
    await feed.settled;
    expect(feed.shadowRoot!.querySelectorAll('[part="change"]').length).to.be.greaterThan(20);
    expect(panel.scrollHeight).to.be.greaterThan(1000);
    expect(document.documentElement.scrollHeight).to.be.lessThan(window.innerHeight + 300);
  });
});
