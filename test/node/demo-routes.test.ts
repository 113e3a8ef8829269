/**
 * The demo backend (`npm start`) as an attacker meets it, over real HTTP on loopback (issue 33):
 * - its own state-changing routes (`/demo/session`, `/demo/faults`, `/demo/reset`) keep the
 *   server piece's CSRF rule: a cross-site `text/plain` form post (a login CSRF) is refused,
 *   the demo page's own JSON calls still pass (the page itself: `demo.test.ts`, in Chromium);
 * - the server piece is mounted through `kyi.node`, as partners do, so a `POST /api/kyi/lookup`
 *   body dripped in two bytes a second is cut off by the body deadline.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.js';
import { rawRequest, trickle, type RawResponse } from './helpers/server.js';

let root: string;
let server: DemoServer;
before(async () => {
  // no page is needed: the routes are what is under test
  root = await mkdtemp(join(tmpdir(), 'kyi-demo-routes-'));
  server = await startDemoServer({ port: 0, root, env: {}, bodyTimeoutMs: 1500 });
});
after(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

const EVIL = 'https://evil.example';
const FAULT = JSON.stringify({ route: 'public:asset', fault: { kind: 'status', status: 500 } });

/** A form post from another site: `<form method=post enctype=text/plain action=…>`, as the browser sends it. */
const crossSiteForm = (path: string, body = 'a=b') =>
  rawRequest(server.url, path, {
    method: 'POST',
    headers: { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain', 'content-length': String(body.length) },
    body,
  });

/** What the demo page sends: JSON, from its own origin (Chromium sends `Origin` on every POST and DELETE). */
const ownCall = (path: string, method: 'POST' | 'DELETE', body = '{}') =>
  rawRequest(server.url, path, {
    method,
    headers: { origin: server.url, 'sec-fetch-site': 'same-origin', ...(method === 'POST' ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}) },
    ...(method === 'POST' ? { body } : {}),
  });

const codeOf = (res: RawResponse) => (res.json() as { code: string }).code;

describe("the demo's own state-changing routes", () => {
  for (const path of ['/demo/session', '/demo/faults', '/demo/reset']) {
    it(`${path}: a cross-site text/plain form post is refused with 403 origin_not_allowed`, async () => {
      const res = await crossSiteForm(path, path === '/demo/faults' ? FAULT : 'a=b');
      assert.equal(res.status, 403);
      assert.equal(codeOf(res), 'origin_not_allowed');
      assert.equal(res.headers['set-cookie'], undefined, 'no session was started');
    });
  }

  it('a sign-in with neither Origin nor Sec-Fetch-Site (not a page of this site) is refused', async () => {
    const res = await rawRequest(server.url, '/demo/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(res.status, 403);
    assert.equal(res.headers['set-cookie'], undefined);
  });

  it('a cross-site fault post arms nothing: the next lookup is answered by the service', async () => {
    assert.equal((await crossSiteForm('/demo/faults', FAULT)).status, 403);
    const res = await fetch(`${server.url}/api/kyi/assets/ethereum/0x${'ab'.repeat(20)}`);
    assert.equal(res.status, 404, 'not the 502 of an armed fault');
  });

  it('from the page itself, a text/plain post is 415: a POST to the demo routes is JSON', async () => {
    const res = await rawRequest(server.url, '/demo/session', { method: 'POST', headers: { origin: server.url, 'content-type': 'text/plain' }, body: 'a=b' });
    assert.equal(res.status, 415);
    assert.equal(codeOf(res), 'unsupported_media_type');
  });

  it("the page's own calls pass: sign in and out, arm and clear a fault, reset", async () => {
    const signIn = await ownCall('/demo/session', 'POST');
    assert.equal(signIn.status, 200);
    assert.match(String(signIn.headers['set-cookie']), /kyi_demo_session=/);
    assert.equal((await ownCall('/demo/session', 'DELETE')).status, 200);
    assert.deepEqual((await ownCall('/demo/faults', 'POST', FAULT)).json(), { armed: 'public:asset' });
    assert.equal((await fetch(`${server.url}/api/kyi/assets/ethereum/0x${'cd'.repeat(20)}`)).status, 502, 'the fault is armed');
    assert.equal((await ownCall('/demo/faults', 'DELETE')).status, 200);
    assert.equal((await ownCall('/demo/reset', 'POST')).status, 200);
  });
});

describe('the demo mounts the server piece through kyi.node', () => {
  it('a POST /api/kyi/lookup dripped in two bytes a second gets 408 request_timeout, and the connection is closed', { timeout: 60_000 }, async () => {
    assert.deepEqual(await trickle(server.url, '/api/kyi/lookup', { origin: server.url }), { status: 408, code: 'request_timeout', connection: 'close' });
  });

  it("the demo's own routes keep the same deadline", { timeout: 60_000 }, async () => {
    assert.deepEqual(await trickle(server.url, '/demo/faults', { origin: server.url }), { status: 408, code: 'request_timeout', connection: 'close' });
  });
});

describe('npm start with the variables of an older setup', () => {
  it('refuses to fall back to the embedded sandbox without a word: it names each variable it does not read and the one meant', async () => {
    const env = { KYI_BASE_URL: 'https://api.example', KYI_API_KEY: 'pk', KYI_SECRET_KEY: 's' };
    await assert.rejects(startDemoServer({ port: 0, root, env }), (e: Error) =>
      ['KYI_BASE_URL', 'KYI_PUBLIC_API_URL', 'KYI_API_KEY', 'KYI_PUBLIC_API_KEY', 'KYI_SECRET_KEY', 'KYI_PARTNER_SECRET', 'embedded sandbox'].every((w) => e.message.includes(w)),
    );
  });
});
