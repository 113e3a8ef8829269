/**
 * Options of `createKyiHandler` and their creation-time check: configuration mistakes
 * (a `Bearer ` Public API key, an Explorer key without its live prefix, a missing base
 * URL, …) fail at once with a message that says what to change, never at the first request.
 * Messages name options, never their secret values.
 *
 * Fetch-API only (no `node:` imports).
 */
import { EXPLORER_LIVE_KEY_PREFIX, LIMITS } from '../contract/index.js';
import type { RateBudget } from './upstream/budget.js';
import { systemClock, type Clock } from './clock.js';
import { KyiConfigError, logEachProblemOnce } from './errors.js';

export { KyiConfigError };
import type { GenerateTokenOptions } from './generate-token.js';
import type { KyiRequestContext } from './routing.js';
import { MemoryRateBudget, type MemoryBudgetOptions } from './upstream/memory-budget.js';
import { UpstreamGate, fetchAttempt, MAX_ATTEMPTS, type SendAttempt, type UpstreamPolicy } from './upstream/call.js';

/**
 * The per-client budget on upstream lookups (`ClientBudgets` in `./lookup/public-api.ts`; the client id
 * comes from `getClientId`, default the peer address): one client may cause at most `limit`
 * upstream lookups per `intervalMs`. Cache hits and calls joining one already in flight never
 * count. Memory is bounded: at most `maxClients` clients are remembered (the least recently
 * seen are forgotten first).
 */
