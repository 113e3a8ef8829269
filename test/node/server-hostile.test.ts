/**
 * Hostile parameters: path traversal, encoded slashes, CRLF, NUL, oversize, non-ASCII and
 * friends get 400 `invalid_parameter` naming the parameter, and never reach upstream
 * (the sandbox sees zero requests). Paths are sent byte for byte over real HTTP.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { LOOKUP_BODY_MAX_BYTES } from '../../src/server/lookup/routes.js';
import { PREFIX, mount, rawRequest, startFixtureSandbox, type Mounted } from './helpers/server.js';

let sandbox: Sandbox;
let m: Mounted;

before(async () => {
  sandbox = await startFixtureSandbox();
  m = await mount(sandbox);
});
after(async () => {
  await m.close();
  await sandbox.close();
});

const UUID = '2529b56e-f3ce-47a9-b199-07086b5b972c';
const SOL = F.pyusd.address;

interface Case {
  /** Path after the prefix, sent as is. */
  path: string;
  /** The parameter the message must name. */
  param: string;
  method?: string;
  body?: unknown;
}

const CASES: Case[] = [
  // ---- GET /assets/{chain}/{address}
  { path: '/assets/solana/..%2F..%2Fetc%2Fpasswd', param: 'address' },
  { path: '/assets/solana/%2e%2e%2fadmin', param: 'address' },
  { path: '/assets/solana/abc%5C..%5Cwindows', param: 'address' },
  { path: '/assets/solana/abc%00def', param: 'address' },
  { path: '/assets/solana/abc%0d%0aSet-Cookie:x=1', param: 'address' },
  { path: '/assets/solana/abc%0aX', param: 'address' },
  { path: '/assets/solana/abc%09def', param: 'address' },
  { path: '/assets/solana/%E2%80%AEabc', param: 'address' },
  { path: '/assets/solana/%C3%A9t%C3%A9', param: 'address' },
  { path: '/assets/solana/%EF%BC%8Fetc', param: 'address' },
  { path: `/assets/solana/${'a'.repeat(300)}`, param: 'address' },
  { path: `/assets/solana/${'a'.repeat(129)}`, param: 'address' },
  { path: '/assets/solana/abc%20def', param: 'address' },
  { path: '/assets/solana/abc%252Fdef', param: 'address' },
  { path: '/assets/solana/%ZZ', param: 'address' },
  { path: '/assets/solana/%FF%FE', param: 'address' },
  { path: '/assets/solana/a%3Cscript%3E', param: 'address' },
  { path: '/assets/solana/javascript:alert(1)', param: 'address' },
  { path: '/assets/solana/.hidden', param: 'address' },
  { path: '/assets/solana/a..b', param: 'address' },
  { path: '/assets/solana/abc%3Fx%3D1', param: 'address' },
  { path: '/assets/solana/abc%23frag', param: 'address' },
  { path: '/assets/solana/abc;rm', param: 'address' },
  { path: '/assets/solana/$(id)', param: 'address' },
  { path: `/assets/SOLANA/${SOL}`, param: 'chain' },
  { path: `/assets/sol%2Fana/${SOL}`, param: 'chain' },
  { path: `/assets/..%2Fkyi/${SOL}`, param: 'chain' },
  { path: `/assets/%00/${SOL}`, param: 'chain' },
  { path: `/assets/${'c'.repeat(40)}/${SOL}`, param: 'chain' },
  { path: `/assets/sol_ana/${SOL}`, param: 'chain' },
  // ---- GET /assets/{namespace}/{reference}/{address}
  { path: '/assets/eip155/1/%2e%2e%2f%2e%2e', param: 'address' },
  { path: '/assets/EIP155/1/0xabc', param: 'namespace' },
  { path: '/assets/eip155/1%2F2/0xabc', param: 'reference' },
  { path: `/assets/eip155/${'1'.repeat(40)}/0xabc`, param: 'reference' },
  { path: '/assets/ab/1/0xabc', param: 'namespace' },
  { path: '/assets/eip155/1/0x%0d%0a', param: 'address' },
  { path: '/assets/eip155/1%00/0xabc', param: 'reference' },
  { path: '/assets/eip155/1/0xabc?x=1', param: 'x' },
  // ---- GET /kyi/v1/tokens
  { path: '/kyi/v1/tokens?address=..%2F..%2Fadmin', param: 'address' },
  { path: '/kyi/v1/tokens?address=abc%0d%0aX-Injected:1', param: 'address' },
  { path: '/kyi/v1/tokens?address=abc%00', param: 'address' },
  { path: '/kyi/v1/tokens?address=%E2%80%AEabc', param: 'address' },
  { path: '/kyi/v1/tokens?address=abc&address=def', param: 'address' },
  { path: '/kyi/v1/tokens?caip19=eip155:1/erc20:0xabc/..', param: 'caip19' },
  { path: '/kyi/v1/tokens?caip19=eip155:1/erc20:..%252F', param: 'caip19' },
  { path: '/kyi/v1/tokens?caip19=not-a-caip', param: 'caip19' },
  { path: '/kyi/v1/tokens?caip19=eip155:1%2Ferc20:0xabc&address=0xabc', param: 'caip19' },
  { path: '/kyi/v1/tokens?chain_slug=solana', param: 'chain_slug' },
  { path: '/kyi/v1/tokens', param: 'caip19' },
  { path: '/kyi/v1/tokens?address=abc&chain_slug=SOL%0A', param: 'chain_slug' },
  { path: '/kyi/v1/tokens?address=abc&chain_slug=..%2Fx', param: 'chain_slug' },
  { path: '/kyi/v1/tokens?address=abc&evil=1', param: 'evil' },
  { path: `/kyi/v1/tokens?address=${'a'.repeat(200)}`, param: 'address' },
  { path: '/kyi/v1/tokens?a%0d%0ab=1', param: 'query' },
  { path: `/kyi/v1/tokens?address=abc&${'x'.repeat(2100)}=1`, param: 'query' },
  { path: '/kyi/v1/tokens?address=a%20b', param: 'address' },
  { path: '/kyi/v1/tokens?address=', param: 'address' },
  // ---- GET /assets (paging)
  { path: '/assets?page_size=-1', param: 'page_size' },
  { path: '/assets?page_size=1e3', param: 'page_size' },
  { path: '/assets?page_number=99999999999', param: 'page_number' },
  { path: '/assets?page_size=10%00', param: 'page_size' },
  { path: '/assets?page_size=abc', param: 'page_size' },
  { path: '/assets?page_size=0', param: 'page_size' },
  { path: '/assets?page=2', param: 'page' },
  // ---- Explorer proxy
  { path: '/explorer/me/watchlist/..%2F..%2Fadmin', param: 'id', method: 'DELETE' },
  { path: '/explorer/me/watchlist/not-a-uuid', param: 'id', method: 'PATCH', body: { note: 'x' } },
  { path: `/explorer/me/watchlist/${UUID}%00`, param: 'id', method: 'DELETE' },
  { path: '/explorer/me/monitoring/changes?days=abc', param: 'days' },
  { path: '/explorer/me/monitoring/changes?days=-5', param: 'days' },
  { path: '/explorer/me/monitoring/changes?materiality=severe', param: 'materiality' },
  { path: `/explorer/me/monitoring/changes?item=${Array.from({ length: 26 }, () => UUID).join(',')}`, param: 'item' },
  { path: '/explorer/me/monitoring/changes?item=..%2Fx', param: 'item' },
  { path: '/explorer/me/monitoring/changes?sort=random', param: 'sort' },
  { path: '/explorer/me/monitoring/changes?unknown=1', param: 'unknown' },
  { path: '/explorer/me/monitoring/changes?category=disclosure%0d%0a', param: 'category' },
  { path: '/explorer/me/monitoring/changes?newOnly=yes', param: 'newOnly' },
  { path: '/explorer/tokenomics/changes?limit=500', param: 'limit' },
  { path: '/explorer/tokenomics/changes?since=tfc1_%00', param: 'since' },
  { path: '/explorer/tokenomics/changes?since=..%2F..', param: 'since' },
  { path: '/explorer/tokenomics/changes?page=%E2%80%AE', param: 'page' },
  { path: '/explorer/assets/not-a-uuid/tokenomics/changes', param: 'id' },
  { path: '/explorer/me/notifications?unread=yes', param: 'unread' },
  { path: '/explorer/me/watchlist?x=1', param: 'x' },
  { path: '/explorer/me/watchlist', param: 'assetId', method: 'POST', body: { assetId: '../x' } },
  { path: '/explorer/me/watchlist', param: 'assetId', method: 'POST', body: { assetId: `${UUID}\r\n` } },
  { path: '/explorer/me/watchlist', param: 'extra', method: 'POST', body: { assetId: UUID, extra: 1 } },
  { path: `/explorer/me/watchlist/${UUID}`, param: 'note', method: 'PATCH', body: { note: 'n'.repeat(501) } },
  { path: `/explorer/me/watchlist/${UUID}`, param: 'monitoringEnabled', method: 'PATCH', body: { monitoringEnabled: 'false' } },
];

