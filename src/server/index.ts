/**
 * `kyi-elements/server` on Node: the server piece that keeps every secret on the partner's backend.
 *
 * `createKyiHandler(options)` → fetch-standard `(Request) => Promise<Response>`, whose `.node`
 * is the same handler as a Node `(req, res, next?)` listener for node:http, Express and
 * Connect: the one Node adapter.
 *
 * Everything else comes from the fetch-only entry (`./fetch.ts`), which runtimes without
 * Node resolve instead of this module; only the Node adapter (`./node/`: the listener, its fast
 * path for cached lookups, and the pooled upstream client, the default `fetch` of handlers made
 * here) and `FileStore` are added here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handlerParts, type KyiHandler as KyiFetchHandler } from './handler.js';
import { toNodeHandler, type NodeHandler } from './node/adapter.js';
import { cachedAnswers } from './node/cached-lookups.js';
import { pooledClient } from './node/pooled-client.js';
import type { KyiHandlerOptions } from './options.js';
import type { KyiRequestContext } from './routing.js';

export * from './fetch.js';
export type { NodeHandler, NodeNext } from './node/adapter.js';
/** The handler without its Node adapter (what `kyi-elements/server` gives on edge runtimes). */
export type { KyiFetchHandler };
// The file store uses node:fs; this entry already carries the Node adapter (edge bundles use ./fetch.js).
export { FileStore, type FileStoreOptions } from './store/file.js';

/** What `getUserId` / `authorize` receive through the Node adapter; `Req` is your framework's request type. */
export type KyiNodeContext<Req = IncomingMessage> = KyiRequestContext<Req, ServerResponse>;

/** The handler; on Node it also carries its Node adapter. */
export interface KyiHandler extends KyiFetchHandler {
  /** The same handler as a Node `(req, res, next?)` listener (paths outside the prefix go to `next`). */
  readonly node: NodeHandler;
}

/**
 * Creates the handler (see `KyiHandlerOptions`). Throws `KyiConfigError` for a configuration mistake.
 * `Req` types the Node request `getUserId` and `authorize` see, e.g. `createKyiHandler<express.Request>(…)`.
 */
export function createKyiHandler<Req = IncomingMessage>(options: KyiHandlerOptions<KyiNodeContext<Req>>): KyiHandler {
  // the adapter hands over whatever request the framework built; `Req` only narrows its type
  // on Node, upstream calls go over pooled keep-alive connections unless a fetch is given
  const pooled = pooledClient();
  const parts = handlerParts(options as KyiHandlerOptions, pooled.send);
  const { handler, serve, bodyTimeoutMs } = parts;
  const closeHandler = handler.close;
  return Object.assign(handler, {
    node: toNodeHandler(serve, { prefix: handler.prefix || undefined, cachedAnswer: cachedAnswers(parts), bodyTimeoutMs }),
    close: async () => {
      await closeHandler();
      await pooled.close();
    },
  });
}
