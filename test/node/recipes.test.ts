/**
 * The docs' server recipes (examples/*.ts, included by docs/server.md) run end to end over real HTTP against the
 * sandbox: the session reaches `getUserId` / `authorize` in each framework, lookups and
 * request bodies go through, and every answer matches the proxy's OpenAPI document.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { sign } from 'hono/jwt';
import { decodeJwt } from 'jose';
import { SANDBOX_FIXTURES, type Sandbox } from '../../src/sandbox/index.js';
import { createExpressApp } from '../../examples/express.js';
import { createFastifyApp } from '../../examples/fastify.js';
import { createHonoApp } from '../../examples/hono.js';
import { createRouteHandlers } from '../../examples/next-route.js';
import { kyiDevServer } from '../../examples/vite.js';
import { createServer as createViteServer } from 'vite';
import type { KyiEnv } from 'kyi-elements/server';
import { checkProxyAt, checkResponse } from './helpers/openapi-check.js';
import { startFixtureSandbox } from './helpers/server.js';

const SECRET = 'recipe-session-secret-0123456789abcdef';
const tokensPath = `/api/kyi/kyi/v1/tokens?caip19=${encodeURIComponent(SANDBOX_FIXTURES.pyusd.caip19)}`;
const ASSET_ID = '00000000-0000-4000-8000-000000000000';

/** The partner page's origin: browser calls to the token route come from it. */
const PAGE = 'https://partner.example';
let sandbox: Sandbox;
let env: KyiEnv;
const servers: Server[] = [];
before(async () => {
  sandbox = await startFixtureSandbox();
  const { info } = sandbox;
  env = {
    KYI_PUBLIC_API_URL: info.publicApiUrl,
    KYI_PUBLIC_API_KEY: info.credentials.publicApiKey,
    KYI_EXPLORER_URL: info.explorerUrl,
    KYI_EXPLORER_KEY: info.credentials.explorerKeys.full,
    KYI_EXPLORER_WRITES: 'true',
    KYI_PARTNER_ID: info.credentials.partnerId,
    KYI_PARTNER_SECRET: info.credentials.secretKey,
    // the site's origin as browsers see it (the servers below listen behind it on loopback)
    KYI_PUBLIC_ORIGIN: PAGE,
  };
});
after(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await sandbox.close();
});

/** Listens on loopback (port 0); the answers under /api/kyi are checked against the proxy document. */
async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  checkProxyAt(origin, '/api/kyi');
  return origin;
}

/** `POST /api/kyi/token` → the access token's `sub`, or the error code. */
async function tokenUser(origin: string, cookie?: string): Promise<{ status: number; sub?: string; code?: string }> {
  const res = await fetch(`${origin}/api/kyi/token`, {
    method: 'POST',
    headers: { origin: PAGE, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
  const body = (await res.json()) as { accessToken?: string; code?: string };
  return { status: res.status, sub: body.accessToken ? decodeJwt(body.accessToken).sub : undefined, code: body.code };
}

const verified = async (res: Response) => ((await res.json()) as { kyi_verified: boolean }).kyi_verified;

describe('Express with express-session', () => {
  it('reads the session in getUserId and authorize; lookups need no session', async () => {
    const origin = await listen(createServer(createExpressApp(env, SECRET)));
    assert.equal(await verified(await fetch(origin + tokensPath)), true);
    assert.deepEqual(await tokenUser(origin), { status: 401, sub: undefined, code: 'session_required' });

    const login = async (userId: string, role: string) => {
      const res = await fetch(`${origin}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId, role }) });
      assert.equal(res.status, 204);
      return res.headers.get('set-cookie')!.split(';')[0]!;
    };
    const member = await login('member-7', 'member');
    assert.deepEqual(await tokenUser(origin, member), { status: 200, sub: 'member-7', code: undefined });

    const addToWatchlist = (cookie: string) =>
      fetch(`${origin}/api/kyi/explorer/me/watchlist`, {
        method: 'POST',
        headers: { cookie, origin: PAGE, 'content-type': 'application/json' },
        body: JSON.stringify({ assetId: ASSET_ID }),
      });
    const refused = await addToWatchlist(member);
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as { code: string }).code, 'forbidden');
    const staff = await login('staff-1', 'staff');
    // past authorize: the sandbox answers (this id is not in its registry)
    assert.equal((await addToWatchlist(staff)).status, 404);
  });
});

describe('Fastify', () => {
  it('passes request.user to getUserId and leaves request bodies to the handler', async () => {
    const app = await createFastifyApp(env, (request) => {
      const id = /(?:^|;\s*)user=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
      return id ? { id } : null;
    });
    await app.ready();
    const origin = await listen(app.server);
    assert.deepEqual(await tokenUser(origin, 'user=fastify-3'), { status: 200, sub: 'fastify-3', code: undefined });
    assert.equal((await tokenUser(origin)).code, 'session_required');
    const batch = await fetch(`${origin}/api/kyi/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ kind: 'token', caip19: SANDBOX_FIXTURES.pyusd.caip19 }] }),
    });
    assert.equal(batch.status, 200);
    assert.equal(((await batch.json()) as { results: Array<{ status: number }> }).results[0]!.status, 200);
  });
});

