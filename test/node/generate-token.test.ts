/** `generateToken` (src/server/generate-token.ts): the vendor's signature and token format (field notes). */
import assert from 'node:assert/strict';
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
});
