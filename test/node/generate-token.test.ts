/** `generateToken` (src/server/generate-token.ts): the vendor's signature and token format (field notes). */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { jwtVerify } from 'jose';
import { generateToken } from '../../src/server/generate-token.js';

const secretKey = 'partner-secret';
const decodePart = (token: string, i: number) => JSON.parse(Buffer.from(token.split('.')[i]!, 'base64url').toString('utf8'));

describe('generateToken', () => {
  test('returns an HS256 JWT whose protected header is exactly {"alg":"HS256"}', async () => {
    const token = await generateToken({ issuer: 'partner-1', secretKey, userId: 'user-1' });
    assert.equal(token.split('.').length, 3);
    assert.equal(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'), '{"alg":"HS256"}');
  });

  test('claims are sub = userId, iss = issuer, iat, exp = iat + 3600 by default (and nothing else)', async () => {
    const before = Math.floor(Date.now() / 1000);
    const token = await generateToken({ issuer: 'partner-1', secretKey, userId: 'user-1' });
    const claims = decodePart(token, 1);
    assert.deepEqual(Object.keys(claims), ['sub', 'iss', 'iat', 'exp']);
    assert.equal(claims.sub, 'user-1');
    assert.equal(claims.iss, 'partner-1');
    assert.ok(claims.iat >= before && claims.iat <= before + 5);
    assert.equal(claims.exp - claims.iat, 3600);
  });

  test('expiresIn sets the lifetime in seconds', async () => {
    const claims = decodePart(await generateToken({ issuer: 'p', secretKey, userId: 'u', expiresIn: 600 }), 1);
    assert.equal(claims.exp - claims.iat, 600);
  });

  test('the signature verifies with the secret key (HMAC SHA-256)', async () => {
    const token = await generateToken({ issuer: 'partner-1', secretKey, userId: 'user-1' });
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(secretKey), { algorithms: ['HS256'] });
    assert.equal(payload.sub, 'user-1');
    assert.deepEqual(protectedHeader, { alg: 'HS256' });
    await assert.rejects(jwtVerify(token, new TextEncoder().encode('other'), { algorithms: ['HS256'] }));
  });

  for (const [field, message] of [
    ['issuer', 'Issuer is required'],
    ['secretKey', 'Secret key is required'],
    ['userId', 'User ID is required'],
  ] as const) {
    test(`missing ${field} throws "${message}"`, async () => {
      const opts = { issuer: 'p', secretKey, userId: 'u', [field]: '' };
      await assert.rejects(generateToken(opts), { message });
      const missing: Record<string, string> = { issuer: 'p', secretKey, userId: 'u' };
      delete missing[field];
      await assert.rejects(generateToken(missing as never), { message });
    });
  }

  test('missing inputs are reported in the vendor order: issuer, then secret key, then user id', async () => {
    await assert.rejects(generateToken({} as never), { message: 'Issuer is required' });
    await assert.rejects(generateToken({ issuer: 'p' } as never), { message: 'Secret key is required' });
    await assert.rejects(generateToken({ secretKey, userId: 'u' } as never), { message: 'Issuer is required' });
    await assert.rejects(generateToken({ issuer: 'p', userId: 'u' } as never), { message: 'Secret key is required' });
  });

  test('a lifetime that is not a number is refused, naming the value', async () => {
    for (const expiresIn of ['1h', 'abc', Number.NaN, Infinity, null]) {
      await assert.rejects(generateToken({ issuer: 'p', secretKey, userId: 'u', expiresIn: expiresIn as never }), (error: Error) => {
        assert.match(error.message, /^expiresIn must be a number of seconds, got /);
        return true;
      });
    }
  });
});

/** The vendor's token computed independently: HMAC-SHA256 over the expected header and claims JSON. */
function expectedToken(secret: string, claims: { sub: string; iss: string; iat: number; exp: number }): string {
  const part = (json: string) => Buffer.from(json, 'utf8').toString('base64url');
  const input = `${part('{"alg":"HS256"}')}.${part(JSON.stringify({ sub: claims.sub, iss: claims.iss, iat: claims.iat, exp: claims.exp }))}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('generateToken: byte-for-byte the vendor token for the same inputs and clock', () => {
  // 2026-03-01T12:00:00.750Z: a clock between whole seconds, so iat must be floored.
  const NOW = Date.UTC(2026, 2, 1, 12, 0, 0, 750);
  const IAT = Math.floor(NOW / 1000);

  const cases: Array<[string, number | string | undefined, number]> = [
    ['default lifetime (3600 s)', undefined, 3600],
    ['a whole number of seconds', 600, 600],
    ['a fractional lifetime rounded down', 90.4, 90],
    ['a fractional lifetime rounded up', 90.5, 91],
    ['a numeric string', '1800', 1800],
    ['a fractional numeric string', '59.6', 60],
  ];
  for (const [name, expiresIn, lifetime] of cases) {
    test(name, async (t) => {
      t.mock.timers.enable({ apis: ['Date'], now: NOW });
      const token = await generateToken({ issuer: 'partner-7', secretKey: 's3cr3t', userId: 'user-1', ...(expiresIn === undefined ? {} : { expiresIn }) });
      assert.equal(token, expectedToken('s3cr3t', { sub: 'user-1', iss: 'partner-7', iat: IAT, exp: IAT + lifetime }));
    });
  }

  test('sub stays a string, even when it looks like a number', async (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: NOW });
    const token = await generateToken({ issuer: 'partner-7', secretKey: 's3cr3t', userId: '00042' });
    assert.equal(token, expectedToken('s3cr3t', { sub: '00042', iss: 'partner-7', iat: IAT, exp: IAT + 3600 }));
    assert.equal(decodePart(token, 1).sub, '00042');
  });
});

