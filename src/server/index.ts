/**
 * `kyi-elements/server` on Node: the server piece that keeps every secret on the partner's backend.
 *
 * - `createKyiHandler(options)` → fetch-standard `(Request) => Promise<Response>`;
 *   `handler.node` is the same handler as a Node `(req, res, next?)` listener for node:http,
 *   Express and Connect.
 * - `createKyiNodeHandler(options)` = `createKyiHandler(options).node`.
 *
 * Everything else comes from the fetch-only entry (`./fetch.ts`), which runtimes without
 * Node resolve instead of this module; only the Node adapter, `FileStore` and the pooled
 * upstream client (`./upstream/node-client.ts`, the default `fetch` of handlers made here) are added here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createKyiHandler as createFetchHandler, type KyiHandler } from './handler.js';
import { toNodeHandler, type NodeHandler } from './node.js';
import type { KyiHandlerOptions } from './options.js';
import type { KyiRequestContext } from './request-context.js';
import { pooledUpstreamFetch } from './upstream/node-client.js';

export * from './fetch.js';
export { toNodeHandler, BodyTooLargeError, type NodeHandler, type NodeHandlerOptions, type FetchHandler } from './node.js';
// The file store uses node:fs; this entry already carries the Node adapter (edge bundles use ./fetch.js).
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
  // on Node, upstream calls go over pooled keep-alive connections unless a fetch is given
  const handler = createFetchHandler({ ...(options as KyiHandlerOptions), fetch: options.fetch ?? pooledUpstreamFetch });
  return Object.assign(handler, { node: toNodeHandler(handler, { prefix: handler.prefix || undefined }) });
}

/** `createKyiHandler(options).node`: a Node `(req, res, next?)` listener. */
export function createKyiNodeHandler<Req = IncomingMessage>(options: KyiHandlerOptions<KyiNodeContext<Req>>): NodeHandler {
  return createKyiHandler(options).node;
}
