/**
 * The package from a partner's side: the packed tarball (`npm pack`) installed into one scratch
 * consumer project, then built or type-checked with each framework's own tools. Nothing here
 * reaches into `src/`: a file missing from the tarball, or a type that does not ship, fails.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { build as esbuild } from 'esbuild';
import { build } from 'vite';
import { pageChunks, type AutoloaderManifest } from '../../bench/size-budgets.js';
import { packedTarball } from './helpers/packed.js';
import { checkDemoPage } from './helpers/demo-page.js';
import { launchChromium } from './helpers/chromium.js';

const run = promisify(execFile);
const tool = (script: string, args: string[], cwd?: string) =>
  run(process.execPath, [resolve(script), ...args], { cwd, maxBuffer: 16 * 1024 * 1024 }).then(
    () => ({ ok: true, output: '' }),
    (e: { stdout: string; stderr: string }) => ({ ok: false, output: `${e.stdout}\n${e.stderr}` }),
  );

let consumer: string;
let browser: Browser;

// The consumer lives inside the checkout (outside node_modules, which svelte-check skips), so the
// frameworks and their tools resolve from the kit's own devDependencies; only the kit is installed.
before(async () => {
  const tarball = await packedTarball();
  await mkdir('.cache', { recursive: true });
  consumer = resolve(await mkdtemp(join('.cache', 'kyi-consumer-')));
  await cp('test/fixtures/consumers', consumer, { recursive: true });
  await writeFile(join(consumer, 'package.json'), JSON.stringify({ name: 'kyi-consumer', private: true, type: 'module' }));
  const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--legacy-peer-deps', '--no-package-lock'];
  await run('npm', ['install', ...flags, tarball], { cwd: consumer, maxBuffer: 16 * 1024 * 1024 });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  if (consumer) await rm(consumer, { recursive: true, force: true });
});

const viteBuild = (root: string) => build({ root, configFile: false, logLevel: 'silent', build: { outDir: join(root, 'dist'), emptyOutDir: true } });

/** gzip bytes (level 6, as bench/size.ts) of each file, summed. */
const gzipSum = async (files: string[]) => (await Promise.all(files.map(async (f) => gzipSync(await readFile(f)).length))).reduce((a, b) => a + b, 0);

/** The files a page with only `<kyi-token-status>` loads through the shipped CDN autoloader: its entry, the element's chunk and what they import. */
async function tokenStatusCdnPage(pkg: string): Promise<string[]> {
  const cdn = join(pkg, 'dist', 'cdn');
  const manifest = JSON.parse(await readFile(join(cdn, 'kyi-autoloader.manifest.json'), 'utf8')) as AutoloaderManifest;
  return pageChunks(manifest, ['token-status']).map((k) => join(cdn, manifest[k]!.file));
}

