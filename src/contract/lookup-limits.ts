/**
 * The two limits of `LIMITS` (limits.ts) the browser's lookup client depends on, each a constant
 * of its own: a page of statuses carries the batch size, not the whole table of spec part 8 (an
 * object's properties are never shaken out); its cache keeps answers well within the image links'
 * lifetime (client/lookup/batcher.ts).
 */
/** Lookups per `POST /lookup` batch of the server piece (a page of 5,000 tokens: 10 requests). */
export const LOOKUP_BATCH_MAX = 500;
/** `token_image` links are signed for about an hour (field notes): never cache longer, ms. */
export const TOKEN_IMAGE_LIFETIME_MS = 55 * 60_000;
