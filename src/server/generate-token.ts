/**
 * Vendor-compatible access-token minting for the widget SDK (field notes, "Widget SDK"):
 * an HS256 JWT with protected header exactly `{"alg":"HS256"}` and claims in the order
 * `sub` (user id), `iss` (partner id), `iat`, `exp` — byte for byte the vendor's token for
 * the same inputs and clock.
 */
import { SignJWT } from 'jose';

export interface GenerateTokenOptions {
  /** Partner ID; becomes the `iss` claim. */
  issuer: string;
  /** Partner secret key; the HMAC key. */
  secretKey: string;
  /** Stable user id from the partner's server session; becomes `sub` (always a string). */
  userId: string;
  /**
   * Lifetime in seconds (default 3600), rounded to whole seconds like the vendor's client.
   * A numeric string (`"600"`) is accepted, as the vendor's client accepts it.
   */
  expiresIn?: number | string;
  /** `iat`, whole seconds since the epoch. Default: now. */
  issuedAt?: number;
}

const SECONDS = /^\s*-?\d+(\.\d+)?\s*$/;

/** The lifetime in whole seconds; throws naming the bad value. */
function lifetimeSeconds(expiresIn: number | string): number {
  const n = typeof expiresIn === 'string' && SECONDS.test(expiresIn) ? Number(expiresIn) : expiresIn;
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    throw new TypeError(`expiresIn must be a number of seconds, got ${JSON.stringify(expiresIn)}`);
  }
  return Math.round(n);
}

export async function generateToken({ issuer, secretKey, userId, expiresIn = 3600, issuedAt }: GenerateTokenOptions): Promise<string> {
  if (!issuer) throw new Error('Issuer is required');
  if (!secretKey) throw new Error('Secret key is required');
  if (!userId) throw new Error('User ID is required');
  const lifetime = lifetimeSeconds(expiresIn);
  const iat = issuedAt ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: String(userId), iss: String(issuer), iat, exp: iat + lifetime })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(secretKey));
}
