/**
 * Every recipe of the docs, as a partner gets it: the files exactly as the docs pages show them
 * (helpers/recipes.ts reads the pages' recipe code groups; the files kept in examples/ are
 * written into the pages by scripts/docs/examples.ts), added to a fresh project per stack (test/fixtures/recipes: what
 * `npm create vite` / `create-next-app` make), with the packed tarball installed — never the
 * repository's sources. Each project is type-checked strictly with its stack's own checker, then
 * run against the sandbox: requests through the partner's server get real answers (checked
 * against the proxy's OpenAPI document), sessions reach `getUserId` / `authorize`, and where
 * there is a page Chromium shows `<kyi-token-status>` settled on "verified". Getting started's
 * three quick starts are one more recipe (stack `quick-start`; test/node/docs.test.ts holds the
 * README's copies of them to the page's).
 *
 * One install of the tarball in .cache/recipes serves every stack (each project is a folder
 * under it); the frameworks and their tools resolve from the kit's own devDependencies.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { SignJWT, decodeJwt } from 'jose';
import { Miniflare } from 'miniflare';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/lib/chromium.mjs';
import { SANDBOX_FIXTURES, type Sandbox } from '../../src/sandbox/index.js';
import { bundleForEdge } from './helpers/edge-bundle.js';
import { checkPageAnswers, checkProxyAt, checkResponse } from './helpers/openapi-check.js';
import { packedTarball } from './helpers/packed.js';
import { docsRecipes, importsOf, type Recipe } from './helpers/recipes.js';
import { usePostgres } from './helpers/postgres.js';
import { startFixtureSandbox } from './helpers/server.js';
import { freePort } from './helpers/loopback.js';
import { waitFor } from './helpers/wait.js';

const run = promisify(execFile);
const ROOT = resolve('.');
const WORK = resolve('.cache/recipes');
/** The sandbox's address in the docs (`npx kyi-sandbox`); the test's sandbox listens elsewhere. */
const DOCS_SANDBOX = 'http://127.0.0.1:4010';
const SESSION_SECRET = 'recipe-session-secret-0123456789abcdef';
const CAIP19 = SANDBOX_FIXTURES.pyusd.caip19;
const ASSET_ID = '00000000-0000-4000-8000-000000000000';

/** Each stack's recipe on the docs pages, and the fresh project (test/fixtures/recipes/…) it is added to. */
const STACKS: Record<string, string> = {
  express: 'node-server',
  fastify: 'node-server',
  hono: 'node-server',
  next: 'next',
  'vite-react': 'vite-react',
  vue: 'vue',
  svelte: 'svelte',
  worker: 'worker',
  'quick-start': 'quick-start',
  // single files of Server, Deploying, Monitoring and Migrating, in a project with the package installed
  'node-http': 'js',
  'all-assets': 'js',
  replicas: 'js',
  pollers: 'js',
  'monitoring-page': 'js',
  'kyi-widget': 'js',
  // Server rendering: a template string on Node, Express, a Next.js server component, a Worker
  'ssr-node': 'js',
  'ssr-express': 'node-server',
  'ssr-next': 'next',
  'ssr-worker': 'worker',
};


const recipes = docsRecipes();
const db = usePostgres();
let sandbox: Sandbox;
let browser: Browser;
const children: ChildProcess[] = [];

before(async () => {
  const tarball = await packedTarball();
  await mkdir(WORK, { recursive: true });
  await writeFile(join(WORK, 'package.json'), JSON.stringify({ name: 'kyi-recipes', private: true }));
  const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--legacy-peer-deps', '--no-package-lock'];
  await run('npm', ['install', ...flags, tarball], { cwd: WORK, maxBuffer: 16 * 1024 * 1024 });
  sandbox = await startFixtureSandbox();
  browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? findChromium(), args: CHROMIUM_ARGS });
});
after(async () => {
  for (const child of children) child.kill();
  await browser?.close();
  await sandbox?.close();
});

