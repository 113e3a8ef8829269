/**
 * What the recipe tests share (recipes-*.test.ts): every recipe of the docs, as a partner gets it —
 * the files exactly as the docs pages show them (helpers/recipes.ts reads the pages' recipe code
 * groups; the files kept in examples/ are written into the pages by scripts/docs/examples.ts),
 * added to a fresh project per stack (test/fixtures/recipes: what `npm create vite` /
 * `create-next-app` make), with the packed tarball installed — never the repository's sources.
 * Each project is type-checked strictly with its stack's own checker, then run against the
 * sandbox: requests through the partner's server get real answers (checked against the proxy's
 * OpenAPI document), sessions reach `getUserId` / `authorize`, and where there is a page Chromium
 * shows `<kyi-token-status>` settled on "verified".
 *
 * Each test file calls `useRecipes(folder)`: one install of the tarball in `.cache/<folder>`
 * serves that file's stacks (each project is a folder under it; files run side by side, so each
 * has its own); the frameworks and their tools resolve from the kit's own devDependencies.
 */
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { SignJWT, decodeJwt } from 'jose';
import { Miniflare } from 'miniflare';
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { SANDBOX_FIXTURES, type Sandbox } from '../../../src/sandbox/index.js';
import { bundleForEdge } from './edge-bundle.js';
import { checkPageAnswers, checkProxyAt } from './openapi-check.js';
import { packedTarball } from './packed.js';
import { docsRecipes, type Recipe } from './recipes.js';
import { startFixtureSandbox } from './server.js';
import { freePort } from './loopback.js';
import { waitFor } from './wait.js';

export const run = promisify(execFile);
export const ROOT = resolve('.');
/** The sandbox's address in the docs (`npx kyi-sandbox`); the test's sandbox listens elsewhere. */
export const DOCS_SANDBOX = 'http://127.0.0.1:4010';
export const SESSION_SECRET = 'recipe-session-secret-0123456789abcdef';
export const CAIP19 = SANDBOX_FIXTURES.pyusd.caip19;
export const ASSET_ID = '00000000-0000-4000-8000-000000000000';

/** Each stack's recipe on the docs pages, and the fresh project (test/fixtures/recipes/…) it is added to. */
export const STACKS: Record<string, string> = {
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


export const recipes = docsRecipes();
/** The running file's shared parts, set up by `useRecipes`. */
export const stage = {} as { work: string; sandbox: Sandbox; browser: Browser };
const children: ChildProcess[] = [];

/** Installs the packed tarball in `.cache/<folder>` and starts the sandbox and Chromium for this test file; stops them after it. */
export function useRecipes(folder: string): void {
  stage.work = resolve('.cache', folder);
  before(async () => {
    const tarball = await packedTarball();
    await mkdir(stage.work, { recursive: true });
    await writeFile(join(stage.work, 'package.json'), JSON.stringify({ name: 'kyi-recipes', private: true }));
    const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--legacy-peer-deps', '--no-package-lock'];
    await run('npm', ['install', ...flags, tarball], { cwd: stage.work, maxBuffer: 16 * 1024 * 1024 });
    stage.sandbox = await startFixtureSandbox();
    stage.browser = await launchChromium();
  });
  after(async () => {
    for (const child of children) child.kill();
    await stage.browser?.close();
    await stage.sandbox?.close();
  });
}

/** Kills `child` after the file (a server or poller a test started). */
export function track(child: ChildProcess): ChildProcess {
  children.push(child);
  return child;
}


/** The recipe's files added to a fresh copy of its stack's project; the project's folder. */
export async function project(name: string): Promise<{ dir: string; recipe: Recipe }> {
  const recipe = recipes.get(name);
  assert.ok(recipe, `no recipe "${name}" on the docs pages`);
  const dir = join(stage.work, name);
  await rm(dir, { recursive: true, force: true });
  await cp(join('test/fixtures/recipes', STACKS[name]!), dir, { recursive: true });
  for (const [path, text] of recipe.files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text.replaceAll(DOCS_SANDBOX, stage.sandbox.info.publicApiUrl));
  }
  return { dir, recipe };
}

/** Runs a tool of the kit's devDependencies (node_modules/…) in `cwd`; its output when it fails. */
export async function check(script: string, args: string[], cwd: string): Promise<void> {
  await run(process.execPath, [join(ROOT, 'node_modules', script), ...args], { cwd, maxBuffer: 16 * 1024 * 1024 }).catch(
    (e: { stdout: string; stderr: string }) => assert.fail(`${script} ${args.join(' ')} in ${cwd}:\n${e.stdout}\n${e.stderr}`),
  );
}

