/**
 * A page of 500 statuses over the sandbox's tokens (verified with and without a business
 * claim, business not verified, verified on some chains only, indexed but not verified,
 * unknown) settles without moving: the loading boxes already hold what each answer shows, so
 * the load's cumulative layout shift stays at most 0.01, at a desktop width (four columns,
 * as the bench page lays them out) and at a phone's (one column). Every word is shown: nothing
 * ends in an ellipsis, no text part is wider inside than out.
 */
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { seedLookups } from '../../src/sandbox/data/lookups.js';
import { testEnv, freshLookups } from './helpers/display.js';
import { cutText } from './helpers/a11y.js';
import { holdLookupPosts } from './helpers/hold-lookups.js';

type Attrs = Record<string, string>;

/** Every sandbox token by address and chain, by CAIP-19 and by address alone, the KYB look-alikes, and unknown tokens. */
function lookups(): Attrs[] {
  const out: Attrs[] = seedLookups();
  // issuer "Acme Ltd (business verified)", business not verified; and "Acme Ltd", business verified (the harness's hostile set)
  for (const token of [F.hostile.kybImpostor, F.hostile.kybGenuine]) out.push({ address: token.address, 'chain-slug': token.chain });
  for (let i = 0; i < 8; i++) out.push({ address: `0x${'c15'}${i.toString(16).padStart(37, '0')}`, 'chain-slug': 'ethereum' });
  return out;
}

const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

/** The text parts of a settled status: where a name or a claim would be cut. */
const TEXT_PARTS = '[part~="label"], [part~="issuer"], [part~="summary"], [part~="warning"], [part~="kyb-claim"], .detail';

describe('<kyi-token-status> 500 on a page: no layout shift, no truncation', () => {
  before(async () => {
    configure({ badgeBaseUrl: (await testEnv()).badgeBaseUrl });
  });
  after(async () => {
    resetConfig();
    await setViewport({ width: 800, height: 600 });
  });

  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    it(`${viewport.width} px: settles with CLS ≤ 0.01, every word shown`, async () => {
      await setViewport(viewport);
      freshLookups();
      const list = document.createElement('div');
      // the bench page's layout: 14 px system type, as many columns of 18em as fit (four at 1280 px, one at 390)
      list.style.cssText = 'display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 18em), 1fr)); gap: 4px 12px; padding: 8px; font: 14px/1.4 system-ui, sans-serif;';
      const all = lookups();
      const elements = Array.from({ length: 500 }, (_, i) => {
        const el = document.createElement('kyi-token-status');
        for (const [name, value] of Object.entries(all[i % all.length]!)) el.setAttribute(name, value);
        return el;
      });
      list.append(...elements);

      // Every shift after the list is added counts: no one types or clicks here, and the harness's
      // viewport change (which Chromium takes for input, `hadRecentInput`) happened before.
      const shifts: LayoutShift[] = [];
      const start = performance.now();
      const observer = new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries() as LayoutShift[]) if (entry.startTime >= start) shifts.push(entry);
      });
      observer.observe({ type: 'layout-shift', buffered: true });
      // the answers arrive once the loading boxes are on screen (as over a real network, not before the first paint)
      const held = holdLookupPosts();
      document.body.prepend(list);
      window.scrollTo(0, 0);
      try {
        await Promise.all(elements.map((el) => el.updateComplete));
        await frames();
        expect(held.held, 'lookups held until the loading boxes show').to.be.greaterThan(0);
        held.release();
        await Promise.all(elements.map((el) => el.settled));
        await frames();
        // Layout-shift entries reach the observer a task or more after their frame: move a sentinel
        // and wait for its entry, so every shift of the load before it is in.
        const sentinel = document.createElement('div');
        sentinel.style.cssText = 'position: fixed; inset-block-start: 0; inset-inline-start: 0; inline-size: 40px; block-size: 40px; background: CanvasText;';
        document.body.append(sentinel);
        await frames();
        const seen = new Promise<void>((done) => {
          new PerformanceObserver((entries, self) => {
            if ((entries.getEntries() as LayoutShift[]).some((e) => e.sources.some((s) => s.node === sentinel))) {
              self.disconnect();
              done();
            }
          }).observe({ type: 'layout-shift' });
        });
        sentinel.style.insetBlockStart = '200px';
        await seen;
        sentinel.remove();
        for (const entry of observer.takeRecords() as LayoutShift[]) if (entry.startTime >= start) shifts.push(entry);
        observer.disconnect();
        const load = shifts.filter((e) => !e.sources.some((s) => s.node === sentinel));
        const statuses = new Set(elements.map((el) => el.status));
        expect([...statuses].sort(), 'the states a page shows').to.include.members(['verified', 'unverified', 'not-found']);
        expect(list.scrollWidth, 'nothing sideways').to.be.at.most(list.clientWidth);

        const cls = load.reduce((sum, entry) => sum + entry.value, 0);
        const moved = load.flatMap((e) => e.sources.map((s) => (s.node as Element | null)?.closest?.('kyi-token-status') ?? s.node)).slice(0, 5);
        expect(cls, `cumulative layout shift (moved: ${moved.map((n) => (n instanceof Element ? [...n.attributes].map((a) => `${a.name}=${a.value}`).join(' ') : String(n))).join(' | ')})`).to.be.at.most(0.01);

        for (const el of elements as KyiTokenStatus[]) {
          expect(cutText(el), `${el.getAttribute('caip19') ?? el.getAttribute('address')}: nothing cut, no ellipsis`).to.deep.equal([]);
          for (const node of el.shadowRoot!.querySelectorAll<HTMLElement>(TEXT_PARTS)) {
            expect(getComputedStyle(node).textOverflow, 'no ellipsis').to.not.equal('ellipsis');
            expect(node.scrollWidth, `${node.getAttribute('part') ?? node.className} not cut`).to.be.at.most(node.clientWidth + 1);
          }
        }
      } finally {
        held.restore();
        observer.disconnect();
        list.remove();
      }
    });
  }
});

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null }[];
}