/** The recipe's files added to a fresh copy of its stack's project; the project's folder. */
async function project(name: string): Promise<{ dir: string; recipe: Recipe }> {
  const recipe = recipes.get(name);
  assert.ok(recipe, `no recipe "${name}" on the docs pages`);
  const dir = join(WORK, name);
  await rm(dir, { recursive: true, force: true });
  await cp(join('test/fixtures/recipes', STACKS[name]!), dir, { recursive: true });
  for (const [path, text] of recipe.files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text.replaceAll(DOCS_SANDBOX, sandbox.info.publicApiUrl));
  }
  return { dir, recipe };
}

/** Runs a tool of the kit's devDependencies (node_modules/…) in `cwd`; its output when it fails. */
async function check(script: string, args: string[], cwd: string): Promise<void> {
  await run(process.execPath, [join(ROOT, 'node_modules', script), ...args], { cwd, maxBuffer: 16 * 1024 * 1024 }).catch(
    (e: { stdout: string; stderr: string }) => assert.fail(`${script} ${args.join(' ')} in ${cwd}:\n${e.stdout}\n${e.stderr}`),
  );
}

/** The variables the docs set (the sandbox's demo credentials), for a site at `origin`. */
function kyiEnv(origin: string): Record<string, string> {
  const { info } = sandbox;
  return {
    KYI_PUBLIC_ORIGIN: origin,
    KYI_PUBLIC_API_URL: info.publicApiUrl,
    KYI_PUBLIC_API_KEY: info.credentials.publicApiKey,
    KYI_EXPLORER_URL: info.explorerUrl,
    KYI_EXPLORER_KEY: info.credentials.explorerKeys.full,
    KYI_EXPLORER_WRITES: 'true',
    KYI_PARTNER_ID: info.credentials.partnerId,
    KYI_PARTNER_SECRET: info.credentials.secretKey,
    SESSION_SECRET,
  };
}

/** Starts a server command in `cwd` and waits until `url` answers; fails with its output if it exits first. */
async function serve(args: string[], cwd: string, env: Record<string, string>, url: string): Promise<void> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c));
  child.stderr!.on('data', (c: Buffer) => (output += c));
  let exited = false;
  child.once('exit', () => (exited = true));
  after(() => void child.kill());
  await waitFor(
    async () => {
      if (exited) assert.fail(`${args.join(' ')} exited before answering:\n${output}`);
      return fetch(url).then(() => true, () => false);
    },
    { what: `${args.join(' ')} to answer ${url}`, timeout: 120_000, every: 100 },
  ).catch((error: Error) => assert.fail(`${error.message}:\n${output}`));
}

/** A session cookie as the recipes' stand-in sign-in reads it: a JWT (HS256) signed with SESSION_SECRET. */
async function sessionCookie(sub: string, secret = SESSION_SECRET): Promise<string> {
  const jwt = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setExpirationTime('10m').sign(new TextEncoder().encode(secret));
  return `session=${jwt}`;
}

/** A token lookup through the partner's server: its `kyi_verified`. */
async function lookup(origin: string, fetcher: (url: string, init?: RequestInit) => Promise<Response> = fetch): Promise<boolean> {
  const res = await fetcher(`${origin}/api/kyi/kyi/v1/tokens?caip19=${encodeURIComponent(CAIP19)}`);
  assert.equal(res.status, 200);
  return ((await res.json()) as { kyi_verified: boolean }).kyi_verified;
}

