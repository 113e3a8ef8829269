/**
 * The README's quick start as a newcomer types it, from the packed tarball alone: a fresh folder,
 * `npm init -y` (npm 11 writes `"type": "commonjs"`), the README's shell lines (its `npm install
 * kyi-elements` installs the tarball; its `npx kyi-sandbox` runs the installed bin on a free port,
 * SANDBOX_PORT), its page as index.html and its server as server.js, then its `export` block and
 * `node server.js` in one shell. The server prints its address; Chromium opens it with every
 * request to another origin than loopback blocked (no CDN, no network), and the token status
 * settles on "verified" with the kit's code served from the installed package.
 * (Getting started's copy of the same blocks: recipes-*.test.ts; the two are held equal by
 * docs.test.ts.)
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { freePort } from './helpers/loopback.js';
import { packedTarball } from './helpers/packed.js';
import { launchChromium } from './helpers/chromium.js';

const run = promisify(execFile);
/** The addresses the README uses: the sandbox's and the partner server's. */
const README_SANDBOX = 'http://127.0.0.1:4010';
const README_ORIGIN = 'http://localhost:3000';

/** The README's fenced blocks between `## Install` and `## Documentation`. */
function quickStartBlocks(): string[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Install'), readme.indexOf('## Documentation'));
  return [...section.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

function block(blocks: string[], starts: string): string {
  const found = blocks.find((b) => b.startsWith(starts));
  assert.ok(found, `the README's quick start has no block starting "${starts}"`);
  return found;
}

/** Starts `sh -c script` in its own process group; resolves with its first stdout line. */
function startShell(script: string, cwd: string, env: Record<string, string>, started: ChildProcess[]): Promise<string> {
  const child = spawn('sh', ['-c', script], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.push(child);
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const lines = createInterface({ input: child.stdout! });
  return new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`\`${script}\` exited (${code}) before printing a line:\n${stderr}`)));
  });
}

let root: string;
let dir: string;
let browser: Browser;
const started: ChildProcess[] = [];

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'kyi-readme-'));
  dir = join(root, 'partner-site'); // `npm init -y` names the package after its folder
  await mkdir(dir);
  browser = await launchChromium();
});
after(async () => {
  // each shell's whole process group: npx runs the sandbox in a child of its own
  for (const child of started) if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
  await browser?.close();
  await rm(root, { recursive: true, force: true });
});

describe('README quick start, from the packed tarball in a fresh folder', () => {
  it('npm init -y, the shell lines, index.html and server.js as written: node prints its address and the page settles "verified" with no other origin reachable', async () => {
    const tarball = await packedTarball();
    const blocks = quickStartBlocks();
    const install = block(blocks, 'npm init -y').split('\n').filter(Boolean);
    const sandboxPort = await freePort();
    const port = await freePort();
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    const origin = `http://localhost:${port}`;
    const here = (text: string) => text.replaceAll(README_SANDBOX, sandboxUrl).replaceAll(README_ORIGIN, origin);

    await run('npm', ['init', '-y'], { cwd: dir });
    for (const line of install.map(here)) {
      if (line.startsWith('npx kyi-sandbox')) {
        // "leave it running": in the background, on a free port (the sandbox reads SANDBOX_PORT); its first line is its info
        const info = JSON.parse(await startShell(line, dir, { SANDBOX_PORT: String(sandboxPort) }, started)) as { publicApiUrl: string };
        assert.equal(info.publicApiUrl, sandboxUrl);
      } else {
        // npm install kyi-elements: this version, from the tarball (its dependencies from npm's cache)
        const typed = line.replace(/^npm install kyi-elements\b/, `npm install --prefer-offline --no-audit --no-fund ${tarball}`);
        await run('sh', ['-c', typed], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
      }
    }
    assert.equal(JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')).type, 'module', 'the shell lines make the project ES modules');

    await writeFile(join(dir, 'index.html'), here(block(blocks, '<meta name="kyi:proxy-url"')));
    await writeFile(join(dir, 'server.js'), block(blocks, "import { createServer } from 'node:http';"));
    const exported = here(block(blocks, 'export KYI_PUBLIC_ORIGIN='));
    const printed = await startShell(`${exported}\nexec node server.js`, dir, { PORT: String(port) }, started);
    assert.equal(printed, origin, 'the server prints the address to open');

    const page = await browser.newPage();
    const blocked: string[] = [];
    const scripts: string[] = [];
    const errors: string[] = [];
    try {
      await page.route('**/*', (route) => {
        const { hostname } = new URL(route.request().url());
        if (hostname === 'localhost' || hostname === '127.0.0.1') return route.continue();
        blocked.push(route.request().url());
        return route.abort('blockedbyclient');
      });
      page.on('requestfinished', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(printed);
      await page
        .waitForFunction(() => (document.querySelector('kyi-token-status') as { status?: string } | null)?.status === 'verified', undefined, { timeout: 60_000 })
        .catch((e: Error) => assert.fail(`the status did not settle on "verified" (${e.message}); blocked: ${blocked.join(', ') || 'none'}; console: ${errors.join(' | ') || 'none'}`));
      assert.deepEqual(blocked, [], 'the page asks for nothing beyond loopback');
      assert.ok(scripts.includes(`${origin}/kyi-elements/kyi-autoloader.js`), `the autoloader came from server.js: ${scripts.join(', ')}`);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
