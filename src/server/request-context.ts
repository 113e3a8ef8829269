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

const contexts = new WeakMap<Request, KyiRequestContext>();
const NONE: KyiRequestContext = Object.freeze({});

/** Attaches `context` to `request` (adapters). */
export function setRequestContext(request: Request, context: KyiRequestContext): void {
  contexts.set(request, context);
}

/** The context an adapter attached to `request`, or `{}`. */
export function requestContext<Ctx extends KyiRequestContext = KyiRequestContext>(request: Request): Ctx {
  return (contexts.get(request) ?? NONE) as Ctx;
}
