/**
 * Trust, round three (issue 33, the server piece), over real HTTP on loopback:
 * - a per-client budget that cannot tell visitors apart says so: the first request through a
 *   proxy while `trustProxy` is 0, or one with no client id on a fetch entry without
 *   `getClientId`, is told to `onError` once per handler, naming the option to set;
 * - the token route checks what `generateToken` returned before handing it out: a signed HS256
 *   JWT signed with the partner secret key, with a numeric `exp` in the future and at most one hour ahead, else 502
 *   `signing_failed` and `onError`; `expiresAt` is the token's own `exp`;
 * - the default log line escapes control characters from outside (no forged line, no ANSI).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { KyiConfigError, type KyiHandlerOptions } from '../../src/server/index.js';
import { createKyiHandler as createFetchHandler } from '../../src/server/fetch.js';
import { closeAfter } from './helpers/closing.js';
import { checkProxyAt } from './helpers/openapi-check.js';
import { nest, startRecordingUpstream } from './helpers/recording-upstream.js';
import { PREFIX, SESSION_COOKIE, defaultOptions, mount, postJson, startFixtureSandbox } from './helpers/server.js';

let sandbox: Sandbox;
before(async () => {
  sandbox = await startFixtureSandbox();
});
after(async () => {
  await sandbox.close();
});

const assetPath = (token: { chain: string; address: string }) => `/assets/${token.chain}/${token.address}`;

/** The errors `onError` heard that are the budget's notices (`KyiConfigError`). */
const notices = (errors: unknown[]) => errors.filter((e): e is KyiConfigError => e instanceof KyiConfigError);

