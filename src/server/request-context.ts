/**
 * What a framework adapter knows about a request beyond the fetch `Request`: the Node
 * adapter (`toNodeHandler`, `handler.node`) attaches the Node request and response, so
 * `getUserId` and `authorize` can read `req.session` (express-session) or `req.user`
 * (passport). Kept beside the Request, never copied into it; fetch-only callers get `{}`.
 *
 * Fetch-API only: the Node types are filled in by the Node entry (`KyiNodeContext`).
 */

/** Second argument of `getUserId` (third of `authorize`). */
export interface KyiRequestContext<Req = unknown, Res = unknown> {
  /** The Node request and response, when the call came through the Node adapter. */
  node?: { req: Req; res: Res };
  /** The peer's IP address, when the adapter knows it (the Node adapter does). */
  clientAddress?: string;
}

/** Where the context is kept on the request: a property, not a WeakMap entry, which costs the GC more per request. */
const CONTEXT = Symbol('kyi-elements.requestContext');
const NONE: KyiRequestContext = Object.freeze({});

type WithContext = Request & { [CONTEXT]?: KyiRequestContext };

/** Attaches `context` to `request` (adapters). */
export function setRequestContext(request: Request, context: KyiRequestContext): void {
  (request as WithContext)[CONTEXT] = context;
}

/** The context an adapter attached to `request`, or `{}`. */
export function requestContext<Ctx extends KyiRequestContext = KyiRequestContext>(request: Request): Ctx {
  return ((request as WithContext)[CONTEXT] ?? NONE) as Ctx;
}
