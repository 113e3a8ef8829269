/**
 * The docs site: `npm run docs:build` writes a page for every element of custom-elements.json
 * and a Troubleshooting page naming every error code of the code tables; every page opens in
 * Chromium without a console error; the README and the hand-written pages name no repository
 * file the tarball does not ship, and the README pins the package's own version on the CDN.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { elementsOf, type Manifest } from '../../scripts/docs/element-pages.js';
import { serveDocs, type DocsServer } from '../../scripts/docs/serve.js';
import { documentedCodes } from '../../scripts/docs/error-codes.js';
import { examplesOf } from '../../scripts/docs/page-blocks.js';
import { trackedPages } from '../../scripts/docs/generate.js';
import { EXPLORER_ERROR_CODES, KIT_ERROR_CODES } from '../../src/contract/errors.js';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/credentials.js';
import { sandboxInfo } from '../../src/sandbox/info.js';
import { kyiOptionsFromEnv } from '../../src/server/env.js';
import { launchChromium } from './helpers/chromium.js';

const run = promisify(execFile);
const DIST = resolve('docs/.vitepress/dist');
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as Manifest;
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string; files: string[] };

/** Text of a built page, tags dropped (a `<wbr>`, a break opportunity inside a word, without a space) and entities of `<`, `>`, `&` read back. */
const textOf = (html: string) =>
  html
    .replace(/<wbr>/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCharCode(parseInt(n, 16)))
    .replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The tracked pages as committed, read before the build below brings them up to date. */
const committedPages = new Map(readdirSync('docs').filter((n) => n.endsWith('.md')).map((n) => [resolve('docs', n), readFileSync(join('docs', n), 'utf8')]));

before(async () => {
  // what `npm run docs:build` runs
  await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/docs/generate.ts']);
  await run(process.execPath, ['node_modules/vitepress/bin/vitepress.js', 'build', 'docs'], { maxBuffer: 1 << 24 });
});

describe('docs build', () => {
  it('writes one page per element of custom-elements.json, with its attributes, events and parts', async () => {
    const elements = elementsOf(manifest);
    assert.ok(elements.length >= 7);
    for (const { declaration: d } of elements) {
      const file = join(DIST, 'elements', `${d.tagName}.html`);
      assert.ok(existsSync(file), `no page for <${d.tagName}>`);
      const text = textOf(await readFile(file, 'utf8'));
      assert.ok(text.includes(`<${d.tagName}>`), `the page of ${d.tagName} names it`);
      for (const item of [...(d.attributes ?? []), ...(d.events ?? []), ...(d.cssParts ?? []), ...(d.cssProperties ?? [])]) {
        if (item.name) assert.ok(text.includes(item.name), `${d.tagName}: ${item.name} is not on its page`);
      }
    }
  });

  it('Troubleshooting names every error code of the server piece, the Explorer API and the elements', async () => {
    const text = textOf(await readFile(join(DIST, 'troubleshooting.html'), 'utf8'));
    const codes = new Set([...KIT_ERROR_CODES, ...EXPLORER_ERROR_CODES, ...documentedCodes()]);
    for (const code of codes) assert.match(text, new RegExp(`\\b${code}\\b`), `${code} is not in Troubleshooting`);
    assert.ok(codes.has('widget_timeout') && codes.has('origin_not_allowed'));
  });

  it('each page holds, as written, the recipe files it shows from examples/ (as recipes-*.test.ts runs them) and its generated tables', () => {
    for (const [file, text] of trackedPages()) assert.equal(committedPages.get(file), text, `${file} is behind examples/ or the generated tables: run npm run docs:build`);
    const shown = new Set(readdirSync('docs').filter((n) => n.endsWith('.md')).flatMap((page) => examplesOf(readFileSync(join('docs', page), 'utf8')).map((e) => e.file)));
    assert.deepEqual([...shown].sort(), readdirSync('examples').sort(), 'a file of examples/ that no page shows');
  });
});

