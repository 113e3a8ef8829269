/**
 * POST {prefix}/token over real HTTP: no session 401, cross-origin 403 (both told to onError), not configured 503,
 * signing failure 502, `no-store`; the minted token verifies with the partner secret and
 * carries the session's user id (sub), the partner id (iss) and exp ≤ 1 h; the sandbox
 * widget accepts it.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import type { Sandbox } from '../../src/sandbox/index.js';
import { KyiError, type KyiNodeContext } from '../../src/server/index.js';
import { SESSION_COOKIE, SESSION_USER, mount, secretsOf, startFixtureSandbox, type Mounted } from './helpers/server.js';

let sandbox: Sandbox;
let m: Mounted;

before(async () => {
  sandbox = await startFixtureSandbox();
});
after(async () => {
  await sandbox.close();
});

/** A JSON POST from the page's own origin, as the browser's token client sends it. */
const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: new URL(url).origin, ...headers }, body: '{}' });
/** A POST with exactly `headers`. */
const postBare = (url: string, headers: Record<string, string>) => fetch(url, { method: 'POST', headers, body: '{}' });
const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

describe('POST /token', () => {
  beforeEach(async () => {
    m = await mount(sandbox, { allowedOrigins: ['https://app.partner.example'] });
  });
  afterEach(async () => {
    await m.close();
  });

  it('mints a token for the session user: verifies with the partner secret, sub, iss, exp ≤ 1 h', async () => {
    const res = await post(`${m.base}/token`, { cookie: SESSION_COOKIE, origin: m.origin });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const body = (await res.json()) as { accessToken: string; expiresAt: string };
    assert.deepEqual(Object.keys(body).sort(), ['accessToken', 'expiresAt']);
    const { payload } = await jwtVerify(body.accessToken, new TextEncoder().encode(sandbox.info.credentials.secretKey), {
      algorithms: ['HS256'],
    });
    assert.deepEqual(decodeProtectedHeader(body.accessToken), { alg: 'HS256' });
    assert.equal(payload.sub, SESSION_USER);
    assert.equal(payload.iss, sandbox.info.credentials.partnerId);
    assert.ok(payload.exp! - payload.iat! <= 3600);
    assert.ok(payload.exp! * 1000 - Date.now() <= 3600_000 + 1000);
    assert.equal(new Date(body.expiresAt).getTime(), payload.exp! * 1000, 'expiresAt is the exp claim, ISO 8601');
    assert.match(body.expiresAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('mints a fresh token per call', async () => {
    const a = (await (await post(`${m.base}/token`, { cookie: SESSION_COOKIE })).json()) as { accessToken: string };
    const b = (await (await post(`${m.base}/token`, { cookie: SESSION_COOKIE })).json()) as { accessToken: string };
    assert.ok(a.accessToken && b.accessToken);
  });

  it('the sandbox widget accepts the minted token', async () => {
    const { accessToken } = (await (await post(`${m.base}/token`, { cookie: SESSION_COOKIE })).json()) as { accessToken: string };
    const widget = await fetch(`${sandbox.info.widgetUrl}/widget/kyi?token=${encodeURIComponent(accessToken)}&embed=true`);
    const html = await widget.text();
    assert.equal(widget.status, 200);
    assert.ok(!/Invalid access token|Access token expired|Unknown partner/.test(html));
  });

  it('honours a shorter expiresIn', async () => {
    const short = await mount(sandbox, (d) => ({ ...d, widget: { ...d.widget!, expiresIn: 300 } }));
    try {
      const { accessToken } = (await (await post(`${short.base}/token`, { cookie: SESSION_COOKIE })).json()) as { accessToken: string };
      const { payload } = await jwtVerify(accessToken, new TextEncoder().encode(sandbox.info.credentials.secretKey));
      assert.equal(payload.exp! - payload.iat!, 300);
    } finally {
      await short.close();
    }
  });

  it('401 session_required without a session, told to onError once as the visitor\'s to fix', async () => {
    const res = await post(`${m.base}/token`, { origin: m.origin });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    assert.equal(await codeOf(res), 'session_required');
    assert.equal(m.errors.length, 1);
    const told = m.errors[0] as KyiError;
    assert.ok(told instanceof KyiError);
    assert.equal(told.code, 'session_required');
    assert.equal(told.status, 401);
    assert.match(told.message, /getUserId found no signed-in user/);
  });

  it('403 for a cross-origin request, even with a session', async () => {
    const res = await post(`${m.base}/token`, { cookie: SESSION_COOKIE, origin: 'https://evil.example' });
    assert.equal(res.status, 403);
    assert.equal(await codeOf(res), 'origin_not_allowed');
    const nullOrigin = await post(`${m.base}/token`, { cookie: SESSION_COOKIE, origin: 'null' });
    assert.equal(nullOrigin.status, 403);
  });

  it('403 origin_not_allowed for the page opened at another address than publicOrigin, naming both origins (onError once, no secret)', async () => {
    const port = new URL(m.origin).port;
    const expected = `http://localhost:${port}`;
    const local = await mount(sandbox, (d) => ({ ...d, publicOrigin: expected }));
    try {
      const res = await post(`${local.base}/token`, { cookie: SESSION_COOKIE, origin: local.origin });
      assert.equal(res.status, 403);
      const body = (await res.json()) as { code: string; message: string };
      assert.equal(body.code, 'origin_not_allowed');
      assert.ok(body.message.includes(local.origin) && body.message.includes(expected), body.message);
      assert.equal(local.errors.length, 1, 'one report per refused request');
      const told = local.errors[0] as KyiError;
      assert.ok(told instanceof KyiError);
      assert.equal(told.code, 'origin_not_allowed');
      assert.equal(told.status, 403);
      assert.ok(told.message.includes(local.origin), told.message);
      assert.ok(told.message.includes(`publicOrigin ${expected}`), told.message);
      for (const secret of secretsOf(sandbox)) assert.ok(!told.message.includes(secret) && !body.message.includes(secret));
    } finally {
      await local.close();
    }
  });

  it('403 for Sec-Fetch-Site cross-site / same-site without an allowed Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await postBare(`${m.base}/token`, { cookie: SESSION_COOKIE, 'content-type': 'application/json', 'sec-fetch-site': site });
      assert.equal(res.status, 403, site);
    }
  });

  it('allows an origin listed in allowedOrigins, and Sec-Fetch-Site: same-origin without an Origin', async () => {
    const listed = await post(`${m.base}/token`, { cookie: SESSION_COOKIE, origin: 'https://app.partner.example', 'sec-fetch-site': 'cross-site' });
    assert.equal(listed.status, 200);
    const same = await postBare(`${m.base}/token`, { cookie: SESSION_COOKIE, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' });
    assert.equal(same.status, 200);
  });

  it('a foreign Origin is never overridden by Sec-Fetch-Site: same-origin', async () => {
    const res = await post(`${m.base}/token`, { cookie: SESSION_COOKIE, origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' });
    assert.equal(res.status, 403);
  });

  it('403 for a request with neither Origin nor Sec-Fetch-Site', async () => {
    const res = await postBare(`${m.base}/token`, { cookie: SESSION_COOKIE, 'content-type': 'application/json' });
    assert.equal(res.status, 403);
    assert.equal(await codeOf(res), 'origin_not_allowed');
  });

  it('415 unsupported_media_type without Content-Type: application/json (a form post cannot mint)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await post(`${m.base}/token`, { cookie: SESSION_COOKIE, 'content-type': type });
      assert.equal(res.status, 415, type);
      assert.equal(await codeOf(res), 'unsupported_media_type');
    }
    const none = await postBare(`${m.base}/token`, { cookie: SESSION_COOKIE, origin: m.origin });
    assert.equal(none.status, 415);
  });

  it('the own origin comes from publicOrigin, not Host (behind a TLS-terminating proxy)', async () => {
    const proxied = await mount(sandbox, { publicOrigin: 'https://shop.partner.example', allowedOrigins: [] });
    try {
      const behind = await post(`${proxied.base}/token`, { cookie: SESSION_COOKIE, origin: 'https://shop.partner.example' });
      assert.equal(behind.status, 200);
      // the Host the request arrived with is not an allowed origin
      const host = await post(`${proxied.base}/token`, { cookie: SESSION_COOKIE, origin: proxied.origin });
      assert.equal(host.status, 403);
    } finally {
      await proxied.close();
    }
  });

  it('the token is issued at the injected clock\'s time', async () => {
    const then = Date.UTC(2030, 0, 1);
    const dated = await mount(sandbox, { clock: { now: () => then, sleep: async () => {} } });
    try {
      const { accessToken, expiresAt } = (await (await post(`${dated.base}/token`, { cookie: SESSION_COOKIE })).json()) as {
        accessToken: string;
        expiresAt: string;
      };
      const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
      assert.equal(payload.iat, then / 1000);
      assert.equal(expiresAt, new Date(then + 3600_000).toISOString());
    } finally {
      await dated.close();
    }
  });

  it('405 for GET', async () => {
    const res = await fetch(`${m.base}/token`, { headers: { cookie: SESSION_COOKIE } });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'POST');
  });

  it('503 not_configured without widget options', async () => {
    const bare = await mount(sandbox, (d) => ({ ...d, widget: undefined }));
    try {
      const res = await post(`${bare.base}/token`, { cookie: SESSION_COOKIE });
      assert.equal(res.status, 503);
      assert.equal(await codeOf(res), 'not_configured');
    } finally {
      await bare.close();
    }
  });

  it('502 signing_failed when signing throws, without leaking the secret or the error', async () => {
    const broken = await mount(sandbox, (d) => ({
      ...d,
      widget: {
        ...d.widget!,
        generateToken: () => {
          throw new Error(`HMAC failed for key ${sandbox.info.credentials.secretKey}`);
        },
      },
    }));
    try {
      const res = await post(`${broken.base}/token`, { cookie: SESSION_COOKIE });
      assert.equal(res.status, 502);
      const text = await res.text();
      assert.equal(JSON.parse(text).code, 'signing_failed');
      for (const secret of secretsOf(sandbox)) assert.ok(!text.includes(secret));
      assert.ok(!text.includes('HMAC'));
      assert.equal(broken.errors.length, 1, 'the partner hears about it through onError');
    } finally {
      await broken.close();
    }
  });

  it('502 signing_failed when a custom generateToken mints a token living over one hour', async () => {
    const { SignJWT } = await import('jose');
    const greedy = await mount(sandbox, (d) => ({
      ...d,
      widget: {
        ...d.widget!,
        generateToken: ({ issuer, secretKey, userId }) =>
          new SignJWT({})
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject(userId)
            .setIssuer(issuer)
            .setIssuedAt()
            .setExpirationTime('2h')
            .sign(new TextEncoder().encode(secretKey)),
      },
    }));
    try {
      const res = await post(`${greedy.base}/token`, { cookie: SESSION_COOKIE });
      assert.equal(res.status, 502);
    } finally {
      await greedy.close();
    }
  });

  it('500 internal_error when getUserId throws', async () => {
    const throwing = await mount(sandbox, {
      getUserId: () => {
        throw new Error('session store down');
      },
    });
    try {
      const res = await post(`${throwing.base}/token`, { cookie: SESSION_COOKIE });
      assert.equal(res.status, 500);
      assert.ok(!(await res.text()).includes('session store down'));
    } finally {
      await throwing.close();
    }
  });

  it("a getUserId that throws (session middleware mounted after the handler) is told to onError as getUserId's error, with the middleware-order hint", async () => {
    // what express-session's req.session is when its middleware runs after the handler: undefined
    const early = await mount(sandbox, { getUserId: (_request, { node }) => (node?.req as unknown as { session: { userId: string } }).session.userId });
    try {
      const res = await post(`${early.base}/token`, { cookie: SESSION_COOKIE });
      assert.equal(res.status, 500);
      assert.equal(early.errors.length, 1);
      const told = early.errors[0] as KyiError;
      assert.ok(told instanceof KyiError, 'a KyiError, not the raw TypeError');
      assert.match(told.message, /^getUserId threw TypeError: Cannot read properties of undefined \(reading 'userId'\)\. This is your getUserId's error/);
      assert.match(told.message, /session middleware before the kyi handler/);
      assert.ok(told.cause instanceof TypeError, 'the error itself is the cause');
      assert.ok(!(await res.text()).includes('userId'), 'the browser is not told the partner\'s code');
    } finally {
      await early.close();
    }
  });

  it('getUserId reads the Node request through handler.node, and gets {} through the fetch handler', async () => {
    const contexts: KyiNodeContext[] = [];
    const viaNode = await mount(sandbox, {
      getUserId: (_request, context) => {
        contexts.push(context as KyiNodeContext);
        return (context as KyiNodeContext).node?.req.headers['x-user'] as string | undefined;
      },
    });
    try {
      const headers = { 'content-type': 'application/json', origin: viaNode.origin, 'x-user': 'node-user' };
      const node = await fetch(`${viaNode.base}/token`, { method: 'POST', headers, body: '{}' });
      assert.equal(node.status, 200);
      assert.equal(contexts[0]?.clientAddress, '127.0.0.1');
      const plain = await viaNode.handler(new Request(`${viaNode.base}/token`, { method: 'POST', headers, body: '{}' }));
      assert.equal(plain.status, 401, 'without the Node adapter there is no Node request');
      assert.deepEqual(contexts[1], {});
    } finally {
      await viaNode.close();
    }
  });

  it('never calls upstream', async () => {
    sandbox.stats.reset();
    await (await post(`${m.base}/token`, { cookie: SESSION_COOKIE })).arrayBuffer();
    assert.equal(sandbox.stats.count(), 0);
  });
});
