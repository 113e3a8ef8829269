/**
 * What a framework adapter knows about a request beyond the fetch `Request`: the Node
 * adapter (`toNodeHandler`, `handler.node`) attaches the Node request and response, so
 * `getUserId` and `authorize` can read `req.session` (express-session) or `req.user`
 * (passport). Kept beside the Request, never copied into it; fetch-only callers get `{}`.
 *
 * Fetch-API only at run time (the Node types are erased).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Second argument of `getUserId` (third of `authorize`). `Req` is your framework's request type. */
export interface KyiRequestContext<Req = IncomingMessage> {
  /** The Node request and response, when the call came through the Node adapter. */
  node?: { req: Req; res: ServerResponse };
}

const contexts = new WeakMap<Request, KyiRequestContext<unknown>>();
const NONE: KyiRequestContext<never> = Object.freeze({});

/** Attaches `context` to `request` (adapters). */
export function setRequestContext(request: Request, context: KyiRequestContext<unknown>): void {
  contexts.set(request, context);
}

/** The context an adapter attached to `request`, or `{}`. */
export function requestContext<Req = IncomingMessage>(request: Request): KyiRequestContext<Req> {
  return (contexts.get(request) ?? NONE) as KyiRequestContext<Req>;
}