describe('hostile parameters', () => {
  it(`has at least 50 cases (${CASES.length})`, () => {
    assert.ok(CASES.length >= 50);
  });

  it('every case gets 400 naming the parameter (or, for an encoded slash in the path, malformed_path), and upstream sees nothing', async () => {
    sandbox.stats.reset();
    const failures: string[] = [];
    for (const c of CASES) {
      const res = await rawRequest(m.origin, PREFIX + c.path, {
        method: c.method ?? 'GET',
        headers: c.body !== undefined ? { 'content-type': 'application/json', origin: m.origin } : { origin: m.origin },
        body: c.body !== undefined ? JSON.stringify(c.body) : undefined,
      });
      let body: { code?: string; message?: string } = {};
      try {
        body = res.json() as typeof body;
      } catch {
        /* reported below */
      }
      // an encoded slash or backslash in the path is refused before routing, whatever the route
      const pathLevel = /%2f|%5c/i.test(c.path.split('?')[0]!);
      const ok =
        res.status === 400 &&
        (pathLevel
          ? body.code === 'malformed_path'
          : ['invalid_parameter', 'invalid_cursor', 'invalid_page'].includes(body.code ?? '') &&
            typeof body.message === 'string' &&
            body.message.includes(`"${c.param}"`));
      if (!ok) failures.push(`${c.method ?? 'GET'} ${c.path.slice(0, 80)} → ${res.status} ${res.text.slice(0, 160)}`);
    }
    assert.deepEqual(failures, []);
    assert.equal(sandbox.stats.count(), 0, 'no hostile request reached the sandbox');
  });

  it('never echoes the hostile value in the message', async () => {
    const res = await rawRequest(m.origin, `${PREFIX}/assets/solana/%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
    assert.equal(res.status, 400);
    assert.ok(!res.text.includes('script'));
  });

  it('batch entries with hostile values get a 400 result each, and upstream sees nothing', async () => {
    sandbox.stats.reset();
    const requests = [
      { kind: 'asset', chain: 'solana', address: '../../etc/passwd' },
      { kind: 'asset', chain: 'solana', address: 'abc\r\nSet-Cookie: x=1' },
      { kind: 'asset', chain: 'solana', address: 'abc\u0000' },
      { kind: 'asset', chain: 'solana', address: '\u202Eabc' },
      { kind: 'asset', chain: 'solana', address: 'a'.repeat(10_000) },
      { kind: 'asset', chain: 'solana/../x', address: SOL },
      { kind: 'asset', accountId: 'eip155:1:0xabc/../../x' },
      { kind: 'asset', accountId: 'eip155:1' },
      { kind: 'token', caip19: 'eip155:1/erc20:%2e%2e' },
      { kind: 'token', address: 'abc', caip19: F.usdc.caip19 },
      { kind: 'token', address: 42 },
      { kind: 'token', chainSlug: 'solana' },
      { kind: 'asset', chain: 'solana', address: { $gt: '' } },
      { kind: '__proto__' },
      null,
      'solana',
    ];
    const res = await rawRequest(m.origin, `${PREFIX}/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests }),
    });
    assert.equal(res.status, 200);
    const { results } = res.json() as { results: Array<{ status: number; body: { code: string; message: string } }> };
    assert.equal(results.length, requests.length);
    results.forEach((r, i) => {
      assert.equal(r.status, 400, `entry ${i}`);
      assert.equal(r.body.code, 'invalid_parameter', `entry ${i}`);
      assert.match(r.body.message, new RegExp(`requests\\[${i}\\]`), `entry ${i} names itself`);
    });
    assert.equal(sandbox.stats.count(), 0);
  });

  it('raw dot segments are refused before routing and never reach upstream', async () => {
    sandbox.stats.reset();
    for (const path of ['/assets/solana/../../../etc/passwd', '/assets/../../explorer/health', '/kyi/v1/../../../assets']) {
      const res = await rawRequest(m.origin, PREFIX + path);
      assert.equal(res.status, 400, path);
      assert.equal((res.json() as { code: string }).code, 'malformed_path', path);
    }
    assert.equal(sandbox.stats.count(), 0);
  });

  it('refuses an oversize body and an oversize URL', async () => {
    sandbox.stats.reset();
    const big = await rawRequest(m.origin, `${PREFIX}/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [], pad: 'x'.repeat(LOOKUP_BODY_MAX_BYTES + 1) }),
    });
    assert.equal(big.status, 413);
    assert.equal((big.json() as { code: string }).code, 'payload_too_large');
    // past the Node adapter's own limit the code is the same (node-adapter.test.ts)
    const long = await rawRequest(m.origin, `${PREFIX}/assets/solana/${'a'.repeat(5000)}`);
    assert.equal(long.status, 400);
    assert.equal(sandbox.stats.count(), 0);
  });
});
