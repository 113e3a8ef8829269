/**
 * Attack round 10: kyi-elements.js's on-demand session code (chunks/kyi-elements.session-code.js),
 * checked by the file itself (page.ts `preloadModule`: a `<link rel="modulepreload" integrity>` in
 * the real `<head>`, then `import()`), attacked as posted markup and a compromised CDN would.
 *
 * Attack list (written from docs/security.md's threat model before reading the day's diffs):
 * 1. A posted `<link rel="modulepreload">` for the chunk's address, without `integrity`, in the
 *    body: it fills the page's module map first, and a later preload or `import()` of the same
 *    address takes the map's entry as it is (HTML: "fetch a single module script" returns the
 *    map's entry before looking at integrity). With a CDN serving other bytes for that one file,
 *    the kit runs code its pin does not cover.
 * 1c. The same link in a post the page's script renders with `innerHTML` after load.
 * 2. The same with the attacker's own `integrity` (the value of the other bytes).
 * 3. The same link with a wrong `integrity` (or `crossorigin="use-credentials"` against a CDN
 *    answering `*`), the CDN honest: the failure is held in the module map for the address, and
 *    every verify button on the page stops.
 * 4. The autoloader's chunks, pinned by the import map's `integrity`: a posted modulepreload that
 *    carries its own `integrity` is not checked against the map's.
 * 5. A posted `<base href>` / `<form name="head">` before the first click: the link's address and
 *    where it goes (regressions: the address is absolute, the head is read through page.ts).
 * 6. A polluted `Object.prototype` (`integrity`, `href`, `crossOrigin`, `rel`: writable, as a
 *    merge gadget leaves it): the link's attributes are the element's own accessors (regression).
 * 7. A posted modulepreload of the chunk with a fragment (`#x`): the same map entry as the plain
 *    address, or another?
 * 8. Two buttons clicked at once: `loadSession` shares one load (read, not tested).
 *
 * Results (Chromium 156, see each test):
 * - 1, 1c and 2 WORKED (helper h69): the kit's preload "loaded" the map's entry and its import()
 *   ran the other bytes on the partner's origin, also under the documented CSP and a nonce +
 *   'strict-dynamic'. Fixed: the kit preloads and imports the chunk at an address of its own (a
 *   random fragment per load, session-code.pin.cdn.ts), which no posted link names; these tests
 *   now hold it.
 * - 3 holds: Chromium does not keep a failed fetch in the module map, so a posted link with a
 *   wrong integrity stops no button (and the kit never imports after its own preload failed).
 * - 5, 6, 7 hold.
 * - Not held, the platform's (docs/security.md, "The kit's own code"): a posted modulepreload with
 *   its OWN `integrity` of an autoloader chunk (4) or of kyi-elements.js before its script tag (1b)
 *   puts other bytes in the module map whatever the import map or the tag pins; no CSP we tried
 *   stops it. The documented answer: the kit's script tag in the head, and no `<link>` kept in
 *   user content. Those two attacks are documented there, not kept as tests (they still succeed).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { clickVerifyButton, cdnSiteAndChromium } from './helpers/cdn-and-site.js';

const CDN = resolve('dist/cdn');
const SESSION = 'chunks/kyi-elements.session-code.js';
const sri = (bytes: string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

let integrity: Record<string, string>;
let close: (() => Promise<void>) | undefined;
let browser: Browser;
let cdnOrigin: string;
let siteOrigin: string;
let page = '';
/** Bytes the CDN serves instead of a file's (a compromised CDN), by path. */
let tampered: Record<string, string> = {};
/** Every path the CDN was asked for. */
let asked: string[] = [];
/** The page's Content-Security-Policy header, if any. */
let csp: string | undefined;

before(async () => {
  ({ cdnOrigin, siteOrigin, browser, close } = await cdnSiteAndChromium({ page: () => page, tampered: () => tampered, csp: () => csp, asked: (path) => asked.push(path) }));
  integrity = JSON.parse(await readFile(join(CDN, 'integrity.json'), 'utf8')) as Record<string, string>;
});
after(() => close?.());

/** The session chunk as a compromised CDN serves it: the release's code, after a line of the attacker's. */
async function evilSession(): Promise<string> {
  return `window.tampered = (window.tampered ?? 0) + 1;\n${await readFile(join(CDN, SESSION), 'utf8')}`;
}

/**
 * The partner's script-tag page of Getting started: kyi-elements.js pinned by its tag's
 * `integrity`, a verify button, and `posted` (a user's post, rendered in the body before the button).
 */
const elementsPage = (posted: string) => `<!doctype html><html lang="en"><head><title>SRI</title>
<meta name="kyi:widget-url" content="${cdnOrigin}/widget">
<script type="module" nonce="kyi-test-nonce" src="${cdnOrigin}/kyi-elements.js" integrity="${integrity['kyi-elements.js']}" crossorigin="anonymous"></script>
</head><body><article class="comment">${posted}</article><kyi-verify-button></kyi-verify-button></body></html>`;

