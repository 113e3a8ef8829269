/**
 * `POST {prefix}/token`: mints a widget access token for the user of the partner's session
 * (field notes, "Guidance for the partner endpoint"): 503 when the widget is not
 * configured, 403 `origin_not_allowed` for a cross-origin call, 401 `session_required`
 * without a session (both told to `onError`, `./access.ts`), 502 when signing fails;
 * `Cache-Control: no-store`; `{ accessToken, expiresAt }`, `expiresAt` read from the token's own
 * `exp`. What `generateToken` (built-in or the partner's) returned is checked before it leaves
 * (`checkedExp`: HS256, signed with `widget.secretKey`, a sound `exp`): anything else is
 * 502 `signing_failed`, its reason told to `onError`.
 * The user id comes from `getUserId(request)` on the server, never from the browser.
 *
 * Fetch-API only (no `node:` imports).
 */
import { compactVerify, decodeJwt, decodeProtectedHeader } from 'jose';
import { LIMITS } from '../contract/index.js';
import { KyiError, KyiHttpError, jsonResponse } from './errors.js';
import { generateToken } from './generate-token.js';
import type { KyiRequestContext } from './routing.js';
import type { ResolvedConfig } from './resolve-options.js';
import { requireSession } from './access.js';
import { checkOrigin } from './origin.js';

/** The token route takes a JSON POST only: a form post cannot reach it without CORS. */
function checkContentType(request: Request): void {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(?:;|$)/i.test(type)) {
    throw new KyiHttpError(415, 'unsupported_media_type', 'Send the request with Content-Type: application/json');
  }
}

/** How far ahead of this server's clock a token's `exp` may be beyond its one-hour lifetime, s (a minter reading its own clock a little later). */
const EXP_CLOCK_SLACK_SECONDS = 5;

/**
 * The `exp` (seconds) of what `generateToken` returned, when it is a token the widget can take:
 * a compact JWT whose protected header says `alg` exactly `HS256`, HMAC-signed with the partner
 * secret `secretKey` (the widget verifies it with the same key), with a numeric `exp` after
 * `now` and at most one hour (`LIMITS.accessTokenMaxSeconds`, plus `EXP_CLOCK_SLACK_SECONDS`)
 * after `mintedAt`. Otherwise what is wrong, for `onError`. jose checks the signature only
 * (`compactVerify`); the claims are checked here, so each wrong one is named.
 */
async function checkedExp(token: unknown, secretKey: string, mintedAt: number, now: number): Promise<{ exp: number } | { wrong: string }> {
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (typeof token !== 'string' || parts.length !== 3 || !parts[2]) {
    return { wrong: 'generateToken did not return a signed JWT (header.payload.signature)' };
  }
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    return { wrong: 'generateToken returned a token whose header is not base64url JSON' };
  }
  if (alg !== 'HS256') return { wrong: `generateToken returned a token with alg ${alg === undefined ? 'missing' : JSON.stringify(alg).slice(0, 40)}; the widget takes HS256 only` };
  try {
    await compactVerify(token, new TextEncoder().encode(secretKey), { algorithms: ['HS256'] });
  } catch {
    return { wrong: 'generateToken returned a token not signed with the partner secret key (widget.secretKey); the widget would reject it' };
  }
  let exp: unknown;
  try {
    exp = decodeJwt(token).exp;
  } catch {
    return { wrong: 'generateToken returned a token whose claims are not base64url JSON' };
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp)) {
    return { wrong: `generateToken returned a token whose exp claim is ${exp === undefined ? 'missing' : `not a number (${typeof exp})`}` };
  }
  if (exp <= now) return { wrong: `generateToken returned a token that has already expired (exp ${exp}, now ${Math.floor(now)})` };
  const latest = mintedAt + LIMITS.accessTokenMaxSeconds + EXP_CLOCK_SLACK_SECONDS;
  if (exp > latest) {
    return {
      wrong: `generateToken returned a token living ${Math.round(exp - mintedAt)} s, longer than one hour (${LIMITS.accessTokenMaxSeconds} s, ${EXP_CLOCK_SLACK_SECONDS} s clock slack)`,
    };
  }
  return { exp };
}

export async function tokenRoute(request: Request, context: KyiRequestContext, config: ResolvedConfig): Promise<Response> {
  const widget = config.widget;
  if (!widget || !config.getUserId) {
    throw new KyiHttpError(503, 'not_configured', 'Verification is not configured on this server');
  }
  checkContentType(request);
  checkOrigin(request, config, 'token');
  const userId = await requireSession(request, context, config, 'token');

  const mint = widget.generateToken ?? generateToken;
  const before = Math.floor(config.clock.now() / 1000);
  let accessToken: unknown;
  try {
    accessToken = await mint({ issuer: widget.partnerId, secretKey: widget.secretKey, userId, expiresIn: widget.expiresIn, issuedAt: before });
  } catch (error) {
    config.onError(error, { route: 'token' });
    throw new KyiHttpError(502, 'signing_failed', 'The access token could not be created');
  }
  const checked = await checkedExp(accessToken, widget.secretKey, before, config.clock.now() / 1000);
  if ('wrong' in checked) {
    config.onError(new KyiError('signing_failed', checked.wrong, 502), { route: 'token' });
    throw new KyiHttpError(502, 'signing_failed', 'The access token could not be created');
  }
  const exp = checked.exp;
  return jsonResponse({ accessToken, expiresAt: new Date(exp * 1000).toISOString() }, 200, {
    'cache-control': 'no-store',
    pragma: 'no-cache',
  });
}
