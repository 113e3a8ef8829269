/**
 * Who may use a route, and whose mistake a refusal is. The partner's own rules refuse a
 * request in three ways, each answered with its own code and told to `onError` once, with a
 * message naming what to check (never a secret):
 * - no signed-in user (`getUserId` finds none): 401 `session_required`, the visitor's to fix;
 * - `authorize` says no to a signed-in visitor (or when `getUserId` is not given): 403
 *   `forbidden`, the partner's decision;
 * - a browser call from an origin this server does not accept: 403 `origin_not_allowed`
 *   (`./origin.ts`), most often the partner's configuration (the page opened on
 *   `127.0.0.1` while `publicOrigin` says `localhost`), else another site's request.
 *
 * Fetch-API only (no `node:` imports).
 */
import { KyiConfigError, KyiError, KyiHttpError, type ErrorCode } from './errors.js';
import type { ExplorerRouteInfo } from './options.js';
import type { ResolvedConfig } from './resolve-options.js';
import type { KyiRequestContext } from './routing.js';

/**
 * What `onError` hears about a refused request: the `code` and `status` the browser got,
 * and a message for the partner naming what to check (the browser's answer is shorter).
 */
export class KyiRefusalError extends KyiError {
  override name = 'KyiRefusalError';
}

/** Tells `onError` about a refusal and returns the answer to throw. */
export function refusal(
  config: Pick<ResolvedConfig, 'onError'>,
  route: string,
  answer: { status: number; code: ErrorCode; message: string },
  told: string,
): KyiHttpError {
  config.onError(new KyiRefusalError(answer.code, told, answer.status), { route });
  return new KyiHttpError(answer.status, answer.code, answer.message);
}

/**
 * What `onError` is told when the partner's `getUserId` or `authorize` throws: that function's
 * error (its own words, and the error itself as the `cause`), with the usual reason a session
 * read throws: the session middleware runs after the handler, so `req.session` is undefined.
 */
function hookThrew(hook: 'getUserId' | 'authorize', error: unknown): KyiConfigError {
  const words = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new KyiConfigError(
    `${hook} threw ${words}. This is your ${hook}'s error, not the kit's: if it reads the session (req.session, req.user), ` +
      'mount your session middleware before the kyi handler (app.use(session(…)) first), so the session exists when the handler calls it.',
    { cause: error },
  );
}

/**
 * The signed-in user's id from `getUserId`, `null` when no one is signed in. A throwing hook
 * (`hookThrew`) or an unusable id is told to `onError` and answered 500 (the partner's code to fix).
 */
export async function sessionUserId(request: Request, context: KyiRequestContext, config: ResolvedConfig, route: string): Promise<string | null> {
  let userId: unknown;
  try {
    userId = await config.getUserId!(request, context);
  } catch (error) {
    config.onError(hookThrew('getUserId', error), { route });
    throw new KyiHttpError(500, 'internal_error', 'The session could not be read');
  }
  if (typeof userId === 'number' && Number.isFinite(userId)) userId = String(userId);
  if (userId === null || userId === undefined || userId === '') return null;
  if (typeof userId !== 'string' || userId.length > 512 || /[\x00-\x1f\x7f]/.test(userId)) {
    config.onError(new TypeError('getUserId returned a value that is not a usable user id'), { route });
    throw new KyiHttpError(500, 'internal_error', 'The session user id is not usable');
  }
  return userId;
}

/** What `onError` is told when `getUserId` finds no one: the visitor's to fix, unless the session is not read. */
function signedOut(what: string): string {
  return (
    `${what}: getUserId found no signed-in user, so the visitor was asked to sign in (401 session_required). ` +
    'If the visitor is signed in, getUserId does not see the session: is the cookie sent, and does your session middleware run before the handler?'
  );
}

/** The user id for `POST /token`; 401 `session_required` (told to `onError`) when no one is signed in. */
export async function requireSession(request: Request, context: KyiRequestContext, config: ResolvedConfig, route: string): Promise<string> {
  const userId = await sessionUserId(request, context, config, route);
  if (userId !== null) return userId;
  throw refusal(config, route, { status: 401, code: 'session_required', message: 'Sign in to start a verification' }, signedOut('POST /token'));
}

/**
 * The partner's `authorize` verdict for an Explorer route: `undefined` lets the call through,
 * a `Response` from `authorize` is the answer as is; any other refusal throws 401
 * `session_required` when `getUserId` finds no signed-in user, else 403 `forbidden`.
 */
export async function authorizeRoute(
  request: Request,
  context: KyiRequestContext,
  info: ExplorerRouteInfo,
  config: ResolvedConfig,
): Promise<Response | undefined> {
  let verdict: unknown;
  try {
    verdict = await config.authorize!(request, info, context);
  } catch (error) {
    config.onError(hookThrew('authorize', error), { route: info.id });
    throw new KyiHttpError(500, 'internal_error', 'The authorization check failed');
  }
  if (verdict instanceof Response) return verdict;
  if (verdict === true) return undefined;
  const what = `authorize refused ${info.method} ${info.path} (${info.id})`;
  if (config.getUserId && (await sessionUserId(request, context, config, info.id)) === null) {
    throw refusal(config, info.id, { status: 401, code: 'session_required', message: 'Sign in to use this route' }, signedOut(what));
  }
  const told = config.getUserId
    ? `${what} for a signed-in user (403 forbidden): your authorize decided so; change it if this user should see it.`
    : `${what} (403 forbidden). Pass getUserId too, so a signed-out visitor is asked to sign in (401 session_required) instead of being told no.`;
  throw refusal(config, info.id, { status: 403, code: 'forbidden', message: 'You are not allowed to use this route' }, told);
}
