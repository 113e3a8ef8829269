/**
 * `ExplorerClient`: one typed method per Explorer API route (spec 4.2), for server code
 * (pollers, jobs, the partner's own backend).
 *
 * - `Authorization: Bearer <live key>` on every keyed route (spec 5); `/health` goes without.
 * - Every keyed request first takes a token from the key's budget (spec 8: 120 per minute),
 *   so the client itself never provokes a 429. Share one `TokenBucket` between everything
 *   that uses the same key (the proxy included).
 * - A 429 is honoured: the budget is held for `Retry-After`, and the request is repeated
 *   when the wait is short; otherwise it fails with `retryAfter` set.
 * - GET, PATCH and DELETE are retried after 5xx and network failures with capped,
 *   jittered exponential backoff. POST is not (it would not be idempotent).
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
  explorerErrorSchema,
  formatMonitoringChangesQuery,
  formatTokenomicsQuery,
  isUuid,
  parseMonitoringChangesQuery,
  parseTokenomicsQuery,
  parseWatchlistAddBody,
  parseWatchlistPatchBody,
  readExplorerBody,
  unwrapEnvelope,
  type ChangesEnvelope,
  type ExplorerBody,
  type ExplorerErrorCode,
  type MonitoringChangesQuery,
  type NotificationsEnvelope,
  type TokenomicsPage,
  type TokenomicsQuery,
  type WatchlistItem,
  type WatchlistResponse,
} from '../contract/index.js';
import { TokenBucket, systemClock, type Clock } from './token-bucket.js';

/** Codes the client adds to those of spec 7.1. */
export type ExplorerClientErrorCode =
  /** The body did not match the contract. */
  | 'upstream_invalid'
  /** The service could not be reached. */
  | 'network_error'
  /** No answer within `timeoutMs`. */
  | 'timeout'
  /** An error status without a readable `code`. */
  | 'unexpected_status';

/** Every code an `ExplorerApiError` can carry (unknown service codes are kept as they come). */
export type ExplorerApiErrorCode = ExplorerErrorCode | ExplorerClientErrorCode | (string & {});

