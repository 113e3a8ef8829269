/**
 * The watchlist's data operations: the list as a write leaves it, shown without reading it
 * again. Each returns a new response and leaves the one given as it was.
 */
import type { WatchlistItem, WatchlistResponse } from '../../contract/index.js';

/** The list with `item` in place of the item of the same id. */
export function replaceItem(data: WatchlistResponse, item: WatchlistItem): WatchlistResponse {
  return { ...data, data: data.data.map((i) => (i.id === item.id ? item : i)) };
}

/** The list with an added `item` first, unless it already holds it. */
export function addItem(data: WatchlistResponse, item: WatchlistItem): WatchlistResponse {
  return data.data.some((i) => i.id === item.id) ? data : { ...data, data: [item, ...data.data] };
}

/** The list without the items of `ids`. */
export function withoutItems(data: WatchlistResponse, ids: ReadonlySet<string>): WatchlistResponse {
  return { ...data, data: data.data.filter((i) => !ids.has(i.id)) };
}

/** The list once the removal of `id` was sent: without it, one fewer used. */
export function afterRemoval(data: WatchlistResponse, id: string): WatchlistResponse {
  const used = typeof data.used === 'number' ? Math.max(0, data.used - 1) : data.used;
  return { ...withoutItems(data, new Set([id])), used };
}
