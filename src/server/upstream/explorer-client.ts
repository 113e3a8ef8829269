/**
 * `ExplorerClient`: one typed method per Explorer API route (spec 4.2), for server code
 * (pollers, jobs, the partner's own backend).
 *
 * - `Authorization: Bearer <live key>` on every keyed route (spec 5); `/health` goes without.
 * - Calls go through the server piece's one upstream call module: every request (`/health`
 *   included) first passes the key's rate budget (spec 8: 120 per minute), counted from grant
 *   until its response arrives, so the client itself never provokes a 429. Share one
 *   `RateBudget` between everything that uses the same key (the proxy included).
 * - A 429 holds the key for `Retry-After`, and the request is repeated when the wait is
 *   short; otherwise it fails with `retryAfter` set.
 * - GET, PATCH and DELETE are retried after 5xx, network failures and timeouts with capped,
 *   jittered exponential backoff (at most 5 attempts). POST is not (it would not be idempotent).
 * - Bodies are read leniently with the contract schemas, bare or in the `{ data, meta, errors }`
 *   envelope (field notes): unknown enum values are kept, a row of the wrong shape is left out
 *   and reported to `onError`; only an envelope that does not match fails as `upstream_invalid`.
 * - Errors are `ExplorerApiError` with the 7.1 `code`, the HTTP `status` and `retryAfter`.
 *
 * Fetch-API only (no `node:` imports).
 */
import {
  EXPLORER_BODIES,
  EXPLORER_ERRORS,
  EXPLORER_LIVE_KEY_PREFIX,
  LIMITS,
  droppedRowError,
  formatMonitoringChangesQuery,
  formatTokenomicsQuery,
  isUuid,
  parseMonitoringChangesQuery,
  parseTokenomicsQuery,
  parseWatchlistAddBody,
  parseWatchlistPatchBody,
  readExplorerBody,
  type ChangesEnvelope,
  type ExplorerBody,
  type ExplorerErrorCode,
  type MonitoringChangesQuery,
  type NotificationsEnvelope,
  type TokenomicsPage,
  type TokenomicsQuery,
  type WatchlistItem,
  type WatchlistResponse,
} from '../../contract/index.js';
import type { RateBudget } from './budget.js';
import { systemClock, type Clock } from '../clock.js';
import { KyiError } from '../errors.js';
import { MemoryRateBudget } from './memory-budget.js';
import { UpstreamGate, callUpstream, fetchAttempt, type SendAttempt, type UpstreamOutcome, type UpstreamPolicy } from './call.js';
import { redact, upstreamError, upstreamErrorBody } from './outcome.js';
import { retryAfterSeconds } from './retry-after.js';

/** Codes the client adds to those of spec 7.1 (the server piece's upstream codes). */
export type ExplorerClientErrorCode =
  /** The body did not match the contract. */
  | 'upstream_invalid'
  /** The service could not be reached, or answered 5xx. */
  | 'upstream_unavailable'
  /** No answer within `timeoutMs`. */
  | 'upstream_timeout'
  /** The service refused the key (401). */
  | 'upstream_auth'
  /** An error status without a readable `code`. */
  | 'upstream_error';

/** Every code an `ExplorerApiError` can carry (unknown service codes are kept as they come). */
export type ExplorerApiErrorCode = ExplorerErrorCode | ExplorerClientErrorCode | (string & {});

/** A failed Explorer call. `status` is 0 when no HTTP answer arrived. */
export class ExplorerApiError extends KyiError {
  override name = 'ExplorerApiError';
  /** Seconds the service asked to wait (429 `Retry-After`). */
  readonly retryAfter: number | undefined;
  /** `METHOD /path` of the call, without the query. */
  readonly route: string;
  /** `true` when the client rejected the input before sending anything. */
  readonly local: boolean;

  constructor(
    init: { code: ExplorerApiErrorCode; status: number; message: string; route: string; retryAfter?: number; local?: boolean },
    options?: { cause?: unknown },
  ) {
    super(init.code, init.message, init.status, options);
    this.retryAfter = init.retryAfter;
    this.route = init.route;
    this.local = init.local ?? false;
  }

  /** Whether trying again later can help (rate limit, server fault, network, timeout, the shared budget's database out of reach). */
  get transient(): boolean {
    return (
      this.code === 'too_many_requests' ||
      this.code === 'store_unavailable' ||
      this.code === 'internal_error' ||
      this.code === 'upstream_unavailable' ||
      this.code === 'upstream_timeout' ||
      this.status >= 500
    );
  }
}

/** Type guard, optionally for one code: `isExplorerApiError(e, 'invalid_cursor')`. */
export function isExplorerApiError(error: unknown, code?: ExplorerApiErrorCode): error is ExplorerApiError {
  return error instanceof ExplorerApiError && (code === undefined || error.code === code);
}

