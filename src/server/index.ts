/**
 * `kyi-elements/server`: the server piece that keeps every secret on the partner's backend.
 *
 * - `createKyiHandler(options)` → fetch-standard `(Request) => Promise<Response>` (edge
 *   runtimes, Next.js route handlers, Hono, Deno, Bun…); `handler.node` is the same handler
 *   as a Node `(req, res, next?)` listener for node:http, Express and Connect.
 * - `createKyiNodeHandler(options)` = `createKyiHandler(options).node`.
 *
 * This entry also carries the Node adapter (`node:events`). For an edge bundle import
 * `./handler.js`, which uses the fetch API only.
 */
import { createKyiHandler as createFetchHandler, type KyiHandler } from './handler.js';
import { toNodeHandler, type NodeHandler } from './node.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KyiHandlerOptions } from './options.js';
import type { KyiRequestContext } from './request-context.js';

export type { Capabilities, KyiHandler as KyiFetchHandler } from './handler.js';
export { KyiConfigError, type KyiHandlerOptions, type ExplorerRouteInfo, type AuthorizeResult } from './options.js';
export { KyiError, KyiHttpError, logEachProblemOnce, type ErrorCode } from './errors.js';
export { UpstreamError } from './upstream/outcome.js';
export { UNKNOWN_CLIENT, type ClientBudgetOptions } from './client-budget.js';
export { EXPLORER_ROUTES } from './explorer-proxy.js';
export type { LookupRequest, LookupResult } from './lookup.js';
export { requestContext, type KyiRequestContext } from './request-context.js';
export { toNodeHandler, BodyTooLargeError, type NodeHandler, type NodeHandlerOptions, type FetchHandler } from './node.js';
export { generateToken, type GenerateTokenOptions } from './generate-token.js';
export * from './clock.js';
export * from './budget.js';
export * from './memory-budget.js';
export { assetPages, allAssets, type AssetPagesOptions } from './assets-pages.js';
export * from './explorer-client.js';
export * from './poll/index.js';
export * from './store/index.js';
// The file store uses node:fs; this entry already carries the Node adapter (edge bundles use ./handler.js).
export { FileStore, createFileStore, type FileStoreOptions } from './store/file.js';

/** What `getUserId` / `authorize` receive through the Node adapter; `Req` is your framework's request type. */
export type KyiNodeContext<Req = IncomingMessage> = KyiRequestContext<Req, ServerResponse>;

/** The fetch handler plus its Node adapter. */
export interface KyiHandlerWithNode extends KyiHandler {
  /** The same handler as a Node `(req, res, next?)` listener (paths outside the prefix go to `next`). */
  readonly node: NodeHandler;
}

/**
 * Creates the handler (see `KyiHandlerOptions`). Throws `KyiConfigError` for a configuration mistake.
 * `Req` types the Node request `getUserId` and `authorize` see, e.g. `createKyiHandler<express.Request>(…)`.
 */
export function createKyiHandler<Req = IncomingMessage>(options: KyiHandlerOptions<KyiNodeContext<Req>>): KyiHandlerWithNode {
  // the adapter hands over whatever request the framework built; `Req` only narrows its type
  const handler = createFetchHandler(options as KyiHandlerOptions);
  return Object.assign(handler, { node: toNodeHandler(handler, { prefix: handler.prefix || undefined }) });
}

/** `createKyiHandler(options).node`: a Node `(req, res, next?)` listener. */
export function createKyiNodeHandler<Req = IncomingMessage>(options: KyiHandlerOptions<KyiNodeContext<Req>>): NodeHandler {
  return createKyiHandler(options).node;
}