/** `POST /api/kyi/token` from the site's own page → the access token's `sub`, or the error code. */
async function token(origin: string, cookie?: string, fetcher: (url: string, init?: RequestInit) => Promise<Response> = fetch): Promise<{ status: number; sub?: string; code?: string }> {
  const res = await fetcher(`${origin}/api/kyi/token`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
  const body = (await res.json()) as { accessToken?: string; code?: string };
  return { status: res.status, sub: body.accessToken ? decodeJwt(body.accessToken).sub : undefined, code: body.code };
}

/** Opens `url` in Chromium until `<kyi-token-status>` settles on "verified"; no console or page error on the way. */
async function settles(
  url: string,
  then?: (page: import('playwright-core').Page) => Promise<void>,
  setup?: (page: import('playwright-core').Page) => Promise<void>,
): Promise<void> {
  const page = await browser.newPage();
  await setup?.(page);
  const unchecked = checkPageAnswers(page, new URL(url).origin, '/api/kyi');
  const errors: string[] = [];
  // the page's own favicon is not the recipe's (none of the recipes adds one)
  // (Chromium itself logs a request answered 401: the signed-out visitor's `POST /api/kyi/token`, which the button turns into its sign-in state, is not an error of the kit's)
  const signedOut = (m: import('playwright-core').ConsoleMessage) => m.location().url.endsWith('/api/kyi/token') && m.text().includes('status of 401');
  page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && !signedOut(m) && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(url);
    await page
      .waitForFunction(() => (document.querySelector('kyi-token-status') as { status?: string } | null)?.status === 'verified', undefined, { timeout: 60_000 })
      .catch((e: Error) => assert.fail(`${url}: <kyi-token-status> did not settle on "verified" (${e.message}); console errors: ${errors.join(' | ') || 'none'}`));
    await then?.(page);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    unchecked();
  }
}

describe('the docs recipes', () => {
  it('one per stack, and each imports only packages its project has or its `npm install` line adds, and files it has', () => {
    assert.deepEqual([...recipes.keys()].sort(), Object.keys(STACKS).sort());
    for (const [name, recipe] of recipes) {
      const scaffold = join('test/fixtures/recipes', STACKS[name]!);
      const pkg = JSON.parse(readFileSync(join(scaffold, 'package.json'), 'utf8')) as { dependencies?: object; devDependencies?: object };
      const installed = new Set([
        ...Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }),
        ...recipe.shell.filter((l) => l.startsWith('npm install')).flatMap((l) => l.split(/\s+/).slice(2).filter((w) => !w.startsWith('-'))),
      ]);
      for (const [path, text] of recipe.files) {
        const { packages, relative } = importsOf(text);
        for (const p of packages) assert.ok(installed.has(p), `${recipe.page}, recipe ${name}, ${path} imports ${p}, which the recipe does not install`);
        for (const r of relative) {
          const target = join(dirname(path), r);
          const found = ['', '.ts', '.tsx'].some((ext) => recipe.files.has(target + ext) || existsSync(join(scaffold, target + ext)));
          assert.ok(found, `${recipe.page}, recipe ${name}, ${path} imports ${r}, a file the recipe does not have`);
        }
      }
    }
  });
});

/** The Node servers: type-checked (tsc, strict), run with tsx as the docs say, on a free port. */
async function nodeServer(name: string): Promise<string> {
  const { dir } = await project(name);
  await check('typescript/bin/tsc', ['-p', 'tsconfig.json'], dir);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  await serve(['--import', 'tsx', 'server.ts'], dir, { ...kyiEnv(origin), PORT: String(port) }, origin);
  checkProxyAt(origin, '/api/kyi');
  return origin;
}