describe('README and docs pages', () => {
  it("the README's quick starts are Getting started's, and the built page pins the package version", async () => {
    const blocks = (md: string) => [...md.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const readme = readFileSync('README.md', 'utf8');
    const quickStarts = readme.slice(readme.indexOf('## Install'), readme.indexOf('## Documentation'));
    const guide = readFileSync('docs/getting-started.md', 'utf8');
    const guideBlocks = blocks(guide);
    for (const block of blocks(quickStarts).filter((b) => !b.startsWith('npm install'))) {
      assert.ok(guideBlocks.includes(block), `README block not in docs/getting-started.md:\n${block}`);
    }
    // and the other way: every quick-start file of Getting started (the blocks recipes-*.test.ts runs) is in the README
    const quickStartFiles = [...guide.matchAll(/<!-- recipe: quick-start \[(?!shell\])[^\]]+\] -->\n```\w*\n([\s\S]*?)```/g)].map((m) => m[1]!);
    assert.equal(quickStartFiles.length, 3, 'Getting started marks three quick-start files (page, npm, server)');
    for (const block of quickStartFiles) assert.ok(blocks(quickStarts).includes(block), `Getting started quick start missing from the README:\n${block}`);
    const built = textOf(await readFile(join(DIST, 'getting-started.html'), 'utf8'));
    assert.ok(built.includes(`https://cdn.jsdelivr.net/npm/kyi-elements@${pkg.version}/dist/cdn/kyi-autoloader.js`));
    assert.ok(!built.includes('@VERSION@'));
  });

  it('the README stays short and pins the package version in its CDN address', () => {
    const readme = readFileSync('README.md', 'utf8');
    assert.ok(readme.split('\n').length <= 200, 'README.md is over 200 lines');
    const pins = [...readme.matchAll(/cdn\.jsdelivr\.net\/npm\/kyi-elements@([^/]+)\//g)].map((m) => m[1]);
    assert.ok(pins.length > 0);
    for (const pin of pins) assert.equal(pin, pkg.version, 'the README CDN address pins another version than package.json');
  });

  it('package.json homepage, the site\'s base path and the README name one docs address, and each README link into it is a built page', async () => {
    const { homepage } = JSON.parse(readFileSync('package.json', 'utf8')) as { homepage: string };
    assert.match(homepage, /^https:\/\/[^/]+\/(?:[\w.-]+\/)*$/, 'package.json homepage is the docs site, ending in /');
    // the built pages load their assets from under the homepage's path: VitePress `base`
    const index = await readFile(join(DIST, 'index.html'), 'utf8');
    assert.ok(index.includes(`src="${new URL(homepage).pathname}assets/`), `the site is not built under ${new URL(homepage).pathname}`);
    const readme = readFileSync('README.md', 'utf8');
    assert.ok(readme.includes(`**Documentation: ${homepage}**`), 'the README does not open with the docs address');
    const links = [...readme.matchAll(/\]\((https:\/\/[^)\s]+)\)/g)].map((m) => m[1]!).filter((url) => !/^https:\/\/(github\.com|raw\.githubusercontent\.com)\//.test(url));
    assert.ok(links.length > 0);
    for (const link of links) {
      assert.ok(link.startsWith(homepage), `README links to ${link}, outside the docs address ${homepage}`);
      const page = new URL(link).pathname.slice(new URL(homepage).pathname.length) || 'index.html';
      assert.ok(existsSync(join(DIST, page)), `README links to ${link}: no such page is built`);
    }
  });

  it('read as they are on a code host: versions are the package\'s, no include of a file the package does not ship', () => {
    const pages = ['README.md', ...readdirSync('docs').filter((n) => n.endsWith('.md')).map((n) => join('docs', n))];
    for (const page of pages) {
      const text = readFileSync(page, 'utf8');
      assert.ok(!/@VERSION@/.test(text), `${page} holds the placeholder @VERSION@`);
      for (const [, pin] of text.matchAll(/kyi-elements@(\d[^/\s'"`]*)/g)) assert.equal(pin, pkg.version, `${page} pins kyi-elements@${pin}, not the package's ${pkg.version}`);
      // VitePress includes (`<<< @/…`, `<!--@include: …-->`) show on a code host as the line itself
      for (const [line] of text.matchAll(/^<<< .*$|<!--\s*@include:.*?-->/gm)) assert.fail(`${page} includes a file at build time, which a reader of the Markdown does not see: ${line}`);
    }
  });

  it('.env.example (shipped) holds the sandbox\'s values, as the Server page\'s table says, and kyiOptionsFromEnv reads it whole', () => {
    assert.ok(pkg.files.includes('.env.example'), '.env.example is not in package.json files');
    const env = Object.fromEntries(readFileSync('.env.example', 'utf8').split('\n').filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    const info = sandboxInfo('http://127.0.0.1:4010', SANDBOX_CREDENTIALS); // `npx kyi-sandbox` (src/sandbox/cli.ts DEFAULT_SANDBOX_PORT)
    const options = kyiOptionsFromEnv(env);
    assert.deepEqual(
      { publicApi: options.publicApi, widget: options.widget, explorer: options.explorer },
      {
        publicApi: { baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey },
        widget: { partnerId: info.credentials.partnerId, secretKey: info.credentials.secretKey },
        explorer: { baseUrl: info.explorerUrl, apiKey: info.credentials.explorerKeys.full, writes: true },
      },
    );
    const server = readFileSync('docs/server.md', 'utf8');
    for (const [name, value] of Object.entries(env)) {
      assert.match(server, new RegExp(`^\\| \`${name}\` \\|.*\\| \`${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\``, 'm'), `the Server page's table does not give ${name} the sandbox's ${value}`);
    }
  });

  it('name no repository file the tarball does not ship', () => {
    // every top-level entry of the repository, and each folder under src/, that package.json "files" leaves out
    const shipped = (path: string) => path === 'package.json' || pkg.files.some((f) => !f.startsWith('!') && (path === f || path.startsWith(f.replace(/\/?\*.*$/, '')) || f.startsWith(`${path}/`)));
    const candidates = [...readdirSync('.').filter((n) => !n.startsWith('.') && n !== 'node_modules'), ...readdirSync('src').map((n) => `src/${n}`)];
    // folders and documents (a partner has a vite.config.ts of their own, and a src/: the kit's folders under it are checked)
    const unshipped = candidates.filter((n) => !shipped(n) && (statSync(n).isDirectory() || n.endsWith('.md')) && n !== 'docs' && n !== 'src');
    const pages = ['README.md', ...readdirSync('docs').filter((n) => extname(n) === '.md').map((n) => join('docs', n))];
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const page of pages) {
      const text = readFileSync(page, 'utf8');
      for (const name of unshipped) {
        const dir = statSync(name).isDirectory();
        const pattern = new RegExp(`(?<![\\w/.@-])${escape(name)}${dir ? '/' : '(?![\\w.-])'}`);
        assert.ok(!pattern.test(text), `${page} names ${name}${dir ? '/' : ''}, which the tarball does not ship`);
      }
    }
  });
});

describe('docs site in Chromium', () => {
  let docs: DocsServer;
  let browser: Browser;
  before(async () => {
    // files alone, as a static host serves them (`npm run docs:preview`): the live examples' backend is the site's Service Worker
    docs = await serveDocs({ root: DIST });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await docs?.close();
  });

  /** A page's console errors and warnings, uncaught errors and failed requests. */
  function watch(page: Page): string[] {
    const problems: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`${page.url()}: console ${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
    page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.url()}: ${r.status()}`); });
    return problems;
  }

  it('opens every page with no console error and no failed request, and every live example settles', async () => {
    // a plain static server: nothing of ours answers beside the files (the examples' backend is the site's Service Worker)
    for (const path of ['api/kyi/capabilities', 'sandbox/']) assert.equal((await fetch(docs.url + path)).status, 404, `the docs server answers ${path}`);
    const pages = builtPages();
    assert.ok(pages.length >= 12 + elementsOf(manifest).length, `only ${pages.length} pages built`);
    const page = await browser.newPage();
    page.setDefaultTimeout(60_000); // a bound for a hang on a loaded machine, not a speed assertion
    const problems = watch(page);
    const settled = new Set<string>();
    for (const path of pages) {
      const response = await page.goto(docs.url + path, { waitUntil: 'load' });
      assert.equal(response?.status(), 200, path);
      await page.waitForFunction(() => Boolean((document.querySelector('#app') as { __vue_app__?: unknown } | null)?.__vue_app__)); // hydrated
      assert.ok((await page.locator('h1').count()) >= 1, `${path} has no heading`);
      for (const tag of await page.locator('.kyi-live').evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset['example']!))) {
        await exampleSettles(page, tag);
        settled.add(tag);
      }
    }
    await page.close();
    assert.deepEqual(problems, []);
    assert.deepEqual([...settled].sort(), elementsOf(manifest).map(({ declaration }) => declaration.tagName!).sort(), 'an element page without a settled live example');
  });

  it('cuts no table cell at 1280 px: tables wrap to the column, every cell shows all it holds', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const cut: string[] = [];
    try {
      for (const path of builtPages()) {
        await page.goto(docs.url + path, { waitUntil: 'load' });
        await page.waitForFunction(() => Boolean((document.querySelector('#app') as { __vue_app__?: unknown } | null)?.__vue_app__));
        cut.push(
          ...(await page.locator('.vp-doc table').evaluateAll((tables, path) => tables.flatMap((table, t) => {
            const name = `${path} table ${t + 1} (${[...table.querySelectorAll('th')].map((th) => th.textContent).join(' | ')})`;
            const found: string[] = [];
            // wider than its box: part of it is out of sight (a scrollbar that overlays or hides is no affordance)
            if (table.scrollWidth > table.clientWidth + 1) found.push(`${name}: ${table.scrollWidth} px in a ${table.clientWidth} px box`);
            const column = (table.parentElement as HTMLElement).getBoundingClientRect();
            if (table.getBoundingClientRect().right > column.right + 1) found.push(`${name}: runs past its column`);
            for (const cell of table.querySelectorAll<HTMLElement>('th, td')) {
              if (cell.scrollWidth > cell.clientWidth + 1) found.push(`${name}: cell "${cell.textContent!.slice(0, 40)}" ${cell.scrollWidth} px in ${cell.clientWidth} px`);
            }
            return found;
          }), path)),
        );
      }
    } finally {
      await page.close();
    }
    assert.deepEqual(cut, []);
  });

  it('on a browser that starts no Service Worker the examples give way to a note, with no console error', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const problems = watch(page);
    try {
      await page.goto(`${docs.url}elements/kyi-watchlist.html`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.dataset['kyiLive'] === 'off');
      assert.ok(await page.locator('.kyi-live-note').isVisible());
      assert.equal(await page.locator('.kyi-live-stage').isVisible(), false);
      // never defined, so never calling a server that is not there
      assert.equal(await page.evaluate(() => customElements.get('kyi-watchlist') === undefined), true);
    } finally {
      await context.close();
    }
    assert.deepEqual(problems.filter((p) => !p.endsWith('Service Worker registration blocked by Playwright')), []);
  });
});