describe('consumer projects built from the packed tarball', () => {
  it('ships the framework types made at build time (not in git), each covering every element of its custom-elements.json', async () => {
    const pkg = join(consumer, 'node_modules', 'kyi-elements');
    const manifest = JSON.parse(await readFile(join(pkg, 'custom-elements.json'), 'utf8')) as { modules: { declarations?: { name: string; tagName?: string }[] }[] };
    const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName);
    assert.ok(elements.length > 0);
    for (const entry of ['jsx', 'vue', 'svelte']) {
      assert.match(await readFile(join(pkg, 'dist/types/frameworks', `${entry}.d.ts`), 'utf8'), new RegExp(`from '\\./${entry}-types\\.js'`));
      const types = await readFile(join(pkg, 'dist/types/frameworks', `${entry}-types.d.ts`), 'utf8');
      for (const { tagName } of elements) assert.ok(types.includes(`"${tagName}"`), `dist/types/frameworks/${entry}-types.d.ts types <${tagName}>`);
    }
    // kyi-elements/react re-exports each element's own wrapper module (kyi-elements/react/<element>: the component, the element class and its types)
    const react = await readFile(join(pkg, 'dist/types/frameworks/react.d.ts'), 'utf8');
    for (const { name, tagName } of elements) {
      const own = tagName!.replace(/^kyi-/, '');
      assert.match(react, new RegExp(`^export \\* from '\\./react/${own}\\.js';$`, 'm'), `kyi-elements/react re-exports ${name}`);
      const wrapper = await readFile(join(pkg, 'dist/types/frameworks/react', `${own}.d.ts`), 'utf8');
      assert.match(wrapper, new RegExp(`^export declare const ${name}: `, 'm'), `kyi-elements/react/${own} wraps ${name}`);
    }
  });

  it('Vite (no framework): kyi-elements/define registers the elements and a lookup settles', async () => {
    const root = join(consumer, 'vanilla');
    await viteBuild(root);
    await checkDemoPage(browser, join(root, 'dist'), async (page) => {
      await page.waitForFunction(() => document.querySelector('#vanilla-status')?.textContent === 'verified');
      assert.equal(await page.locator('kyi-asset-card').evaluate((e) => (e as unknown as { status: string }).status), 'verified');
    });
  });

  it('React: server-rendered with react-dom/server, hydrated in Chromium, onKyiStatus fires after hydration', async () => {
    const root = join(consumer, 'react');
    const { stdout: markup } = await run(process.execPath, ['render.js'], { cwd: root });
    // @lit/react sets element properties after hydration (no @lit/ssr-react): the tags render bare.
    assert.match(markup, /<kyi-token-status><\/kyi-token-status>/);
    assert.match(markup, /<p id="react-status">waiting<\/p>/);
    await viteBuild(root);
    const page = join(root, 'dist', 'index.html');
    await writeFile(page, (await readFile(page, 'utf8')).replace('<!--app-->', markup));
    await checkDemoPage(browser, join(root, 'dist'), async (browserPage) => {
      await browserPage.waitForFunction(() => document.querySelector('#react-status')?.textContent === 'verified');
      assert.equal(await browserPage.locator('kyi-asset-card').evaluate((e) => (e as unknown as { status: string }).status), 'verified');
    });
  });

  it('React: an app using only the token status (kyi-elements/react/token-status) bundles no more of the kit than the token-status CDN page + 2 KB', async () => {
    const root = join(consumer, 'react-token-status');
    // React itself is the app's, not the kit's: left out of the bundle measured.
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      build: { outDir: join(root, 'dist'), emptyOutDir: true, rollupOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/] } },
    });
    const assets = join(root, 'dist', 'assets');
    const js = (await readdir(assets)).filter((f) => f.endsWith('.js')).map((f) => join(assets, f));
    const code = (await Promise.all(js.map((f) => readFile(f, 'utf8')))).join('\n');
    assert.match(code, /kyi-token-status/);
    for (const other of ['kyi-badge', 'kyi-asset-card', 'kyi-verify-button', 'kyi-watchlist', 'kyi-change-feed', 'kyi-notifications'])
      assert.doesNotMatch(code, new RegExp(`"${other}"|'${other}'`), `the token-status wrapper brings <${other}>`);
    const app = await gzipSum(js);
    const page = await gzipSum(await tokenStatusCdnPage(join(consumer, 'node_modules', 'kyi-elements')));
    console.log(`# React app with only KyiTokenStatus: ${(app / 1024).toFixed(1)} KB gzipped (React excluded); token-status CDN page: ${(page / 1024).toFixed(1)} KB; budget ${((page + 2048) / 1024).toFixed(1)} KB`);
    assert.ok(app <= page + 2048, `the React token-status app bundles ${app} B gzipped, over the token-status CDN page (${page} B) + 2 KB`);
  });

  it('A bundler importing only { KyiBadge } from the root entry (Vite, esbuild) carries the badge and nothing of the other elements, ≤ 10 KB gzipped', async () => {
    const root = join(consumer, 'root-badge');
    await viteBuild(root);
    const assets = join(root, 'dist', 'assets');
    const viteFiles = (await readdir(assets)).filter((f) => f.endsWith('.js')).map((f) => join(assets, f));
    const esbuildFile = join(root, 'esbuild', 'main.js');
    // As in a partner's project: not under the kit's own tsconfig.json, which sits above the
    // scratch folder and whose compiler options esbuild would apply to the installed package too.
    await esbuild({ entryPoints: [join(root, 'main.js')], absWorkingDir: root, bundle: true, format: 'esm', minify: true, outfile: esbuildFile, logLevel: 'silent', tsconfigRaw: {} });
    for (const [bundler, files] of [['Vite', viteFiles], ['esbuild', [esbuildFile]]] as [string, string[]][]) {
      const code = (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n');
      assert.match(code, /kyi-badge-label-color/, `${bundler}: the badge's own styles are in`);
      for (const tag of ['kyi-token-status', 'kyi-asset-card', 'kyi-verify-button', 'kyi-watchlist', 'kyi-change-feed', 'kyi-notifications'])
        assert.ok(!code.includes(tag), `${bundler}: importing KyiBadge brings <${tag}>`);
      // Other elements' words (their sections in the string table), the lookup errors' and inputs' words, the monitoring events.
      for (const words of ['tokenStatus:', 'assetCard:', 'verifyButton:', 'watchlist:', 'changeFeed:', 'notifications:', 'Could not reach the verification service', 'Provide caip19', 'kyi-status', 'kyi-watchlist-change'])
        assert.ok(!code.includes(words), `${bundler}: importing KyiBadge brings ${JSON.stringify(words)}`);
      const gzip = await gzipSum(files);
      console.log(`# ${bundler}, only { KyiBadge } from kyi-elements: ${(gzip / 1024).toFixed(2)} KB gzipped (Lit included)`);
      assert.ok(gzip <= 10 * 1024, `${bundler}: only { KyiBadge } from kyi-elements bundles ${gzip} B gzipped, over 10 KB`);
    }
  });

  it('React: tsc checks the wrappers (kyi-elements/react) and the JSX types (kyi-elements/jsx)', async () => {
    const { ok, output } = await tool('node_modules/typescript/bin/tsc', ['-p', join(consumer, 'react', 'tsconfig.json')]);
    assert.equal(ok, false);
    const errors = output.split('\n').filter((l) => /error TS/.test(l));
    assert.ok(errors.every((l) => l.includes('bad.tsx')), `only bad.tsx fails:\n${output}`);
    assert.match(output, /bad\.tsx\(4,.*wrapperNope/, 'a wrong detail field in an onKyiStatus handler');
    assert.match(output, /bad\.tsx\(5,/, 'a number for caip19');
    assert.match(output, /bad\.tsx\(6,.*jsxNope/, 'a wrong detail field in an onkyi-status handler');
    assert.match(output, /bad\.tsx\(7,/, 'a string for the badge size');
    assert.equal(errors.length, 4, output);
  });

  it('Vue: vue-tsc types the elements in templates and catches a wrong detail field', async () => {
    const { ok, output } = await tool('node_modules/vue-tsc/bin/vue-tsc.js', ['--noEmit', '-p', join(consumer, 'vue', 'tsconfig.json')]);
    assert.equal(ok, false);
    const errors = output.split('\n').filter((l) => /error TS/.test(l));
    assert.equal(errors.length, 1, output);
    assert.match(errors[0]!, /Bad\.vue\(5,.*vueNope.*KyiStatusDetail/);
  });

  it('Svelte: svelte-check types on:kyi-… and onkyi-… handlers and catches a wrong detail field', async () => {
    const svelte = join(consumer, 'svelte');
    const { ok, output } = await tool('node_modules/svelte-check/bin/svelte-check', ['--workspace', svelte, '--tsconfig', './tsconfig.json', '--output', 'machine']);
    assert.equal(ok, false);
    const errors = output.split('\n').filter((l) => / ERROR /.test(l));
    assert.equal(errors.length, 2, output);
    assert.doesNotMatch(output, / WARNING /, 'no warning (the README says how to silence the one about scope)');
    assert.match(output, /ERROR "Bad\.svelte" 4:\d+ .*svelteNope.*KyiStatusDetail/);
    assert.match(output, /ERROR "BadRunes\.svelte" 5:\d+ .*runesNope.*KyiStatusDetail/);
  });
});
