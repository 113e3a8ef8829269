/**
 * No response, header or error from any route contains a configured key or secret:
 * every route, in success, validation failure, upstream failure (faults, refused keys) and
 * misconfiguration, over real HTTP. Errors are always `{ code, message }`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { PREFIX, SESSION_COOKIE, mount, rawRequest, secretsOf, startFixtureSandbox, type Mounted } from './helpers/server.js';

let sandbox: Sandbox;

before(async () => {
  sandbox = await startFixtureSandbox();
});
after(async () => {
  await sandbox.close();
});

interface Call {
  method?: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const UUID = '00000000-0000-4000-8000-000000000000';

function calls(origin: string): Call[] {
  const json = { 'content-type': 'application/json', origin };
  return [
    { path: '/capabilities' },
    { path: '/assets?page_size=3' },
    { path: `/assets/${F.pyusd.chain}/${F.pyusd.address}` },
    { path: `/assets/${F.usdc.accountId.split(':').join('/')}` },
    { path: `/assets/${F.unknown.chain}/${F.unknown.address}` },
    { path: `/kyi/v1/tokens?address=${F.multiChain.address}` },
    { path: `/kyi/v1/tokens?caip19=${encodeURIComponent(F.pusd.caip19)}` },
    { path: `/kyi/v1/tokens?address=${F.unknown.address}` },
    { path: '/kyi/v1/tokens?address=..%2Fx' },
    { path: '/assets/solana/%00' },
    {
      method: 'POST',
      path: '/lookup',
      headers: json,
      body: { requests: [{ kind: 'token', caip19: F.usdc.caip19 }, { kind: 'asset', chain: 'x', address: '..' }, { kind: 'asset', accountId: F.pusd.accountId }] },
    },
    { method: 'POST', path: '/lookup', headers: json, body: { nope: true } },
    { method: 'POST', path: '/token', headers: { cookie: SESSION_COOKIE, origin } },
    { method: 'POST', path: '/token', headers: { origin } },
    { method: 'POST', path: '/token', headers: { cookie: SESSION_COOKIE, origin: 'https://evil.example' } },
    { path: '/token' },
    { path: '/explorer/health' },
    { path: '/explorer/me/watchlist' },
    { path: '/explorer/me/monitoring/changes?sort=impact' },
    { path: '/explorer/me/notifications' },
    { path: '/explorer/tokenomics/changes?limit=3' },
    { path: '/explorer/tokenomics/changes?since=tfc1_bogus' },
    { path: `/explorer/assets/${UUID}/tokenomics/changes` },
    { method: 'POST', path: '/explorer/me/watchlist', headers: json, body: { assetId: UUID } },
    { method: 'PATCH', path: `/explorer/me/watchlist/${UUID}`, headers: json, body: { note: null } },
    { method: 'DELETE', path: `/explorer/me/watchlist/${UUID}`, headers: { origin } },
    { path: '/explorer/me/unknown' },
    { path: '/nothing-here' },
  ];
}

async function sweep(m: Mounted, secrets: string[]): Promise<string[]> {
  const leaks: string[] = [];
  for (const call of calls(m.origin)) {
    const res = await rawRequest(m.origin, PREFIX + call.path, {
      method: call.method ?? 'GET',
      headers: call.headers,
      body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
    });
    const headerText = JSON.stringify(res.headers);
    for (const secret of secrets) {
      if (res.text.includes(secret) || headerText.includes(secret)) leaks.push(`${call.method ?? 'GET'} ${call.path} → ${res.status}`);
    }
    const body = res.status >= 400 ? (res.json() as Record<string, unknown>) : {};
    // the token lookup's 404 is a result with the service's own shape
    if (res.status >= 400 && !('kyi_verified' in body)) {
      assert.equal(typeof body['code'], 'string', `${call.path}: error has a code`);
      assert.equal(typeof body['message'], 'string', `${call.path}: error has a message`);
    }
  }
  return leaks;
}

describe('no secret leaves the server', () => {
  it('on every route, healthy upstream', async () => {
    const m = await mount(sandbox);
    try {
      sandbox.reset();
      assert.deepEqual(await sweep(m, secretsOf(sandbox)), []);
    } finally {
      await m.close();
    }
  });

  it('on every route, with every upstream call failing (500, malformed, 429, slow)', async () => {
    for (const fault of [
      { kind: 'status', status: 500 },
      { kind: 'malformed' },
      { kind: 'rate-limit', retryAfterSeconds: 60 },
      { kind: 'slow', delayMs: 10_000 },
    ] as const) {
      const m = await mount(sandbox, { timeoutMs: 100, retries: 0 });
      try {
        sandbox.reset();
        sandbox.faults.set('*', fault);
        assert.deepEqual(await sweep(m, secretsOf(sandbox)), [], fault.kind);
      } finally {
        sandbox.faults.clear();
        await m.close();
      }
    }
  });

  it('with keys the service refuses (wrong Public API key, revoked Explorer key)', async () => {
    const wrongPublic = 'kyi_wrong_public_key_that_must_not_leak_000';
    const m = await mount(sandbox, (d) => ({
      ...d,
      publicApi: { ...d.publicApi, apiKey: wrongPublic },
      explorer: { ...d.explorer!, apiKey: sandbox.info.credentials.explorerKeys.revoked },
    }));
    try {
      sandbox.reset();
      assert.deepEqual(await sweep(m, [...secretsOf(sandbox), wrongPublic]), []);
      const res = await fetch(`${m.base}/assets/${F.pyusd.chain}/${F.pyusd.address}`);
      assert.equal(res.status, 502);
      assert.equal(((await res.json()) as { code: string }).code, 'upstream_auth');
    } finally {
      await m.close();
    }
  });

  it('when the upstream echoes the key in an error message', async () => {
    const key = sandbox.info.credentials.publicApiKey;
    const m = await mount(sandbox, {
      fetch: async () =>
        new Response(JSON.stringify({ message: `address is invalid for key ${key}`, statusCode: 400 }), {
          status: 400,
          headers: { 'content-type': 'application/json', 'x-api-key': key },
        }),
    });
    try {
      const res = await rawRequest(m.origin, `${PREFIX}/kyi/v1/tokens?address=abc`);
      assert.equal(res.status, 400);
      assert.ok(!res.text.includes(key));
      assert.ok(!JSON.stringify(res.headers).includes(key));
    } finally {
      await m.close();
    }
  });
});
