/**
 * The docs' recipes with a front end or an edge from the packed tarball
 * (helpers/recipe-projects.ts): Next.js, Vite with React, Vue and Svelte, a Cloudflare Worker in
 * workerd, and Getting started's quick starts as pasted (the README's copy, run from a fresh
 * `npm init -y` with every other origin blocked: readme-quick-start.test.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { checkProxyAt, checkResponse } from './helpers/openapi-check.js';
import { freePort } from './helpers/loopback.js';
import {
  DOCS_SANDBOX, ROOT, check, inWorkerd, kyiEnv, lookup, nextApp, project, serve, sessionCookie, settles, stage, token, useRecipes,
} from './helpers/recipe-projects.js';

useRecipes('recipes-frontends');

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
      [...exported.matchAll(/(\w+)=(\S+)/g)].map(([, name, value]) => [name!, value!.replace(DOCS_SANDBOX, stage.sandbox.info.publicApiUrl).replace('http://localhost:3000', origin)]),
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