/** The built pages, relative to the site's root (`elements/kyi-badge.html`), 404 left out. */
function builtPages(): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) { if (name !== 'assets') walk(path); }
      else if (name.endsWith('.html') && name !== '404.html') pages.push(relative(DIST, path).split(sep).join('/'));
    }
  };
  walk(DIST);
  return pages;
}

/**
 * Waits for the live example of `tag` to reach its settled state, through the elements' public
 * surface (their `status`, CSS parts and events): a lookup verified, rows of sandbox data drawn,
 * the badge image loaded, the verification drawer's widget ready (then closed again).
 */
async function exampleSettles(page: Page, tag: string): Promise<void> {
  const example = page.locator(`.kyi-live[data-example="${tag}"] ${tag}`);
  await page.waitForFunction(() => document.documentElement.dataset['kyiLive'] === 'on');
  const rows: Record<string, string> = { 'kyi-watchlist': 'item', 'kyi-change-feed': 'change', 'kyi-notifications': 'notification' };
  if (tag === 'kyi-verify-button') {
    // the drawer's events, recorded on the page: opened, then the widget ready (or closed without it)
    await page.evaluate(() => {
      const seen: string[] = ((window as { kyiDrawer?: string[] }).kyiDrawer = []);
      for (const type of ['kyi-ready', 'kyi-close', 'kyi-error']) document.addEventListener(type, (e) => seen.push(`${type}:${JSON.stringify((e as CustomEvent).detail)}`));
    });
    const drawer = () => page.evaluate(() => (window as { kyiDrawer?: string[] }).kyiDrawer!);
    await example.click();
    await page.waitForFunction(() => (window as { kyiDrawer?: string[] }).kyiDrawer!.length > 0);
    assert.match((await drawer())[0]!, /^kyi-ready:\{"scope":"kyi"/, `the verify button's widget did not get ready: ${(await drawer()).join(', ')}`);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => (window as { kyiDrawer?: string[] }).kyiDrawer!.some((e) => e.startsWith('kyi-close:')));
  } else if (tag === 'kyi-badge') {
    await page.waitForFunction((el) => {
      const img = el!.shadowRoot?.querySelector('img');
      return Boolean(img?.complete && img.naturalWidth > 0);
    }, await example.elementHandle());
  } else if (rows[tag]) {
    await page.waitForFunction(([el, part]) => (el as HTMLElement & { status: string }).status === 'ready' && el!.shadowRoot!.querySelectorAll(`[part~="${part}"]`).length > 0, [await example.elementHandle(), rows[tag]] as const);
  } else if (tag === 'kyi-token-status' || tag === 'kyi-asset-card') {
    await page.waitForFunction((el) => (el as HTMLElement & { status: string }).status !== 'loading' && (el as HTMLElement & { status: string }).status !== 'idle', await example.elementHandle());
    assert.equal(await example.evaluate((el) => (el as HTMLElement & { status: string }).status), 'verified', `${tag} did not settle verified`);
  } else {
    assert.fail(`no settled state known for the live example of <${tag}> (test/node/docs.test.ts exampleSettles)`);
  }
}
