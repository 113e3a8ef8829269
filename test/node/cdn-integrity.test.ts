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
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/lib/chromium.mjs';
import { packedTarball } from './helpers/packed.js';

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
  let cdn: Server;
  let site: Server;
  let browser: Browser;
  let cdnOrigin: string;
  let siteOrigin: string;
  let page = '';
  before(async () => {
    // a CDN on its own origin (CORS open, as jsDelivr and unpkg answer), and a partner page on another
    cdn = createServer(async (req, res) => {
      const file = resolve(CDN, `.${new URL(req.url ?? '/', 'http://cdn').pathname}`);
      const body = file.startsWith(CDN + sep) ? await readFile(file).catch(() => undefined) : undefined;
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' }).end(body);
    });
    site = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page));
    const listen = async (server: Server) => {
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    cdnOrigin = await listen(cdn);
    siteOrigin = (await listen(site)).replace('127.0.0.1', 'localhost');
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? findChromium(), args: CHROMIUM_ARGS });
  });
  after(async () => {
    await browser?.close();
    for (const server of [cdn, site]) {
      server?.closeAllConnections();
      await new Promise((ok) => server?.close(ok));
    }
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
});
