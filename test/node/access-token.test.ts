import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  TOKEN_STATUS_CODES,
  TokenSlot,
  isUsable,
  jwtExpiry,
  requestAccessToken,
  type AccessToken,
} from '../../src/client/access-token.js';
import { codeForStatus, KyiRequestError } from '../../src/client/errors.js';

function jwt(payload: object): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64(payload)}.sig`;
}

describe('access tokens', () => {
  let server: Server;
  let base: string;
  const seen: { method?: string; headers: IncomingMessage['headers']; body: string }[] = [];

  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, headers: req.headers, body });
        const url = new URL(req.url ?? '/', 'http://x');
        const status = Number(url.searchParams.get('status') ?? 200);
        res.setHeader('content-type', 'application/json');
        res.statusCode = status;
        if (url.pathname === '/not-json') return res.end('<html>');
        if (url.pathname === '/no-token') return res.end('{}');
        if (url.pathname === '/bare') return res.end('<html>Bad Gateway</html>');
        if (status !== 200) return res.end(JSON.stringify({ code: url.searchParams.get('code') ?? 'x', message: `failed ${status}` }));
        res.end(JSON.stringify({ accessToken: 'tok-1', expiresAt: '2099-01-01T00:00:00.000Z' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs JSON and reads accessToken and expiresAt', async () => {
    seen.length = 0;
    const token = await requestAccessToken({ endpoint: `${base}/token` });
    assert.equal(token.token, 'tok-1');
    assert.equal(token.expiresAt, Date.parse('2099-01-01T00:00:00.000Z'));
    assert.equal(seen[0]?.method, 'POST');
    assert.equal(seen[0]?.headers['content-type'], 'application/json');
    assert.equal(seen[0]?.body, '{}');
  });

  for (const [status, code] of [
    [401, 'session_required'],
    [503, 'not_configured'],
    [502, 'signing_failed'],
  ] as const) {
    it(`maps HTTP ${status} to ${code}`, async () => {
      await assert.rejects(requestAccessToken({ endpoint: `${base}/token?status=${status}` }), (error: unknown) => {
        // The route's contract decides these statuses, whatever code the body carries.
        assert.ok(error instanceof KyiRequestError);
        assert.equal(error.code, code);
        assert.equal(error.status, status);
        assert.equal(error.message, `failed ${status}`);
        return true;
      });
    });
  }

  it('maps an unreachable endpoint to network', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await assert.rejects(requestAccessToken({ endpoint: `http://127.0.0.1:${port}/token` }), { code: 'network' });
  });

  it('treats a 200 without a token as signing_failed', async () => {
    await assert.rejects(requestAccessToken({ endpoint: `${base}/no-token` }), { code: 'signing_failed' });
    await assert.rejects(requestAccessToken({ endpoint: `${base}/not-json` }), { code: 'signing_failed' });
  });

  it('rejects with the abort reason when aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    controller.abort(reason);
    await assert.rejects(requestAccessToken({ endpoint: `${base}/token`, signal: controller.signal }), (e) => e === reason);
  });

  it('uses fetchAccessToken and maps its failures', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const token = await requestAccessToken({ endpoint: 'unused', fetchAccessToken: async () => jwt({ exp }) });
    assert.equal(token.expiresAt, exp * 1000);
    await assert.rejects(
      requestAccessToken({ endpoint: 'unused', fetchAccessToken: async () => Promise.reject(Object.assign(new Error('no'), { status: 401 })) }),
      { code: 'session_required', message: 'no' },
    );
    await assert.rejects(
      requestAccessToken({ endpoint: 'unused', fetchAccessToken: async () => Promise.reject(Object.assign(new Error('no'), { code: 'forbidden' })) }),
      { code: 'forbidden' },
    );
    await assert.rejects(requestAccessToken({ endpoint: 'unused', fetchAccessToken: async () => Promise.reject(new Error('down')) }), {
      code: 'network',
    });
    await assert.rejects(requestAccessToken({ endpoint: 'unused', fetchAccessToken: async () => '' }), { code: 'signing_failed' });
  });

  it('a 403 keeps the code its body names (origin_not_allowed is the partner\'s configuration, forbidden the visitor\'s access); a bare 403 is forbidden', async () => {
    await assert.rejects(requestAccessToken({ endpoint: `${base}/token?status=403&code=origin_not_allowed` }), { code: 'origin_not_allowed', status: 403 });
    await assert.rejects(requestAccessToken({ endpoint: `${base}/token?status=403&code=forbidden` }), { code: 'forbidden', status: 403 });
    await assert.rejects(requestAccessToken({ endpoint: `${base}/bare?status=403` }), { code: 'forbidden', status: 403 });
  });

  it('other statuses mean what they mean everywhere: the body code, else the kit code of the status', async () => {
    await assert.rejects(requestAccessToken({ endpoint: `${base}/token?status=500&code=internal_error` }), { code: 'internal_error', status: 500 });
    await assert.rejects(requestAccessToken({ endpoint: `${base}/bare?status=504` }), { code: 'upstream_timeout', status: 504 });
    await assert.rejects(requestAccessToken({ endpoint: `${base}/bare?status=429` }), { code: 'too_many_requests', status: 429 });
    await assert.rejects(requestAccessToken({ endpoint: `${base}/bare?status=502` }), { code: 'signing_failed', status: 502 });
  });

  it('is one mapper with the token route as an override', () => {
    assert.equal(codeForStatus(404, TOKEN_STATUS_CODES), 'not_configured');
    assert.equal(codeForStatus(502, TOKEN_STATUS_CODES), 'signing_failed');
    assert.equal(codeForStatus(502), 'upstream_unavailable');
    assert.equal(codeForStatus(500, TOKEN_STATUS_CODES), codeForStatus(500));
    assert.equal(codeForStatus(429, TOKEN_STATUS_CODES), 'too_many_requests');
  });

  it('a refused token request rejects with KyiRequestError, the browser\'s one error type', async () => {
    await assert.rejects(requestAccessToken({ endpoint: `${base}/token?status=401` }), (error: unknown) => error instanceof KyiRequestError);
  });

  it('reads the JWT exp claim, and nothing from a non-JWT', () => {
    assert.equal(jwtExpiry(jwt({ exp: 10 })), 10_000);
    assert.equal(jwtExpiry('opaque'), undefined);
    assert.equal(jwtExpiry('a.%%%.c'), undefined);
  });

  it('considers tokens near expiry unusable', () => {
    const now = 1_000_000_000_000;
    assert.equal(isUsable({ token: 't', expiresAt: now + 10_000, obtainedAt: now }, now), false);
    assert.equal(isUsable({ token: 't', expiresAt: now + 120_000, obtainedAt: now }, now), true);
    assert.equal(isUsable({ token: 't', expiresAt: undefined, obtainedAt: now - 10 * 60_000 }, now), false);
  });

  describe('TokenSlot', () => {
    const fresh = (n: number, expiresAt?: number): AccessToken => ({ token: `t${n}`, expiresAt, obtainedAt: Date.now() });

    it('hands a prefetched token out once', async () => {
      let calls = 0;
      const slot = new TokenSlot(async () => fresh(++calls));
      slot.prefetch();
      slot.prefetch(); // already filled: no second request
      assert.equal(calls, 1);
      assert.equal((await slot.take())?.token, 't1');
      assert.equal(await slot.take(), undefined);
    });

    it('never hands out an expired prefetched token and refetches on the next hint', async () => {
      let calls = 0;
      const slot = new TokenSlot(async () => fresh(++calls, calls === 1 ? Date.now() - 1 : undefined));
      slot.prefetch();
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(slot.filled, false);
      slot.prefetch();
      assert.equal(calls, 2);
      assert.equal((await slot.take())?.token, 't2');
    });

    it('clear() aborts an in-flight prefetch and empties the slot', async () => {
      let signal: AbortSignal | undefined;
      const slot = new TokenSlot(
        (s) =>
          new Promise<AccessToken>((_resolve, reject) => {
            signal = s;
            s.addEventListener('abort', () => reject(s.reason));
          }),
      );
      slot.prefetch();
      slot.clear();
      assert.equal(signal?.aborted, true);
      assert.equal(await slot.take(), undefined);
    });

    it('swallows a failed prefetch so the click asks again', async () => {
      const slot = new TokenSlot(async () => {
        throw new KyiRequestError('network', 'down');
      });
      slot.prefetch();
      assert.equal(await slot.take(), undefined);
      assert.equal(slot.filled, false);
    });
  });
});
