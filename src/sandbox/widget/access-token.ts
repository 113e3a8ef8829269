/**
 * Checks a widget access token the way the vendor's widget does: an HS256 JWT minted by
 * `generateToken` with the partner's secret, `iss` a known partner id, `sub` the user,
 * `exp` in the future. Messages are the widget protocol's.
 */
import { decodeJwt, errors, jwtVerify } from 'jose';

export const ACCESS_TOKEN_ERRORS = {
  required: 'Access token is required',
  invalid: 'Invalid access token',
  expired: 'Access token expired',
  unknownPartner: 'Unknown partner',
} as const;

export type AccessTokenCheck =
  | { ok: true; userId: string; partnerId: string; expiresAt: number }
  | { ok: false; message: (typeof ACCESS_TOKEN_ERRORS)[keyof typeof ACCESS_TOKEN_ERRORS] };

/** `partners` maps partner id → secret key; `now` is the sandbox clock in ms. */
export async function verifyAccessToken(
  token: string | null | undefined,
  partners: ReadonlyMap<string, string>,
  now: number,
): Promise<AccessTokenCheck> {
  if (!token) return { ok: false, message: ACCESS_TOKEN_ERRORS.required };
  let issuer: unknown;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    return { ok: false, message: ACCESS_TOKEN_ERRORS.invalid };
  }
  const secret = typeof issuer === 'string' ? partners.get(issuer) : undefined;
  if (typeof issuer !== 'string' || secret === undefined) return { ok: false, message: ACCESS_TOKEN_ERRORS.unknownPartner };
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      issuer,
      currentDate: new Date(now),
      requiredClaims: ['sub', 'exp'],
    });
    if (typeof payload.sub !== 'string' || payload.sub === '') return { ok: false, message: ACCESS_TOKEN_ERRORS.invalid };
    return { ok: true, userId: payload.sub, partnerId: issuer, expiresAt: payload.exp! * 1000 };
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, message: ACCESS_TOKEN_ERRORS.expired };
    return { ok: false, message: ACCESS_TOKEN_ERRORS.invalid };
  }
}