/** Opens the page, clicks the button: the widget frame's address or the error shown, and whether the attacker's line ran. */
async function clickVerify(posted: string, init?: string, late?: string): Promise<{ frame?: string; alert?: string; ran: unknown; errors: string[] }> {
  page = elementsPage(posted);
  asked = [];
  const tab = await browser.newPage();
  const errors: string[] = [];
  tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  try {
    if (init) await tab.addInitScript(init);
    await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
    await tab.waitForFunction(() => document.querySelector('kyi-verify-button')?.shadowRoot?.querySelector('button'));
    if (late) {
      // a post rendered by the page's script after load (innerHTML: its scripts inert, its links not), fetched before the click
      await tab.evaluate((html) => { document.querySelector('article.comment')!.innerHTML = html; }, late);
      await tab.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/chunks/kyi-elements.session-code.js')));
    }
    const result = await clickVerifyButton(tab);
    return { ...result, errors, ran: await tab.evaluate(() => (window as { tampered?: unknown }).tampered) };
  } finally {
    await tab.close();
  }
}

describe('attack round 10: the session code kyi-elements.js pins, against posted markup and a compromised CDN', () => {
  const chunkUrl = () => `${cdnOrigin}/${SESSION}`;

  it('(control) the compromised chunk alone is refused: nothing of it runs', async () => {
    tampered = { [`/${SESSION}`]: await evilSession() };
    try {
      const { ran, frame } = await clickVerify('<p>a harmless comment</p>');
      assert.equal(ran, undefined, 'the tampered chunk ran');
      assert.equal(frame, undefined, 'the drawer opened');
    } finally {
      tampered = {};
    }
  });

  /** The policy docs/security.md gives, with the CDN's origin in `script-src` as Getting started says. */
  const documentedCsp = () =>
    `default-src 'self'; script-src 'self' ${cdnOrigin}; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; frame-src ${cdnOrigin}; object-src 'none'; base-uri 'none'`;

  for (const [name, policy] of [
    ['no CSP', () => undefined],
    ["the documented CSP (script-src 'self' <CDN origin>)", documentedCsp],
  ] as const) {
    it(`attack 1: a posted <link rel="modulepreload"> of the chunk (no integrity) runs no bytes the file does not pin (${name})`, async () => {
      tampered = { [`/${SESSION}`]: await evilSession() };
      csp = policy();
      try {
        const { ran, frame } = await clickVerify(`<link rel="modulepreload" href="${chunkUrl()}">`);
        // Worked (harm) while the kit asked for the plain address the posted link had filled the
        // module map under: its own preload (with integrity) and its import() took that entry, and the
        // CDN's other bytes ran on the partner's origin with the visitor's session (the drawer even
        // opened, the access token in it). The kit's own address (a random fragment) holds it.
        assert.equal(ran, undefined, `the tampered chunk ran (the drawer: ${frame})`);
      } finally {
        tampered = {};
        csp = undefined;
      }
    });
  }

  it('attack 1c: the same link in a post the page renders with innerHTML after load (its scripts inert), before the first click', async () => {
    tampered = { [`/${SESSION}`]: await evilSession() };
    try {
      const { ran, frame } = await clickVerify('', undefined, `<p>nice token!</p><link rel="modulepreload" href="${chunkUrl()}">`);
      assert.equal(ran, undefined, `the tampered chunk ran (the drawer: ${frame})`);
    } finally {
      tampered = {};
    }
  });

  it("attack 1 under a nonce and 'strict-dynamic' (no host allowed by name): the posted link's fetch is allowed all the same", async () => {
    tampered = { [`/${SESSION}`]: await evilSession() };
    csp = "script-src 'nonce-kyi-test-nonce' 'strict-dynamic'; object-src 'none'; base-uri 'none'";
    try {
      const { ran, frame } = await clickVerify(`<link rel="modulepreload" href="${chunkUrl()}"><script>window.tampered = 'inline'</script>`);
      // The policy refuses the posted inline script, but a modulepreload is fetched as "not
      // parser-inserted" (HTML), which 'strict-dynamic' allows: the link fills the map (this worked,
      // harm, before the kit's own address); the kit's fragment holds it here too.
      assert.equal(ran, undefined, `the tampered chunk ran (the drawer: ${frame})`);
    } finally {
      tampered = {};
      csp = undefined;
    }
  });

  it('attack 7: a posted modulepreload of the chunk with a fragment is another module: the kit still refuses the other bytes', async () => {
    tampered = { [`/${SESSION}`]: await evilSession() };
    try {
      const { ran, frame } = await clickVerify(`<link rel="modulepreload" href="${chunkUrl()}#x">`);
      // the posted link's module is fetched (and ran nothing: a preload does not evaluate)
      assert.equal(ran, undefined, 'the tampered chunk ran');
      assert.equal(frame, undefined, 'the drawer opened');
    } finally {
      tampered = {};
    }
  });

  it("attack 2: the same link with the attacker's own integrity value runs none of those bytes either", async () => {
    const evil = await evilSession();
    tampered = { [`/${SESSION}`]: evil };
    try {
      const { ran, frame } = await clickVerify(`<link rel="modulepreload" href="${chunkUrl()}" integrity="${sri(evil)}" crossorigin="anonymous">`);
      assert.equal(ran, undefined, `the tampered chunk ran (the drawer: ${frame})`);
    } finally {
      tampered = {};
    }
  });

  for (const [name, attrs] of [
    ['a wrong integrity', `integrity="${sri('not the release')}"`],
    ['crossorigin="use-credentials" (the CDN answers *)', 'crossorigin="use-credentials"'],
  ] as const) {
    it(`attack 3: a posted modulepreload of the chunk with ${name}, the CDN honest, stops no verify button`, async () => {
      tampered = {};
      const { frame, alert } = await clickVerify(`<link rel="modulepreload" href="${chunkUrl()}" ${attrs}>`);
      // Works (harm) when the posted link's failure is held in the module map for the address:
      // the kit's preload then fails too, and every button says it could not start.
      assert.equal(alert, undefined, `the button stopped: ${alert}`);
      assert.ok(frame?.includes('token=pinned-token'), `the widget frame: ${frame}`);
    });
  }

  /** The autoloader's pinned page of Getting started (import map `integrity` for every chunk), a badge, and `posted` before it. */
  async function autoloaderBadge(posted: (evil: string) => string): Promise<unknown> {
    const evil = `window.tampered = (window.tampered ?? 0) + 1;\n${await readFile(join(CDN, 'chunks/badge.js'), 'utf8')}`;
    tampered = { '/chunks/badge.js': evil };
    const chunks = Object.entries(integrity).filter(([file]) => file.startsWith('chunks/'));
    const map = { integrity: Object.fromEntries(chunks.map(([file, hash]) => [`${cdnOrigin}/${file}`, hash])) };
    page = `<!doctype html><html lang="en"><head><title>SRI</title>
<script type="importmap">${JSON.stringify(map)}</script>
<script type="module" src="${cdnOrigin}/kyi-autoloader.js" integrity="${integrity['kyi-autoloader.js']}" crossorigin="anonymous"></script>
</head><body><article class="comment">${posted(evil)}</article>
<kyi-badge credential="kyi"></kyi-badge></body></html>`;
    const tab = await browser.newPage();
    const refused = new Promise<void>((r) => tab.on('console', (m) => { if (m.type() === 'error' && /integrity/i.test(m.text())) r(); }));
    try {
      await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
      // settled: the badge defined (from some bytes) or its chunk refused
      await Promise.race([refused, tab.waitForFunction(() => customElements.get('kyi-badge') !== undefined)]);
      return await tab.evaluate(() => (window as { tampered?: unknown }).tampered);
    } finally {
      await tab.close();
      tampered = {};
    }
  }

  it('(control) the autoloader refuses a badge chunk the import map does not pin', async () => {
    assert.equal(await autoloaderBadge(() => '<p>a comment</p>'), undefined, 'the tampered badge chunk ran');
  });

  it("attack 4: the autoloader: a posted modulepreload of a chunk with no integrity is checked against the import map's value", async () => {
    assert.equal(await autoloaderBadge(() => `<link rel="modulepreload" href="${cdnOrigin}/chunks/badge.js">`), undefined, 'the tampered badge chunk ran');
  });

  it('attack 5: a posted <base href> and <form name="head"> before the click move neither the chunk nor its check', async () => {
    tampered = { [`/${SESSION}`]: await evilSession() };
    try {
      const { ran, frame, alert } = await clickVerify(`<base href="${siteOrigin}/evil/"><form name="head"><input name="append"></form><img name="createElement">`);
      assert.equal(ran, undefined, 'the tampered chunk ran');
      assert.equal(frame, undefined, 'the drawer opened');
      assert.match(alert ?? '', /\S/);
      assert.ok(asked.includes(`/${SESSION}`), `the chunk was asked of the CDN: ${asked.join(', ')}`);
    } finally {
      tampered = {};
    }
  });

  it("attack 6: a polluted Object.prototype (integrity, href, crossOrigin, rel, onload) neither opens tampered code nor stops the honest chunk", async () => {
    const pollute = `for (const [k, v] of Object.entries({ integrity: '', href: '${siteOrigin}/evil.js', crossOrigin: 'use-credentials', rel: 'stylesheet', as: 'style', onload: null, onerror: null }))
      Object.defineProperty(Object.prototype, k, { value: v, writable: true, configurable: true, enumerable: true });`;
    tampered = { [`/${SESSION}`]: await evilSession() };
    try {
      const refused = await clickVerify('<p>a comment</p>', pollute);
      assert.equal(refused.ran, undefined, 'the tampered chunk ran');
      assert.equal(refused.frame, undefined, 'the drawer opened');
    } finally {
      tampered = {};
    }
    const honest = await clickVerify('<p>a comment</p>', pollute);
    assert.ok(honest.frame?.includes('token=pinned-token'), `the widget frame: ${honest.frame} ${honest.alert}`);
  });
});
