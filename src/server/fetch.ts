/**
 * `kyi-elements/server` on runtimes without Node (the `workerd`, `worker`, `edge-light` and
 * `browser` export conditions: Cloudflare Workers, Vercel/Next.js edge routes, bundlers).
 *
 * The same API as the Node entry (`./index.ts`) apart from what needs Node: no `.node`
 * adapter on the handler, no `toNodeHandler`, no `FileStore`. Nothing in this module's
 * import graph may import `node:*` (a test walks it).
 */
export { createKyiHandler, type Capabilities, type KyiHandler, type KyiHandler as KyiFetchHandler } from './handler.js';
export { KyiConfigError, type KyiHandlerOptions, type ExplorerRouteInfo, type AuthorizeResult } from './options.js';
export { KyiError, KyiHttpError, logEachProblemOnce, type ErrorCode } from './errors.js';
export { UpstreamError } from './upstream/outcome.js';
export { UNKNOWN_CLIENT, type ClientBudgetOptions } from './client-budget.js';
export { EXPLORER_ROUTES } from './explorer-proxy.js';
export type { LookupRequest, LookupResult } from './lookup.js';
export { requestContext, type KyiRequestContext } from './request-context.js';
export { generateToken, type GenerateTokenOptions } from './generate-token.js';
export * from './clock.js';
export * from './budget.js';
export * from './memory-budget.js';
export { assetPages, allAssets, type AssetPagesOptions } from './assets-pages.js';
export * from './explorer-client.js';
export * from './poll/index.js';
export * from './store/index.js';
