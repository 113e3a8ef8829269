/**
 * Attack round 13 (h73): the changes of this round.
 *
 * 1. `onPage` parses a URL with its own authority (`scheme://`) without the page's address as
 *    base: does any string the fast path takes resolve otherwise than against the page (the
 *    old behaviour), and does any `proxy-url` written so reach another origin or path?
 * 2. `<kyi-token-status>` shows copies of one view per state object and key
 *    `${compact} ${lang} ${stringsVersion()}`: can a status show another token's view, another
 *    size's or another language's (compact toggled, `lang` changed, `configure()` between)?
 * 3. The runs abort with a real `AbortController` the lookup client listens to: does a replaced
 *    or removed run's answer ever show on the status that replaced it, or a removed sibling
 *    leave a status loading?
 * 4. Under a polluted `Object.prototype` (the keys the new code reads: listener options,
 *    array indexes of the memo's entries, `signal`, `reason`), a status still settles.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, getConfig, onPage, resetConfig } from '../../src/browser/config.js';
import { registerLocale } from '../../src/browser/strings.js';
import { fr } from '../../src/locales/fr.js';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { freshLookups, testEnv } from './helpers/display.js';
import { holdLookupPosts } from './helpers/hold-lookups.js';
import { watchEvil } from './helpers/evil.js';
import { pollutedPage, pollution } from './helpers/polluted-page.js';

const text = (el: Element) => (el.shadowRoot!.textContent ?? '').replace(/\s+/g, ' ').trim();
const label = (el: Element) => el.shadowRoot!.querySelector('[part~="label"]')?.textContent ?? '';
const compactBox = (el: Element) => el.shadowRoot!.querySelector('[part~="base"]')?.classList.contains('compact');

/** The old `onPage`: every URL resolved against the page's address. */
function oldOnPage(url: string): string | undefined {
  try {
    return new URL(url, location.href).href;
  } catch {
    return undefined;
  }
}

