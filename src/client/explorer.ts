/**
 * The browser's Explorer data layer: reads and writes through the server piece's
 * `{proxyUrl}/explorer/…` routes (the Explorer key never reaches the browser), and
 * `{proxyUrl}/capabilities` to know whether write controls may be shown.
 *
 * Every answer is validated with the contract schemas (bare or `{ data, meta, errors }`
 * enveloped); every failure is an `ExplorerRequestError` with a stable `code` — the
 * proxy's or the service's (`watchlist_limit_reached`, `not_found`, `invalid_parameter`,
 * `writes_disabled`…), or `network` / `invalid_response` — so elements can explain it.
 *
 * Nothing here touches the DOM.
 */
import * as z from 'zod/mini';
import {
  changesEnvelopeSchema,
  checkContract,
  formatMonitoringChangesQuery,
  kitErrorSchema,
  notificationsEnvelopeSchema,
  unwrapEnvelope,
  watchlistItemSchema,
  watchlistResponseSchema,
  type ChangesEnvelope,
  type MonitoringChangesQuery,
  type NotificationsEnvelope,
  type WatchlistItem,
  type WatchlistResponse,
} from '../contract/index.js';

/** A failed Explorer call from the browser. */
export class ExplorerRequestError extends Error {
  override readonly name = 'ExplorerRequestError';
  constructor(
    /** Stable code: the proxy's `code`, or `network` / `invalid_response`. */
    readonly code: string,
    message: string,
    /** HTTP status, or 0 when no answer arrived. */
    readonly status: number,
    /** Seconds to wait before retrying (429 `Retry-After`). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** `GET {proxyUrl}/capabilities`. */
export const capabilitiesSchema = z.looseObject({
  explorer: z.optional(z.boolean()),
  explorerWrites: z.optional(z.boolean()),
  widget: z.optional(z.boolean()),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;

export interface ExplorerCallOptions {
  /** Base URL of the server piece (e.g. `/api/kyi`). */
  proxyUrl: string;
  signal?: AbortSignal | undefined;
  /** Fetch to use; default the global one at call time. */
  fetch?: typeof fetch;
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

async function call<T>(
  options: ExplorerCallOptions,
  path: string,
  init: { method?: string; body?: unknown; query?: URLSearchParams },
  schema: z.ZodMiniType<T> | null,
): Promise<T> {
  const qs = init.query?.toString();
  const url = `${options.proxyUrl.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
    text = await response.text();
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) throw error;
    throw new ExplorerRequestError('network', 'The server could not be reached', 0);
  }
  let json: unknown = undefined;
  if (text) {
    try {
      json = unwrapEnvelope(JSON.parse(text));
    } catch {
      json = undefined;
    }
  }
  if (!response.ok) {
    const body = checkContract(kitErrorSchema, json);
    const retry = Number(response.headers.get('retry-after'));
    const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : undefined;
    if (body.ok) throw new ExplorerRequestError(body.data.code, body.data.message, response.status, retryAfter);
    throw new ExplorerRequestError(
      response.status === 429 ? 'too_many_requests' : response.status >= 500 ? 'upstream_error' : 'invalid_response',
      `The server answered ${response.status}`,
      response.status,
      retryAfter,
    );
  }
  if (schema === null) return undefined as T;
  const checked = checkContract(schema, json);
  if (!checked.ok) {
    throw new ExplorerRequestError('invalid_response', `Unexpected answer from the server (${checked.message})`, response.status);
  }
  return checked.data;
}

const capabilityCache = new Map<string, Promise<Capabilities>>();

/**
 * What the server piece allows (`explorerWrites` decides whether write controls are shown).
 * Cached per proxy URL for the page's lifetime; a failure is not cached.
 */
export function getCapabilities(options: ExplorerCallOptions & { fresh?: boolean }): Promise<Capabilities> {
  const key = options.proxyUrl;
  const cached = capabilityCache.get(key);
  if (cached && !options.fresh) return cached;
  const promise = call({ ...options, signal: undefined }, '/capabilities', {}, capabilitiesSchema);
  capabilityCache.set(key, promise);
  promise.catch(() => {
    if (capabilityCache.get(key) === promise) capabilityCache.delete(key);
  });
  return promise;
}

/** Forgets cached capabilities (tests, sign-in changes). */
export function clearCapabilities(): void {
  capabilityCache.clear();
}

/** `GET /me/watchlist`. */
export function fetchWatchlist(options: ExplorerCallOptions): Promise<WatchlistResponse> {
  return call(options, '/explorer/me/watchlist', {}, watchlistResponseSchema);
}

/** `POST /me/watchlist` — 409 `watchlist_limit_reached`, 404 `not_found` are the ones to explain. */
export function addWatchlistItem(options: ExplorerCallOptions, assetId: string): Promise<WatchlistItem> {
  return call(options, '/explorer/me/watchlist', { method: 'POST', body: { assetId } }, watchlistItemSchema);
}

/** `PATCH /me/watchlist/{id}`. */
export function updateWatchlistItem(
  options: ExplorerCallOptions,
  id: string,
  patch: { monitoringEnabled?: boolean; note?: string | null },
): Promise<WatchlistItem> {
  return call(
    options,
    `/explorer/me/watchlist/${encodeURIComponent(id)}`,
    { method: 'PATCH', body: patch },
    watchlistItemSchema,
  );
}

/** `DELETE /me/watchlist/{id}`. */
export function removeWatchlistItem(options: ExplorerCallOptions, id: string): Promise<void> {
  return call(options, `/explorer/me/watchlist/${encodeURIComponent(id)}`, { method: 'DELETE' }, null);
}

/**
 * `GET /me/monitoring/changes`. Raw `URLSearchParams` are sent as they are, so a bad filter
 * comes back as the server's 400 naming the parameter (the feed never widens silently).
 */
export function fetchChanges(
  options: ExplorerCallOptions,
  query: MonitoringChangesQuery | URLSearchParams,
): Promise<ChangesEnvelope> {
  const params = query instanceof URLSearchParams ? query : formatMonitoringChangesQuery(query);
  return call(options, '/explorer/me/monitoring/changes', { query: params }, changesEnvelopeSchema);
}

/** `GET /me/notifications`. */
export function fetchNotifications(options: ExplorerCallOptions, query: { unread?: boolean } = {}): Promise<NotificationsEnvelope> {
  const params = new URLSearchParams();
  if (query.unread !== undefined) params.set('unread', String(query.unread));
  return call(options, '/explorer/me/notifications', { query: params }, notificationsEnvelopeSchema);
}

/** Whether `url` may become a link: absolute http(s) only (no `javascript:`, `data:`…). */
export function safeHttpUrl(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
