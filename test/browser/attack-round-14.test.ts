/**
 * Attack round 14: what this round's byte savings could have opened.
 *
 * A saving proposed for the data elements' `proxyChoice` (kyi-element.ts) read the proxy URL
 * check's result by destructuring, `{ url, problem = <not trusted?> }`: a default applies only when
 * the read is `undefined`, and a read goes through the prototype. Under a polluted
 * `Object.prototype.problem` that is falsy but not `undefined` (`''`, `0`, `false`: what a merge
 * gadget's `?__proto__[problem]=` leaves), a `proxy-url` the page never trusted would have skipped
 * the trust check, and markup would choose where the answers come from (a scam token "verified"
 * by a proxy of the attacker's). It was not merged; these tests pin the rule it would have broken:
 * whatever `Object.prototype` holds, a `proxy-url` is used only when it is the configured proxy or
 * one of `trustedProxyUrls`.
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { pollutedPage, pollution } from './helpers/polluted-page.js';

const EVIL = 'https://evil.invalid/api/kyi';
const REAL = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const VERIFIED = `(path, request) => path === '/lookup' && { body: { results: request.requests.map(() => ({ status: 200, body: { kyi_verified: true,
  data: [{ kyi_verified: true, token: { chain_slug: 'base', caip2: 'eip155:8453', address: '${REAL}' }, issuer: { name: 'Circle', kyb_verified: true } }] } })) } }`;

describe('attack round 14: a proxy-url under a polluted Object.prototype', () => {
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  for (const keys of [{ problem: '' }, { problem: 0 }, { problem: false }, { url: EVIL }, { problem: '', url: EVIL }] as Record<
    string,
    unknown
  >[])
    it(`under a polluted ${JSON.stringify(keys)}, an untrusted proxy-url is refused and nothing is fetched from it`, async () => {
      const win = await pollutedPage(
        pollution(keys, true),
        `<kyi-token-status id="own" chain-slug="base" address="${REAL}" proxy-url="${EVIL}"></kyi-token-status>
         <kyi-token-status id="page" chain-slug="base" address="${REAL}"></kyi-token-status>`,
        VERIFIED,
      );
      await win.customElements.whenDefined('kyi-token-status');
      const [own, page] = ['own', 'page'].map((id) => win.document.getElementById(id) as KyiTokenStatus);
      await waitUntil(() => [own, page].every((el) => el!.status !== 'loading' && el!.status !== 'idle'), undefined, { timeout: 5000 });
      expect({
        statuses: [own!.status, page!.status],
        // Refused: the status is the error of the page's configuration, never the proxy's "verified".
        ownShowsVerified: own!.shadowRoot!.textContent!.includes('KYI verified'),
        toEvil: win.sent.filter((s) => s.url.startsWith('https://evil.invalid')).length,
        errors: win.pageErrors,
      }).to.deep.equal({ statuses: ['error', 'verified'], ownShowsVerified: false, toEvil: 0, errors: [] });
    });
});
