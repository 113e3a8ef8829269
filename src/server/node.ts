/**
 * Node adapter for fetch-style handlers: `(Request) => Promise<Response>` becomes a
 * `(req, res, next?)` listener usable with node:http, Express and Connect.
 *
 * - Builds the Request from the method, `Host` header and the original URL (Express'
 *   `originalUrl` when mounted under a path, so the handler always sees the full path).
 * - Non-GET/HEAD bodies are streamed with a size cap (413 `payload_too_large` past it). A body that a
 *   body-parser middleware already consumed (`req.body`) is passed on instead.
 * - The Response is streamed back with backpressure; the Request's signal aborts when
 *   the client goes away. A body the handler built from a string (`textResponse`) is sent
 *   in one write with `Content-Length` instead.
 * - A handler of `createKyiHandler` answers GETs of its lookup routes through its
 *   `SERVE_LOOKUP` hook before any Request is built (synchronously for a fresh cache hit;
 *   same rules, same status, headers and bytes as its fetch path).
 * - With `prefix`, paths outside it go to `next()` (or get a 404 JSON when there is none).
 * - Errors go to `next(err)` when there is one, otherwise 500 `{ code, message }`.
 * - The handler's `getUserId` / `authorize` receive `{ node: { req, res } }` (`req.session`, `req.user`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { once } from 'node:events';
import { KyiError } from './errors.js';
import { SERVE_LOOKUP, knownBody, type PreparedResponse, type ServeLookup } from './prepared.js';
import { setRequestContext } from './request-context.js';

export type FetchHandler = (request: Request) => Promise<Response>;
export type NodeNext = (err?: unknown) => void;
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: NodeNext) => void;

export interface NodeHandlerOptions {
  /** Only paths equal to or under this prefix are handled, e.g. `/api/kyi`. */
  prefix?: string;
  /** Largest accepted request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

/** Thrown into the body stream when a request body passes `maxBodyBytes`. */
export class BodyTooLargeError extends KyiError {
  override name = 'BodyTooLargeError';
  constructor(limit: number) {
    super('payload_too_large', `The request body is larger than ${limit} bytes`, 413);
  }
}

type NodeRequest = IncomingMessage & { originalUrl?: string; body?: unknown };

export function toNodeHandler(handler: FetchHandler, opts: NodeHandlerOptions = {}): NodeHandler {
  const prefix = normalizePrefix(opts.prefix);
  const maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const serveLookup = (handler as FetchHandler & { [SERVE_LOOKUP]?: ServeLookup })[SERVE_LOOKUP];

  return (req, res, next) => {
    const nreq = req as NodeRequest;
    const rawUrl = nreq.originalUrl ?? req.url ?? '/';
    if (prefix && !isUnderPrefix(rawUrl, prefix)) {
      if (next) return next();
      return sendJson(res, 404, { code: 'not_found', message: 'Not found' });
    }
    if (serveLookup && req.method === 'GET') {
      const answer = tryServeLookup(serveLookup, nreq, rawUrl, maxBody);
      if (answer instanceof Promise) {
        return void answer.then((prepared) => writePrepared(res, prepared)).catch((err: unknown) => fail(res, next, err));
      }
      if (answer) return writePrepared(res, answer);
    }
    void run(handler, nreq, res, rawUrl, maxBody).catch((err: unknown) => fail(res, next, err));
  };
}

/** Answers an error that escaped the handler (or a body over the limit). */
function fail(res: ServerResponse, next: NodeNext | undefined, err: unknown) {
  // The client went away: nobody is left to answer, and it is not a server error.
  if (res.destroyed && !res.headersSent) return;
  if (err instanceof BodyTooLargeError) {
    if (res.headersSent) return void res.destroy();
    res.setHeader('connection', 'close');
    return sendJson(res, 413, { code: err.code, message: err.message });
  }
  if (next) return next(err);
  if (!res.headersSent) return sendJson(res, 500, { code: 'internal_error', message: 'Internal server error' });
  res.destroy();
}

/** The handler's shortcut answer, for a request `run` would hand to the handler as is. */
function tryServeLookup(serveLookup: ServeLookup, req: NodeRequest, rawUrl: string, maxBody: number) {
  // origin-form targets only: `buildUrl` resolves them as `new URL(rawUrl, origin)`
  if (rawUrl.charCodeAt(0) !== 0x2f /* / */) return undefined;
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBody) return undefined; // `run` answers 413
  return serveLookup('GET', originOf(req), rawUrl, req.rawHeaders);
}

/** Sends a prepared answer the way `writeResponse` sends the equivalent Response. */
function writePrepared(res: ServerResponse, prepared: PreparedResponse) {
  res.statusCode = prepared.status;
  for (const [name, value] of prepared.headers) res.setHeader(name, value);
  if (prepared.bytes && prepared.body !== null) {
    res.setHeader('content-length', prepared.bytes.byteLength);
    return void res.end(prepared.bytes);
  }
  endWith(res, prepared.body);
}

