/**
 * Attack round 9: what a polluted `Object.prototype`, a partner's or vendor's thrown value and
 * posted markup still reach, attacked as a hostile page input would.
 *
 * Attack list (written from docs/security.md's threat model before reading the day's diffs):
 * 1. Options dictionaries the kit hands the platform with a prototype: WebIDL reads a missing
 *    member from `Object.prototype`. The autoloader's `MutationObserver.observe(root, {...})`:
 *    polluted `attributes: false` + `attributeOldValue: true` (JSON values, as a deep-merge
 *    gadget writes them) make `observe` throw, so elements added later are never defined.
 * 2. `Intl.DateTimeFormat(lang, { dateStyle, timeStyle })` in the monitoring elements: a polluted
 *    `timeZone`, `calendar` or `numberingSystem` decides the date and time a change shows.
 * 3. `JSON.stringify` of the lookup batch: a polluted `toJSON` (a function: a script's pollution,
 *    not a JSON gadget's) rewrites which token is asked about, and the answer is shown on the
 *    element that asked for another: a scam token reads "verified".
 * 4. A partner `fetchAccessToken` throwing a value with no prototype (or a plain object under a
 *    polluted data `toString`): `String(error)` throws inside the kit's catch.
 * 5. Lit (monitoring elements) reads its render options and markers from plain objects:
 *    polluted `creationScope`, `renderBefore`, `_$litDirective$`, `_$litType$` (JSON data).
 * 6. The display elements' views walk each node's attributes with `for…in`: an enumerable
 *    polluted `title` / `role` / `aria-label` (as a merge gadget leaves it). Holds (see the test).
 * 7. A posted `<style>`, in the body or in a posted declarative root around the element, styling
 *    the kit's exported parts: `::part(label)::after { content: "KYI verified" }`.
 * Results: 1, 2, 3, 4 and 5 (render options) worked and are fixed (options and the lookup's wire
 * form with no prototype; `thrownText`); 6 held. Not here: 5's markers (a polluted
 * `_$litDirective$` or `_$litType$` stops a monitoring element: lit-html reads them from every
 * value it renders, so the guard would be inside Lit; open) and 7 (it works on a page without the
 * documented CSP, whose `style-src 'self'` refuses the posted `<style>`: docs/security.md says so;
 * no element can refuse CSS the page applies).
 * Widget messages and vendor throws (own keys only) are held by round 8 and verify-button-sdk;
 * the element's own declarative roots (delegatesfocus, closed, streaming) by
 * declarative-shadow-roots and attack-round-base.
 *
 * Each page is a frame of its own (helpers/polluted-page.ts, round 8's harness): pollution runs before the kit loads, its
 * `fetch` a stand-in for the proxy where a test gives answers.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import { ONE_CHANGE, pollutedPage, pollution, type FrameWindow } from './helpers/polluted-page.js';

/** Writable, as a merge gadget leaves it. */
const merged = (keys: Record<string, unknown>) => pollution(keys, true);

const SCAM = '0x5e1f62dac767b0491e3ce72469c217365d5b48cc';
const REAL = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';

