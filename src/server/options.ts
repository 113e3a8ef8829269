/**
 * Options of `createKyiHandler` and their creation-time check: configuration mistakes
 * (a `Bearer ` Public API key, an Explorer key without its live prefix, a missing base
 * URL, …) fail at once with a message that says what to change, never at the first request.
 * Messages name options, never their secret values.
 *
 * Fetch-API only (no `node:` imports).
 */
import { EXPLORER_LIVE_KEY_PREFIX, LIMITS } from '../contract/index.js';
import type { GenerateTokenOptions } from './generate-token.js';
import type { KyiRequestContext } from './request-context.js';
import { defaultSleep, type RetryPolicy } from './retry.js';
import { TokenBucket, type TokenBucketOptions } from './token-bucket.js';

/** Explorer routes as `authorize` sees them. */
export interface ExplorerRouteInfo {
  /** Route id, e.g. `explorer:watchlist-add` (the sandbox's route ids). */
  id: string;
  /** HTTP method. */
  method: string;
  /** Upstream path, e.g. `/me/watchlist/…`. */
  path: string;
  /** Scope the route needs (spec 5), `null` for `/health`. */
  scope: 'tokenomics:read' | 'monitoring:read' | 'watchlist:write' | null;
  /** Whether the route writes (the `watchlist:write` routes). */
  write: boolean;
}

/**
 * Result of `authorize`: only `true` lets the call through; a Response is sent as is;
 * anything else (including `false` and `undefined`) answers 403 `forbidden`.
 */
export type AuthorizeResult = boolean | Response;

/**
 * `Ctx`: what `getUserId` and `authorize` receive beside the Request. Through the Node entry,
 * `createKyiHandler<express.Request>(…)` makes it `{ node?: { req: express.Request; res } }`.
 */
export interface KyiHandlerOptions<Ctx extends KyiRequestContext = KyiRequestContext> {
  /** Path prefix the handler answers under. Default `/api/kyi`. */
  prefix?: string;
  /** Public API (spec 4.1): base URL and the raw API key (no `Bearer ` prefix). */
  publicApi: { baseUrl: string; apiKey: string };
  /** Explorer API (spec 4.2): base URL and the live key (`bx_live_…`); writes off unless `writes: true`. */
  explorer?: {
    baseUrl: string;
    apiKey: string;
    writes?: boolean;
    /**
     * The key's rate budget: a `TokenBucket` (shared between handlers using the same key) or
     * its options. Default 120 requests per minute (spec 8).
     */
    budget?: TokenBucket | TokenBucketOptions;
    /** Longest wait for the budget before answering 429 with `Retry-After`, ms. Default 10 000. */
    maxQueueMs?: number;
    /**
     * Forward `newOnly` from browsers. Default `false`: the key has one seen marker, which a
     * `newOnly=true` read moves for everyone, so it belongs to the partner's server (sweeps);
     * browser reads of the changes window go without it and filter on each row's `isNew`.
     */
    forwardNewOnly?: boolean;
  };
  /** Widget SDK access tokens: partner id and secret key; lifetime at most one hour. */
  widget?: {
    partnerId: string;
    secretKey: string;
    /** Token lifetime in seconds, 1–3600. Default 3600. */
    expiresIn?: number;
    /** Token minting; default the vendor-compatible jose `generateToken`. */
    generateToken?: (options: GenerateTokenOptions) => Promise<string> | string;
  };
  /**
   * The signed-in user's stable id from the partner's session, or null/undefined when signed out.
   * Through the Node adapter, `context.node.req` is the Node request (`req.session`, `req.user`).
   */
  getUserId?: (request: Request, context: Ctx) => string | null | undefined | Promise<string | null | undefined>;
  /** Gate for the Explorer routes (e.g. only staff may write); `context` as for `getUserId`. */
  authorize?: (request: Request, route: ExplorerRouteInfo, context: Ctx) => AuthorizeResult | Promise<AuthorizeResult>;
  /**
   * Origins allowed to call the token route and the Explorer write routes, e.g.
   * `['https://app.example.com']`. The request's own origin is always allowed.
   */
  allowedOrigins?: readonly string[];
  /** Lookup cache: `ttlSeconds` (default 60), `maxEntries` (default 1000), `staleSeconds` (default = ttl). `false` turns it off. */
  cache?: false | { ttlSeconds?: number; maxEntries?: number; staleSeconds?: number };
  /** Timeout of one upstream attempt, ms. Default 8000. */
  timeoutMs?: number;
  /** Retries of idempotent upstream calls (5xx, network, timeout). Default 2. */
  retries?: number;
  /** Backoff: first step and ceiling in ms (default 200 / 2000); waits up to `maxRetryAfterSeconds` (default 2) for a 429. */
  backoff?: { baseDelayMs?: number; maxDelayMs?: number; maxRetryAfterSeconds?: number };
  /**
   * Lookups of one `POST /lookup` in flight at once. Default 8. A cold batch of 100 distinct
   * lookups takes ceil(100 / n) upstream round trips in a row (13 at 8, 7 at 16), so with a
   * distant Public API a higher value loads cold pages faster, at the cost of more upstream
   * calls (and memory) at once per batch. Cache hits answer at once and take no upstream call.
   */
  lookupConcurrency?: number;
  /** fetch used for upstream calls. Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Timing hooks for tests: wall clock, sleep and jitter source. */
  timing?: { now?: () => number; sleep?: (ms: number) => Promise<void>; random?: () => number };
  /** Called with unexpected errors (never sent to the browser). Default: nothing. */
  onError?: (error: unknown, context: { route: string }) => void;
}