/** Ends the response with a known body (`Content-Length`, one write) or none. */
function endWith(res: ServerResponse, body: string | null) {
  if (body === null) return void res.end();
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

async function run(handler: FetchHandler, req: NodeRequest, res: ServerResponse, rawUrl: string, maxBody: number) {
  const url = buildUrl(req, rawUrl);
  if (!url) return sendJson(res, 400, { code: 'invalid_parameter', message: 'Invalid request URL' });

  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBody) {
    req.resume();
    throw new BodyTooLargeError(maxBody);
  }

  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });

  const method = (req.method ?? 'GET').toUpperCase();
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers: headerPairs(req),
    signal: controller.signal,
  };
  const limit = { exceeded: false };
  if (method !== 'GET' && method !== 'HEAD') {
    const body = requestBody(req, maxBody, limit);
    if (body !== null) {
      init.body = body;
      init.duplex = 'half';
    }
  }

  let request: Request;
  try {
    request = new Request(url, init);
  } catch (err) {
    // a header value the fetch Headers class refuses: rebuilt without it
    if (!(err instanceof TypeError) || init.headers instanceof Headers) throw err;
    init.headers = buildHeaders(req);
    request = new Request(url, init);
  }
  setRequestContext(request, { node: { req, res }, clientAddress: req.socket?.remoteAddress });
  let response: Response;
  try {
    response = await handler(request);
  } catch (err) {
    if (limit.exceeded) throw new BodyTooLargeError(maxBody);
    throw err;
  }
  // The handler read a cut-off body: whatever it answered, the answer is 413.
  if (limit.exceeded) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(maxBody);
  }
  await writeResponse(res, response, method === 'HEAD');
}

function normalizePrefix(prefix: string | undefined): string {
  if (!prefix || prefix === '/') return '';
  return ('/' + prefix.replace(/^\/+|\/+$/g, ''));
}

function isUnderPrefix(rawUrl: string, prefix: string): boolean {
  const path = rawUrl.split(/[?#]/, 1)[0] ?? '';
  return path === prefix || path.startsWith(prefix + '/');
}

/** `scheme://host` of the request (the `Host` header as sent). */
function originOf(req: IncomingMessage): string {
  const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  const host = req.headers.host ?? (req.headers[':authority'] as string | undefined) ?? 'localhost';
  return `${encrypted ? 'https' : 'http'}://${host}`;
}

function buildUrl(req: IncomingMessage, rawUrl: string): URL | null {
  try {
    // An absolute-form request target (proxy style) keeps only its path and query.
    const target = /^[a-z][a-z0-9+.-]*:\/\//i.test(rawUrl) ? new URL(rawUrl) : null;
    const path = target ? target.pathname + target.search : rawUrl.startsWith('/') ? rawUrl : '/' + rawUrl;
    return new URL(path, originOf(req));
  } catch {
    return null;
  }
}

/** The request headers as pairs (HTTP/2 pseudo-headers left out), for the Request to check once. */
function headerPairs(req: IncomingMessage): [string, string][] {
  const pairs: [string, string][] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.charCodeAt(0) === 0x3a /* : */) continue; // HTTP/2 pseudo-headers
    pairs.push([name, raw[i + 1]!]);
  }
  return pairs;
}

/** The request headers, dropping any value the fetch Headers class refuses. */
function buildHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.startsWith(':')) continue; // HTTP/2 pseudo-headers
    try {
      headers.append(name, raw[i + 1]!);
    } catch {
      // A header value the fetch Headers class refuses is dropped, not fatal.
    }
  }
  return headers;
}

function requestBody(req: NodeRequest, maxBody: number, limit: { exceeded: boolean }): BodyInit | null {
  // A body-parser middleware ran before us: the stream is spent, `req.body` holds it.
  if (req.readableEnded || (req.complete && req.body !== undefined)) return parsedBody(req.body);
  let seen = 0;
  const iterator = req[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) return controller.close();
        const chunk: Uint8Array = typeof value === 'string' ? new TextEncoder().encode(value) : value;
        seen += chunk.byteLength;
        if (seen > maxBody) {
          limit.exceeded = true;
          controller.error(new BodyTooLargeError(maxBody));
          req.resume(); // discard the rest so a 413 can still be written
          return;
        }
        controller.enqueue(chunk);
      } catch (err) {
        controller.error(err);
      }
    },
    cancel() {
      req.resume();
    },
  });
}

/** Body already read by a body-parser middleware (Express `req.body`). */
function parsedBody(body: unknown): BodyInit | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return body as Uint8Array<ArrayBuffer>;
  return JSON.stringify(body);
}

async function writeResponse(res: ServerResponse, response: Response, head: boolean) {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  const cookies = response.headers.getSetCookie();
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    res.setHeader(name, value);
  }
  if (cookies.length) res.setHeader('set-cookie', cookies);

  const known = head || !response.body ? undefined : knownBody(response);
  if (known !== undefined) return endWith(res, known);
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