export interface ExplorerClientOptions {
  /** `{explorer_url}`, e.g. `https://explorer.example/api` or the sandbox's `explorerUrl`. */
  baseUrl: string;
  /** Live API key (`bx_live_…`), sent as `Bearer`. Never logged, never in an error. */
  apiKey: string;
  /** Fetch implementation. Default: global `fetch`. */
  fetch?: typeof fetch;
  /**
   * The key's budget: any `RateBudget`. Default: a new `MemoryRateBudget` of
   * `requestsPerMinute`. Pass the budget the proxy uses for the same key (or a replicated
   * one) so everything stays inside one budget; `null` turns it off.
   */
  budget?: RateBudget | null;
  /** Budget of a default `MemoryRateBudget`. Default 120 (spec 8). */
  requestsPerMinute?: number;
  /** Requests in flight at once. Default 32. */
  maxInFlight?: number;
  /** Clock for backoff and `Retry-After` waits (and a default budget). Default: real time. */
  clock?: Clock;
  /** Timeout of one attempt in ms. Default 15 000. */
  timeoutMs?: number;
  /** Extra attempts after 5xx / network failures / 429, 0–4. Default 2. */
  retries?: number;
  /** A 429 hold or budget wait longer than this (seconds, like `Retry-After`) fails at once instead of waiting. Default 60. */
  maxRetryAfterSeconds?: number;
  /** First backoff step in ms (doubles, capped at 10 s, with jitter). Default 500. */
  backoffMs?: number;
  /** Jitter source in [0, 1). */
  random?: () => number;
  /** Told about rows left out of a body because they did not match the contract (`ContractError`). */
  onError?: (error: Error) => void;
}

/** Per-call options. */
export interface CallOptions {
  /** Aborts waiting for the budget, the request and any retry wait. */
  signal?: AbortSignal;
}

/** Body of `PATCH /me/watchlist/{id}`. */
export interface WatchlistPatch {
  /** `false` pauses monitoring, `true` resumes it. */
  monitoringEnabled?: boolean;
  /** At most 500 characters; `null` (or `""`, sent as `null`) clears it. */
  note?: string | null;
}

/**
 * Response of `GET /assets/{id}/tokenomics/changes` (not shown by the spec): read as a feed
 * page, `items` optional; a bare array of revisions or `{ data: [...] }` is read as its `items`.
 */
export type AssetTokenomicsResponse = TokenomicsPage;

interface RequestSpec<T> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  read?: ExplorerBody<T>;
  keyed?: boolean;
  signal?: AbortSignal;
}

/** Typed client of the Explorer API. */
export class ExplorerClient {
  readonly baseUrl: string;
  /** The key's budget (`null` when turned off). */
  readonly budget: RateBudget | null;
  readonly #apiKey: string;
  readonly #send: SendAttempt;
  readonly #policy: UpstreamPolicy;
  readonly #gate: UpstreamGate;
  readonly #onError: (error: Error) => void;