export interface ClientBudgetOptions {
  /** Upstream lookups per client per window. Default 200. */
  limit?: number;
  /** Window length, ms. Default 60 000. */
  intervalMs?: number;
  /** Clients remembered at once. Default 10 000. */
  maxClients?: number;
  /**
   * IPv6 clients share one budget per network of this prefix length, 1–128 (128: one per
   * address). Default 64. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) counts as its IPv4 address.
   */
  ipv6PrefixLength?: number;
}

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
 * anything else (including `false` and `undefined`) is a refusal: 401 `session_required`
 * when `getUserId` finds no signed-in user (sign in, the visitor's to fix), else 403
 * `forbidden` (not allowed). Each refusal is told to `onError`.
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
     * The key's rate budget: any `RateBudget` (shared between handlers and `ExplorerClient`s
     * using the same key; a replicated one for several replicas) or the options of an
     * in-memory `MemoryRateBudget`. Default 120 requests per minute (spec 8).
     */
    budget?: RateBudget | MemoryBudgetOptions;
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
    /**
     * Token minting; default the vendor-compatible jose `generateToken`. What it returns must be a
     * JWT signed HS256 with `secretKey` (the widget takes no other) and a numeric `exp` at most one
     * hour ahead, else 502 `signing_failed`.
     */
    generateToken?: (options: GenerateTokenOptions) => Promise<string> | string;
  };
  /**
   * The signed-in user's stable id from the partner's session, or null/undefined when signed out.
   * Through the Node adapter, `context.node.req` is the Node request (`req.session`, `req.user`).
   * Required with `widget` (`POST /token`: 401 `session_required` when signed out); with
   * `explorer`, it also tells a signed-out visitor `authorize` refused (401 `session_required`,
   * shown as a sign-in notice) from a signed-in one it refused (403 `forbidden`).
   */
  getUserId?: (request: Request, context: Ctx) => string | null | undefined | Promise<string | null | undefined>;
  /**
   * Gate for the Explorer routes, required with `explorer`: the watchlist, its notes and the
   * key's budget belong to the key holder, so say who may use them (e.g. signed-in staff);
   * `context` as for `getUserId`. Return `true` to let the call through, a `Response` to answer
   * yourself; anything else refuses: 401 `session_required` when `getUserId` finds no
   * signed-in user, else 403 `forbidden` (`AuthorizeResult`).
   */
  authorize?: (request: Request, route: ExplorerRouteInfo, context: Ctx) => AuthorizeResult | Promise<AuthorizeResult>;
  /**
   * This server's own public origin as browsers see it, e.g. `https://app.example.com`
   * (behind a TLS-terminating proxy the `Host` header cannot tell). The token route and the
   * Explorer write routes accept browser calls from it and from `allowedOrigins` only.
   */
  publicOrigin?: string;
  /** Further origins allowed to call the token route and the Explorer write routes. */
  allowedOrigins?: readonly string[];
  /**
   * The client a request comes from, for the per-client budget. Default: the peer address
   * the adapter reports (`context.clientAddress`; the Node adapter does), or the `X-Forwarded-For` entry `trustProxy`
   * hops from the right when configured. Requests without either share one budget, and
   * `onError` is told so once (on an edge runtime: `(request) => request.headers.get('cf-connecting-ip')` on Workers).
   */
  getClientId?: (request: Request, context: Ctx) => string | null | undefined;
  /**
   * Reverse proxies in front of this server whose `X-Forwarded-For` entries are trusted (1 behind
   * one). Default 0: the header is ignored, and the first proxied request is told to `onError` once.
   */
  trustProxy?: number;
  /**
   * Upstream lookups one client may cause per window (cache hits and shared calls never
   * count); over it, 429 with `Retry-After`. Default 200 per 60 s. An IPv6 client counts as
   * its /64 (`ipv6PrefixLength`). `false` turns it off.
   */
  clientBudget?: false | ClientBudgetOptions;
  /** Upstream requests in flight at once per key (each API); callers beyond it queue briefly. Default 32. */
  maxInFlight?: number;
  /**
   * Lookup cache: `ttlSeconds` (default 60), `maxEntries` (default 10 000: a page of thousands
   * of tokens reloads from it; about 0.4 KB of heap per not-found entry, the answer's text
   * plus about 0.6 KB per result), `staleSeconds` (default = ttl). `false` turns it off.
   * Answers from it say `public, max-age=<ttlSeconds>, stale-while-revalidate=<staleSeconds>`
   * however long they were kept (never the seconds left, which would date another visitor's lookup).
   */
  cache?: false | { ttlSeconds?: number; maxEntries?: number; staleSeconds?: number };
  /** Timeout of one upstream attempt, ms. Default 8000. */
  timeoutMs?: number;
  /**
   * Longest time a request body (`POST /lookup`, Explorer writes) may take to arrive once the
   * route starts reading it, ms, 1–300 000; a slower one is answered 408 `request_timeout`.
   * Default 10 000.
   */
  bodyTimeoutMs?: number;
  /** Retries of idempotent upstream calls (5xx, network, timeout), 0–4 (at most 5 attempts). Default 2. */
  retries?: number;
  /** Backoff: first step and ceiling in ms (default 200 / 2000); waits up to `maxRetryAfterSeconds` (default 2) for a 429. */
  backoff?: { baseDelayMs?: number; maxDelayMs?: number; maxRetryAfterSeconds?: number };
  /**
   * Lookups of one `POST /lookup` in flight at once. Default `maxInFlight` (at most 100): a
   * cold batch of 100 distinct lookups takes ceil(100 / n) upstream round trips in a row
   * (4 at 32). Batches running at once share the key's `maxInFlight` slots; callers past them
   * queue briefly (up to 4 × `maxInFlight`, then 429). Cache hits answer at once and take no upstream call.
   */
  lookupConcurrency?: number;
  /**
   * fetch used for upstream calls. Default: through the Node entry, pooled keep-alive
   * connections (`node:http` / `node:https` agents, no `fetch` per call); elsewhere `globalThis.fetch`.
   */
  fetch?: typeof fetch;
  /** Time source for waits, `Retry-After` dates, caches and tokens. Default the system clock. */
  clock?: Clock;
  /** Jitter source in [0, 1) for backoff. Default `Math.random`. */
  random?: () => number;
  /**
   * Told about every problem the browser only sees as a fixed message: upstream failures
   * (with the upstream's own words in `error.detail`, secrets removed), a wrong key, a wrong
   * base URL, thrown hooks, and once per refused request a `KyiError` whose `code` is the
   * answer's (`origin_not_allowed` naming the origin seen and the ones configured,
   * `session_required`, `forbidden`) and whose message says what to check.
   * Default: each distinct problem logged once to the console.
   */
  onError?: (error: unknown, context: { route: string }) => void;
}


