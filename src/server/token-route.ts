/**
 * `POST {prefix}/token`: mints a widget access token for the user of the partner's session
 * (field notes, "Guidance for the partner endpoint"): 503 when the widget is not
 * configured, 403 `origin_not_allowed` for a cross-origin call, 401 `session_required`
 * without a session (both told to `onError`, `./access.ts`), 502 when signing fails;
 * `Cache-Control: no-store`; `{ accessToken, expiresAt }`; lifetime at most one hour.
 * The user id comes from `getUserId(request)` on the server, never from the browser.
 *
 * Fetch-API only (no `node:` imports).
 */
import { LIMITS } from '../contract/index.js';
import { KyiHttpError, jsonResponse } from './errors.js';
import { generateToken } from './generate-token.js';
import type { KyiRequestContext } from './routing.js';
import type { ResolvedConfig } from './options.js';
import { requireSession } from './access.js';
import { checkOrigin } from './origin.js';

/** The token route takes a JSON POST only: a form post cannot reach it without CORS. */
function checkContentType(request: Request): void {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(?:;|$)/i.test(type)) {
    throw new KyiHttpError(415, 'unsupported_media_type', 'Send the request with Content-Type: application/json');
  }
}

/** The `exp` claim of a JWT (seconds), without verifying it: the token was minted here. */
function expClaim(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
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
  if (typeof accessToken !== 'string' || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(accessToken)) {
    config.onError(new TypeError('generateToken did not return a JWT'), { route: 'token' });
    throw new KyiHttpError(502, 'signing_failed', 'The access token could not be created');
  }
  const exp = expClaim(accessToken) ?? before + widget.expiresIn;
  if (exp > before + LIMITS.accessTokenMaxSeconds + 5) {
    config.onError(new RangeError('generateToken minted a token living longer than one hour'), { route: 'token' });
    throw new KyiHttpError(502, 'signing_failed', 'The access token could not be created');
  }
  return jsonResponse({ accessToken, expiresAt: new Date(exp * 1000).toISOString() }, 200, {
    'cache-control': 'no-store',
    pragma: 'no-cache',
  });
}
