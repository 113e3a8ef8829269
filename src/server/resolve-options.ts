/**
 * `createKyiHandler`'s options (options.ts) checked at creation and filled in with their
 * defaults: configuration mistakes (a `Bearer ` Public API key, an Explorer key without its live
 * prefix, a missing base URL, …) fail at once with a message that says what to change, never at
 * the first request. Messages name options, never their secret values.
 *
 * Fetch-API only (no `node:` imports).
 */
import { LIMITS } from '../contract/index.js';
import type { RateBudget } from './upstream/budget.js';
import { systemClock, type Clock } from './clock.js';
import { logEachProblemOnce } from './errors.js';
import type { GenerateTokenOptions } from './generate-token.js';
import type { KyiRequestContext } from './routing.js';
import { MemoryRateBudget, type MemoryBudgetOptions } from './upstream/memory-budget.js';
import { UpstreamGate, fetchAttempt, MAX_ATTEMPTS, type SendAttempt, type UpstreamPolicy } from './upstream/call.js';
import type { ClientBudgetOptions, KyiHandlerOptions } from './options.js';
import { baseUrl, explorerKey, fail, origin, publicApiKey, secret } from './option-checks.js';

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