/** A small deterministic generator (no flakiness): xorshift. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

describe('attack round 13', function () {
  this.timeout(30_000);

  describe('1. onPage: a URL with its own authority skips the page', () => {
    it('every string the fast path takes resolves as it does against the page (Chromium’s parser)', () => {
      const schemes = [
        'https',
        'HTTPS',
        'http',
        'HtTp',
        'file',
        'FILE',
        'ws',
        'wss',
        'ftp',
        'foo',
        'c',
        'a+b',
        'a.b-c',
        'javascript',
        'blob',
        'data',
        'about',
      ];
      const rests = [
        '//evil.example/x',
        '//',
        '///x',
        '////x',
        '//a@b/c',
        '//\\evil',
        '//evil.example\\..\\x',
        '//%2e/',
        '//[::1]/',
        '//evil.example:443/',
        '//\tevil',
        '//evil\n.example',
        '// evil',
        '//evil.example/../x',
        `//${location.host}@evil.example/`,
        '//C:/x',
        '//x/y ',
        '//x?q#f',
        '//../x',
        `//${location.host}/api/kyi`,
        `//${location.host}\\api\\kyi`,
        '//evil.example%2f',
        '//evil.example%09',
        '//0x7f.1/',
        '//EVIL.example/',
      ];
      const chars = [
        'a',
        'b',
        ':',
        '/',
        '\\',
        '.',
        '@',
        '%2e',
        ' ',
        '\t',
        '\n',
        '\r',
        'A',
        '?',
        '#',
        '[',
        ']',
        '0',
        '%',
        '\u0000',
        '\u00a0',
        'ß',
        '。',
      ];
      const cases: string[] = [];
      for (const s of schemes) for (const r of rests) cases.push(`${s}:${r}`);
      const next = rng(13);
      for (let i = 0; i < 20_000; i++) {
        let u = `${schemes[Math.floor(next() * schemes.length)]}://`;
        const n = Math.floor(next() * 10);
        for (let j = 0; j < n; j++) u += chars[Math.floor(next() * chars.length)];
        cases.push(u);
      }
      const differ = cases.filter((u) => /^[a-z][a-z\d+.-]*:\/\//i.test(u) && onPage(u) !== oldOnPage(u));
      // Breaks when a string that matches the fast path's test parses to another URL without the page as base.
      expect(differ.map((u) => [u, onPage(u), oldOnPage(u)])).to.deep.equal([]);
    });

    it('strings the fast path does not take (relative, scheme-relative, `https:x`, leading blanks) resolve against the page as before', () => {
      const cases = [
        'https:evil.example',
        'http:evil.example',
        `${location.protocol}evil.example`,
        `${location.protocol}/evil.example`,
        `${location.protocol}\\\\evil.example`,
        ' https://evil.example',
        '\thttps://evil.example',
        'https:\t//evil.example',
        'ht\ttps://evil.example',
        '\\\\evil.example',
        '//evil.example',
        '/\\evil.example',
        '/api/kyi',
        'api/kyi',
        '',
        '#x',
        '?x',
        'https:/evil.example',
        'HTTP:evil.example',
        'file:evil',
        'foo:bar',
        'foo:/bar',
      ];
      expect(cases.filter((u) => onPage(u) !== oldOnPage(u)).map((u) => [u, onPage(u), oldOnPage(u)])).to.deep.equal([]);
    });

    describe('proxy-url attributes written to reach another origin or path', () => {
      let own: string;
      before(async () => {
        freshLookups();
        own = `${location.origin}/api/kyi`;
        configure({ proxyUrl: '/api/kyi', trustedProxyUrls: [`${location.origin}/api/not-mounted`] });
      });
      after(() => resetConfig());

      const variants = (evil: string, host: string) => [
        `${evil}/api/kyi`,
        `${evil.toUpperCase()}/api/kyi`,
        `${evil.replace('//', '/\\')}/api/kyi`,
        `${evil.replace('://', ':\t//')}/api/kyi`,
        `${evil.replace('://', ':\n//')}/api/kyi`,
        `${location.protocol}//${host}@${evil.split('//')[1]}/api/kyi`,
        `${location.protocol}//${host}\\@${evil.split('//')[1]}/api/kyi`,
        `${location.protocol}//${host}/api/kyi/..\\lookup`,
        `${location.protocol}//${host}/api/kyi/%2e%2e/account`,
        `${location.protocol}//${host}/api/kyi\t/../x`,
        `${location.protocol}//${host}/api/kyi%2flookup`,
        `${location.protocol}//${host}/api/KYI`,
        `${location.protocol}//${host}/api/kyi/x`,
        `${location.protocol}//${host}:0/api/kyi`,
        `${location.protocol === 'http:' ? 'https:' : 'http:'}//${host}/api/kyi`,
        `${location.protocol}${host}/api/kyi`,
        `${location.protocol}/api/kyi/x`,
        `//${evil.split('//')[1]}/api/kyi`,
        `\\\\${evil.split('//')[1]}/api/kyi`,
        `${location.protocol}\\\\${evil.split('//')[1]}/api/kyi`,
        `file://${host}/api/kyi`,
        `foo://${host}/api/kyi`,
        `blob:${location.origin}/api/kyi`,
        ` ${evil}/api/kyi `,
      ];

      it('each is refused (untrusted_proxy_url) or names a configured proxy exactly, and nothing reaches another origin or path', async () => {
        const env = await testEnv();
        const evilSince = await watchEvil('/page-trust-round13');
        const original = window.fetch;
        const asked: string[] = [];
        window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
          asked.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
          return original.call(window, input, init);
        } as typeof fetch;
        try {
          const shown: [string, string, string][] = [];
          for (const value of variants(env.evilUrl, location.host)) {
            const el = document.createElement('kyi-token-status') as KyiTokenStatus;
            el.setAttribute('proxy-url', value);
            el.caip19 = F.pyusd.caip19;
            document.body.append(el);
            await el.settled;
            shown.push([value, el.status, text(el).slice(0, 40)]);
            el.remove();
          }
          const trusted = [own, ...getConfig().trustedProxyUrls].map((u) => `${u}/lookup`);
          // Breaks when a variant was fetched from any URL but a configured proxy's.
          expect(
            asked.filter((u) => !trusted.includes(u)),
            JSON.stringify(shown),
          ).to.deep.equal([]);
          expect(
            shown
              .filter(([, status]) => status === 'verified')
              .map(([v]) => v)
              .filter((v) => !/\/api\/kyi$/i.test(v.trim())),
            'verified only through the configured proxy',
          ).to.deep.equal([]);
          expect(await evilSince()).to.deep.equal([]);
        } finally {
          window.fetch = original;
        }
      });
    });
  });

  describe('2. copies of one view per state', () => {
    before(async () => {
      await testEnv();
      registerLocale('fr', fr);
    });
    after(() => resetConfig());
    beforeEach(() => freshLookups());

    it('a scam (not verified) and a verified token on one page, compact and full, never show each other’s view', async () => {
      const box = await fixture<HTMLDivElement>(
        html`<div>
          <kyi-token-status id="v1" caip19=${F.pyusd.caip19}></kyi-token-status>
          <kyi-token-status id="v2" compact caip19=${F.pyusd.caip19}></kyi-token-status>
          <kyi-token-status id="s1" address=${F.indexedNotVerifiedSolana.address} chain-slug="solana"></kyi-token-status>
          <kyi-token-status id="s2" compact address=${F.indexedNotVerifiedSolana.address} chain-slug="solana"></kyi-token-status>
          <kyi-token-status id="u1" address=${F.unknown.address} chain-slug="ethereum"></kyi-token-status>
        </div>`,
      );
      const all = [...box.querySelectorAll('kyi-token-status')] as KyiTokenStatus[];
      await Promise.all(all.map((el) => el.settled));
      const [v1, v2, s1, s2, u1] = all as [KyiTokenStatus, KyiTokenStatus, KyiTokenStatus, KyiTokenStatus, KyiTokenStatus];
      // Toggle sizes back and forth (the memo keeps one key per state).
      for (const el of [v2, s2]) el.compact = false;
      for (const el of [v1, s1]) el.compact = true;
      await Promise.all(all.map((el) => el.updateComplete));
      expect([v1, v2, s1, s2].map(compactBox)).to.deep.equal([true, false, true, false]);
      expect(v2.shadowRoot!.querySelector('[part~="label"]')!.textContent).to.equal('KYI verified');
      expect(s2.shadowRoot!.querySelector('[part~="label"]')!.textContent).to.equal('Not verified');
      expect(v1.shadowRoot!.querySelector('[part~="icon"]')!.getAttribute('aria-label')).to.contain('KYI verified');
      expect(s1.shadowRoot!.querySelector('[part~="icon"]')!.getAttribute('aria-label')).to.not.contain('KYI verified');
      expect(text(u1)).to.not.contain('KYI verified');
      // Every copy is its own node: one status's view changed in place changes no other.
      v2.shadowRoot!.querySelector('[part~="label"]')!.textContent = 'tampered';
      v1.compact = false;
      await v1.updateComplete;
      expect(label(v1)).to.equal('KYI verified');
    });

    it('lang changed while loading, and between two statuses of one answer: each shows its own language', async () => {
      const held = holdLookupPosts();
      try {
        const box = await fixture<HTMLDivElement>(
          html`<div>
            <kyi-token-status id="a" lang="en" caip19=${F.pyusd.caip19}></kyi-token-status>
            <kyi-token-status id="b" lang="fr" caip19=${F.pyusd.caip19}></kyi-token-status>
          </div>`,
        );
        const [a, b] = [...box.querySelectorAll('kyi-token-status')] as KyiTokenStatus[];
        await a!.updateComplete;
        // Loading views of two languages: LOADING is one state object.
        expect(text(a!)).to.contain('Checking');
        expect(text(b!)).to.not.contain('Checking verification');
        a!.setAttribute('lang', 'fr');
        b!.setAttribute('lang', 'en');
        held.release();
        await Promise.all([a!.settled, b!.settled]);
        await Promise.all([a!.updateComplete, b!.updateComplete]);
        expect([label(a!), label(b!)]).to.deep.equal(['Vérifié KYI', 'KYI verified']);
        // configure() with new words: no stale view of the old words.
        configure({ strings: { en: { 'tokenStatus.verified': 'Checked by KYI' } } });
        await waitUntil(() => label(b!) === 'Checked by KYI', `b shows ${label(b!)}`);
        expect(label(a!)).to.equal('Vérifié KYI');
      } finally {
        held.restore();
        resetConfig();
      }
    });
  });

  describe('3. abort and replace', () => {
    before(() => testEnv());
    beforeEach(() => freshLookups());

    const VERIFIED = { address: F.pyusd.address, chain: 'solana' };
    const SCAM = { address: F.indexedNotVerifiedSolana.address, chain: 'solana' };
    const sequences: [string, { address: string; chain: string }[], string][] = [
      ['verified → scam', [VERIFIED, SCAM], 'unverified'],
      ['scam → verified → scam', [SCAM, VERIFIED, SCAM], 'unverified'],
      ['verified → scam → verified', [VERIFIED, SCAM, VERIFIED], 'verified'],
    ];
    for (const [name, steps, expected] of sequences)
      it(`a status whose token is replaced while lookups are held (${name}) shows the last token’s answer`, async () => {
        const held = holdLookupPosts();
        try {
          const el = document.createElement('kyi-token-status') as KyiTokenStatus;
          el.setAttribute('chain-slug', 'solana');
          el.setAttribute('address', steps[0]!.address);
          document.body.append(el);
          for (const step of steps.slice(1)) {
            await el.updateComplete;
            await new Promise((r) => setTimeout(r, 0)); // the first batch has left (held)
            el.setAttribute('address', step.address);
          }
          held.release();
          await el.settled;
          expect(el.status).to.equal(expected);
          if (expected !== 'verified') expect(text(el)).to.not.contain('KYI verified');
          el.remove();
        } finally {
          held.restore();
        }
      });

    it('a sibling of one in-flight lookup removed (its run aborted) leaves the other to settle; re-added, it settles too', async () => {
      const held = holdLookupPosts();
      try {
        const box = await fixture<HTMLDivElement>(
          html`<div>
            <kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>
            <kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>
          </div>`,
        );
        const [x, y] = [...box.querySelectorAll('kyi-token-status')] as KyiTokenStatus[];
        await new Promise((r) => setTimeout(r, 0));
        x!.remove();
        held.release();
        await y!.settled;
        expect(y!.status).to.equal('verified');
        box.append(x!);
        await waitUntil(() => x!.status === 'verified', `x is ${x!.status}`);
      } finally {
        held.restore();
      }
    });
  });

  describe('4. a polluted Object.prototype', () => {
    afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));
    const REAL = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
    const SCAM = '0x1111111111111111111111111111111111111111';
    const ANSWER = `(path, request) => path === '/lookup' && { body: { results: request.requests.map((r) => ({ status: 200, body: r.address === '${REAL}'
        ? { kyi_verified: true, data: [{ kyi_verified: true, token: { chain_slug: 'base', caip2: 'eip155:8453', address: '${REAL}' }, issuer: { name: 'Circle', kyb_verified: true } }] }
        : { kyi_verified: false, data: [{ kyi_verified: false, token: { chain_slug: 'base', caip2: 'eip155:8453', address: r.address } }] } })) } }`;

    for (const keys of [
      { once: false, passive: 'x', capture: true, signal: 'x' },
      { handleEvent: 'x' },
      { reason: 'x', aborted: true },
    ] as Record<string, unknown>[])
      it(`under a polluted ${Object.keys(keys).join(', ')}, statuses settle, a replaced one shows its last token, copies stay their own`, async () => {
        const win = await pollutedPage(
          pollution(keys, true),
          `<kyi-token-status id="r" chain-slug="base" address="${REAL}"></kyi-token-status>
           <kyi-token-status id="s" chain-slug="base" address="${SCAM}"></kyi-token-status>
           <kyi-token-status id="t" chain-slug="base" address="${REAL}"></kyi-token-status>`,
          ANSWER,
        );
        await win.customElements.whenDefined('kyi-token-status');
        const [r, s, t] = ['r', 's', 't'].map((id) => win.document.getElementById(id) as KyiTokenStatus);
        await r!.updateComplete;
        // Replaced while its first lookup is queued or in flight: aborts the first run.
        t!.setAttribute('address', SCAM);
        await waitUntil(() => [r, s, t].every((el) => el!.status !== 'loading' && el!.status !== 'idle'), undefined, {
          timeout: 5000,
        }).catch(() => {
          throw new Error(`statuses: ${[r, s, t].map((el) => el!.status)}; page errors: ${JSON.stringify(win.pageErrors)}`);
        });
        expect({
          statuses: [r, s, t].map((el) => el!.status),
          scamText: [text(s!), text(t!)].filter((x) => x.includes('KYI verified')),
          errors: win.pageErrors,
        }).to.deep.equal({
          statuses: ['verified', 'unverified', 'unverified'],
          scamText: [],
          errors: [],
        });
      });

    it('under a polluted Object.prototype[0] (`?__proto__[0]=x`), statuses still render and settle (view.ts patch)', async () => {
      const win = await pollutedPage(
        pollution({ 0: 'x' }, true),
        `<kyi-token-status id="r" chain-slug="base" address="${REAL}"></kyi-token-status>
         <kyi-token-status id="s" chain-slug="base" address="${SCAM}"></kyi-token-status>`,
        ANSWER,
      );
      // The frame's own errors, reported here instead of thrown into the test page.
      win.addEventListener('error', (e) => e.preventDefault());
      await win.customElements.whenDefined('kyi-token-status');
      const [r, s] = ['r', 's'].map((id) => win.document.getElementById(id) as KyiTokenStatus);
      // Both answers arrive (the statuses settle); what shows is the question.
      await waitUntil(() => [r, s].every((el) => el!.status !== 'loading' && el!.status !== 'idle'), undefined, { timeout: 5000 });
      const seen = { statuses: [r, s].map((el) => el!.status), labels: [r, s].map((el) => label(el!)), errors: win.pageErrors.slice(0, 2) };
      // It broke before: the statuses read verified / unverified, but nothing showed (labels ['', '']: view.ts `patch` read
      // `nodes[0]` of an empty list, inherited 'x', and threw "node.replaceWith is not a function" on every render).
      expect(seen).to.deep.equal({ statuses: ['verified', 'unverified'], labels: ['KYI verified', 'Not verified'], errors: [] });
    });
  });
});
