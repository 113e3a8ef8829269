/**
 * What a server render looks up through (`src/render/`): a handler's own lookup path — its cache,
 * its loads in flight, the per-client and upstream budgets — and how it tells visitors apart.
 * Internal: kept on the handler under a registered symbol, not a property anyone reads, so that
 * the render finds it whichever build of the package made the handler (the edge build of
 * `kyi-elements/server/render` carries its own copy of this module).
 *
 * Fetch-API only (no `node:` imports).
 */
import type { KyiRequestContext } from './routing.js';
import type { LookupAnswer } from './lookup/public-api.js';
import type { PublicTarget } from '../contract/index.js';

export interface HandlerLookups {
  /** One lookup through the handler's cache, flights and budgets (`PublicApiClient.lookupByKey`). */
  lookup(target: PublicTarget, key: string, client: string | undefined): Promise<LookupAnswer>;
  /** Who asks, for the per-client budget, as the handler tells visitors apart. */
  clientOf(request: Request, context: KyiRequestContext): string;
  /** Tells the handler's `onError` about a render that failed (route `server-render`). */
  report(error: unknown): void;
}

const KEY = Symbol.for('kyi-elements.handler-lookups');

/** Keeps `lookups` on `handler` (not enumerable, not writable). */
export function keepLookups(handler: object, lookups: HandlerLookups): void {
  Object.defineProperty(handler, KEY, { value: lookups });
}

/** The lookup path of a handler `createKyiHandler` made, or `undefined` for any other value. */
export function handlerLookups(handler: unknown): HandlerLookups | undefined {
  const found = typeof handler === 'function' ? (handler as unknown as Record<symbol, unknown>)[KEY] : undefined;
  return found && typeof found === 'object' ? (found as HandlerLookups) : undefined;
}
