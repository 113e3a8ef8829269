import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/define.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import { stubProxy } from './helpers/display.js';
import { signInForMonitoring } from './helpers/explorer.js';

/**
 * The change feed's look (issue #35): nothing to filter signed out or when the feed could not
 * load, so no Filters there (a 400, the filters' own mistake, keeps them to be fixed); its
 * checkboxes drawn like its selects, each a target of 24 × 24 px at least (WCAG 2.5.8).
 */
describe('<kyi-change-feed> filters: shown only with something to filter, checkboxes of 24 px', () => {
  before(signInForMonitoring);
  after(() => resetConfig());
  const answer = (status: number, body: object) => () => Response.json(body, { status });
  const cases = [
    ['signed out (401)', answer(401, { code: 'session_required', message: 'Sign in to see the monitoring data' }), false],
    ['the service failing (502)', answer(502, { code: 'upstream_unavailable', message: 'The verification service is unavailable' }), false],
    ['a filter the service refused (400)', answer(400, { code: 'invalid_request', message: 'days must be 1 to 365' }), true],
    ['an empty feed', answer(200, { items: [], truncated: false }), true],
  ] as const;

  for (const [what, respond, shown] of cases) {
    it(`${what}: ${shown ? 'filters shown' : 'no Filters'}`, async () => {
      const prefix = `/api/feed-look-${crypto.randomUUID()}`;
      configure({ trustedProxyUrls: [prefix] });
      const proxy = stubProxy(prefix, respond);
      try {
        for (const width of ['800px', '320px']) {
          const el = await fixture<KyiChangeFeed>(html`<kyi-change-feed style=${`width: ${width}`} proxy-url=${prefix}></kyi-change-feed>`);
          await el.settled;
          const root = el.shadowRoot!;
          const filters = root.querySelector('[part="filters"]');
          const toggle = root.querySelector('[part="filters-toggle"]');
          expect([!!filters, !!toggle], `${width}: the form and its Filters button (${el.status} ${el.shadowRoot!.textContent!.replace(/\s+/g, ' ').slice(0, 200)})`).to.deep.equal([shown, shown]);
          expect(root.textContent, `${width}: no word "Filters"`).to.satisfy((t: string) => shown || !/Filters/.test(t));
        }
      } finally {
        proxy.restore();
      }
    });
  }

  it('each checkbox is a target of 24 × 24 px at least, drawn with the selects\' edge and radius', async () => {
    const prefix = `/api/feed-look-${crypto.randomUUID()}`;
    configure({ trustedProxyUrls: [prefix] });
    const proxy = stubProxy(prefix, answer(200, { items: [], truncated: false }));
    try {
      const el = await fixture<KyiChangeFeed>(html`<kyi-change-feed style="width: 800px" proxy-url=${prefix}></kyi-change-feed>`);
      await el.settled;
      const boxes = [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
      expect(boxes.length).to.be.at.least(2);
      for (const box of boxes) {
        const r = box.getBoundingClientRect();
        expect([r.width >= 24, r.height >= 24], `${box.name}: ${r.width}×${r.height}`).to.deep.equal([true, true]);
        const drawn = getComputedStyle(box, '::before');
        const select = getComputedStyle(el.shadowRoot!.querySelector('select')!);
        expect(drawn.borderTopColor, `${box.name}: the selects' edge`).to.equal(select.borderTopColor);
        expect(drawn.borderTopLeftRadius, `${box.name}: the selects' radius`).to.equal(select.borderTopLeftRadius);
      }
    } finally {
      proxy.restore();
    }
  });
});
