/**
 * The two limits of `LIMITS` (limits.ts) that the lookup client reads in the browser, each a
 * constant of its own: a page of statuses carries these two numbers, not the whole table of
 * spec part 8 (an object's properties are never shaken out).
 */
/** Lookups per `POST /lookup` batch of the server piece (a page of 5,000 tokens: 10 requests). */
export const LOOKUP_BATCH_MAX = 500;
/** `token_image` links are signed for about an hour (field notes): never cache longer, ms. */
export const TOKEN_IMAGE_LIFETIME_MS = 55 * 60_000;