describe('Express with express-session, and the script-tag page self-hosted', () => {
  it('sessions reach getUserId and authorize; the page loads the elements from the package and settles', async () => {
    const origin = await nodeServer('express');
    assert.equal(await lookup(origin), true);
    assert.deepEqual(await token(origin), { status: 401, sub: undefined, code: 'session_required' });
    const login = async (userId: string, role: string) => {
      const res = await fetch(`${origin}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId, role }) });
      assert.equal(res.status, 204);
      return res.headers.get('set-cookie')!.split(';')[0]!;
    };
    const member = await login('member-7', 'member');
    assert.deepEqual(await token(origin, member), { status: 200, sub: 'member-7', code: undefined });
    const addToWatchlist = (cookie: string) =>
      fetch(`${origin}/api/kyi/explorer/me/watchlist`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ assetId: ASSET_ID }),
      });
    const refused = await addToWatchlist(member);
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as { code: string }).code, 'forbidden');
    // past authorize: the sandbox answers (this id is not in its registry)
    assert.equal((await addToWatchlist(await login('staff-1', 'staff'))).status, 404);

    await settles(`${origin}/`, async (page) => {
      assert.ok(await page.evaluate(() => [...document.scripts].some((s) => s.src.endsWith('/kyi-elements/kyi-autoloader.js'))));
    });
    const autoloader = await fetch(`${origin}/kyi-elements/kyi-autoloader.js`);
    assert.equal(autoloader.status, 200);
    assert.equal(await autoloader.text(), await readFile(join(WORK, 'node_modules/kyi-elements/dist/cdn/kyi-autoloader.js'), 'utf8'));
  });
});

describe('Fastify', () => {
  it('the signed-in user reaches getUserId through request.user; request bodies reach the handler', async () => {
    const origin = await nodeServer('fastify');
    assert.deepEqual(await token(origin, await sessionCookie('fastify-3')), { status: 200, sub: 'fastify-3', code: undefined });
    assert.deepEqual(await token(origin, await sessionCookie('mallory', 'another-secret')), { status: 401, sub: undefined, code: 'session_required' });
    const batch = await fetch(`${origin}/api/kyi/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ kind: 'token', caip19: CAIP19 }] }),
    });
    assert.equal(batch.status, 200);
    assert.equal(((await batch.json()) as { results: Array<{ status: number }> }).results[0]!.status, 200);
  });
});

describe('Hono on Node', () => {
  it('app.mount keeps the request whole: lookups answer under /api/kyi; the signed cookie reaches getUserId', async () => {
    const origin = await nodeServer('hono');
    assert.equal(await lookup(origin), true);
    assert.deepEqual(await token(origin, await sessionCookie('hono-5')), { status: 200, sub: 'hono-5', code: undefined });
    assert.equal((await token(origin, await sessionCookie('mallory', 'another-secret'))).code, 'session_required');
  });
});

/** A Next.js recipe: `next build` (no keys at build time), then `next start` with the KYI_* variables on a free port; its origin. */
async function nextApp(name: string): Promise<string> {
  const { dir } = await project(name);
  const next = join(ROOT, 'node_modules/next/dist/bin/next');
  // `next build` type-checks the project (strict) and refuses segment configs cacheComponents does not allow
  await run(process.execPath, [next, 'build'], { cwd: dir, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, maxBuffer: 16 * 1024 * 1024 }).catch(
    (e: { stdout: string; stderr: string }) => assert.fail(`next build:\n${e.stdout}\n${e.stderr}`),
  );
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  await serve([next, 'start', '-p', String(port)], dir, kyiEnv(origin), origin);
  return origin;
}

describe('Next.js 16 App Router (cacheComponents on)', () => {
  it('next build (no keys at build time) and next start: the route handler answers, the page settles', async () => {
    const origin = await nextApp('next');
    const unchecked = checkProxyAt(origin, '/api/kyi');
    try {
      assert.equal(await lookup(origin), true);
      assert.deepEqual(await token(origin), { status: 401, sub: undefined, code: 'session_required' });
      assert.deepEqual(await token(origin, await sessionCookie('next-9')), { status: 200, sub: 'next-9', code: undefined });
      await settles(`${origin}/`);
    } finally {
      unchecked();
    }
  });
});