export interface ResolvedConfig {
  prefix: string;
  publicApi: { baseUrl: string; apiKey: string; gate: UpstreamGate; policy: UpstreamPolicy };
  explorer?: {
    baseUrl: string;
    apiKey: string;
    writes: boolean;
    budget: RateBudget;
    gate: UpstreamGate;
    policy: UpstreamPolicy;
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
  /** `publicOrigin` and `allowedOrigins`: the origins browser calls may come from. */
  allowedOrigins: Set<string>;
  /** `publicOrigin` as an origin, for the messages of a refused call. */
  publicOrigin?: string;
  /** Who a request comes from, for the per-client budget (the handler's `clientOf`). */
  getClientId?: (request: Request, context: KyiRequestContext) => string | null | undefined;
  trustProxy: number;
  clientBudget: false | Required<ClientBudgetOptions>;
  cache: { ttlMs: number; staleMs: number; maxEntries: number };
  lookupConcurrency: number;
  bodyTimeoutMs: number;
  /** How one upstream attempt is sent (`options.fetch`, else the runtime entry's default). */
  send: SendAttempt;
  clock: Clock;
  now: () => number;
  onError: (error: unknown, context: { route: string }) => void;
  /** Every configured secret, for the redaction checks. */
  secrets: string[];
}

function fail(message: string): never {
  throw new KyiConfigError(`createKyiHandler: ${message}`);
}

/**
 * How a value check throws: `createKyiHandler`'s error naming the option, or (for the same
 * check run by `kyiOptionsFromEnv`) its own error naming the environment variable.
 */
export type Fail = (message: string) => never;
const handlerFail: Fail = fail;

/** A base URL option (`publicApi.baseUrl`, `explorer.baseUrl`), as `origin + path` without a trailing slash. */
export function baseUrl(value: unknown, option: string, fail: Fail = handlerFail): string {
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

/** A key or secret: printable, no surrounding whitespace. Its value is never named. */
export function secret(value: unknown, option: string, fail: Fail = handlerFail): string {
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

/** An origin (`publicOrigin`, an `allowedOrigins` entry), named by `what`: scheme, host and port only. */
export function origin(entry: string, what: string, fail: Fail = handlerFail): string {
  let url: URL | undefined;
  try {
    url = new URL(entry);
  } catch {
    url = undefined;
  }
  // "localhost:3000" parses as a URL of scheme "localhost:", with no origin
  if (!url || url.origin === 'null')
    return fail(`${what} "${entry}" is not an origin: write the scheme, host and port, such as "https://app.example.com" or "http://localhost:3000"`);
  if (url.origin !== entry.replace(/\/$/, '')) fail(`${what} "${entry}" must be a bare origin (scheme, host and port only): "${url.origin}"`);
  return url.origin;
}

function origins(value: unknown): Set<string> {
  const set = new Set<string>();
  if (value === undefined) return set;
  if (!Array.isArray(value)) return fail('allowedOrigins must be an array of origins such as "https://app.example.com"');
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'string') fail('allowedOrigins must hold strings');
    set.add(origin(entry as string, 'allowedOrigins entry'));
  }
  return set;
}

/** Whether `value` looks like a `RateBudget` rather than the options of a memory one. */
function isRateBudget(value: unknown): value is RateBudget {
  return typeof (value as RateBudget | undefined)?.acquire === 'function';
}

function budgetOf(value: unknown, clock: Clock): RateBudget {
  if (isRateBudget(value)) return value;
  try {
    return new MemoryRateBudget({ limit: LIMITS.explorerRequestsPerMinute, clock, ...((value as MemoryBudgetOptions | undefined) ?? {}) });
  } catch (error) {
    return fail(`explorer.budget: ${(error as Error).message}`);
  }
}

/** The upstream policy shared by both APIs (the wait limit differs). */
function policyOf(options: KyiHandlerOptions, clock: Clock): Omit<UpstreamPolicy, 'maxWaitMs' | 'maxQueueMs'> & { maxRetryAfterMs: number } {
  const b = options.backoff ?? {};
  return {
    retries: number(options.retries, 'retries', 0, MAX_ATTEMPTS - 1, 2),
    timeoutMs: number(options.timeoutMs, 'timeoutMs', 1, 300_000, 8000),
    baseDelayMs: number(b.baseDelayMs, 'backoff.baseDelayMs', 0, 60_000, 200),
    maxDelayMs: number(b.maxDelayMs, 'backoff.maxDelayMs', 0, 600_000, 2000),
    maxRetryAfterMs: number(b.maxRetryAfterSeconds, 'backoff.maxRetryAfterSeconds', 0, 600, 2, false) * 1000,
    maxBodyBytes: 5 * 1024 * 1024,
    clock,
    random: options.random ?? Math.random,
  };
}

function publicApiOf(options: KyiHandlerOptions, secrets: string[], gate: UpstreamGate, policy: UpstreamPolicy): ResolvedConfig['publicApi'] {
  if (!options.publicApi || typeof options.publicApi !== 'object') fail('publicApi { baseUrl, apiKey } is required');
  const baseUrlValue = baseUrl(options.publicApi.baseUrl, 'publicApi.baseUrl');
  const rawKey = options.publicApi.apiKey;
  const apiKey = publicApiKey(rawKey, 'publicApi.apiKey');
  secrets.push(apiKey);
  return { baseUrl: baseUrlValue, apiKey, gate, policy };
}

/** The Public API key: the raw key, no `Bearer ` prefix. */
export function publicApiKey(value: unknown, option: string, fail: Fail = handlerFail): string {
  if (typeof value === 'string' && /^bearer\s/i.test(value)) fail(`${option} must be the raw key: remove the "Bearer " prefix (the Public API rejects it)`);
  return secret(value, option, fail);
}

/** An Explorer key: a live key (`bx_live_…`) alone, no `Bearer ` prefix. */
export function explorerKey(value: unknown, option: string, fail: Fail = handlerFail): string {
  if (typeof value === 'string' && /^bearer\s/i.test(value)) fail(`${option} must be the key alone: remove the "Bearer " prefix (the handler adds it)`);
  const key = secret(value, option, fail);
  if (!key.startsWith(EXPLORER_LIVE_KEY_PREFIX)) fail(`${option} must be a live key starting with "${EXPLORER_LIVE_KEY_PREFIX}"`);
  if (key.length === EXPLORER_LIVE_KEY_PREFIX.length) fail(`${option} has nothing after "${EXPLORER_LIVE_KEY_PREFIX}"`);
  return key;
}

function explorerOf(
  options: KyiHandlerOptions,
  secrets: string[],
  clock: Clock,
  maxInFlight: number,
  base: Omit<UpstreamPolicy, 'maxQueueMs'>,
): ResolvedConfig['explorer'] {
  const e = options.explorer;
  if (e === undefined) return undefined;
  if (!e || typeof e !== 'object') fail('explorer must be { baseUrl, apiKey, writes? }');
  const explorerBase = baseUrl(e.baseUrl, 'explorer.baseUrl');
  const key = explorerKey(e.apiKey, 'explorer.apiKey');
  if (e.writes !== undefined && typeof e.writes !== 'boolean') fail('explorer.writes must be true or false');
  if (e.forwardNewOnly !== undefined && typeof e.forwardNewOnly !== 'boolean') fail('explorer.forwardNewOnly must be true or false');
  if (typeof options.authorize !== 'function')
    fail(
      'authorize(request, route) is required with explorer: the watchlist, its private notes and the key\'s rate budget ' +
        'belong to the key holder, so say who may use them (e.g. return true only for your signed-in staff)',
    );
  secrets.push(key);
  const budget = budgetOf(e.budget, clock);
  const maxQueueMs = number(e.maxQueueMs, 'explorer.maxQueueMs', 0, 600_000, 10_000);
  return {
    baseUrl: explorerBase,
    apiKey: key,
    writes: e.writes === true,
    budget,
    gate: new UpstreamGate({ maxInFlight, clock, budget }),
    policy: { ...base, maxQueueMs },
    forwardNewOnly: e.forwardNewOnly === true,
  };
}

function widgetOf(options: KyiHandlerOptions, secrets: string[]): ResolvedConfig['widget'] {
  const w = options.widget;
  if (w === undefined) return undefined;
  if (!w || typeof w !== 'object') fail('widget must be { partnerId, secretKey, expiresIn? }');
  if (typeof w.partnerId !== 'string' || w.partnerId.trim() === '') fail('widget.partnerId is required');
  const secretKey = secret(w.secretKey, 'widget.secretKey');
  if (w.generateToken !== undefined && typeof w.generateToken !== 'function') fail('widget.generateToken must be a function');
  if (typeof options.getUserId !== 'function')
    fail('getUserId(request) is required with widget: it returns the signed-in user id from your session');
  secrets.push(secretKey);
  return {
    partnerId: w.partnerId,
    secretKey,
    expiresIn: number(w.expiresIn, 'widget.expiresIn (seconds)', 1, LIMITS.accessTokenMaxSeconds, LIMITS.accessTokenMaxSeconds),
    generateToken: w.generateToken,
  };
}

/** `publicOrigin` and `allowedOrigins`, required when a browser may change something. */
function allowedOriginsOf(options: KyiHandlerOptions): Set<string> {
  const set = origins(options.allowedOrigins);
  if (options.publicOrigin !== undefined) {
    if (typeof options.publicOrigin !== 'string') fail('publicOrigin must be an origin such as "https://app.example.com"');
    set.add(origin(options.publicOrigin, 'publicOrigin'));
  }
  const writes = options.widget !== undefined || options.explorer?.writes === true;
  if (writes && set.size === 0)
    fail(
      'publicOrigin (this site\'s origin as browsers see it, e.g. "https://app.example.com") or allowedOrigins is required ' +
        'with widget or explorer.writes: the token route and watchlist changes accept browser calls from those origins only',
    );
  return set;
}

function cacheOf(options: KyiHandlerOptions): ResolvedConfig['cache'] {
  const c = options.cache === false ? { maxEntries: 0, ttlSeconds: 0 } : (options.cache ?? {});
  if (typeof c !== 'object') fail('cache must be { ttlSeconds, maxEntries } or false');
  const ttlSeconds = number(c.ttlSeconds, 'cache.ttlSeconds', 0, 86_400, 60, false);
  const staleSeconds = number((c as { staleSeconds?: number }).staleSeconds, 'cache.staleSeconds', 0, 86_400, ttlSeconds, false);
  const maxEntries = number(c.maxEntries, 'cache.maxEntries', 0, 1_000_000, 10_000);
  return { ttlMs: ttlSeconds * 1000, staleMs: staleSeconds * 1000, maxEntries };
}

function clientBudgetOf(value: KyiHandlerOptions['clientBudget']): ResolvedConfig['clientBudget'] {
  if (value === false) return false;
  if (value !== undefined && (typeof value !== 'object' || value === null)) fail('clientBudget must be { limit, intervalMs, maxClients, ipv6PrefixLength } or false');
  return {
    limit: number(value?.limit, 'clientBudget.limit', 1, 1_000_000, 200),
    intervalMs: number(value?.intervalMs, 'clientBudget.intervalMs', 1000, 86_400_000, 60_000),
    maxClients: number(value?.maxClients, 'clientBudget.maxClients', 1, 10_000_000, 10_000),
    ipv6PrefixLength: number(value?.ipv6PrefixLength, 'clientBudget.ipv6PrefixLength', 1, 128, 64),
  };
}

function checkFunctions(options: KyiHandlerOptions): void {
  for (const name of ['getUserId', 'authorize', 'fetch', 'getClientId', 'onError', 'random'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') fail(`${name} must be a function`);
  }
  const clock = options.clock;
  if (clock !== undefined && (typeof clock?.now !== 'function' || typeof clock.sleep !== 'function'))
    fail('clock must be { now(), sleep(ms, signal) }');
}

/** Cold `POST /lookup` batches that may wait on the Public API key at once (each fanning out `lookupConcurrency`). */
const COLD_BATCHES = 20;

/**
 * Validates `options` and fills in defaults. Throws `KyiConfigError`. `defaultSend` is how a
 * runtime entry sends upstream attempts when no `fetch` is given (the Node entry's pooled
 * client); else through `globalThis.fetch`.
 */
export function resolveOptions(options: KyiHandlerOptions, defaultSend?: SendAttempt): ResolvedConfig {
  if (!options || typeof options !== 'object') return fail('options are required');
  checkFunctions(options);
  const secrets: string[] = [];
  const clock = options.clock ?? systemClock;
  const { maxRetryAfterMs, ...base } = policyOf(options, clock);
  const maxInFlight = number(options.maxInFlight, 'maxInFlight', 1, 10_000, 32);
  const policy = { ...base, maxWaitMs: maxRetryAfterMs };
  const lookupConcurrency = number(options.lookupConcurrency, 'lookupConcurrency', 1, 100, Math.min(maxInFlight, 100));
  // a lookup waits for a free slot at most one attempt's timeout; the queue holds what
  // `COLD_BATCHES` batches fan out at once before their entries are refused
  const publicGate = new UpstreamGate({ maxInFlight, clock, maxQueue: Math.max(4 * maxInFlight, COLD_BATCHES * Math.min(lookupConcurrency, maxInFlight)) });
  const publicApi = publicApiOf(options, secrets, publicGate, { ...policy, maxQueueMs: base.timeoutMs });
  const explorer = explorerOf(options, secrets, clock, maxInFlight, policy);
  const widget = widgetOf(options, secrets);
  const fetchFn = options.fetch ?? (defaultSend ? undefined : globalThis.fetch);
  if (!defaultSend && typeof fetchFn !== 'function') fail('no fetch available: pass options.fetch');
  const clientBudget = clientBudgetOf(options.clientBudget);
  return {
    prefix: prefixOf(options.prefix),
    publicApi,
    explorer,
    widget,
    getUserId: options.getUserId,
    authorize: options.authorize,
    allowedOrigins: allowedOriginsOf(options),
    publicOrigin: typeof options.publicOrigin === 'string' ? new URL(options.publicOrigin).origin : undefined,
    getClientId: options.getClientId,
    trustProxy: number(options.trustProxy, 'trustProxy', 0, 10, 0),
    clientBudget,
    cache: cacheOf(options),
    lookupConcurrency,
    bodyTimeoutMs: number(options.bodyTimeoutMs, 'bodyTimeoutMs', 1, 300_000, 10_000),
    send: fetchFn ? fetchAttempt(fetchFn) : defaultSend!,
    clock,
    now: clock.now.bind(clock), // the clock's own function: nothing of this module runs per read
    onError: options.onError ?? logEachProblemOnce(),
    secrets,
  };
}