describe('a per-client budget that cannot tell visitors apart says so', () => {
  it('two visitors behind a proxy with trustProxy 0: onError is told once, naming trustProxy', async () => {
    const m = await mount(sandbox);
    try {
      for (const [token, visitor] of [
        [F.pyusd, '203.0.113.7'],
        [F.usdc, '198.51.100.9'],
      ] as const) {
        const res = await fetch(m.base + assetPath(token), { headers: { 'x-forwarded-for': visitor } });
        assert.equal(res.status, 200);
      }
      // a batch through the proxy (the other route that counts against the budget), and a Forwarded header
      const batch = await postJson(`${m.base}/lookup`, { requests: [{ kind: 'asset', chain: F.pusd.chain, address: F.pusd.address }] }, { forwarded: 'for=192.0.2.60' });
      assert.equal(batch.status, 200);
      const told = notices(m.errors);
      assert.equal(told.length, 1, 'told once per handler');
      assert.equal(m.errors.length, 1, 'and nothing else');
      assert.match(told[0]!.message, /trustProxy/);
      assert.match(told[0]!.message, /X-Forwarded-For/);
    } finally {
      await m.close();
    }
  });

  it('a proxied request with trustProxy set, or a direct one with trustProxy 0, tells nothing', async () => {
    const proxied = await mount(sandbox, { trustProxy: 1 });
    const direct = await mount(sandbox);
    try {
      assert.equal((await fetch(proxied.base + assetPath(F.pyusd), { headers: { 'x-forwarded-for': '203.0.113.7' } })).status, 200);
      assert.equal((await fetch(direct.base + assetPath(F.pyusd))).status, 200);
      assert.deepEqual(proxied.errors, []);
      assert.deepEqual(direct.errors, []);
    } finally {
      await proxied.close();
      await direct.close();
    }
  });

  /** The fetch entry served as a fetch app (no peer address reaches the handler, as on an edge runtime). */
  async function fetchEntry(overrides: Partial<KyiHandlerOptions>): Promise<{ base: string; errors: unknown[]; close(): Promise<void> }> {
    const errors: unknown[] = [];
    let kyi: ReturnType<typeof createFetchHandler> | undefined;
    const server = createAdaptorServer({ fetch: (request: Request) => kyi!(request) }) as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const stopChecking = checkProxyAt(origin, PREFIX);
    kyi = closeAfter(createFetchHandler({ ...defaultOptions(sandbox, [], errors, { offsetMs: 0 }), publicOrigin: origin, ...overrides }));
    return {
      base: origin + PREFIX,
      errors,
      close: async () => {
        stopChecking();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  it('a fetch entry without getClientId: onError is told once, naming getClientId', async () => {
    const edge = await fetchEntry({});
    try {
      for (const token of [F.pyusd, F.usdc]) assert.equal((await fetch(edge.base + assetPath(token))).status, 200);
      const told = notices(edge.errors);
      assert.equal(told.length, 1, 'told once per handler');
      assert.equal(edge.errors.length, 1, 'and nothing else');
      assert.match(told[0]!.message, /getClientId/);
      assert.match(told[0]!.message, /cf-connecting-ip/i);
    } finally {
      await edge.close();
    }
  });

  it('a fetch entry with getClientId tells nothing; one whose getClientId finds no id is told once', async () => {
    const edge = await fetchEntry({ getClientId: (request) => request.headers.get('cf-connecting-ip') });
    try {
      assert.equal((await fetch(edge.base + assetPath(F.pyusd), { headers: { 'cf-connecting-ip': '203.0.113.7' } })).status, 200);
      assert.deepEqual(edge.errors, []);
      for (const token of [F.usdc, F.pusd]) assert.equal((await fetch(edge.base + assetPath(token))).status, 200);
      const told = notices(edge.errors);
      assert.equal(told.length, 1);
      assert.match(told[0]!.message, /getClientId returned no id/);
    } finally {
      await edge.close();
    }
  });

  it('with clientBudget off there is no budget to share, and nothing is told', async () => {
    const m = await mount(sandbox, { clientBudget: false });
    try {
      assert.equal((await fetch(m.base + assetPath(F.pyusd), { headers: { 'x-forwarded-for': '203.0.113.7' } })).status, 200);
      assert.deepEqual(m.errors, []);
    } finally {
      await m.close();
    }
  });
});

// ------------------------------------------------------------ the token route

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A compact JWT with this header and payload (an object as JSON, a string as is), HMAC-SHA256 signed with `secret` (or with the given signature). */
function jwt(header: object, payload: object | string, secret: string, signature?: string): string {
  const input = `${b64url(header)}.${b64url(payload)}`;
  return `${input}.${signature ?? createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** What a custom `generateToken` returns, given the route's `issuedAt` (this server's clock, s) and the partner secret. */
type Minter = (iat: number, secret: string) => string;

const HOSTILE_MINTS: [string, Minter, RegExp][] = [
  ['no exp', (iat, secret) => jwt({ alg: 'HS256' }, { sub: 'user-42', iat }, secret), /exp claim is missing/],
  ['a string exp', (iat, secret) => jwt({ alg: 'HS256' }, { sub: 'user-42', iat, exp: String(iat + 600) }, secret), /exp claim is not a number/],
  ['alg none, unsigned', (iat) => `${b64url({ alg: 'none' })}.${b64url({ sub: 'user-42', iat, exp: iat + 600 })}.`, /did not return a signed JWT/],
  ['alg none with a signature', (iat, secret) => jwt({ alg: 'none' }, { sub: 'user-42', iat, exp: iat + 600 }, secret), /alg "none"/],
  ['alg HS256 in another case', (iat, secret) => jwt({ alg: 'hs256' }, { sub: 'user-42', iat, exp: iat + 600 }, secret), /alg "hs256"/],
  ['a signature made with another key', (iat) => jwt({ alg: 'HS256' }, { sub: 'user-42', iat, exp: iat + 600 }, 'not-the-partner-secret'), /not signed with the partner secret key/],
  ['a signature cut short', (iat, secret) => jwt({ alg: 'HS256' }, { sub: 'user-42', iat, exp: iat + 600 }, secret).slice(0, -2), /not signed with the partner secret key/],
  ['an exp two hours ahead', (iat, secret) => jwt({ alg: 'HS256' }, { sub: 'user-42', iat, exp: iat + 7200 }, secret), /longer than one hour/],
  ['an exp in the past', (iat, secret) => jwt({ alg: 'HS256' }, { sub: 'user-42', iat: iat - 600, exp: iat - 10 }, secret), /already expired/],
  ['a payload that is not JSON', (_iat, secret) => jwt({ alg: 'HS256' }, 'not json', secret), /not base64url JSON/],
];

/** Mounts the handler with `mint` as its `generateToken`. */
function mountMinting(mint: Minter) {
  return mount(sandbox, (d) => ({ ...d, widget: { ...d.widget!, generateToken: ({ issuedAt, secretKey }) => mint(issuedAt!, secretKey) } }));
}

describe('the token route checks what it hands out', () => {
  for (const [what, mint, reason] of HOSTILE_MINTS) {
    it(`a custom generateToken returning a token with ${what}: 502 signing_failed, onError told why`, async () => {
      const m = await mountMinting(mint);
      try {
        const res = await postJson(`${m.base}/token`, {}, { cookie: SESSION_COOKIE });
        assert.equal(res.status, 502);
        const body = (await res.json()) as { code: string; message: string; accessToken?: string };
        assert.equal(body.code, 'signing_failed');
        assert.equal(body.accessToken, undefined);
        assert.equal(m.errors.length, 1);
        const told = m.errors[0] as { code?: string; message?: string };
        assert.equal(told.code, 'signing_failed');
        assert.match(told.message!, reason);
      } finally {
        await m.close();
      }
    });
  }

  it('a good token: 200, expiresAt is its own exp (not iat + expiresIn)', async () => {
    let exp = 0;
    const m = await mountMinting((iat, secret) => jwt({ alg: 'HS256' }, { sub: 'user-42', iss: 'p', iat, exp: (exp = iat + 600) }, secret));
    try {
      const res = await postJson(`${m.base}/token`, {}, { cookie: SESSION_COOKIE });
      assert.equal(res.status, 200);
      const body = (await res.json()) as { accessToken: string; expiresAt: string };
      assert.equal(body.expiresAt, new Date(exp * 1000).toISOString());
      assert.deepEqual(m.errors, []);
    } finally {
      await m.close();
    }
  });

  it('the built-in generateToken passes its own check: expiresAt is iat + expiresIn', async () => {
    const m = await mount(sandbox, (d) => ({ ...d, widget: { ...d.widget!, expiresIn: 900 } }));
    try {
      const res = await postJson(`${m.base}/token`, {}, { cookie: SESSION_COOKIE });
      assert.equal(res.status, 200);
      const { accessToken, expiresAt } = (await res.json()) as { accessToken: string; expiresAt: string };
      const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
      assert.equal(claims.exp, claims.iat + 900);
      assert.equal(expiresAt, new Date(claims.exp * 1000).toISOString());
    } finally {
      await m.close();
    }
  });
});

// ------------------------------------------------------------ the default log line

describe('the default log line escapes control characters', () => {
  it('an upstream error message with CR, LF, ESC, C1 and U+2028 is logged on one line, escaped', async (t) => {
    const up = await startRecordingUpstream();
    const lines: string[] = [];
    t.mock.method(console, 'error', (line: string) => void lines.push(line));
    const forged = 'down\r\n[kyi-elements/server] public:asset: upstream_auth: forged\x1b[31m red\x1b[0m\x9b2J\u2028after';
    up.respond = () => nest(500, forged, 'Internal Server Error');
    const m = await mount(sandbox, { onError: undefined, retries: 0, publicApi: { baseUrl: up.url, apiKey: sandbox.info.credentials.publicApiKey } });
    try {
      assert.equal((await fetch(m.base + assetPath(F.pyusd))).status, 502);
    } finally {
      await m.close();
      await up.close();
    }
    assert.equal(lines.length, 1, lines.join('\n'));
    const [line] = lines as [string];
    assert.match(line, /^\[kyi-elements\/server\] /);
    assert.doesNotMatch(line, /[\x00-\x1f\x7f-\x9f\u2028\u2029]/, 'no raw control character is left');
    assert.ok(line.includes('down\\r\\n[kyi-elements/server] public:asset: upstream_auth: forged\\x1b[31m red\\x1b[0m\\x9b2J\\u2028after'), line);
  });
});
