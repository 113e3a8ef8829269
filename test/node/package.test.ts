/**
 * Packaging: `npm run build` output, every exports-map entry importable in Node with no DOM
 * (server rendering), self-contained CDN bundles, the npm build loaded next to two copies of
 * the CDN bundle in Chromium without an error, per-element entries and the CDN autoloader; then
 * the packed tarball as a partner installs it: its file list, publint, are-the-types-wrong,
 * `require()` from CommonJS and the `kyi-sandbox` bin.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { startDemoServer } from '../../scripts/lib/demo-server.js';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { SANDBOX_CREDENTIALS, SANDBOX_FIXTURES, type SandboxInfo } from '../../src/sandbox/index.js';
import { sandboxInfo } from '../../src/sandbox/info.js';
import { firstLine, packAndInstall, type Packed } from './helpers/tarball.js';
import { packedTarball } from './helpers/packed.js';
import { checkDemoPage } from './helpers/demo-page.js';
import { hasInheritedKeysLoop } from '../../scripts/lib/own-keys-namespace.js';
import { launchChromium } from './helpers/chromium.js';

const run = promisify(execFile);
/** An exports-map target: a path, or conditions (possibly nested, e.g. `./server/postgres` under `node` only). */
type ExportTarget = string | { [condition: string]: ExportTarget };
const pkg = JSON.parse(await readFile('package.json', 'utf8')) as {
  exports: Record<string, ExportTarget>;
  sideEffects: string[];
  customElements: string;
};
/** Every file an exports-map target names, under any condition, nested ones included. */
/** The .js files directly in `dir` (none when it does not exist). */
const jsFilesIn = async (dir: string): Promise<string[]> =>
  (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.js')).map((f) => `${dir}/${f}`);
const targetFiles = (target: ExportTarget): string[] =>
  typeof target === 'string' ? [target] : [...new Set(Object.values(target).flatMap(targetFiles))];

let browser: Browser | undefined;
before(async () => {
  await packedTarball();
});
after(async () => {
  await browser?.close();
});

describe('npm run build', () => {
  it('writes every exports-map target and its type declarations', async () => {
    for (const [key, target] of Object.entries(pkg.exports)) {
      const files = targetFiles(target);
      if (typeof target !== 'string') {
        assert.ok(files.some((f) => f.endsWith('.js')), `${key} names a module`);
        assert.ok(files.some((f) => f.endsWith('.d.ts')), `${key} names its type declarations`);
      }
      for (const file of files) assert.ok((await stat(file)).isFile(), `${key} → ${file}`);
    }
    assert.equal(pkg.customElements, 'custom-elements.json');
    assert.ok(pkg.sideEffects.includes('./dist/define.js'));
  });

  it('imports every entry in Node with no DOM (server rendering) without throwing', async () => {
    const entries = Object.keys(pkg.exports).filter((k) => !k.endsWith('.json')).map((k) => (k === '.' ? 'kyi-elements' : `kyi-elements/${k.slice(2)}`));
    // No DOM, and no global the kit adds (it installs no `customElements` shim, as Lit's Node build did).
    const script = `for (const e of ${JSON.stringify(entries)}) await import(e); console.log(typeof document, typeof window, typeof customElements, typeof HTMLElement);`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
    assert.equal(stdout.trim(), 'undefined undefined undefined undefined');
  });

  it('registers, on import of each entry, exactly the tags custom-elements.json says it defines, with the classes it names', async () => {
    const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8')) as {
      modules: { path: string; exports?: { kind: string; name: string; declaration: { name: string } }[] }[];
    };
    const specifier = (path: string) => {
      const key = Object.keys(pkg.exports).find((k) => typeof pkg.exports[k] === 'object' && targetFiles(pkg.exports[k]!).includes(`./${path}`))!;
      return key === '.' ? 'kyi-elements' : `kyi-elements/${key.slice(2)}`;
    };
    const all = manifest.modules.flatMap((m) => (m.exports ?? []).filter((e) => e.kind === 'custom-element-definition')).map((e) => e.name);
    const cases = manifest.modules.map((m) => {
      const definitions = (m.exports ?? []).filter((e) => e.kind === 'custom-element-definition').map((e) => [e.name, e.declaration.name]);
      return { entry: specifier(m.path), definitions };
    });
    // kyi-elements/react registers every element it wraps (all of them); kyi-elements/react/<element> its own alone.
    const byTag = new Map(cases.flatMap((c) => c.definitions).map(([tag, cls]) => [tag, cls]));
    cases.push({ entry: 'kyi-elements/react', definitions: [...byTag] });
    for (const [tag, cls] of byTag) cases.push({ entry: `kyi-elements/react/${tag!.replace(/^kyi-/, '')}`, definitions: [[tag!, cls!]] });
    for (const { entry, definitions } of cases) {
      // A registry of the script's own (Node has none, and the kit adds none): enough to see which class each entry registers.
      const script = `globalThis.customElements = new (class { m = new Map(); define(t, c) { this.m.set(t, c); } get(t) { return this.m.get(t); } })();
        const root = await import('kyi-elements'); await import('${entry}');
        console.log(JSON.stringify(${JSON.stringify([...new Set(all)])}.filter((t) => customElements.get(t)).map((t) => [t, Object.keys(root).find((k) => root[k] === customElements.get(t))])));`;
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
      assert.deepEqual(new Map(JSON.parse(stdout)), new Map(definitions as [string, string][]), entry);
    }
  });

  it('importing the package root registers nothing; /define registers', async () => {
    const index = await readFile('dist/index.js', 'utf8');
    assert.doesNotMatch(index, /customElements\.define|defineDisplayElements\(\)/);
    const define = await readFile('dist/define.js', 'utf8');
    assert.match(define, /defineDisplayElements\(\)/);
  });

  it('builds self-contained CDN modules: no bare imports, no secrets', async () => {
    for (const file of ['dist/cdn/kyi-elements.js', 'dist/cdn/kyi-monitoring.js']) {
      const code = await readFile(file, 'utf8');
      assert.doesNotMatch(code, /\bfrom\s*["'](?!\.|\/)[^"']+["']|\bimport\s*["'](?!\.|\/)[^"']+["']/, `${file} imports a bare specifier`);
      assert.doesNotMatch(code, /bx_live_|secret-key|sandbox_public_api_key/, `${file} contains a credential`);
    }
  });

  it('imports from the npm entries only packages package.json declares (a strict pnpm install resolves nothing else): parse5 is bundled into server rendering', async () => {
    const declared = JSON.parse(await readFile('package.json', 'utf8')) as { dependencies: Record<string, string>; peerDependencies: Record<string, string> };
    const names = new Set([...Object.keys(declared.dependencies), ...Object.keys(declared.peerDependencies)]);
    const files = (await Promise.all(['dist', 'dist/chunks', 'dist/react', 'dist/locales', 'dist/bin'].map(jsFilesIn))).flat();
    for (const file of files) {
      const code = await readFile(file, 'utf8');
      // Static imports and re-exports as the bundler writes them (at line starts), and dynamic ones.
      for (const m of code.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm)) {
        const specifier = m[1] ?? m[2] ?? m[3];
        if (/^(?:\.|\/|node:)/.test(specifier!)) continue;
        const name = specifier!.startsWith('@') ? specifier!.split('/').slice(0, 2).join('/') : specifier!.split('/')[0]!;
        assert.ok(names.has(name), `${file} imports ${specifier}, which package.json does not declare`);
      }
    }
    assert.ok(files.includes('dist/server-render.js'));
  });

  it('the CDN bundle kyi-elements.js exports kyi(), the drop-in for the vendor widget client', async () => {
    const code = await readFile('dist/cdn/kyi-elements.js', 'utf8');
    assert.match(code, /export\s*\{[^}]*\bas kyi\b[^}]*\}|export\s*\{[^}]*\bkyi\b[^}]*\}/);
  });

  it('runs the npm build next to two copies of the CDN bundle in Chromium: every element works, and each later copy says once per tag that another copy has it', async () => {
    await build({ configFile: 'test/fixtures/mixed/vite.config.ts' });
    await cp('dist/cdn', 'dist/mixed/cdn', { recursive: true });
    browser = await launchChromium();
    await checkDemoPage(browser, 'dist/mixed', async (page) => {
      await page.waitForFunction(() => (window as unknown as { npmLoaded?: boolean }).npmLoaded);
      await page.waitForFunction(() => (document.querySelector('#status') as unknown as { status?: string }).status === 'verified');
      for (const tag of ['kyi-badge', 'kyi-token-status', 'kyi-asset-card', 'kyi-verify-button', 'kyi-watchlist', 'kyi-change-feed', 'kyi-notifications'])
        assert.ok(await page.evaluate((t) => Boolean(customElements.get(t)), tag), `${tag} is defined`);
      // configure() from the npm copy reached the badge that a CDN copy defined: it renders an image.
      await page.waitForFunction(() => document.querySelector('#badge')?.shadowRoot?.querySelector('img'));
    }, (errors) => {
      // Copies after the first: the second kyi-elements.js (4 tags) and the npm build (all 7).
      assert.ok(errors.length > 0, 'two copies of the kit on one page said nothing');
      for (const message of errors) assert.match(message, /^kyi-elements: <kyi-[a-z-]+> is already defined by another copy of kyi-elements .*Load the kit once/);
      const tags = errors.map((m) => /<(kyi-[a-z-]+)>/.exec(m)![1]);
      for (const tag of ['kyi-badge', 'kyi-token-status', 'kyi-asset-card', 'kyi-verify-button']) assert.ok(tags.includes(tag), `${tag} not reported`);
    });
  });
});

