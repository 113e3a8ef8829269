import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/define.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import type { KyiMonitoringElement } from '../../src/elements/shared/monitoring-element.js';
import { signInForMonitoring } from './helpers/explorer.js';
import { applyTextSpacing, cutText } from './helpers/a11y.js';

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

describe('monitoring elements on a 390 px wide phone', function () {
  this.timeout(30_000);
  before(signInForMonitoring);

  /** Everything in the element's shadow root that is wider than its box. */
  function overflowing(el: Element): string[] {
    const wide: string[] = [];
    for (const node of el.shadowRoot!.querySelectorAll<HTMLElement>('*')) {
      if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX === 'visible')
        wide.push(`${node.tagName.toLowerCase()}.${node.className} ${node.scrollWidth} > ${node.clientWidth}`);
    }
    return wide;
  }

  for (const [tag, template] of [
    ['kyi-watchlist', html`<kyi-watchlist></kyi-watchlist>`],
    ['kyi-change-feed', html`<kyi-change-feed days="365" show-all></kyi-change-feed>`],
    ['kyi-notifications', html`<kyi-notifications></kyi-notifications>`],
  ] as const) {
    it(`<${tag}> with real data fits without scrolling sideways`, async () => {
      const box = await fixture<HTMLDivElement>(html`<div style="width: 390px">${template}</div>`);
      const el = box.firstElementChild as KyiMonitoringElement;
      await el.settled;
      expect(el.status).to.equal('ready');
      expect(el.shadowRoot!.querySelectorAll('li').length).to.be.greaterThan(2);
      expect(el.scrollWidth).to.be.at.most(el.clientWidth);
      expect(box.scrollWidth).to.be.at.most(box.clientWidth);
      expect(overflowing(el)).to.deep.equal([]);
    });
  }

  it('shows the whole add-asset placeholder', async () => {
    const box = await fixture<HTMLDivElement>(html`<div style="width: 390px"><kyi-watchlist></kyi-watchlist></div>`);
    const list = box.firstElementChild as KyiMonitoringElement;
    await list.settled;
    const input = list.shadowRoot!.querySelector<HTMLInputElement>('#add-asset')!;
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    expect(context.measureText(input.placeholder).width).to.be.at.most(room);
  });
});

describe('320 px wide and under WCAG text spacing (1.4.10, 1.4.12): nothing cut, nothing sideways', function () {
  this.timeout(30_000);
  before(signInForMonitoring);

  for (const [tag, template] of [
    ['kyi-watchlist', html`<kyi-watchlist></kyi-watchlist>`],
    ['kyi-change-feed', html`<kyi-change-feed days="365" show-all></kyi-change-feed>`],
    ['kyi-notifications', html`<kyi-notifications></kyi-notifications>`],
  ] as const) {
    for (const spacing of [false, true]) {
      it(`<${tag}>${spacing ? ' with text spacing' : ''}`, async () => {
        const box = await fixture<HTMLDivElement>(html`<div style="width: 320px">${template}</div>`);
        const el = box.firstElementChild as KyiMonitoringElement;
        await el.settled;
        if (spacing) applyTextSpacing(el);
        expect(el.status).to.equal('ready');
        expect(el.scrollWidth).to.be.at.most(el.clientWidth);
        expect(box.scrollWidth).to.be.at.most(box.clientWidth);
        expect(cutText(el).join("\n")).to.equal("");
      });
    }
  }
});
