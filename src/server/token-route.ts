/**
 * `POST {prefix}/token`: mints a widget access token for the user of the partner's session
 * (field notes, "Guidance for the partner endpoint"): 503 when the widget is not
 * configured, 403 for a cross-origin call, 401 without a session, 502 when signing fails;
 * `Cache-Control: no-store`; `{ accessToken, expiresAt }`; lifetime at most one hour.
 * The user id comes from `getUserId(request)` on the server, never from the browser.
 *
 * Fetch-API only (no `node:` imports).
 */
import { LIMITS } from '../contract/index.js';
import { KyiHttpError, jsonResponse } from './errors.js';
import { generateToken } from './generate-token.js';
import type { ResolvedConfig } from './options.js';
import { requestContext } from './request-context.js';

/**
 * CSRF guard for state-changing routes: a browser call must come from the handler's own
 * origin or one of `allowedOrigins`. `Sec-Fetch-Site: same-origin` (set by the browser,
 * not forgeable by a page) always passes; a request with neither header is not a
 * cross-origin browser call (browsers send `Origin` on every POST) and passes.
 */
export function checkOrigin(request: Request, allowedOrigins: ReadonlySet<string>): void {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'same-origin') return;
  const origin = request.headers.get('origin');
  const own = new URL(request.url).origin;
  if (origin !== null) {
    if (origin !== 'null' && (origin === own || allowedOrigins.has(origin))) return;
    throw new KyiHttpError(403, 'forbidden', 'Cross-origin request refused: the calling origin is not allowed');
  }
  if (site !== null) throw new KyiHttpError(403, 'forbidden', 'Cross-site request refused');
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

export async function tokenRoute(request: Request, config: ResolvedConfig): Promise<Response> {
  const widget = config.widget;
  if (!widget || !config.getUserId) {
    throw new KyiHttpError(503, 'not_configured', 'Verification is not configured on this server');
  }
  checkOrigin(request, config.allowedOrigins);

  let userId: unknown;
  try {
    userId = await config.getUserId(request, requestContext(request));
  } catch (error) {
    config.onError(error, { route: 'token' });
    throw new KyiHttpError(500, 'internal_error', 'The session could not be read');
  }
  if (typeof userId === 'number' && Number.isFinite(userId)) userId = String(userId);
  if (userId === null || userId === undefined || userId === '') {
    throw new KyiHttpError(401, 'session_required', 'Sign in to start a verification');
  }
  if (typeof userId !== 'string' || userId.length > 512 || /[\x00-\x1f\x7f]/.test(userId)) {
    config.onError(new TypeError('getUserId returned a value that is not a usable user id'), { route: 'token' });
    throw new KyiHttpError(500, 'internal_error', 'The session user id is not usable');
  }

  const mint = widget.generateToken ?? generateToken;
  const before = Math.floor(Date.now() / 1000);
  let accessToken: unknown;
  try {
    accessToken = await mint({ issuer: widget.partnerId, secretKey: widget.secretKey, userId, expiresIn: widget.expiresIn });
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