describe('Hono', () => {
  for (const mode of ['keep-request', 'no-prefix'] as const) {
    it(`app.mount('/api/kyi', …) answers under the mount path (${mode})`, async () => {
      const origin = await listen(createAdaptorServer({ fetch: createHonoApp(env, SECRET, mode).fetch }) as Server);
      assert.equal(await verified(await fetch(origin + tokensPath)), true);
      const session = await sign({ sub: 'hono-5', exp: Math.floor(Date.now() / 1000) + 600 }, SECRET, 'HS256');
      assert.deepEqual(await tokenUser(origin, `session=${session}`), { status: 200, sub: 'hono-5', code: undefined });
      const forged = await sign({ sub: 'mallory' }, 'another-secret', 'HS256');
      assert.equal((await tokenUser(origin, `session=${forged}`)).code, 'session_required');
    });
  }
});

describe('Next.js route handlers', () => {
  it('the exported GET and POST are the fetch handler; the session comes from auth()', async () => {
    let session: { user: { id: string } } | null = null;
    const handlers = createRouteHandlers(env, async () => session);
    const origin = PAGE;
    // No server in between: each answer of the route handlers is checked against the proxy document here.
    const unchecked = checkProxyAt(origin, '/api/kyi');
    const checked = (method: 'GET' | 'POST') => async (request: Request) => {
      const response = await handlers[method](request);
      checkResponse(request.method, new URL(request.url), response);
      return response;
    };
    const [GET, POST] = [checked('GET'), checked('POST')];
    try {
      const lookup = await GET(new Request(origin + tokensPath));
      assert.equal(lookup.status, 200);
      const token = () => POST(new Request(`${origin}/api/kyi/token`, { method: 'POST', headers: { origin, 'content-type': 'application/json' } }));
      assert.equal(((await (await token()).json()) as { code: string }).code, 'session_required');
      session = { user: { id: 'next-9' } };
      const minted = (await (await token()).json()) as { accessToken: string };
      assert.equal(decodeJwt(minted.accessToken).sub, 'next-9');
    } finally {
      unchecked();
    }
  });
});

describe("Vite's dev server", () => {
  it('the plugin answers /api/kyi beside the page; the session reaches getUserId', async () => {
    const vite = await createViteServer({
      configFile: false,
      root: 'demo',
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
      plugins: [kyiDevServer(env, (req) => /(?:^|;\s*)user=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? null)],
    });
    try {
      await vite.listen();
      const origin = `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}`;
      const unchecked = checkProxyAt(origin, '/api/kyi');
      try {
        assert.equal(await verified(await fetch(origin + tokensPath)), true);
        assert.deepEqual(await tokenUser(origin), { status: 401, sub: undefined, code: 'session_required' });
        assert.deepEqual(await tokenUser(origin, 'user=vite-4'), { status: 200, sub: 'vite-4', code: undefined });
        // every other path is Vite's: the page
        assert.match(await (await fetch(origin + '/')).text(), /<kyi-/);
      } finally {
        unchecked();
      }
    } finally {
      await vite.close();
    }
  });
});
