/**
 * The monitoring elements' data layer: reads and writes through the server piece's
 * `{proxyUrl}/explorer/…` routes (the Explorer key never reaches the browser), and
 * `{proxyUrl}/capabilities` to know whether write controls may be shown.
 *
 * The server piece checked every answer against the contract; here answers (bare or
 * `{ data, meta, errors }` enveloped) are read defensively (`read-body.ts`), so an odd body
 * renders a sensible state instead of throwing. Every failure is a `KyiRequestError` with a stable `code` — the
 * proxy's or the service's (`watchlist_limit_reached`, `not_found`, `invalid_parameter`,
 * `writes_disabled`…), or `network` / `invalid_response` — so elements can explain it.
 *
 * Nothing here touches the DOM.
 */
import type { ChangesEnvelope, NotificationsEnvelope, WatchlistItem, WatchlistResponse } from '../contract/index.js';
import { isAbortError, KyiRequestError } from './errors.js';
import { answerBody } from './proxy-answer.js';
import { requestUrl } from './request-url.js';
import { asBoolean, asString, listOf, objectOf, readObject, type Reader } from './read-body.js';

/** A finite number, else `undefined` (the monitoring and assets reads; the lookup's read none). */
export const asFiniteNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** `GET {proxyUrl}/capabilities`. */
export interface Capabilities {
  explorer?: boolean | undefined;
  explorerWrites?: boolean | undefined;
  widget?: boolean | undefined;
}

// What the elements read of each body, typed as the contract says (other fields kept as sent).
const withId = (fields: Record<string, Reader>) => (value: unknown) => {
  const item = readObject<{ id?: string }>(value, { ...fields, id: asString });
  return item?.id ? item : undefined; // an item without an id cannot be shown or changed
};
const assetSummary = (value: unknown) =>
  readObject(value, { id: asString, name: asString, symbol: asString, issuerName: asString, chain: asString, contractAddress: asString }) ?? {};
const watchlistItem = withId({
  asset: assetSummary,
  state: asString, // a state the contract does not list is kept (shown as "other")
  stateReason: asString,
  intakeStatus: asString,
  monitoringEnabled: asBoolean,
  note: asString,
  addedAt: asString,
});
const labelled = objectOf({ label: asString, value: (value) => value });
const change = withId({
  asset: objectOf({ name: asString }),
  detectedAt: asString,
  title: asString,
  detail: asString,
  materiality: asString, // unknown values kept (shown as "other")
  sourceUrl: asString,
  priorSourceUrl: asString,
  href: asString,
  isNew: asBoolean,
  confirmed: asBoolean,
  lowSignal: asBoolean,
  impact: asString,
  explanation: objectOf({ headline: asString, what: asString, whyItMatters: asString, impact: asString, field: objectOf({ label: asString }), previous: labelled, current: labelled }),
  direction: asString,
  impactAssessment: objectOf({ direction: asString, whatThisMeansForHolders: asString }),
});
const notification = (value: unknown) => {
  const item = withId({ kind: asString, title: asString, body: asString, href: asString, assetName: asString, headline: asString, impact: asString, changeHref: asString, createdAt: asString, readAt: asString })(value);
  return item && (item as { kind?: string }).kind ? item : undefined;
};
const readers = {
  capabilities: objectOf({ explorer: asBoolean, explorerWrites: asBoolean, widget: asBoolean }),
  watchlist: objectOf({ data: listOf(watchlistItem), limit: asFiniteNumber, used: asFiniteNumber }),
  watchlistItem,
  changes: objectOf({ items: listOf(change), truncated: (v) => v === true }),
  notifications: objectOf({ items: listOf(notification), unread: (v) => asFiniteNumber(v) ?? 0 }),
};

/** How a monitoring call reaches the server piece. */
export interface MonitoringCallOptions {
  /** Base URL of the server piece (e.g. `/api/kyi`). */
  proxyUrl: string;
  signal?: AbortSignal | undefined;
  /** Fetch to use; default the global one at call time. */
  fetch?: typeof fetch;
}

/** `value`'s own fields in an object without a prototype. */
const ownFields = <T>(value: T): T => ({ __proto__: null, ...(value as object) }) as T;