/** Thrown by `createKyiHandler` for a configuration mistake. */
export class KyiConfigError extends Error {
  override readonly name = 'KyiConfigError';
}

export interface ResolvedConfig {
  prefix: string;
  publicApi: { baseUrl: string; apiKey: string };
  explorer?: {
    baseUrl: string;
    apiKey: string;
    writes: boolean;
    bucket: TokenBucket;
    maxQueueMs: number;
    forwardNewOnly: boolean;
  };
  widget?: {
    partnerId: string;
    secretKey: string;
    expiresIn: number;
    generateToken?: (options: GenerateTokenOptions) => Promise<string> | string;
  };
  getUserId?: KyiHandlerOptions['getUserId'];
  authorize?: KyiHandlerOptions['authorize'];
  allowedOrigins: Set<string>;
  cache: { ttlMs: number; staleMs: number; maxEntries: number };
  retry: RetryPolicy;
  lookupConcurrency: number;
  fetch: typeof fetch;
  now: () => number;
  onError: (error: unknown, context: { route: string }) => void;
  /** Every configured secret, for the redaction checks. */
  secrets: string[];
}

function fail(message: string): never {
  throw new KyiConfigError(`createKyiHandler: ${message}`);
}

function baseUrl(value: unknown, option: string): string {
  if (typeof value !== 'string' || value.trim() === '') fail(`${option} is required (the service's base URL, e.g. https://api.example.com)`);
  let url: URL;
  try {
    url = new URL(value as string);
  } catch {
    return fail(`${option} must be an absolute http(s) URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') fail(`${option} must use http or https`);
  if (url.username || url.password) fail(`${option} must not contain credentials; pass the key as apiKey`);
  if (url.search || url.hash) fail(`${option} must not contain a query or fragment`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function secret(value: unknown, option: string): string {
  if (typeof value !== 'string' || value.length === 0) return fail(`${option} is required`);
  if (value !== value.trim()) fail(`${option} has leading or trailing whitespace`);
  if (!/^[\x21-\x7e]+$/.test(value)) fail(`${option} must be printable ASCII without spaces`);
  return value;
}

function number(value: unknown, option: string, min: number, max: number, fallback: number, integer = true): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value)))
    return fail(`${option} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`);
  return value;
}

function prefixOf(value: unknown): string {
  if (value === undefined) return '/api/kyi';
  if (typeof value !== 'string') return fail('prefix must be a string such as "/api/kyi"');
  if (value === '' || value === '/') return '';
  if (!/^\/?[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*\/?$/.test(value) || value.split('/').some((s) => s === '..' || s === '.'))
    fail('prefix must be a path such as "/api/kyi"');
  return '/' + value.replace(/^\/+|\/+$/g, '');
}

function origins(value: unknown): Set<string> {
  const set = new Set<string>();
  if (value === undefined) return set;
  if (!Array.isArray(value)) return fail('allowedOrigins must be an array of origins such as "https://app.example.com"');
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'string') fail('allowedOrigins must hold strings');
    let url: URL;
    try {
      url = new URL(entry as string);
    } catch {
      return fail(`allowedOrigins entry "${String(entry)}" is not an origin such as "https://app.example.com"`);
    }
    if (url.origin === 'null' || url.origin !== (entry as string).replace(/\/$/, ''))
      fail(`allowedOrigins entry "${String(entry)}" must be a bare origin (scheme, host and port only)`);
    set.add(url.origin);
  }
  return set;
}

/** Validates `options` and fills in defaults. Throws `KyiConfigError`. */
export function resolveOptions(options: KyiHandlerOptions): ResolvedConfig {
  if (!options || typeof options !== 'object') return fail('options are required');
  const secrets: string[] = [];

  // ---- Public API: raw key (spec 5)
  if (!options.publicApi || typeof options.publicApi !== 'object')
    fail('publicApi { baseUrl, apiKey } is required');
  const publicBase = baseUrl(options.publicApi.baseUrl, 'publicApi.baseUrl');
  const rawPublicKey = options.publicApi.apiKey;
  if (typeof rawPublicKey === 'string' && /^bearer\s/i.test(rawPublicKey))
    fail('publicApi.apiKey must be the raw key: remove the "Bearer " prefix (the Public API rejects it)');
  const publicKey = secret(rawPublicKey, 'publicApi.apiKey');
  secrets.push(publicKey);

  // ---- Explorer: live key sent as Bearer (spec 5)
  let explorer: ResolvedConfig['explorer'];
  if (options.explorer !== undefined) {
    const e = options.explorer;
    if (!e || typeof e !== 'object') fail('explorer must be { baseUrl, apiKey, writes? }');
    const explorerBase = baseUrl(e.baseUrl, 'explorer.baseUrl');
    if (typeof e.apiKey === 'string' && /^bearer\s/i.test(e.apiKey))
      fail('explorer.apiKey must be the key alone: remove the "Bearer " prefix (the handler adds it)');
    const key = secret(e.apiKey, 'explorer.apiKey');
    if (!key.startsWith(EXPLORER_LIVE_KEY_PREFIX))
      fail(`explorer.apiKey must be a live key starting with "${EXPLORER_LIVE_KEY_PREFIX}"`);
    if (key.length === EXPLORER_LIVE_KEY_PREFIX.length) fail(`explorer.apiKey has nothing after "${EXPLORER_LIVE_KEY_PREFIX}"`);
    if (e.writes !== undefined && typeof e.writes !== 'boolean') fail('explorer.writes must be true or false');
    if (e.forwardNewOnly !== undefined && typeof e.forwardNewOnly !== 'boolean') fail('explorer.forwardNewOnly must be true or false');
    let bucket: TokenBucket;
    if (e.budget instanceof TokenBucket) bucket = e.budget;
    else {
      try {
        bucket = new TokenBucket({ limit: LIMITS.explorerRequestsPerMinute, ...(e.budget ?? {}) });
      } catch (error) {
        return fail(`explorer.budget: ${(error as Error).message}`);
      }
    }
    secrets.push(key);
    explorer = {
      baseUrl: explorerBase,
      apiKey: key,
      writes: e.writes === true,
      bucket,
      maxQueueMs: number(e.maxQueueMs, 'explorer.maxQueueMs', 0, 600_000, 10_000),
      forwardNewOnly: e.forwardNewOnly === true,
    };
  }

  // ---- Widget access tokens
  let widget: ResolvedConfig['widget'];
  if (options.widget !== undefined) {
    const w = options.widget;
    if (!w || typeof w !== 'object') fail('widget must be { partnerId, secretKey, expiresIn? }');
    if (typeof w.partnerId !== 'string' || w.partnerId.trim() === '') fail('widget.partnerId is required');
    const secretKey = secret(w.secretKey, 'widget.secretKey');
    if (w.generateToken !== undefined && typeof w.generateToken !== 'function') fail('widget.generateToken must be a function');
    secrets.push(secretKey);
    widget = {
      partnerId: w.partnerId,
      secretKey,
      expiresIn: number(w.expiresIn, 'widget.expiresIn (seconds)', 1, LIMITS.accessTokenMaxSeconds, LIMITS.accessTokenMaxSeconds),
      generateToken: w.generateToken,
    };
    if (typeof options.getUserId !== 'function')
      fail('getUserId(request) is required with widget: it returns the signed-in user id from your session');
  }
  if (options.getUserId !== undefined && typeof options.getUserId !== 'function') fail('getUserId must be a function');
  if (options.authorize !== undefined && typeof options.authorize !== 'function') fail('authorize must be a function');
  if (options.fetch !== undefined && typeof options.fetch !== 'function') fail('fetch must be a function');

  // ---- Cache, timeouts, retries
  const c = options.cache === false ? { maxEntries: 0, ttlSeconds: 0 } : (options.cache ?? {});
  if (typeof c !== 'object') fail('cache must be { ttlSeconds, maxEntries } or false');
  const ttlSeconds = number(c.ttlSeconds, 'cache.ttlSeconds', 0, 86_400, 60, false);
  const staleSeconds = number((c as { staleSeconds?: number }).staleSeconds, 'cache.staleSeconds', 0, 86_400, ttlSeconds, false);
  const maxEntries = number(c.maxEntries, 'cache.maxEntries', 0, 1_000_000, 1000);

  const b = options.backoff ?? {};
  const timing = options.timing ?? {};
  const now = timing.now ?? Date.now;
  const retry: RetryPolicy = {
    retries: number(options.retries, 'retries', 0, 10, 2),
    timeoutMs: number(options.timeoutMs, 'timeoutMs', 1, 300_000, 8000),
    baseDelayMs: number(b.baseDelayMs, 'backoff.baseDelayMs', 0, 60_000, 200),
    maxDelayMs: number(b.maxDelayMs, 'backoff.maxDelayMs', 0, 600_000, 2000),
    maxRetryAfterMs: number(b.maxRetryAfterSeconds, 'backoff.maxRetryAfterSeconds', 0, 600, 2, false) * 1000,
    maxBodyBytes: 5 * 1024 * 1024,
    sleep: timing.sleep ?? defaultSleep,
    random: timing.random ?? Math.random,
    now,
  };

  const fetchFn = options.fetch ?? globalThis.fetch;
  if (typeof fetchFn !== 'function') fail('no fetch available: pass options.fetch');

  return {
    prefix: prefixOf(options.prefix),
    publicApi: { baseUrl: publicBase, apiKey: publicKey },
    explorer,
    widget,
    getUserId: options.getUserId,
    authorize: options.authorize,
    allowedOrigins: origins(options.allowedOrigins),
    cache: { ttlMs: ttlSeconds * 1000, staleMs: staleSeconds * 1000, maxEntries },
    retry,
    lookupConcurrency: number(options.lookupConcurrency, 'lookupConcurrency', 1, 100, 8),
    // bound so `this` is never the options object
    fetch: (input, init) => fetchFn(input, init),
    now,
    onError: options.onError ?? (() => {}),
    secrets,
  };
}