/** A failed Explorer call. `status` is 0 when no HTTP answer arrived. */
export class ExplorerApiError extends Error {
  override readonly name = 'ExplorerApiError';
  /** Stable code: a spec 7.1 code, or one of `ExplorerClientErrorCode`. */
  readonly code: ExplorerApiErrorCode;
  /** HTTP status, or 0 (network failure, timeout). */
  readonly status: number;
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
    super(init.message, options);
    this.code = init.code;
    this.status = init.status;
    this.retryAfter = init.retryAfter;
    this.route = init.route;
    this.local = init.local ?? false;
  }

  /** Whether trying again later can help (rate limit, server fault, network, timeout). */
  get transient(): boolean {
    return (
      this.code === 'too_many_requests' ||
      this.code === 'internal_error' ||
      this.code === 'network_error' ||
      this.code === 'timeout' ||
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
   * The key's budget. Default: a new `TokenBucket` of `requestsPerMinute`. Pass the bucket
   * the proxy uses for the same key so both stay inside one budget; `null` turns it off.
   */
  bucket?: TokenBucket | null;
  /** Budget of a default bucket. Default 120 (spec 8). */
  requestsPerMinute?: number;
  /** Clock for backoff and `Retry-After` waits (and a default bucket). Default: real time. */
  clock?: Clock;
  /** Timeout of one attempt in ms. Default 15 000. */
  timeoutMs?: number;
  /** Extra attempts after 5xx / network failures / 429. Default 2. */
  retries?: number;
  /** A 429 asking to wait longer than this (ms) fails at once instead of waiting. Default 60 000. */
  maxRetryAfterMs?: number;
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

/** Response of `GET /assets/{id}/tokenomics/changes` (not shown by the spec): read as a feed page. */
export type AssetTokenomicsResponse = TokenomicsPage;

const RETRYABLE_STATUS = new Set([500, 502, 503, 504]);

class TimeoutReason extends Error {}

function parseRetryAfterMs(value: string | null): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (/^\d{1,9}(?:\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

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
  readonly bucket: TokenBucket | null;
  readonly #apiKey: string;
  readonly #fetch: typeof fetch;
  readonly #clock: Clock;
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #maxRetryAfterMs: number;
  readonly #backoffMs: number;
  readonly #random: () => number;
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
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#clock = options.clock ?? systemClock;
    this.bucket =
      options.bucket === null
        ? null
        : (options.bucket ??
          new TokenBucket({ limit: options.requestsPerMinute ?? LIMITS.explorerRequestsPerMinute, clock: this.#clock }));
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#retries = options.retries ?? 2;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.#backoffMs = options.backoffMs ?? 500;
    this.#random = options.random ?? Math.random;
    this.#onError = options.onError ?? (() => {});
  }

  // ---------------------------------------------------------------- routes of spec 4.2

  /** `GET /health` (no key, outside the budget). The body is not shown by the spec: a non-JSON one reads as `{ text }`. */
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
      read: EXPLORER_BODIES.tokenomicsPage,
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
    const keyed = spec.keyed ?? true;
    const route = `${method} ${path.replace(/\/[0-9a-fA-F-]{36}(?=\/|$)/g, '/{id}')}`;
    const qs = spec.query?.toString();
    const url = `${this.baseUrl}${path}${qs ? `?${qs}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (keyed) headers['authorization'] = `Bearer ${this.#apiKey}`;
    let body: string | undefined;
    if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.body);
    }
    // 429 means "not processed", so every method may be repeated after one; 5xx only idempotent ones.
    const idempotent = method !== 'POST';

    for (let attempt = 0; ; attempt++) {
      const canRetry = attempt < this.#retries;
      if (keyed && this.bucket) await this.bucket.take(signal);
      else signal?.throwIfAborted();

      const controller = new AbortController();
      const onAbort = () => controller.abort(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      const timer = setTimeout(() => controller.abort(new TimeoutReason()), this.#timeoutMs);
      let response: Response;
      let text: string;
      try {
        response = await this.#fetch(url, { method, headers, body, signal: controller.signal, redirect: 'error' });
        text = await response.text();
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        const timedOut = controller.signal.reason instanceof TimeoutReason;
        if (idempotent && canRetry) {
          await this.#clock.sleep(this.#backoff(attempt), signal);
          continue;
        }
        throw new ExplorerApiError(
          timedOut
            ? { code: 'timeout', status: 0, route, message: `${route}: no answer within ${this.#timeoutMs} ms` }
            : { code: 'network_error', status: 0, route, message: `${route}: the Explorer API could not be reached` },
          { cause: error },
        );
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }

      if (response.status === 429) {
        const waitMs = parseRetryAfterMs(response.headers.get('retry-after')) ?? 1000;
        this.bucket?.holdFor(waitMs); // everyone on this key waits, not just this call
        if (canRetry && waitMs <= this.#maxRetryAfterMs) {
          if (!this.bucket || !keyed) await this.#clock.sleep(waitMs, signal);
          continue;
        }
        throw this.#errorFrom(route, response.status, text, Math.max(1, Math.ceil(waitMs / 1000)));
      }
      if (RETRYABLE_STATUS.has(response.status) && idempotent && canRetry) {
        await this.#clock.sleep(this.#backoff(attempt), signal);
        continue;
      }
      if (!response.ok) throw this.#errorFrom(route, response.status, text);
      if (response.status === 204 || !spec.read) return undefined as T;
      return this.#read(spec.read, route, response.status, text);
    }
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

  #backoff(attempt: number): number {
    const cap = Math.min(10_000, this.#backoffMs * 2 ** attempt);
    return cap / 2 + this.#random() * (cap / 2);
  }

  #errorFrom(route: string, status: number, text: string, retryAfter?: number): ExplorerApiError {
    let parsed: unknown;
    try {
      parsed = unwrapEnvelope(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    const body = explorerErrorSchema.safeParse(parsed);
    const code = body.success ? body.data.code : status === 429 ? 'too_many_requests' : 'unexpected_status';
    const known = (EXPLORER_ERRORS as Record<string, number>)[code] !== undefined;
    const detail = body.success && body.data.message ? body.data.message.replace(this.#apiKey, '[key]') : undefined;
    const message = `${route}: ${status} ${code}${detail ? ` — ${detail}` : known ? '' : ' (no error code in the body)'}`;
    return new ExplorerApiError({ code, status, route, message, retryAfter });
  }
}

/** `new ExplorerClient(options)`. */
export function createExplorerClient(options: ExplorerClientOptions): ExplorerClient {
  return new ExplorerClient(options);
}
