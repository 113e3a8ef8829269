/**
 * The server piece inside real workerd (through miniflare) with no compatibility flag — no
 * `nodejs_compat` — as a partner's Cloudflare Worker gets it: the packed tarball (the run's
 * shared `npm run build` + `npm pack`) installed into a scratch app, and the Worker bundled
 * from it with the edge export conditions. The Worker answers a token
 * lookup, an asset lookup, `POST /token` and an Explorer route against the sandbox.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Miniflare } from 'miniflare';
import { SANDBOX_FIXTURES as F, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { bundleForEdge } from './helpers/edge-bundle.js';
import { checkProxyAt, checkResponse } from './helpers/openapi-check.js';
import { packedTarball } from './helpers/packed.js';

const run = promisify(execFile);
const ROOT = resolve('.');

/**
 * A Worker shaped like the docs' recipe (which recipes-*.test.ts runs as shipped): configuration
 * from the Worker's environment through \`kyiOptionsFromEnv\`, and a session lookup (here a
 * header the test sends). Made once per isolate; background refreshes finish through `ctx.waitUntil`.
 */
const WORKER = `
import { createKyiHandler, kyiOptionsFromEnv } from 'kyi-elements/server';

const userFromCookie = async (request) => request.headers.get('x-demo-user');

let kyi;
export default {
  fetch(request, env, ctx) {
    kyi ??= createKyiHandler({
      ...kyiOptionsFromEnv(env),
      getUserId: (r) => userFromCookie(r, env),
      authorize: async (r) => (await userFromCookie(r, env)) != null,
      getClientId: (r) => r.headers.get('cf-connecting-ip'),
    });
    if (typeof kyi.node !== 'undefined') return new Response('the Node entry was resolved', { status: 500 });
    const response = kyi(request);
    ctx.waitUntil(response.then(() => kyi.idle()));
    return response;
  },
};
`;

/** A scratch app with the packed package (and its dependencies) installed. */
async function installApp(dir: string, tarball: string): Promise<string> {
  const app = join(dir, 'app');
  const modules = join(app, 'node_modules');
  await mkdir(join(modules, 'kyi-elements'), { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', join(modules, 'kyi-elements'), '--strip-components=1']);
  for (const dep of ['jose', 'zod', 'lit', '@lit', 'lit-html', 'lit-element']) {
    await symlink(join(ROOT, 'node_modules', dep), join(modules, dep), 'dir').catch(() => undefined);
  }
  await writeFile(join(app, 'worker.js'), WORKER);
  return app;
}

describe('kyi-elements/server in workerd without nodejs_compat', () => {
  let dir: string;
  let sandbox: Sandbox;
  let mf: Miniflare;
  let nodeImports: string[];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kyi-workerd-'));
    sandbox = await startSandbox({ port: 0 });
    const app = await installApp(dir, await packedTarball());
    const bundle = await bundleForEdge('./worker.js', { cwd: app });
    nodeImports = bundle.nodeImports;
    const { info } = sandbox;
    mf = new Miniflare({
      modules: true,
      script: bundle.code,
      compatibilityDate: '2025-01-01',
      compatibilityFlags: [],
      bindings: {
        KYI_PUBLIC_ORIGIN: 'http://partner.example',
        KYI_PUBLIC_API_URL: info.publicApiUrl,
        KYI_PUBLIC_API_KEY: info.credentials.publicApiKey,
        KYI_EXPLORER_URL: info.explorerUrl,
        KYI_EXPLORER_KEY: info.credentials.explorerKeys.full,
        KYI_PARTNER_ID: info.credentials.partnerId,
        KYI_PARTNER_SECRET: info.credentials.secretKey,
      },
    });
    await mf.ready;
  });
  after(async () => {
    await mf?.dispose();
    await sandbox?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  // Every answer of the Worker is checked against openapi/proxy.json.
  const WORKER_ORIGIN = 'http://partner.example';
  const unchecked = checkProxyAt(WORKER_ORIGIN, '/api/kyi');
  after(unchecked);
  const get = async (path: string, init?: { method?: string; headers?: Record<string, string> }) => {
    const url = `${WORKER_ORIGIN}/api/kyi${path}`;
    const res = await mf.dispatchFetch(url, init);
    checkResponse(init?.method ?? 'GET', new URL(url), res as unknown as Response);
    return res;
  };

  it('the Worker bundled from the packed package imports no Node built-in', async () => {
    assert.deepEqual(nodeImports, []);
    const files = await readdir(join(dir, 'app/node_modules/kyi-elements/dist'));
    assert.ok(files.includes('server-fetch.js'));
  });

  it('answers a token lookup', async () => {
    const res = await get(`/kyi/v1/tokens?address=${F.pyusd.address}&chain_slug=solana`);
    const body = (await res.json()) as { data: Array<{ symbol?: string }> };
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.ok(body.data.length > 0);
  });

  it('answers an asset lookup', async () => {
    const res = await get(`/assets/${F.pyusd.chain}/${F.pyusd.address}`);
    const text = await res.text();
    assert.equal(res.status, 200, text);
    assert.doesNotMatch(text, new RegExp(sandbox.info.credentials.publicApiKey));
  });

  it('answers POST /token for a signed-in user, and 401 without one', async () => {
    const sameOrigin = { origin: 'http://partner.example', 'content-type': 'application/json' };
    const res = await get('/token', { method: 'POST', headers: { ...sameOrigin, 'x-demo-user': 'user-7' } });
    const body = (await res.json()) as { accessToken?: string };
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(typeof body.accessToken, 'string');
    assert.equal((await get('/token', { method: 'POST', headers: sameOrigin })).status, 401);
  });

  it('answers an Explorer route', async () => {
    assert.equal((await get('/explorer/me/watchlist')).status, 401, 'signed out: authorize refused and getUserId finds no one');
    const res = await get('/explorer/me/watchlist', { headers: { 'x-demo-user': 'user-7' } });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    assert.doesNotMatch(text, /bx_live_/);
    assert.ok(sandbox.stats.count('explorer:watchlist') >= 1);
  });
});
