/**
 * The docs' server recipes from the packed tarball (helpers/recipe-projects.ts): Express, Fastify,
 * Hono, the Node http server, the assets script, a replica on PostgreSQL, the pollers, the
 * monitoring page and the migration's `kyi()`; and that every stack has its recipe.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SANDBOX_FIXTURES } from '../../src/sandbox/index.js';
import { checkPageAnswers, checkProxyAt } from './helpers/openapi-check.js';
import { usePostgres } from './helpers/postgres.js';
import { importsOf } from './helpers/recipes.js';
import {
  ASSET_ID, CAIP19, STACKS, jsProject, jsServer, kyiEnv, lookup, nodeServer, recipes, routeCdn, run, sessionCookie, settles, stage, token, track, until, useRecipes,
} from './helpers/recipe-projects.js';

useRecipes('recipes-servers');
const db = usePostgres();

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
    assert.equal(await autoloader.text(), await readFile(join(stage.work, 'node_modules/kyi-elements/dist/cdn/kyi-autoloader.js'), 'utf8'));
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

describe('Server: the Node http server and every verified asset', () => {
  it('node server.mjs: lookups answer, a visitor without a session is asked to sign in, by the token and the Explorer routes', async () => {
    const origin = await jsServer('node-http');
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
    const res = await fetch(`${stage.sandbox.info.publicApiUrl}/assets?page_size=1&page_number=1`, { headers: { authorization: stage.sandbox.info.credentials.publicApiKey } });
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
    const origin = await jsServer('replicas', { DATABASE_URL: url.href });
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
    track(child);
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
    const origin = await jsServer('monitoring-page');
    const cdn = await routeCdn();
    const page = await stage.browser.newPage();
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
