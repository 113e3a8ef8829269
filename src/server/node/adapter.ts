/**
 * Node adapter for fetch-style handlers: `(Request, context) => Promise<Response>` becomes a
 * `(req, res, next?)` listener usable with node:http, Express and Connect.
 *
 * - Builds the Request from the method, `Host` header and the original URL (Express'
 *   `originalUrl` when mounted under a path, so the handler always sees the full path).
 * - Non-GET/HEAD bodies are read whole before the handler is called, with a size cap (413
 *   `payload_too_large` as soon as more arrives) and, with `bodyTimeoutMs`, a deadline (408
 *   `request_timeout`); both answers close the connection. The Request carries the bytes, so
 *   reading it runs nothing of this module. A body that a body-parser middleware already
 *   consumed (`req.body`) is passed on instead.
 * - GET and HEAD requests are light Requests (`./request.ts`): the real one is built
 *   only when the handler uses more than `url`, `method`, `headers` and `signal`.
 * - The Response is streamed back with backpressure; the Request's signal aborts when
 *   the client goes away. A Response built from a string or bytes and not read since is sent
 *   from them in one write with `Content-Length` (its body stream is never read).
 * - With `cachedAnswer` (the server piece's fresh cache hits, `./cached-lookups.ts`), a GET or HEAD
 *   it answers is sent at once with one `writeHead` and `end`: no Request, Response or
 *   promise is made for it.
 * - With `prefix`, paths outside it go to `next()` (or get a 404 JSON when there is none).
 * - A target with a dot segment, an encoded slash or a backslash in its path gets 400
 *   `malformed_path` before anything else (`isMalformedPath`): the handler routes on exactly
 *   the path middleware in front of it saw.
 * - Errors go to `next(err)` when there is one, otherwise 500 `{ code, message }`.
 * - The handler's second argument, its `KyiRequestContext`, is `{ node: { req, res }, clientAddress }`
 *   (what `getUserId` / `authorize` receive: `req.session`, `req.user`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { once } from 'node:events';
import { KyiHttpError } from '../errors.js';
import { payloadTooLarge, readBody } from '../request/body.js';
import { isMalformedPath, MALFORMED_PATH_ERROR, type KyiRequestContext } from '../routing.js';
import type { CachedAnswer } from './cached-lookups.js';
import { errorPrepared, writePrepared, type PreparedResponse } from './prepared.js';
import { clientGoneSignal, headerPairs, lightRequest, nodeHeaders, rawHeaderGetter, requestOrigin, requestUrl } from './request.js';

/** What the adapter hands a handler beside the Request. */
export type NodeContext = KyiRequestContext<IncomingMessage, ServerResponse>;
/** A fetch handler, optionally taking the request's context (a plain `(Request) => …` is one). */
export type FetchHandler = (request: Request, context: NodeContext) => Promise<Response>;
export type NodeNext = (err?: unknown) => void;
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: NodeNext) => void;