/** A Vite project: type-checked with its template's checker, served by `vite` with the KYI_* variables (KYI_DEV_USER signed in). */
async function viteProject(name: string, checks: Array<[string, string[]]>): Promise<void> {
  const { dir } = await project(name);
  for (const [script, args] of checks) await check(script, args, dir);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  await serve([join(ROOT, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort'], dir, { ...kyiEnv(origin), KYI_DEV_USER: `${name}-dev` }, origin);
  const unchecked = checkProxyAt(origin, '/api/kyi');
  try {
    assert.equal(await lookup(origin), true);
    assert.deepEqual(await token(origin), { status: 200, sub: `${name}-dev`, code: undefined });
    // the framework got the element's kyi-status event
    await settles(`${origin}/`, async (page) => void (await page.waitForFunction(() => document.body.textContent?.includes('Status: verified'))));
  } finally {
    unchecked();
  }
}

describe("Vite's dev server with the server piece", () => {
  it('React (tsc -b)', async () => {
    await viteProject('vite-react', [['typescript/bin/tsc', ['-b']]]);
  });
  it('Vue (vue-tsc -b)', async () => {
    await viteProject('vue', [['vue-tsc/bin/vue-tsc.js', ['-b']]]);
  });
  it('Svelte (svelte-check, tsc for the config)', async () => {
    await viteProject('svelte', [
      ['svelte-check/bin/svelte-check', ['--tsconfig', './tsconfig.app.json', '--fail-on-warnings']],
      ['typescript/bin/tsc', ['-p', 'tsconfig.node.json']],
    ]);
  });
});

/**
 * A Worker recipe's project, type-checked and bundled as Wrangler does (no Node built-in may
 * remain), running in workerd without nodejs_compat with the server piece's variables for `origin`.
 */
async function inWorkerd(name: string, origin: string): Promise<Miniflare> {
  const { dir } = await project(name);
  await check('typescript/bin/tsc', ['-p', 'tsconfig.json'], dir);
  const bundle = await bundleForEdge('./src/worker.ts', { cwd: dir });
  assert.deepEqual(bundle.nodeImports, []);
  return new Miniflare({ modules: true, script: bundle.code, compatibilityDate: '2025-01-01', compatibilityFlags: [], bindings: kyiEnv(origin) });
}

describe('a Cloudflare Worker in workerd', () => {
  it('bundled as Wrangler does (no Node built-in), run without nodejs_compat: lookups answer, the signed cookie reaches getUserId', async () => {
    const origin = 'http://partner.example';
    const mf = await inWorkerd('worker', origin);
    const unchecked = checkProxyAt(origin, '/api/kyi');
    try {
      await mf.ready;
      const dispatch = async (url: string, init?: RequestInit) => {
        const res = (await mf.dispatchFetch(url, init as never)) as unknown as Response;
        checkResponse(init?.method ?? 'GET', new URL(url), res);
        return res;
      };
      assert.equal(await lookup(origin, dispatch), true);
      assert.deepEqual(await token(origin, undefined, dispatch), { status: 401, sub: undefined, code: 'session_required' });
      assert.deepEqual(await token(origin, await sessionCookie('worker-2'), dispatch), { status: 200, sub: 'worker-2', code: undefined });
    } finally {
      unchecked();
      await mf.dispose();
    }
  });
});

/**
 * Getting started's quick starts, pasted into an empty folder with the tarball installed:
 * index.html (script tag), server.js (server piece), main.js (npm), and the page's `export`
 * line with the sandbox's address and a free port where the page says 127.0.0.1:4010 and 3000.
 * The page loads the autoloader from server.js, which serves it from the installed package (the
 * README's copy, run from a fresh `npm init -y` with every other origin blocked:
 * readme-quick-start.test.ts).
 */
describe('Getting started: script tag, npm and the server piece, as pasted', () => {
  it('type-checked (checkJs, strict); node server.js serves the page and the kit; both pages settle on "KYI verified"; the button asks to sign in', async () => {
    const { dir, recipe } = await project('quick-start');
    await check('typescript/bin/tsc', ['-p', 'tsconfig.json'], dir);
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    // the reader's `export …` line, as typed, with the test's sandbox and port
    const exported = recipe.shell.slice(recipe.shell.findIndex((l) => l.startsWith('export '))).join(' ').replaceAll('\\', '');
    assert.match(exported, /^export /);
    const env = Object.fromEntries(
      [...exported.matchAll(/(\w+)=(\S+)/g)].map(([, name, value]) => [name!, value!.replace(DOCS_SANDBOX, sandbox.info.publicApiUrl).replace('http://localhost:3000', origin)]),
    );
    assert.equal(env.KYI_PUBLIC_ORIGIN, origin);
    await serve(['server.js'], dir, { ...env, PORT: String(port) }, origin);
    checkProxyAt(origin, '/api/kyi');

    const signInState = async (page: import('playwright-core').Page) => {
      await page.locator('kyi-token-status').getByText('KYI verified').waitFor();
      await page.locator('kyi-verify-button').getByRole('button').click();
      await page.locator('kyi-verify-button').getByRole('alert').getByText('Please sign in').waitFor();
      assert.equal(await page.evaluate(() => (document.querySelector('kyi-verify-button') as unknown as { lastError: { code: string } | null }).lastError?.code), 'session_required');
    };
    const scripts: string[] = [];
    await settles(`${origin}/`, signInState, async (page) => {
      page.on('requestfinished', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    });
    assert.ok(scripts.includes(`${origin}/kyi-elements/kyi-autoloader.js`), `the page did not load the autoloader from server.js: ${scripts.join(', ')}`);
    assert.deepEqual(scripts.filter((url) => !url.startsWith(`${origin}/kyi-elements/`)), [], 'every script of the page comes from server.js');

    // the npm block, bundled (esbuild) into the reader's page with the same two elements: server.js reads index.html on each request
    const bundle = await build({ entryPoints: [join(dir, 'main.js')], bundle: true, format: 'esm', write: false, absWorkingDir: dir, logLevel: 'silent' });
    const script = bundle.outputFiles[0]!.text;
    assert.ok(!script.includes('</script'));
    const markup = recipe.files.get('index.html')!.split('\n').filter((l) => l.startsWith('<kyi-')).join('\n');
    await writeFile(join(dir, 'index.html'), `<!doctype html>\n${markup}\n<script type="module">${script}</script>\n`);
    await settles(`${origin}/`, signInState);
  });
});

/** The published version's jsDelivr folder: recipes whose page loads the kit from the CDN (the alternative to serving it from the package). */
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const CDN = `https://cdn.jsdelivr.net/npm/kyi-elements@${version}/dist/cdn/`;

/**
 * Serves jsDelivr's address of this version's dist/cdn files from the installed tarball (this
 * machine has no such network, and the version may not be published yet: the same files); the
 * names served.
 */
async function routeCdn(): Promise<{ served: string[]; route: (page: import('playwright-core').Page) => Promise<void> }> {
  const served: string[] = [];
  const folder = join(WORK, 'node_modules/kyi-elements/dist/cdn');
  return {
    served,
    route: async (page) => {
      await page.route(`${CDN}**`, async (r) => {
        const name = r.request().url().slice(CDN.length);
        served.push(name);
        const body = await readFile(join(folder, name)).catch(() => null);
        await r.fulfill(body ? { body, contentType: 'text/javascript', headers: { 'access-control-allow-origin': '*' } } : { status: 404 });
      });
    },
  };
}

/** A JavaScript recipe's project, type-checked (checkJs, strict). */
async function jsProject(name: string): Promise<string> {
  const { dir } = await project(name);
  await check('typescript/bin/tsc', ['-p', 'tsconfig.json'], dir);
  return dir;
}

/** Polls `probe` every 100 ms until it returns a value, for up to a minute (a probe that throws has no value yet). */
function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  return waitFor(() => probe().catch(() => undefined), { what, timeout: 60_000, every: 100 }) as Promise<T>;
}

describe('Server: the Node http server and every verified asset', () => {
  it('node server.mjs: lookups answer, a visitor without a session is asked to sign in, by the token and the Explorer routes', async () => {
    const dir = await jsProject('node-http');
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    await serve(['server.mjs'], dir, { ...kyiEnv(origin), PORT: String(port) }, origin);
    const unchecked = checkProxyAt(origin, '/api/kyi');
    try {
      assert.equal(await lookup(origin), true);
      assert.deepEqual(await token(origin), { status: 401, sub: undefined, code: 'session_required' });
      const explorer = await fetch(`${origin}/api/kyi/explorer/me/watchlist`, { headers: { origin } });
      assert.deepEqual([explorer.status, ((await explorer.json()) as { code: string }).code], [401, 'session_required']);
    } finally {
      unchecked();
    }
  });

  it('node assets.mjs prints every asset of the sandbox once', async () => {
    const dir = await jsProject('all-assets');
    const { stdout } = await run(process.execPath, ['assets.mjs'], { cwd: dir, env: { ...process.env, ...kyiEnv('http://localhost:3000') } });
    const lines = stdout.trim().split('\n');
    const { pyusd } = SANDBOX_FIXTURES;
    assert.ok(lines.some((l) => l.startsWith(`${pyusd.chain}:${pyusd.address} `)), stdout);
    const res = await fetch(`${sandbox.info.publicApiUrl}/assets?page_size=1&page_number=1`, { headers: { authorization: sandbox.info.credentials.publicApiKey } });
    const total = ((await res.json()) as { meta: { total: number } }).meta.total;
    assert.equal(lines.length, total);
    assert.equal(new Set(lines).size, total);
  });
});

describe('Deploying: a replica on PostgreSQL', () => {
  it('node server.mjs with DATABASE_URL: the handler answers, the poller writes revisions to the table through tx and commits its cursor', async () => {
    // a database of its own: the recipe uses the default table prefix and its own table
    const name = `recipe_${process.pid}_${Date.now().toString(36)}`;
    await db().pool.query(`CREATE DATABASE ${name}`);
    const url = new URL(db().url);
    url.pathname = `/${name}`;
    const dir = await jsProject('replicas');
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    await serve(['server.mjs'], dir, { ...kyiEnv(origin), PORT: String(port), DATABASE_URL: url.href }, origin);
    const pool = new (await import('pg')).default.Pool({ connectionString: url.href });
    try {
      assert.equal(await lookup(origin), true);
      const explorer = await fetch(`${origin}/api/kyi/explorer/me/watchlist`, { headers: { origin } });
      assert.deepEqual([explorer.status, ((await explorer.json()) as { code: string }).code], [401, 'session_required']);
      const rows = await until('a revision in token_changes', async () => {
        const { rows } = await pool.query<{ id: string; revision: string }>('SELECT id, revision FROM token_changes');
        return rows.length > 0 ? rows : undefined;
      });
      const state = await pool.query<{ value: { cursor?: unknown } }>("SELECT value FROM kyi_poll_state WHERE key = 'tokenomics'");
      assert.equal(state.rows.length, 1, 'the poller committed no state');
      assert.ok(rows.every((r) => r.id && r.revision));
    } finally {
      await pool.end();
    }
  });
});

describe('Monitoring: the pollers', () => {
  it('node pollers.mjs: one cycle against the Explorer API fills the FileStore; SIGTERM stops every loop', async () => {
    const dir = await jsProject('pollers');
    const child = spawn(process.execPath, ['pollers.mjs'], { cwd: dir, env: { ...process.env, ...kyiEnv('http://localhost:3000') }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c));
    child.stderr!.on('data', (c: Buffer) => (output += c));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const state = await until('state for all three loops in kyi-poll-state.json', async () => {
      const { data } = JSON.parse(await readFile(join(dir, 'kyi-poll-state.json'), 'utf8')) as { data: Record<string, { seen: unknown[] }> };
      return ['tokenomics', 'monitoring', 'notifications'].every((k) => data[k]?.seen.length) ? data : undefined;
    }).catch((e: Error) => assert.fail(`${e.message}; output:\n${output}`));
    assert.ok(state.tokenomics);
    assert.match(output, /\d+ revisions/);
    child.kill('SIGTERM');
    assert.equal(await exited, 0, output);
  });
});

describe('Monitoring: the page', () => {
  it('node server.mjs serves the page and the Explorer routes; each of the three elements asks the signed-out visitor to sign in', async () => {
    const dir = await jsProject('monitoring-page');
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    await serve(['server.mjs'], dir, { ...kyiEnv(origin), PORT: String(port) }, origin);
    const cdn = await routeCdn();
    const page = await browser.newPage();
    await cdn.route(page);
    const unchecked = checkPageAnswers(page, origin, '/api/kyi');
    const errors: string[] = [];
    // Chromium logs each refused Explorer call (401: the stand-ins refuse everyone), which the elements turn into their sign-in notice
    page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && !(m.location().url.includes('/api/kyi/explorer/') && m.text().includes('status of 401')) && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`${origin}/`);
      for (const tag of ['kyi-watchlist', 'kyi-change-feed', 'kyi-notifications']) await page.locator(`${tag} [part="sign-in"]`).waitFor({ timeout: 60_000 });
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
      unchecked();
    }
    assert.ok(cdn.served.includes('kyi-autoloader.js'));
  });
});

describe('Migrating: kyi()', () => {
  it('type-checks (checkJs, strict) against the package', async () => {
    await jsProject('kyi-widget');
  });
});

/** Opens `url` in Chromium with JavaScript off: the page reads each of `words` (rendered statuses, through their shadow roots). */
async function renderedWithoutScript(url: string, words: string[]): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const text = await page.locator('body').ariaSnapshot();
    for (const w of words) assert.ok(text.includes(w), `${url} without JavaScript reads "${w}":\n${text}`);
  } finally {
    await context.close();
  }
}

