/**
 * Subresource Integrity of the CDN files: `npm run build` writes dist/cdn/integrity.json with the
 * sha384 of every script's bytes, the tarball ships it, and Chromium runs the autoloader from
 * another origin with those values as `integrity` (import map `integrity` for the chunks it loads)
 * — and refuses it when a value does not match.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { packedTarball } from './helpers/packed.js';
import { clickVerifyButton, startCdnAndSite } from './helpers/cdn-and-site.js';
import { launchChromium } from './helpers/chromium.js';

const run = promisify(execFile);
const CDN = resolve('dist/cdn');

let tarball: string;
let integrity: Record<string, string>;
before(async () => {
  tarball = await packedTarball(); // runs `npm run build`'s script once per test run
  integrity = JSON.parse(await readFile(join(CDN, 'integrity.json'), 'utf8')) as Record<string, string>;
});

describe('dist/cdn/integrity.json', () => {
  it("names every script of dist/cdn with the sha384 of its bytes", async () => {
    const scripts = (await readdir(CDN, { recursive: true })).map((f) => f.split(sep).join('/')).filter((f) => f.endsWith('.js')).sort();
    assert.deepEqual(Object.keys(integrity).sort(), scripts);
    assert.ok(scripts.includes('kyi-autoloader.js') && scripts.includes('kyi-elements.js') && scripts.includes('kyi-monitoring.js') && scripts.includes('chunks/token-status.js'));
    for (const file of scripts) {
      const digest = createHash('sha384').update(await readFile(join(CDN, file))).digest('base64');
      assert.equal(integrity[file], `sha384-${digest}`, `${file}: integrity.json does not match its bytes`);
    }
  });

  it('ships in the tarball, beside the files it names', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 1 << 24 });
    const files = new Set(stdout.split('\n').map((l) => l.replace(/^package\//, '')));
    assert.ok(files.has('dist/cdn/integrity.json'));
    for (const file of Object.keys(integrity)) assert.ok(files.has(`dist/cdn/${file}`), `the tarball lacks dist/cdn/${file}`);
  });
});

describe('the integrity values in Chromium', () => {
  let close: (() => Promise<void>) | undefined;
  let browser: Browser;
  let cdnOrigin: string;
  let siteOrigin: string;
  let page = '';
  /** Bytes the CDN serves instead of a file's (a compromised CDN), by path. */
  let tampered: Record<string, string> = {};
  /** The page's Content-Security-Policy header, if any. */
  let csp: string | undefined;
  before(async () => {
    ({ cdnOrigin, siteOrigin, close } = await startCdnAndSite({ page: () => page, tampered: () => tampered, csp: () => csp }));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await close?.();
  });

  /** The script-tag page of Getting started, pinned: `integrity` on the autoloader, the import map's `integrity` for its chunks. */
  function pinnedPage(hashes: Record<string, string>): string {
    const chunks = Object.entries(hashes).filter(([file]) => file.startsWith('chunks/'));
    const map = { integrity: Object.fromEntries(chunks.map(([file, hash]) => [`${cdnOrigin}/${file}`, hash])) };
    return `<!doctype html><html lang="en"><head><title>SRI</title>
<script type="importmap">${JSON.stringify(map)}</script>
<script type="module" src="${cdnOrigin}/kyi-autoloader.js" integrity="${hashes['kyi-autoloader.js']}" crossorigin="anonymous"></script>
</head><body><kyi-badge></kyi-badge></body></html>`;
  }
  const mismatch = `sha384-${createHash('sha384').update('other bytes').digest('base64')}`;

  it('runs the autoloader and its chunks with the values of integrity.json', async () => {
    page = pinnedPage(integrity);
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
    await tab.waitForFunction(() => customElements.get('kyi-badge') !== undefined); // its chunk loaded and ran
    await tab.close();
    assert.deepEqual(errors, []);
  });

  for (const file of ['kyi-autoloader.js', 'chunks/badge.js']) {
    it(`refuses ${file} when its value does not match its bytes`, async () => {
      page = pinnedPage({ ...integrity, [file]: mismatch });
      const tab = await browser.newPage();
      const refused = new Promise<string>((r) => tab.on('console', (m) => { if (m.type() === 'error' && /integrity/i.test(m.text())) r(m.text()); }));
      await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
      assert.match(await refused, /integrity/i);
      assert.equal(await tab.evaluate(() => customElements.get('kyi-badge')), undefined, 'the badge was defined from a refused file');
      await tab.close();
    });
  }

  describe('kyi-elements.js, pinned by its script tag alone', () => {
    const SESSION = 'chunks/kyi-elements.session-code.js';
    /** The script-tag page of kyi-elements.js with its `integrity`, a verify button, the widget on the CDN's origin. */
    const elementsPage = (file = 'kyi-elements.js') => `<!doctype html><html lang="en"><head><title>SRI</title>
<meta name="kyi:widget-url" content="${cdnOrigin}/widget">
<script type="module" nonce="kyi-test-nonce" src="${cdnOrigin}/${file}" integrity="${integrity['kyi-elements.js']}" crossorigin="anonymous"></script>
</head><body><kyi-verify-button></kyi-verify-button></body></html>`;

    it("carries the integrity of the session code it loads on demand: integrity.json's value for that chunk", async () => {
      const code = await readFile(join(CDN, 'kyi-elements.js'), 'utf8');
      assert.ok(integrity[SESSION], `${SESSION} is built and named in integrity.json`);
      assert.ok(code.includes(`"./${SESSION} ${integrity[SESSION]}"`), `kyi-elements.js pins ${SESSION} with ${integrity[SESSION]}`);
    });

    /** Opens the page, clicks the button; the page's console errors and warnings, the scripts it fetched, and the widget frame's address or the error shown. */
    async function clickVerify(file?: string): Promise<{ errors: string[]; warnings: string[]; scripts: string[]; frame?: string; alert?: string; ran: unknown }> {
      page = elementsPage(file);
      const tab = await browser.newPage();
      const errors: string[] = [];
      const warnings: string[] = [];
      tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); if (m.type() === 'warning') warnings.push(m.text()); });
      try {
        await tab.goto(`${siteOrigin}/`, { waitUntil: 'load' });
        const result = await clickVerifyButton(tab);
        const scripts = await tab.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((name) => name.endsWith('.js') || name.includes('.js?')));
        return { errors, warnings, scripts, ...result, ran: await tab.evaluate(() => (window as { tampered?: unknown }).tampered) };
      } finally {
        await tab.close();
      }
    }

    it('loads the session code on the first click and opens the drawer, with no error', async () => {
      tampered = {};
      const { errors, frame, alert } = await clickVerify();
      assert.equal(alert, undefined);
      assert.ok(frame?.startsWith(`${cdnOrigin}/widget/widget/kyi?`) && frame.includes('token=pinned-token'), `the widget frame: ${frame}`);
      assert.ok(!errors.some((e) => !/404/.test(e)), errors.join('\n')); // (the CDN has no widget page: its 404 only)
    });

    it("loads it under a strict Content-Security-Policy too (a nonce and 'strict-dynamic': no host allowed by name)", async () => {
      tampered = {};
      csp = "script-src 'nonce-kyi-test-nonce' 'strict-dynamic'; object-src 'none'";
      try {
        const { errors, frame, alert } = await clickVerify();
        assert.equal(alert, undefined);
        assert.ok(frame?.includes('token=pinned-token'), `the widget frame: ${frame}`);
        assert.ok(!errors.some((e) => !/404/.test(e)), errors.join('\n'));
      } finally {
        csp = undefined;
      }
    });

    it('loaded with a query (kyi-elements.js?v=2), loads no second, unpinned copy: the button says the site is not set up, and the console names the fix', async () => {
      tampered = {};
      const { errors, warnings, scripts, frame, alert } = await clickVerify('kyi-elements.js?v=2');
      assert.equal(frame, undefined, 'the drawer opened');
      assert.deepEqual(scripts, [`${cdnOrigin}/kyi-elements.js?v=2`], 'only the file the page pinned was fetched');
      assert.deepEqual(errors, []);
      assert.match(alert ?? '', /not configured on this site/);
      assert.ok(warnings.some((w) => /kyi-elements\.js is loaded as .*\?v=2.*versioned path/.test(w)), warnings.join('\n'));
    });

    it('refuses session code whose bytes are not the ones it pins: nothing of it runs, and the button says it could not load', async () => {
      const original = await readFile(join(CDN, SESSION), 'utf8');
      tampered = { [`/${SESSION}`]: `window.tampered = true;\n${original}` };
      try {
        const { errors, frame, alert, ran } = await clickVerify();
        assert.equal(ran, undefined, 'the tampered chunk ran');
        assert.equal(frame, undefined, 'the drawer opened');
        assert.match(alert ?? '', /\S/);
        assert.ok(errors.some((e) => /integrity/i.test(e)), `an integrity error on the console: ${errors.join('\n')}`);
      } finally {
        tampered = {};
      }
    });
  });
});