export interface NodeHandlerOptions {
  /** Only paths equal to or under this prefix are handled, e.g. `/api/kyi`. */
  prefix?: string;
  /** Largest accepted request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Longest time a request body may take to arrive once reading starts, ms (default: no deadline). */
  bodyTimeoutMs?: number;
  /** Answers sent without calling the handler (the server piece's fresh cache hits; see `CachedAnswer`). */
  cachedAnswer?: CachedAnswer;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

/** The answer to a target `isMalformedPath` refuses (one, shared): the handler's `MALFORMED_PATH_ERROR`. */
const MALFORMED_PATH_ANSWER: PreparedResponse = errorPrepared(MALFORMED_PATH_ERROR.status, MALFORMED_PATH_ERROR.code, MALFORMED_PATH_ERROR.message);

type NodeRequest = IncomingMessage & { originalUrl?: string; body?: unknown };

export function toNodeHandler(handler: FetchHandler, opts: NodeHandlerOptions = {}): NodeHandler {
  const prefix = normalizePrefix(opts.prefix);
  const body = { maxBytes: opts.maxBodyBytes ?? DEFAULT_MAX_BODY, timeoutMs: opts.bodyTimeoutMs };
  const cached = opts.cachedAnswer;

  return (req, res, next) => {
    const nreq = req as NodeRequest;
    const rawUrl = nreq.originalUrl ?? req.url ?? '/';
    if (prefix && !isUnderPrefix(rawUrl, prefix)) {
      if (next) return next();
      return sendJson(res, 404, { code: 'not_found', message: 'Not found' });
    }
    if (cached) {
      try {
        if (sentCached(cached, req, res, rawUrl)) return;
      } catch (err) {
        return fail(res, next, err);
      }
    }
    // Checked on the target as sent, before `requestUrl` parses it: the URL parser resolves dot
    // segments and backslashes, which would route another path than the one middleware in front
    // (and the prefix check above) decided on. (A target `sentCached` answered is one the handler
    // has routed before, as the URL parser serializes it: never one refused here.)
    if (isMalformedPath(rawUrl)) return writePrepared(res, MALFORMED_PATH_ANSWER, req.method === 'HEAD');
    void run(handler, nreq, res, rawUrl, body).catch((err: unknown) => fail(res, next, err));
  };
}

/**
 * Sends the handler's answer that needs no Request, if it has one; `false` when the request
 * must go through `run`. Asked only with what `run` would hand the handler unchanged: a GET or
 * HEAD without a declared body, from a usable Host, with an origin-form target (the handler
 * answers only targets it has seen as the URL parser serializes them, which `run` would
 * pass on as they are).
 */
function sentCached(cached: CachedAnswer, req: IncomingMessage, res: ServerResponse, rawUrl: string): boolean {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (req.headers['content-length'] !== undefined || rawUrl.charCodeAt(0) !== 0x2f /* / */ || rawUrl.charCodeAt(1) === 0x2f) return false;
  const origin = requestOrigin(req);
  const prepared = origin === null ? undefined : cached(origin, rawUrl, rawHeaderGetter(req));
  if (!prepared) return false;
  writePrepared(res, prepared, method === 'HEAD');
  return true;
}

/** Answers an error that escaped the handler. */
function fail(res: ServerResponse, next: NodeNext | undefined, err: unknown) {
  // The client went away: nobody is left to answer, and it is not a server error.
  if (res.destroyed && !res.headersSent) return;
  if (next) return next(err);
  if (!res.headersSent) return sendJson(res, 500, { code: 'internal_error', message: 'Internal server error' });
  res.destroy();
}

/** undici's slot on a Response holding its body as given (`{ source, stream, length }`). */
const STATE = Object.getOwnPropertySymbols(new Response()).find((slot) => slot.description === 'state');

/**
 * The string or bytes a Response was built from while nobody has read its body (read from
 * the runtime's own slot, as @hono/node-server does), else `undefined`: then it is streamed.
 */
function sourceOf(response: Response): string | Uint8Array | undefined {
  if (STATE === undefined || response.bodyUsed || response.body?.locked) return undefined;
  const source = (response as unknown as Record<symbol, { body?: { source?: unknown } | null } | undefined>)[STATE]?.body?.source;
  return typeof source === 'string' || source instanceof Uint8Array ? source : undefined;
}

/** How a request body is read: at most `maxBytes`, within `timeoutMs` when given. */
interface BodyLimits {
  maxBytes: number;
  timeoutMs: number | undefined;
}

async function run(handler: FetchHandler, req: NodeRequest, res: ServerResponse, rawUrl: string, limits: BodyLimits) {
  const url = requestUrl(req, rawUrl);
  if (!url) return sendJson(res, 400, { code: 'invalid_parameter', message: 'Invalid request URL' });

  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    req.resume();
    return refuseBody(res, payloadTooLarge(limits.maxBytes));
  }

  const method = (req.method ?? 'GET').toUpperCase();
  let request: Request;
  if (method === 'GET' || method === 'HEAD') request = lightRequest(url, method, req, res);
  else {
    let body: BodyInit | null;
    try {
      body = await requestBody(req, limits);
    } catch (err) {
      if (err instanceof KyiHttpError) return refuseBody(res, err);
      throw err;
    }
    request = requestWithBody(req, res, url, method, body);
  }
  const response = await handler(request, { node: { req, res }, clientAddress: req.socket?.remoteAddress });
  await writeResponse(res, response, method === 'HEAD');
}