describe('Server rendering', () => {
  it('Node, a template string: without JavaScript the page reads its statuses; with it the kit (from the CDN) confirms them', async () => {
    const dir = await jsProject('ssr-node');
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    await serve(['server.mjs'], dir, { ...kyiEnv(origin), PORT: String(port) }, origin);
    await renderedWithoutScript(`${origin}/`, ['KYI verified', 'Verified asset', 'heading "PayPal USD"']);
    const cdn = await routeCdn();
    await settles(`${origin}/`, undefined, cdn.route);
  });

  it('Express: without JavaScript the list reads its statuses; with it the self-hosted kit confirms them', async () => {
    const origin = await nodeServer('ssr-express');
    await renderedWithoutScript(`${origin}/`, ['KYI verified']);
    await settles(`${origin}/`);
  });

  it('Next.js App Router, a server component (cacheComponents on): without JavaScript the page reads its status; with it the kit confirms it', async () => {
    const origin = await nextApp('ssr-next');
    const unchecked = checkProxyAt(origin, '/api/kyi');
    try {
      sandbox.reset();
      await renderedWithoutScript(`${origin}/`, ['KYI verified', 'heading "PayPal USD"']);
      // the route handler is the render's handler: the browser's lookup is answered from the cache the render filled
      const rendered = sandbox.stats.count('public:tokens');
      assert.equal(rendered, 1);
      assert.equal(await lookup(origin), true);
      assert.equal(sandbox.stats.count('public:tokens'), rendered, 'one handler for the route handler and the server component');
      await settles(`${origin}/`);
    } finally {
      unchecked();
    }
  });

  it('a Worker in workerd (bundled as Wrangler does, no Node built-in): the page arrives rendered; lookups answer', async () => {
    const origin = 'http://partner.example';
    const mf = await inWorkerd('ssr-worker', origin);
    try {
      await mf.ready;
      const dispatch = (url: string, init?: RequestInit) => mf.dispatchFetch(url, init as never) as unknown as Promise<Response>;
      const html = await (await dispatch(`${origin}/`)).text();
      assert.match(html, /<kyi-token-status caip19="[^"]+"><template shadowrootmode="open">/);
      assert.match(html, /<span part="label" class="label">KYI verified<\/span>/);
      assert.equal(await lookup(origin, dispatch), true);
    } finally {
      await mf.dispose();
    }
  });
});
