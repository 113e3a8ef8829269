/**
 * The four limits of `LIMITS` (limits.ts) that the monitoring elements read in the browser, each
 * a constant of its own: kyi-monitoring.js carries these numbers, not the whole table of spec
 * part 8 (an object's properties are never shaken out), as lookup-limits.ts does for lookups.
 */
/** Watchlist cap per key (8); `unresolved` items count. */
export const WATCHLIST_CAP = 50;
/** Watchlist `note` length in characters (8). */
export const NOTE_MAX_LENGTH = 500;
/** Watchlist item ids in the `item` filter (8). */
export const ITEM_FILTER_MAX = 25;
/** Rows per monitoring changes response before `truncated: true` (8, 4.2 rule 4). */
export const CHANGES_PER_RESPONSE = 200;
