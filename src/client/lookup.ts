/**
 * The browser's lookup, from key to outcome, one concern per module:
 * - lookup/batcher.ts: the lookup's key and the batch (`LookupClient`: one `POST
 *   {proxyUrl}/lookup` per frame, deduplicated, abortable per caller), and the page-wide client;
 * - lookup/cache.ts: the one cache of answers (TTL and a bound), shared by every element;
 * - lookup/outcome.ts: the relayed answer read as the outcome an element renders, through the
 *   browser's lenient body readers (../read-body.ts, which the monitoring and assets reads use too);
 * - lookup/asset.ts: asset answers read the same way; not re-exported here, so what a token
 *   page loads of this barrel carries no asset reader (`<kyi-asset-card>` imports it directly);
 * - lookup/live.ts: the registry of live elements, re-checked together (lookup/refresh.ts, also
 *   not re-exported here: only the verify button re-checks).
 * (The elements check their input before they ask: lookup-element.ts.)
 */
export * from './lookup/batcher.js';
export * from './lookup/cache.js';
export * from './lookup/outcome.js';
export * from './lookup/live.js';
