/**
 * Attack round 12 (h72), the part a polluted `Object.prototype` reaches: what the custom elements
 * registry reads from the class each element is defined with (attack-round-12-cdn.test.ts holds
 * the autoloader's display file attacked over real HTTP).
 *
 * `customElements.define(tag, class)` reads the lifecycle callbacks from the class's prototype and
 * `disabledFeatures`, `formAssociated` (and, when that is true, the form callbacks) from the class,
 * with a plain property read: inherited from `Object.prototype` when no class in the chain has
 * them. The kit's classes had none of `adoptedCallback`, `connectedMoveCallback`,
 * `disabledFeatures`, `formAssociated`, so a merge gadget's `?__proto__[adoptedCallback]=x` made
 * `define` throw ("is not a function"; `disabledFeatures`: "cannot be converted to a sequence"):
 * no element of the kit was defined, in any entry, and the autoloader told every element of the
 * display file `not_configured`, "could not be loaded", the site's setup blamed for it.
 *
 * Result: all 12 cases failed (nothing defined) before the fix; held now: the kit's base element
 * (elements/shared/reactive.ts) answers the four itself.
 *
 * Each page is a frame of its own (helpers/polluted-page.ts): pollution runs before the kit loads.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { pollutedPage, pollution } from './helpers/polluted-page.js';

const ADDRESS = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const DISPLAY = ['kyi-badge', 'kyi-token-status', 'kyi-asset-card', 'kyi-verify-button'];

/** What `define` reads, each a value that is no callback (writable, as a merge gadget leaves it). */
const POLLUTED = [
  { adoptedCallback: 'x' },
  { connectedMoveCallback: 'x' },
  { disabledFeatures: 'shadow' },
  { formAssociated: true, formResetCallback: 'x' },
];

const body = `<kyi-badge></kyi-badge><kyi-token-status chain-slug="base" address="${ADDRESS}"></kyi-token-status>
  <kyi-asset-card chain-slug="base" address="${ADDRESS}"></kyi-asset-card><kyi-watchlist></kyi-watchlist>`;

describe('attack round 12: what the registry reads from the kit’s classes', function () {
  this.timeout(30_000);
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  for (const keys of POLLUTED)
    for (const [entry, tags] of [
      ['kyi-elements', DISPLAY],
      ['kyi-monitoring', ['kyi-watchlist']],
      // three kinds at once: the display file (from the sources: test/harness/cdn-chunks-from-source.ts)
      ['kyi-autoloader', [...DISPLAY, 'kyi-watchlist']],
    ] as const)
      it(`under a polluted ${Object.keys(keys).join(' and ')}, ${entry} defines its elements`, async () => {
        const win = await pollutedPage(pollution(keys, true), body, undefined, entry);
        // Works (harm) when `define` threw: nothing defined, the page's error (or the autoloader's console error) instead.
        await waitUntil(
          () => tags.every((tag) => win.customElements.get(tag)),
          `defined: ${tags.filter((tag) => win.customElements.get(tag)).join(', ') || 'none'}; page errors: ${JSON.stringify(win.pageErrors)}`,
          { timeout: 8000 },
        );
        const status = win.document.querySelector('kyi-token-status');
        if ((tags as readonly string[]).includes('kyi-token-status'))
          await waitUntil(() => status!.shadowRoot?.childNodes.length, 'the token status rendered');
        expect(win.pageErrors).to.deep.equal([]);
      });
});
