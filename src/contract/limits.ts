import { LOOKUP_BATCH_MAX, TOKEN_IMAGE_LIFETIME_MS } from './lookup-limits.js';
import { CHANGES_PER_RESPONSE, ITEM_FILTER_MAX, NOTE_MAX_LENGTH, WATCHLIST_CAP } from './monitoring-limits.js';

/** Limits of spec part 8, plus the few numeric rules other parts and the field notes fix. */
export const LIMITS = {
  /** Explorer rate budget per key, requests per minute (8). */
  explorerRequestsPerMinute: 120,
  /** Watchlist cap per key (8); `unresolved` items count; monitoring-limits.ts, as the three after it. */
  watchlistCap: WATCHLIST_CAP,
  /** Watchlist `note` length in characters (8). */
  noteMaxLength: NOTE_MAX_LENGTH,
  /** Watchlist item ids in the `item` filter (8). */
  itemFilterMax: ITEM_FILTER_MAX,
  /** Rows per monitoring changes response before `truncated: true` (8, 4.2 rule 4). */
  changesPerResponse: CHANGES_PER_RESPONSE,
  /** Tokenomics page size used by the polling pattern and the maximum `limit` (8, field notes). */
  tokenomicsPageMax: 200,
  /** Tokenomics `limit` default (field notes). */
  tokenomicsPageDefault: 50,
  /** Back-off after an empty tokenomics page in the spec's pattern, ms (6). */
  tokenomicsIdleDelayMs: 60_000,
  /** Default `days` window of monitoring changes (field notes); 90 is the named heavier use. */
  monitoringDefaultDays: 90,
  /** Badge `Cache-Control` max-age, seconds (8). */
  badgeMaxAgeSeconds: 31_536_000,
  /** Lookups per `POST /lookup` batch of the server piece (a page of 5,000 tokens: 10 requests); lookup-limits.ts. */
  lookupBatchMax: LOOKUP_BATCH_MAX,
  /** Longest access-token lifetime the kit mints, seconds (field notes: at most one hour). */
  accessTokenMaxSeconds: 3600,
  /** `token_image` links are signed for about an hour (field notes): never cache longer, ms; lookup-limits.ts. */
  tokenImageLifetimeMs: TOKEN_IMAGE_LIFETIME_MS,
  /** Live Explorer key: `bx_live_` followed by 43 characters (field notes). */
  explorerKeyBodyLength: 43,
} as const;

/** Prefix of live Explorer keys (spec 5 `<LIVE_KEY_PREFIX>`, field notes). */
export const EXPLORER_LIVE_KEY_PREFIX = 'bx_live_';