/**
 * Answers a body refused while reading it (413, 408) and closes the connection: the client
 * may still be sending the rest, which is not waited for.
 */
function refuseBody(res: ServerResponse, err: KyiHttpError) {
  if (res.destroyed) return;
  writePrepared(res, errorPrepared(err.status, err.code, err.message, { connection: 'close' }), false);
}

/** A Request with `body` (read by `requestBody`). */
function requestWithBody(req: NodeRequest, res: ServerResponse, url: string, method: string, body: BodyInit | null): Request {
  const init: RequestInit = { method, headers: headerPairs(req), signal: clientGoneSignal(res), body };
  try {
    return new Request(url, init);
  } catch (err) {
    // a header value the fetch Headers class refuses: rebuilt without it
    if (!(err instanceof TypeError)) throw err;
    return new Request(url, { ...init, headers: nodeHeaders(req) });
  }
}

/** The prefix as `/a/b`; '' for none. A `?` or `#` in it could never be part of a path: nothing is under it then. */
function normalizePrefix(prefix: string | undefined): string {
  if (!prefix || prefix === '/') return '';
  const normal = '/' + prefix.replace(/^\/+|\/+$/g, '');
  return /[?#]/.test(normal) ? NOTHING_UNDER : normal;
}

/** A prefix no request path starts with (a path has no NUL). */
const NOTHING_UNDER = '\0';

/** Whether the path of `rawUrl` (before any `?` or `#`) is `prefix` (one without `?` or `#`, see `normalizePrefix`) or under it. */
function isUnderPrefix(rawUrl: string, prefix: string): boolean {
  if (!rawUrl.startsWith(prefix)) return false;
  const next = rawUrl.charCodeAt(prefix.length); // NaN at the end
  return next !== next || next === 0x2f /* / */ || next === 0x3f /* ? */ || next === 0x23 /* # */;
}

/**
 * The request body, read whole (`readBody`: 413 past `maxBytes`, 408 past `timeoutMs`; the rest
 * of a refused body is discarded, so the answer can still be written).
 */
async function requestBody(req: NodeRequest, { maxBytes, timeoutMs }: BodyLimits): Promise<BodyInit | null> {
  // A body-parser middleware ran before us: the stream is spent, `req.body` holds it.
  if (req.readableEnded || (req.complete && req.body !== undefined)) return parsedBody(req.body);
  try {
    // Node's own iterator: reading the body runs nothing of this module
    return (await readBody(req[Symbol.asyncIterator](), maxBytes, timeoutMs)) as Uint8Array<ArrayBuffer>;
  } catch (err) {
    req.resume();
    throw err;
  }
}

/** Body already read by a body-parser middleware (Express `req.body`). */
function parsedBody(body: unknown): BodyInit | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return body as Uint8Array<ArrayBuffer>;
  return JSON.stringify(body);
}

/**
 * Writes a Response: its status and headers in one `writeHead` of a flat list (headers a
 * middleware set before are kept unless the Response names them, as with `writePrepared`;
 * each `Set-Cookie` stays its own line, as `Headers` iterates them), then its body.
 */
async function writeResponse(res: ServerResponse, response: Response, head: boolean) {
  const headers: string[] = [];
  for (const [name, value] of response.headers) headers.push(name, value);
  const source = head || !response.body ? undefined : sourceOf(response);
  if (source !== undefined) headers.push('content-length', String(typeof source === 'string' ? Buffer.byteLength(source) : source.byteLength));
  if (response.statusText) res.statusMessage = response.statusText;
  res.writeHead(response.status, headers);
  if (source !== undefined) return void res.end(source);
  if (!response.body || head) {
    if (response.body) await response.body.cancel().catch(() => {});
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const onClose = () => void reader.cancel().catch(() => {});
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
    res.end();
  } finally {
    res.off('close', onClose);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}