  constructor(options: ExplorerClientOptions) {
    if (!options?.baseUrl) throw new TypeError('ExplorerClient: baseUrl (the Explorer API URL) is required');
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new TypeError('ExplorerClient: baseUrl must be an absolute http(s) URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new TypeError('ExplorerClient: baseUrl must be an absolute http(s) URL');
    }
    const key = options.apiKey?.trim() ?? '';
    if (!key) throw new TypeError('ExplorerClient: apiKey (the live Explorer key) is required');
    if (/^bearer\s/i.test(key)) {
      throw new TypeError('ExplorerClient: pass the Explorer key without "Bearer " — the client adds it');
    }
    if (!key.startsWith(EXPLORER_LIVE_KEY_PREFIX)) {
      throw new TypeError(`ExplorerClient: the Explorer key must be a live key starting with "${EXPLORER_LIVE_KEY_PREFIX}"`);
    }
    this.baseUrl = url.href.replace(/\/+$/, '');
    this.#apiKey = key;
    this.#send = fetchAttempt(options.fetch ?? ((input, init) => fetch(input, init)));
    const clock = options.clock ?? systemClock;
    this.budget =
      options.budget === null
        ? null
        : (options.budget ?? new MemoryRateBudget({ limit: options.requestsPerMinute ?? LIMITS.explorerRequestsPerMinute, clock }));
    // server-side callers queue for the budget as long as it takes (their signal ends the wait)
    this.#gate = new UpstreamGate({ maxInFlight: options.maxInFlight ?? 32, maxQueue: Infinity, clock, budget: this.budget ?? undefined });
    const backoffMs = options.backoffMs ?? 500;
    this.#policy = {
      retries: options.retries ?? 2,
      timeoutMs: options.timeoutMs ?? 15_000,
      baseDelayMs: backoffMs,
      maxDelayMs: 10_000,
      maxWaitMs: (options.maxRetryAfterSeconds ?? 60) * 1000,
      maxQueueMs: Infinity,
      maxBodyBytes: 5 * 1024 * 1024,
      clock,
      random: options.random ?? Math.random,
    };
    this.#onError = options.onError ?? (() => {});
  }

  // ---------------------------------------------------------------- routes of spec 4.2

  /** `GET /health` (no key; inside the budget like every call). The body is not shown by the spec: a non-JSON one reads as `{ text }`. */
  async health(options: CallOptions = {}): Promise<Record<string, unknown>> {
    return this.#request({ method: 'GET', path: '/health', read: EXPLORER_BODIES.health, keyed: false, ...options });
  }

  /**
   * `GET /tokenomics/changes` (scope `tokenomics:read`): `since` a cursor from an earlier
   * `nextCursor`, `limit` 1–200, `page` a page token for one-time backfill.
   */
  async tokenomicsChanges(query: TokenomicsQuery = {}, options: CallOptions = {}): Promise<TokenomicsPage> {
    const params = formatTokenomicsQuery(query);
    this.#check('GET /tokenomics/changes', parseTokenomicsQuery(params));
    return this.#request({ method: 'GET', path: '/tokenomics/changes', query: params, read: EXPLORER_BODIES.tokenomicsPage, ...options });
  }

  /** `GET /assets/{id}/tokenomics/changes` (scope `tokenomics:read`) for one registry asset id. */
  async assetTokenomicsChanges(
    assetId: string,
    query: TokenomicsQuery = {},
    options: CallOptions = {},
  ): Promise<AssetTokenomicsResponse> {
    const route = 'GET /assets/{id}/tokenomics/changes';
    this.#checkId(route, 'id', assetId);
    const params = formatTokenomicsQuery(query);
    this.#check(route, parseTokenomicsQuery(params));
    return this.#request({
      method: 'GET',
      path: `/assets/${encodeURIComponent(assetId)}/tokenomics/changes`,
      query: params,
      read: EXPLORER_BODIES.assetTokenomicsPage,
      ...options,
    });
  }

  /** `GET /me/watchlist` (scope `monitoring:read`): `data`, plus `limit` and `used` when sent. */
  async watchlist(options: CallOptions = {}): Promise<WatchlistResponse> {
    return this.#request({ method: 'GET', path: '/me/watchlist', read: EXPLORER_BODIES.watchlist, ...options });
  }

  /**
   * `POST /me/watchlist` (scope `watchlist:write`). Fails with 409 `watchlist_limit_reached`
   * at the cap, 404 `not_found` when the asset id is not in the public registry.
   */
  async addToWatchlist(assetId: string, options: CallOptions = {}): Promise<WatchlistItem> {
    this.#check('POST /me/watchlist', parseWatchlistAddBody({ assetId }));
    return this.#request({
      method: 'POST',
      path: '/me/watchlist',
      body: { assetId },
      read: EXPLORER_BODIES.watchlistItem,
      ...options,
    });
  }

  /** `PATCH /me/watchlist/{id}` (scope `watchlist:write`): pause/resume monitoring, set or clear the note. */
  async updateWatchlistItem(id: string, patch: WatchlistPatch, options: CallOptions = {}): Promise<WatchlistItem> {
    const route = 'PATCH /me/watchlist/{id}';
    this.#checkId(route, 'id', id);
    const fields = Object.entries({ ...patch, ...(patch.note === '' ? { note: null } : {}) });
    const checked = parseWatchlistPatchBody(Object.fromEntries(fields.filter(([, v]) => v !== undefined)));
    this.#check(route, checked);
    const body = checked.ok ? checked.value : {};
    return this.#request({
      method: 'PATCH',
      path: `/me/watchlist/${encodeURIComponent(id)}`,
      body,
      read: EXPLORER_BODIES.watchlistItem,
      ...options,
    });
  }

  /** `DELETE /me/watchlist/{id}` (scope `watchlist:write`): stops watching (204). */
  async removeFromWatchlist(id: string, options: CallOptions = {}): Promise<void> {
    this.#checkId('DELETE /me/watchlist/{id}', 'id', id);
    await this.#request({ method: 'DELETE', path: `/me/watchlist/${encodeURIComponent(id)}`, ...options });
  }

  /**
   * `GET /me/monitoring/changes` (scope `monitoring:read`). Filters are checked against the
   * contract first: the feed never widens silently, and neither does the client.
   */
  async monitoringChanges(query: MonitoringChangesQuery = {}, options: CallOptions = {}): Promise<ChangesEnvelope> {
    const params = formatMonitoringChangesQuery(query);
    this.#check('GET /me/monitoring/changes', parseMonitoringChangesQuery(params));
    return this.#request({
      method: 'GET',
      path: '/me/monitoring/changes',
      query: params,
      read: EXPLORER_BODIES.changes,
      ...options,
    });
  }

  /** `GET /me/notifications` (scope `monitoring:read`); `unread: true` for unread only. */
  async notifications(query: { unread?: boolean } = {}, options: CallOptions = {}): Promise<NotificationsEnvelope> {
    const params = new URLSearchParams();
    if (query.unread !== undefined) params.set('unread', String(query.unread));
    return this.#request({
      method: 'GET',
      path: '/me/notifications',
      query: params,
      read: EXPLORER_BODIES.notifications,
      ...options,
    });
  }

  // ---------------------------------------------------------------- plumbing

  #local(route: string, message: string, code: ExplorerApiErrorCode = 'invalid_parameter'): never {
    throw new ExplorerApiError({ code, status: 400, message: `${route}: ${message}`, route, local: true });
  }

  #check(route: string, result: { ok: true } | { ok: false; message: string; code?: string }): void {
    if (!result.ok) this.#local(route, result.message, result.code ?? 'invalid_parameter');
  }

  #checkId(route: string, name: string, value: string): void {
    if (!isUuid(value)) this.#local(route, `${name} must be a UUID`);
  }

  async #request<T>(spec: RequestSpec<T>): Promise<T> {
    const { method, path, signal } = spec;
    const route = `${method} ${path.replace(/\/[0-9a-fA-F-]{36}(?=\/|$)/g, '/{id}')}`;
    const qs = spec.query?.toString();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (spec.keyed ?? true) headers['authorization'] = `Bearer ${this.#apiKey}`;
    let body: string | undefined;
    if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.body);
    }
    signal?.throwIfAborted();
    const outcome = await callUpstream(
      this.#send,
      // 429 means "not processed", so every method may be repeated after one; 5xx only idempotent ones
      { url: `${this.baseUrl}${path}${qs ? `?${qs}` : ''}`, method, headers, body, idempotent: method !== 'POST', signal },
      this.#policy,
      this.#gate,
    );
    if (outcome.kind !== 'response' || outcome.status < 200 || outcome.status >= 300) throw this.#errorFrom(route, outcome);
    if (outcome.status === 204 || !spec.read) return undefined as T;
    return this.#read(spec.read, route, outcome.status, outcome.text);
  }

  /** A success body read leniently: rows of the wrong shape are left out and reported to `onError`. */
  #read<T>(read: ExplorerBody<T>, route: string, status: number, text: string): T {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      if (read === (EXPLORER_BODIES.health as ExplorerBody<unknown>)) return { text: text.slice(0, 200) } as T;
      throw new ExplorerApiError({ code: 'upstream_invalid', status, route, message: `${route}: the body is not JSON` });
    }
    const checked = readExplorerBody(read, json);
    if (!checked.ok) {
      throw new ExplorerApiError({
        code: 'upstream_invalid',
        status,
        route,
        message: `${route}: the body does not match the contract (${checked.message})`,
      });
    }
    for (const row of checked.dropped) this.#onError(droppedRowError(route, row));
    return checked.data;
  }

  /** The error of a failed call: the service's 7.1 code when it sent one, else the server piece's upstream code. */
  #errorFrom(route: string, outcome: UpstreamOutcome): ExplorerApiError {
    const mapped = upstreamError(outcome, 'explorer', [this.#apiKey]);
    const retryAfter = mapped.retryAfterMs !== undefined ? retryAfterSeconds(mapped.retryAfterMs) : undefined;
    if (outcome.kind !== 'response') {
      const cause = outcome.kind === 'network' ? outcome.cause : undefined;
      const message = outcome.kind === 'timeout' ? `${route}: no answer within ${this.#policy.timeoutMs} ms` : `${route}: ${mapped.message}`;
      return new ExplorerApiError({ code: mapped.code, status: outcome.kind === 'rate-limited' ? 429 : 0, route, message, retryAfter }, { cause });
    }
    const said = upstreamErrorBody(outcome.text);
    const code = said.code ?? mapped.code;
    const known = (EXPLORER_ERRORS as Record<string, number>)[code] !== undefined;
    const detail = said.message ? redact(said.message, [this.#apiKey], 500) : undefined;
    const message = `${route}: ${outcome.status} ${code}${detail ? ` — ${detail}` : known ? '' : ' (no error code in the body)'}`;
    return new ExplorerApiError({ code, status: outcome.status, route, message, retryAfter });
  }
}

/** `new ExplorerClient(options)`. */
export function createExplorerClient(options: ExplorerClientOptions): ExplorerClient {
  return new ExplorerClient(options);
}
