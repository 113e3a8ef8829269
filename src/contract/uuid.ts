/**
 * UUIDs (registry asset ids, watchlist item ids). Their own module: of the browser's code only
 * the watchlist checks one, so a token-status page's lookup chunk (which holds queries.ts,
 * re-exporting these) carries none of it.
 */

/** A UUID (registry asset ids, watchlist item ids). */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