describe('attack round 9', function () {
  this.timeout(20_000);
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('attack 1: a polluted MutationObserverInit (attributes: false, attributeOldValue: true) leaves the autoloader watching for elements added later', async () => {
    const win = await pollutedPage(merged({ attributes: false, attributeOldValue: true }), '<main></main>', undefined, 'kyi-autoloader');
    // The autoloader has started once the module ran (the page's own elements: none yet).
    await waitUntil(() => win.document.readyState === 'complete', 'the page loaded');
    const badge = win.document.createElement('kyi-badge');
    badge.setAttribute('credential', 'kyi');
    win.document.querySelector('main')!.append(badge);
    // Works (harm) when `observe` threw at load: the badge is never defined, and the page logged a TypeError.
    await waitUntil(() => win.customElements.get('kyi-badge'), `kyi-badge defined (page errors: ${JSON.stringify(win.pageErrors)})`, { timeout: 5000 });
    expect(win.pageErrors).to.deep.equal([]);
  });

  it('attack 2: a polluted timeZone / calendar / numberingSystem does not decide the time a change shows', async () => {
    const win = await pollutedPage(
      merged({ timeZone: 'Pacific/Kiritimati', calendar: 'buddhist', numberingSystem: 'arab' }),
      '<kyi-change-feed lang="en"></kyi-change-feed>',
      ONE_CHANGE,
      'kyi-monitoring',
    );
    await win.customElements.whenDefined('kyi-change-feed');
    const feed = win.document.querySelector('kyi-change-feed') as KyiChangeFeed;
    await waitUntil(() => feed.shadowRoot?.querySelector('[part="change"]'), 'the change shows');
    // The kit's words: the visitor's own zone, calendar and digits (this unpolluted realm's).
    const expected = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2025-05-01T00:00:00Z'));
    const shown = feed.shadowRoot!.querySelector('[part="change"]')!.textContent!;
    // Works (harm) when the date reads in the polluter's zone, calendar and digits.
    expect(shown, shown).to.include(expected);
  });

  it('attack 3: a polluted toJSON does not change which token a lookup asks about: a scam token is not shown verified', async () => {
    const win = await pollutedPage(
      // A script's pollution (a function): the lookup batch's JSON asks for the real token instead.
      `Object.defineProperty(Object.prototype, 'toJSON', { writable: true, configurable: true, value: function () {
         return this && this.address === '${SCAM}' ? Object.assign(Object.create(null), this, { address: '${REAL}' }) : this;
       } });`,
      `<kyi-token-status chain-slug="base" address="${SCAM}"></kyi-token-status>`,
      `(path, request) => path === '/lookup' && { body: { results: request.requests.map((r) => ({ status: 200, body: r.address === '${REAL}'
          ? { kyi_verified: true, data: [{ kyi_verified: true, token: { chain_slug: 'base', caip2: 'eip155:8453', address: '${REAL}' }, issuer: { name: 'Circle', kyb_verified: true } }] }
          : { kyi_verified: false, data: [{ kyi_verified: false, token: { chain_slug: 'base', caip2: 'eip155:8453', address: r.address } }] } })) } }`,
    );
    await win.customElements.whenDefined('kyi-token-status');
    const status = win.document.querySelector('kyi-token-status') as KyiTokenStatus;
    await status.settled;
    const asked = win.sent.filter((s) => s.url.endsWith('/api/kyi/lookup')).map((s) => s.body);
    // Works (harm) when the request named REAL and the scam token's status reads 'verified'.
    expect({ status: status.status, asked }).to.deep.equal({ status: 'unverified', asked: [JSON.stringify({ requests: [{ kind: 'token', address: SCAM, chainSlug: 'base' }] })] });
  });

  for (const [key, value] of [
    ['creationScope', {}],
    ['renderBefore', {}],
  ] as const) {
    it(`attack 5: Lit's render options and markers read under a polluted ${key} (JSON data): the change feed still shows its change`, async () => {
      const win = await pollutedPage(
        merged({ [key]: value }),
        '<kyi-change-feed lang="en"></kyi-change-feed>',
        ONE_CHANGE,
        'kyi-monitoring',
      );
      await win.customElements.whenDefined('kyi-change-feed');
      const feed = win.document.querySelector('kyi-change-feed') as KyiChangeFeed;
      // Works (harm: the element stops) when Lit throws on the polluted key.
      await waitUntil(() => feed.shadowRoot?.querySelector('[part="change"]'), undefined, { timeout: 5000 }).catch(() => {
        throw new Error(`the change never showed (page errors: ${JSON.stringify(win.pageErrors)}; status ${feed.status}; shown: ${feed.shadowRoot?.textContent?.replace(/\s+/g, ' ').slice(0, 200)})`);
      });
      expect(feed.shadowRoot!.textContent).not.to.include('KYI verified');
    });
  }

  it('attack 6: an enumerable polluted key (as `merge(target, JSON.parse(posted))` leaves it) is no attribute of the display elements\' nodes', async () => {
    // The display elements' views give each node the attributes of a plain object, walked with `for…in` (shared/view.ts).
    const win = await pollutedPage(
      `Object.assign(Object.getPrototypeOf({}), JSON.parse('{"title":"KYI verified ✓","role":"img","aria-label":"KYI verified"}'));`,
      `<kyi-token-status chain-slug="base" address="${SCAM}"></kyi-token-status>`,
      `(path, request) => path === '/lookup' && { body: { results: request.requests.map((r) => ({ status: 200, body:
          { kyi_verified: false, data: [{ kyi_verified: false, token: { chain_slug: 'base', caip2: 'eip155:8453', address: r.address } }] } })) } }`,
    );
    await win.customElements.whenDefined('kyi-token-status');
    const status = win.document.querySelector('kyi-token-status') as KyiTokenStatus;
    await status.settled;
    expect(status.status).to.equal('unverified');
    const forged = [...status.shadowRoot!.querySelectorAll('[title="KYI verified ✓"], [aria-label="KYI verified"]')].map((n) => n.outerHTML.slice(0, 160));
    // Works (harm) when the unverified token's nodes carry the polluter's title (a tooltip) and read "KYI verified" as images.
    expect(forged).to.deep.equal([]);
  });

  for (const [name, pollute, thrown] of [
    ['a value with no prototype', '', 'Object.create(null)'],
    ['a plain object under a polluted data toString', merged({ toString: 'Verified by KYI' }), "({ error: 'unauthorized' })"],
  ] as const) {
    it(`attack 4: a fetchAccessToken throwing ${name} is reported as the kit's failure, not a stuck button`, async () => {
      const win = (await pollutedPage(
        pollute,
        `<kyi-verify-button></kyi-verify-button>
        <script type="module">import { configure } from '/src/entries/cdn/kyi-elements.ts';
          configure({ widgetUrl: '${location.origin}', fetchAccessToken: async () => { throw ${thrown}; } });
          document.querySelector('kyi-verify-button').addEventListener('kyi-error', (e) => (window.failure = { code: e.detail.code, message: e.detail.message }));
          window.configured = true;</script>`,
      )) as FrameWindow & { configured?: boolean; failure?: { code: string; message: string } };
      await waitUntil(() => win.configured && win.document.querySelector('kyi-verify-button')?.shadowRoot?.querySelector('button'), 'the button rendered');
      win.document.querySelector('kyi-verify-button')!.shadowRoot!.querySelector('button')!.click();
      // Works (harm: the button stops) when no kyi-error comes and the page logs an unhandled TypeError.
      await waitUntil(() => win.failure, `the failure reported (page errors: ${JSON.stringify(win.pageErrors)})`, { timeout: 5000 });
      expect(win.failure!.code, JSON.stringify(win.failure)).to.equal('network');
      expect(win.failure!.message).not.to.include('Verified by KYI');
    });
  }
});