describe('the autoloader as a script-tag page loads it', () => {
  // The only pages that load the autoloader's files as built (its display file, each element's
  // chunk) with nothing else defining the tags: a file that links to a sibling's binding wrongly
  // fails here, not on a partner's page.
  const { pyusd } = SANDBOX_FIXTURES;
  const ELEMENTS = {
    badge: `<kyi-badge id="badge" address="${pyusd.address}" chain-slug="${pyusd.chain}"></kyi-badge>`,
    'token-status': `<kyi-token-status id="status" caip19="${pyusd.caip19}"></kyi-token-status>`,
    'asset-card': `<kyi-asset-card id="card" chain="${pyusd.chain}" address="${pyusd.address}"></kyi-asset-card>`,
    'verify-button': '<kyi-verify-button id="verify"></kyi-verify-button>',
  };
  const page = (head: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>autoloader</title><link rel="icon" href="data:,"><!-- kyi:config -->
<script type="module" src="/cdn/kyi-autoloader.js"></script>${head}</head><body>${body}</body></html>`;

  /** Serves `html` (and `files`) beside the built CDN folder; each element renders and settles; answers the scripts the page loaded. */
  async function loadedBy(html: string, files: Record<string, string> = {}): Promise<string[]> {
    const root = await mkdtemp(join(tmpdir(), 'kyi-autoloader-'));
    try {
      await cp('dist/cdn', join(root, 'cdn'), { recursive: true });
      await writeFile(join(root, 'index.html'), html);
      for (const [name, text] of Object.entries(files)) await writeFile(join(root, name), text);
      browser ??= await launchChromium();
      let loaded: string[] = [];
      await checkDemoPage(browser, root, async (tab) => {
        const status = (id: string) => tab.waitForFunction((i) => (document.getElementById(i) as unknown as { status?: string } | null)?.status === 'verified', id);
        await Promise.all([status('status'), status('card')]);
        await tab.waitForFunction(() => document.querySelector('#badge')?.shadowRoot?.querySelector('img'));
        await tab.waitForFunction(() => document.querySelector('#verify')?.shadowRoot?.querySelector('button'));
        loaded = await tab.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((path) => path.startsWith('/cdn/')));
      });
      return loaded;
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }

  it('runs the four display elements from its display file: each renders and settles, with no page error', async () => {
    const loaded = await loadedBy(page('', Object.values(ELEMENTS).join('\n')));
    assert.deepEqual(loaded.filter((path) => path !== '/cdn/kyi-autoloader.js').sort(), ['/cdn/chunks/display.js', '/cdn/chunks/lookup.js']);
  });

  it('runs each display element from its own chunk, added one kind at a time: each renders and settles, with no page error', async () => {
    // A script of the site (the page's CSP allows no inline one) adds each kind once the one before is defined.
    const script = `for (const [tag, html] of ${JSON.stringify(Object.entries(ELEMENTS).map(([name, html]) => [`kyi-${name}`, html]))}) {
  document.body.insertAdjacentHTML('beforeend', html);
  await customElements.whenDefined(tag);
}`;
    const loaded = await loadedBy(page('<script type="module" src="/one-by-one.js"></script>', ''), { 'one-by-one.js': script });
    for (const chunk of ['badge', 'token-status', 'asset-card', 'verify-button', 'lookup'])
      assert.ok(loaded.includes(`/cdn/chunks/${chunk}.js`), `chunks/${chunk}.js loaded: ${loaded.join(', ')}`);
    assert.ok(!loaded.includes('/cdn/chunks/display.js'), 'the display file was loaded');
  });
});

describe('a key left enumerable on Object.prototype (a page script\'s deep-merge bug)', () => {
  it('no built module copies a namespace with for…in (the bundler\'s helper is held to own keys)', async () => {
    // What ships (package.json "files"): the npm modules and the CDN files, not test builds under dist/.
    const shipped = /^(?:[^/]+|(?:chunks|react|locales|cdn|bin)\/.+)\.js$/;
    const files = (await readdir('dist', { recursive: true })).filter((f) => shipped.test(f));
    assert.ok(files.some((f) => f.startsWith('cdn/')) && files.includes('define.js'), 'the npm and CDN builds are there');
    const loops = [];
    for (const file of files) if (hasInheritedKeysLoop(await readFile(join('dist', file), 'utf8'))) loops.push(file);
    assert.deepEqual(loops, []);
  });

  it('stops no CDN file: the statuses of kyi-elements.js and of the autoloader settle, with no page error', async () => {
    const root = await mkdtemp(join(tmpdir(), 'kyi-polluted-'));
    try {
      await cp('dist/cdn', join(root, 'cdn'), { recursive: true });
      // A classic script before the kit, as a page's own library would run (the demo's CSP allows 'self').
      await writeFile(join(root, 'pollute.js'), 'Object.prototype.utm_source = "newsletter";\n');
      const token = SANDBOX_FIXTURES.indexedNotVerified;
      await writeFile(
        join(root, 'index.html'),
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>polluted</title><link rel="icon" href="data:,"><!-- kyi:config -->
<script src="/pollute.js"></script>
<script type="module" src="/cdn/kyi-elements.js"></script>
<script type="module" src="/cdn/kyi-autoloader.js"></script></head>
<body><kyi-token-status id="a" address="${token.address}" chain-slug="${token.chain}"><b>KYI verified</b></kyi-token-status>
<kyi-change-feed id="b"></kyi-change-feed></body></html>`,
      );
      browser ??= await launchChromium();
      await checkDemoPage(browser, root, async (page) => {
        await page.waitForFunction(() => (document.querySelector('#a') as unknown as { status?: string }).status === 'unverified');
        // The feed loaded (its chunk ran under the polluted prototype) and settled: signed out.
        await page.waitForFunction(() => document.querySelector('#b')?.shadowRoot?.querySelector('[part="sign-in"]'));
      }, (consoleErrors) => {
        // Chromium logs each refused request itself; the signed-out feed's 401s are expected.
        for (const message of consoleErrors) assert.match(message, /status of 401 \(Unauthorized\)/);
      });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('pay only for the elements used', () => {
  /** Builds a tiny Vite app that imports `kyi-elements` as a partner would; returns its JS. */
  async function consumerBundle(main: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'kyi-consumer-'));
    try {
      await mkdir(join(dir, 'node_modules'));
      await symlink(resolve('.'), join(dir, 'node_modules', 'kyi-elements'), 'dir');
      await writeFile(join(dir, 'main.js'), main);
      await writeFile(join(dir, 'index.html'), '<script type="module" src="./main.js"></script>');
      await build({ root: dir, configFile: false, logLevel: 'warn', build: { outDir: join(dir, 'out'), minify: true } });
      const assets = join(dir, 'out', 'assets');
      const files = (await readdir(assets)).filter((f) => f.endsWith('.js'));
      return (await Promise.all(files.map((f) => readFile(join(assets, f), 'utf8')))).join('\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Literals that only each element's own code contains. */
  const MARKERS = {
    assetCard: 'assetCard.authorityType.',
    verifyButtonDrawer: 'kyi:ready',
    monitoring: '/explorer/me/watchlist',
  };

  it('importing one class from the package root bundles that class, not the others', async () => {
    const one = await consumerBundle(`import { KyiBadge } from 'kyi-elements'; customElements.define('x-badge', KyiBadge);`);
    const all = await consumerBundle(`import * as kit from 'kyi-elements'; console.log(kit);`);
    for (const [name, marker] of Object.entries(MARKERS)) {
      assert.ok(all.includes(marker), `the whole kit contains ${name}'s code`);
      assert.ok(!one.includes(marker), `a badge-only app must not contain ${name}'s code`);
    }
    assert.ok(one.length < all.length / 3, `badge-only ${one.length} B vs whole kit ${all.length} B`);
    // The badge renders without Lit's templates (its trusted-types policy is named lit-html).
    assert.ok(all.includes('lit-html') && !one.includes('lit-html'), 'a badge-only app must not contain lit-html');
  });

  it('kyi-elements/<element> registers that element alone', async () => {
    const code = await consumerBundle(`import 'kyi-elements/token-status';`);
    assert.match(code, /kyi-token-status/);
    for (const tag of ['kyi-badge', 'kyi-asset-card', 'kyi-verify-button', 'kyi-watchlist']) assert.doesNotMatch(code, new RegExp(`["'\`]${tag}["'\`]`));
    assert.ok(!code.includes(MARKERS.assetCard) && !code.includes(MARKERS.monitoring));
  });

  it('the CDN autoloader loads only the chunks of the tags on the page, and defines tags added later', async () => {
    await rm('dist/autoload', { recursive: true, force: true });
    await cp('test/fixtures/autoload', 'dist/autoload', { recursive: true });
    await cp('dist/cdn', 'dist/autoload/cdn', { recursive: true });
    const server = await startDemoServer({ port: 0, root: 'dist/autoload', env: {} });
    browser ??= await launchChromium();
    const page = await browser.newPage();
    const errors: string[] = [];
    const scripts: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    try {
      await page.goto(server.url);
      await page.waitForFunction(() => customElements.get('kyi-badge') && document.querySelector('#badge')?.shadowRoot?.childNodes.length);
      const loaded = scripts.map((p) => p.split('/').pop()!.replace(/\.js$/, ''));
      assert.ok(loaded.includes('badge'), loaded.join(', '));
      // The lookup chunk is for the elements that fetch: a shared module the grouping in
      // scripts/lib/cdn-chunks.ts does not list can drag it onto a badge page.
      for (const other of ['lookup', 'drawer', 'asset-card', 'token-status', 'verify-button', 'watchlist', 'change-feed', 'notifications'])
        assert.ok(!loaded.includes(other), `${other} was loaded on a badge-only page: ${loaded.join(', ')}`);
      assert.equal(await page.evaluate(() => Boolean(customElements.get('kyi-token-status'))), false);
      // A tag that appears later is defined when it appears, and works.
      await page.evaluate(() => {
        const el = document.createElement('kyi-token-status');
        el.id = 'late';
        el.setAttribute('address', '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo');
        el.setAttribute('chain-slug', 'solana');
        document.body.append(el);
      });
      await page.waitForFunction(() => (document.querySelector('#late') as unknown as { status?: string }).status === 'verified');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
      await server.close();
    }
  });
});

describe('npm pack (what a partner installs)', () => {
  let packed: Packed;
  let sandboxProcess: ChildProcess | undefined;
  before(async () => {
    packed = await packAndInstall();
  });
  after(async () => {
    sandboxProcess?.kill();
    await packed?.close();
  });

  it('ships the built entries, the bin, the documents and the legal files — no sources, maps or test builds', () => {
    const files = new Set(packed.files);
    for (const file of ['package.json', 'README.md', '.env.example', 'LICENSE', 'SECURITY.md', 'CHANGELOG.md', 'custom-elements.json', 'openapi/proxy.json', 'openapi/service.json', 'dist/bin/kyi-sandbox.js'])
      assert.ok(files.has(file), `${file} is shipped`);
    for (const target of Object.values(pkg.exports).flatMap(targetFiles))
      assert.ok(files.has(target.slice(2)), `${target} is shipped`);
    const unexpected = packed.files.filter((f) => !/^(dist\/([\w-]+\.js|chunks|locales|cdn|bin|types|react)\b|openapi\/\w+\.json$|[A-Z]+\.md$|LICENSE$|\.env\.example$|package\.json$|custom-elements\.json$)/.test(f));
    assert.deepEqual(unexpected, []);
    assert.deepEqual(packed.files.filter((f) => f.endsWith('.map') || f.startsWith('src/') || f.startsWith('test/')), []);
    // every declaration file ships with its module: the CLI has none (it is the bin)
    assert.ok(!files.has('dist/types/sandbox/cli.d.ts'));
  });

  it('describes itself: license file, repository, issues, keywords; `npm pack` builds first', async () => {
    const meta = JSON.parse(await readFile('package.json', 'utf8'));
    assert.equal(meta.license, 'MIT');
    assert.match(await readFile('LICENSE', 'utf8'), /^MIT License/);
    assert.match(meta.repository.url, /github\.com\/kyi-elements\/kyi-elements/);
    assert.ok(meta.homepage && meta.bugs.url && meta.author && meta.keywords.length > 3);
    assert.equal(meta.scripts.prepack, 'npm run build');
    assert.equal(meta.bin['kyi-sandbox'], './dist/bin/kyi-sandbox.js');
    assert.match(await readFile('CHANGELOG.md', 'utf8'), /## \[Unreleased\][\s\S]*## \[0\.1\.0\]/);
  });

  it('has no script npm runs (or warns about) when a partner installs it', async () => {
    const installed = JSON.parse(await readFile(join(packed.consumer, 'node_modules/kyi-elements/package.json'), 'utf8')) as { scripts?: Record<string, string> };
    const onInstall = ['preinstall', 'install', 'postinstall', 'prepare'].filter((name) => installed.scripts?.[name] !== undefined);
    assert.deepEqual(onInstall, [], 'the published package.json runs scripts on install');
  });

  it('ships documents without leftover merge-conflict markers', async () => {
    for (const doc of packed.files.filter((f) => f.endsWith('.md'))) {
      const lines = (await readFile(doc, 'utf8')).split('\n');
      const markers = lines.flatMap((line, i) => (/^(<{7}|={7}|>{7})( |$)/.test(line) ? [`${doc}:${i + 1}`] : []));
      assert.deepEqual(markers, []);
    }
  });

  it('publint is clean (warnings count as errors)', async () => {
    const tarball = (await readFile(packed.tarball)).buffer as ArrayBuffer;
    const { messages, pkg: linted } = await publint({ pack: { tarball }, strict: true, level: 'suggestion' });
    assert.deepEqual(messages.map((m) => formatMessage(m, linted, { color: false })), []);
  });

  it('are-the-types-wrong is clean for ES-module consumers (node16 from ESM, bundler)', async () => {
    const attw = 'node_modules/@arethetypeswrong/cli/dist/index.js';
    const result = await run(process.execPath, [attw, packed.tarball, '--profile', 'esm-only', '--format', 'table-flipped'], { maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
    );
    assert.ok(!('failed' in result), result.stdout);
  });

  it('require() works from a CommonJS project (Node ≥ 20.19 loads the ES modules synchronously)', async () => {
    const script = [
      "const { createKyiHandler } = require('kyi-elements/server');",
      "const { SANDBOX_CREDENTIALS } = require('kyi-elements/sandbox');",
      "const handler = createKyiHandler({ publicApi: { baseUrl: 'https://api.example.com', apiKey: 'k' } });",
      "console.log(typeof handler.node, handler.prefix, typeof SANDBOX_CREDENTIALS.partnerId, require('kyi-elements/openapi/proxy.json').openapi);",
    ].join('\n');
    await writeFile(join(packed.consumer, 'index.js'), script);
    const { stdout } = await run(process.execPath, ['index.js'], { cwd: packed.consumer });
    assert.equal(stdout.trim(), 'function /api/kyi string 3.1.0');
  });

  it('`npx kyi-sandbox --port 0` prints the sandbox JSON line and serves the service', async () => {
    const started = await firstLine(join(packed.consumer, 'node_modules/.bin/kyi-sandbox'), ['--port', '0'], packed.consumer);
    sandboxProcess = started.child;
    const info = JSON.parse(started.line) as SandboxInfo;
    assert.deepEqual(Object.keys(info), Object.keys(sandboxInfo('http://x', SANDBOX_CREDENTIALS)));
    const { caip19 } = SANDBOX_FIXTURES.pyusd;
    const res = await fetch(`${info.publicApiUrl}/kyi/v1/tokens?caip19=${encodeURIComponent(caip19)}`, {
      headers: { authorization: info.credentials.publicApiKey },
    });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { kyi_verified: boolean }).kyi_verified, true);
    const health = await fetch(`${info.explorerUrl}/health`);
    assert.equal(health.status, 200);
  });
});