/** The variables the docs set (the sandbox's demo credentials), for a site at `origin`. */
export function kyiEnv(origin: string): Record<string, string> {
  const { info } = stage.sandbox;
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
export async function serve(args: string[], cwd: string, env: Record<string, string>, url: string): Promise<void> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  track(child);
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
export async function sessionCookie(sub: string, secret = SESSION_SECRET): Promise<string> {
  const jwt = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setExpirationTime('10m').sign(new TextEncoder().encode(secret));
  return `session=${jwt}`;
}

/** A token lookup through the partner's server: its `kyi_verified`. */
export async function lookup(origin: string, fetcher: (url: string, init?: RequestInit) => Promise<Response> = fetch): Promise<boolean> {
  const res = await fetcher(`${origin}/api/kyi/kyi/v1/tokens?caip19=${encodeURIComponent(CAIP19)}`);
  assert.equal(res.status, 200);
  return ((await res.json()) as { kyi_verified: boolean }).kyi_verified;
}

/** `POST /api/kyi/token` from the site's own page → the access token's `sub`, or the error code. */
export async function token(origin: string, cookie?: string, fetcher: (url: string, init?: RequestInit) => Promise<Response> = fetch): Promise<{ status: number; sub?: string; code?: string }> {
  const res = await fetcher(`${origin}/api/kyi/token`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
  const body = (await res.json()) as { accessToken?: string; code?: string };
  return { status: res.status, sub: body.accessToken ? decodeJwt(body.accessToken).sub : undefined, code: body.code };
}

/** Opens `url` in Chromium until `<kyi-token-status>` settles on "verified"; no console or page error on the way. */
export async function settles(
  url: string,
  then?: (page: import('playwright-core').Page) => Promise<void>,
  setup?: (page: import('playwright-core').Page) => Promise<void>,
): Promise<void> {
  const page = await stage.browser.newPage();
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

/** The Node servers: type-checked (tsc, strict), run with tsx as the docs say, on a free port. */
export async function nodeServer(name: string): Promise<string> {
  const { dir } = await project(name);
  await check('typescript/bin/tsc', ['-p', 'tsconfig.json'], dir);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  await serve(['--import', 'tsx', 'server.ts'], dir, { ...kyiEnv(origin), PORT: String(port) }, origin);
  checkProxyAt(origin, '/api/kyi');
  return origin;
}

/** A Next.js recipe: `next build` (no keys at build time), then `next start` with the KYI_* variables on a free port; its origin. */
export async function nextApp(name: string): Promise<string> {
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

/**
 * A Worker recipe's project, type-checked and bundled as Wrangler does (no Node built-in may
 * remain), running in workerd without nodejs_compat with the server piece's variables for `origin`.
 */
export async function inWorkerd(name: string, origin: string): Promise<Miniflare> {
  const { dir } = await project(name);
  await check('typescript/bin/tsc', ['-p', 'tsconfig.json'], dir);
  const bundle = await bundleForEdge('./src/worker.ts', { cwd: dir });
  assert.deepEqual(bundle.nodeImports, []);
  return new Miniflare({ modules: true, script: bundle.code, compatibilityDate: '2025-01-01', compatibilityFlags: [], bindings: kyiEnv(origin) });
}

/** The published version's jsDelivr folder: recipes whose page loads the kit from the CDN (the alternative to serving it from the package). */
export const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
export const CDN = `https://cdn.jsdelivr.net/npm/kyi-elements@${version}/dist/cdn/`;

/**
 * Serves jsDelivr's address of this version's dist/cdn files from the installed tarball (this
 * machine has no such network, and the version may not be published yet: the same files); the
 * names served.
 */
export async function routeCdn(): Promise<{ served: string[]; route: (page: import('playwright-core').Page) => Promise<void> }> {
  const served: string[] = [];
  const folder = join(stage.work, 'node_modules/kyi-elements/dist/cdn');
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
export async function jsProject(name: string): Promise<string> {
  const { dir } = await project(name);
  await check('typescript/bin/tsc', ['-p', 'tsconfig.json'], dir);
  return dir;
}

/** A JavaScript recipe's `node server.mjs` (type-checked), with the server piece's variables and `env`, on a free port; its origin. */
export async function jsServer(name: string, env: Record<string, string> = {}): Promise<string> {
  const dir = await jsProject(name);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  await serve(['server.mjs'], dir, { ...kyiEnv(origin), PORT: String(port), ...env }, origin);
  return origin;
}

/** Polls `probe` every 100 ms until it returns a value, for up to a minute (a probe that throws has no value yet). */
export function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  return waitFor(() => probe().catch(() => undefined), { what, timeout: 60_000, every: 100 }) as Promise<T>;
}

/** Opens `url` in Chromium with JavaScript off: the page reads each of `words` (rendered statuses, through their shadow roots). */
export async function renderedWithoutScript(url: string, words: string[]): Promise<void> {
  const context = await stage.browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const text = await page.locator('body').ariaSnapshot();
    for (const w of words) assert.ok(text.includes(w), `${url} without JavaScript reads "${w}":\n${text}`);
  } finally {
    await context.close();
  }
}
