/**
 * Vendor-compatible access-token minting for the widget SDK (field notes, "Widget SDK"):
 * an HS256 JWT with protected header exactly `{"alg":"HS256"}` and claims
 * `sub` (user id), `iss` (partner id), `iat`, `exp`.
 */
import { SignJWT } from 'jose';

export interface GenerateTokenOptions {
  /** Partner ID; becomes the `iss` claim. */
  issuer: string;
  /** Partner secret key; the HMAC key. */
  secretKey: string;
  /** Stable user id from the partner's server session; becomes `sub`. */
  userId: string;
  /** Lifetime in seconds (default 3600). */
  expiresIn?: number;
  /** `iat`, whole seconds since the epoch. Default: now. */
  issuedAt?: number;
}

export async function generateToken({ issuer, secretKey, userId, expiresIn = 3600, issuedAt }: GenerateTokenOptions): Promise<string> {
  if (!issuer) throw new Error('Issuer is required');
  if (!secretKey) throw new Error('Secret key is required');
  if (!userId) throw new Error('User ID is required');
  const iat = issuedAt ?? Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(String(issuer))
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresIn)
    .sign(new TextEncoder().encode(secretKey));
}