/** One JSON call to the server piece; the body read with `read` (`null`: none). Rejects with `KyiRequestError`. */
export async function call<T>(
  options: MonitoringCallOptions,
  path: string,
  init: { method?: string; body?: unknown; query?: URLSearchParams },
  read: Reader | null,
): Promise<T> {
  // Own options only, as the lookup client's: a polluted `Object.prototype.fetch`, `proxyUrl` or `method` is not theirs.
  const { proxyUrl, signal, fetch: doFetch = fetch }: MonitoringCallOptions = ownFields(options);
  const { method, body, query }: typeof init = ownFields(init);
  const qs = query?.toString();
  const url = requestUrl(`${proxyUrl.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`);
  // (no prototype, as the lookup's headers: client/lookup/batcher.ts)
  const headers = { __proto__: null, accept: 'application/json' } as object as Record<string, string>;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    // Without a prototype, as the lookup's (client/lookup/batcher.ts): no inherited fetch option;
    // so fetch's defaults hold where a member is left out (GET; cookies to the same origin only).
    response = await doFetch(url, {
      __proto__: null,
      method,
      headers,
      // Its own fields, in an object without a prototype (as the lookup batch's, client/lookup/
      // batcher.ts): a script's `Object.prototype.toJSON` chooses no asset the watchlist adds.
      body: body && JSON.stringify(ownFields(body)),
      signal,
    } as RequestInit);
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) throw error;
    throw new KyiRequestError('network', 'The server could not be reached', 0);
  }
  const json = await answerBody(url, response);
  signal?.throwIfAborted();
  if (read === null) return undefined as T;
  const answer = read(json);
  if (answer === undefined) throw new KyiRequestError('invalid_response', 'Unexpected answer from the server', response.status);
  return answer as T;
}

const capabilityCache = new Map<string, Promise<Capabilities>>();

/**
 * What the server piece allows (`explorerWrites` decides whether write controls are shown).
 * Cached per proxy URL for the page's lifetime; a failure is not cached.
 */
export function getCapabilities(options: MonitoringCallOptions & { fresh?: boolean }): Promise<Capabilities> {
  // Its own keys, as `call`'s: a polluted `fresh` asks nothing again.
  const { proxyUrl: key, fresh } = ownFields(options);
  const cached = capabilityCache.get(key);
  if (cached && !fresh) return cached;
  const promise = call<Capabilities>({ ...options, signal: undefined }, '/capabilities', {}, readers.capabilities);
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
export function fetchWatchlist(options: MonitoringCallOptions): Promise<WatchlistResponse> {
  return call(options, '/explorer/me/watchlist', {}, readers.watchlist);
}

/** `POST /me/watchlist` — 409 `watchlist_limit_reached`, 404 `not_found` are the ones to explain. */
export function addWatchlistItem(options: MonitoringCallOptions, assetId: string): Promise<WatchlistItem> {
  return call(options, '/explorer/me/watchlist', { method: 'POST', body: { assetId } }, readers.watchlistItem);
}

/** `PATCH /me/watchlist/{id}`. */
export function updateWatchlistItem(
  options: MonitoringCallOptions,
  id: string,
  patch: { monitoringEnabled?: boolean; note?: string | null },
): Promise<WatchlistItem> {
  return call(
    options,
    `/explorer/me/watchlist/${encodeURIComponent(id)}`,
    { method: 'PATCH', body: patch },
    readers.watchlistItem,
  );
}

/** `DELETE /me/watchlist/{id}`. */
export function removeWatchlistItem(options: MonitoringCallOptions, id: string): Promise<void> {
  return call(options, `/explorer/me/watchlist/${encodeURIComponent(id)}`, { method: 'DELETE' }, null);
}

/**
 * `GET /me/monitoring/changes`. The query is sent as the change feed's attributes wrote it, so a
 * bad filter comes back as the server's 400 naming the parameter (the feed never widens
 * silently); the browser carries no formatter of typed filters (the server piece's is
 * contract/monitoring-query.ts).
 */
export function fetchChanges(options: MonitoringCallOptions, query: URLSearchParams): Promise<ChangesEnvelope> {
  return call(options, '/explorer/me/monitoring/changes', { query }, readers.changes);
}

/** `GET /me/notifications`. */
export function fetchNotifications(options: MonitoringCallOptions, query: { unread?: boolean } = {}): Promise<NotificationsEnvelope> {
  const params = new URLSearchParams();
  // Its own `unread` only: a polluted one chose which notifications a plain list read.
  const { unread } = ownFields(query);
  if (unread !== undefined) params.set('unread', String(unread));
  return call(options, '/explorer/me/notifications', { query: params }, readers.notifications);
}

/**
 * Merges a fresh read of a window into the rows shown, by `id`: rows not shown yet are
 * `added`, rows whose content changed (confirmed or assessed later) are `replaced`, the rest
 * stay as they are. `rows` is `current` itself when nothing changed.
 */
export function mergeById<T extends { id: string }>(current: T[], incoming: readonly T[]): { rows: T[]; added: T[]; replaced: T[] } {
  const byId = new Map(current.map((row) => [row.id, row]));
  const added: T[] = [];
  const replaced: T[] = [];
  for (const row of incoming) {
    const shown = byId.get(row.id);
    if (shown === undefined) added.push(row);
    else if (JSON.stringify(shown) !== JSON.stringify(row)) replaced.push(row);
    else continue;
    byId.set(row.id, row);
  }
  return { rows: added.length + replaced.length === 0 ? current : [...byId.values()], added, replaced };
}

