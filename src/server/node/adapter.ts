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
 * - GET and HEAD requests are light Requests (below): the real one is built
 *   only when the handler uses more than `url`, `method`, `headers` and `signal`.
 * - The Response is streamed back with backpressure; the Request's signal aborts when
 *   the client goes away. A Response built from a string or bytes and not read since is sent
 *   from them in one write with `Content-Length` (its body stream is never read).
 * - With `cachedAnswer` (the server piece's fresh cache hits, `handlerParts`), a GET or HEAD
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
import { KyiHttpError, errorPrepared } from '../errors.js';
import type { HeaderGetter, PreparedResponse } from './prepared.js';
import { isMalformedPath, MALFORMED_PATH_ANSWER, type CachedAnswer, type KyiRequestContext } from '../handler.js';
import { payloadTooLarge, readBody } from '../lookup/routes.js';

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

/** A prepared answer as Node writes it: `writeHead`'s flat header lists and the body. */
export interface Wire {
  /** `[name, value, …]` with `content-length` when there is a body. */
  readonly headers: readonly string[];
  /** The same without `content-length`, for HEAD. */
  readonly headHeaders: readonly string[];
  /** The body's UTF-8, `null` for none. */
  readonly body: Buffer | null;
}

/** Where a prepared answer keeps its `Wire` (a cached one is shared by every request that gets it). */
const WIRE = Symbol('kyi-elements.wire');

/** The `Wire` of a prepared answer, made anew (exported for bench/mechanisms-server.ts). */
export function wireFor(prepared: PreparedResponse): Wire {
  const headHeaders = prepared.headers.flat();
  const body = prepared.body === null ? null : Buffer.from(prepared.body);
  return { headers: body === null ? headHeaders : [...headHeaders, 'content-length', String(body.byteLength)], headHeaders, body };
}

/** The `Wire` of a prepared answer, made on its first send and then kept with it. */
export function wireOf(prepared: PreparedResponse): Wire {
  const holder = prepared as PreparedResponse & { [WIRE]?: Wire };
  let wire = holder[WIRE];
  if (wire) return wire;
  wire = wireFor(prepared);
  if (Object.isExtensible(holder)) holder[WIRE] = wire;
  return wire;
}

/**
 * Sends a prepared answer as the Response built from it would be sent, in one `writeHead`
 * (headers a middleware set before are kept, as `setHeader` would) and one `end`.
 */
function writePrepared(res: ServerResponse, prepared: PreparedResponse, head: boolean) {
  const wire = wireOf(prepared);
  res.writeHead(prepared.status, (head ? wire.headHeaders : wire.headers) as string[]);
  if (head || wire.body === null) res.end();
  else res.end(wire.body);
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

// ------------------------------------------------------------ requests

/*
 * The Node adapter's Requests. A bodiless request becomes a light Request: `url`, `method`
 * and `headers` are ready at once, `signal` on first use, and any other member of
 * `Request` builds the real Request (same URL, method, headers and signal) and acts on it.
 * Building a real Request costs more than answering a cached lookup, and most handlers
 * read only those four members. For the same reason the headers answer `get` from Node's
 * raw list until something needs the whole `Headers`.
 */
/** The `Host` of the request as sent (HTTP/2: `:authority`). */
function hostOf(req: IncomingMessage): string {
  return req.headers.host ?? (req.headers[':authority'] as string | undefined) ?? 'localhost';
}

const isEncrypted = (req: IncomingMessage) => (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;

/** The request's origin (`scheme://host`, serialized by the URL parser), or `null` when it is not a URL origin. */
export function requestOrigin(req: IncomingMessage): string | null {
  try {
    return new URL(`${isEncrypted(req) ? 'https' : 'http'}://${hostOf(req)}`).origin;
  } catch {
    return null;
  }
}

/**
 * The URL of the request as `new URL(target, origin).href` gives it (an absolute-form target
 * keeps only its path and query). `null` when it is not a URL.
 */
export function requestUrl(req: IncomingMessage, rawUrl: string): string | null {
  const origin = requestOrigin(req);
  if (origin === null) return null;
  try {
    const target = /^[a-z][a-z0-9+.-]*:\/\//i.test(rawUrl) ? new URL(rawUrl) : null;
    const path = target ? target.pathname + target.search : rawUrl.startsWith('/') ? rawUrl : '/' + rawUrl;
    return new URL(path, origin).href;
  } catch {
    return null;
  }
}

/** The request headers as pairs (HTTP/2 pseudo-headers left out), for `Headers` to check once. */
export function headerPairs(req: IncomingMessage): [string, string][] {
  const pairs: [string, string][] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.charCodeAt(0) === 0x3a /* : */) continue; // HTTP/2 pseudo-headers
    pairs.push([name, raw[i + 1]!]);
  }
  return pairs;
}

const isHttpWhitespace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * What `Headers.get(name)` answers for a Headers object filled by appending every pair of a
 * raw header list (`[name, value, …]`, Node's `rawHeaders`): values of a lower-case `name`
 * matched case-insensitively, trimmed of HTTP whitespace, joined with ", "; values `Headers`
 * refuses (NUL, CR, LF) are skipped. `null` when there is none.
 */
export function rawHeaderValue(raw: readonly string[], name: string): string | null {
  let found: string | null = null;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const n = raw[i]!;
    if (n.length !== name.length || n.toLowerCase() !== name) continue;
    let v = raw[i + 1]!;
    if (v.length > 0 && (isHttpWhitespace(v.charCodeAt(0)) || isHttpWhitespace(v.charCodeAt(v.length - 1)))) {
      v = v.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
    }
    if (v.includes('\0') || v.includes('\r') || v.includes('\n')) continue;
    found = found === null ? v : `${found}, ${v}`;
  }
  return found;
}

/** `Headers.get` over the request's raw header list, without any `Headers` object (see `rawHeaderValue`). */
export function rawHeaderGetter(req: IncomingMessage): HeaderGetter {
  return { get: (name) => rawHeaderValue(req.rawHeaders, String(name).toLowerCase()) };
}

/** A header name `Headers` accepts (an HTTP token), in lower case. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;

/**
 * The request headers as a `Headers` that answers `get` and `has` straight from Node's raw
 * list, and fills itself (dropping values `Headers` refuses) on first use of anything else.
 */
class RawHeaders extends Headers {
  #raw: IncomingMessage | undefined;

  constructor(req: IncomingMessage) {
    super();
    this.#raw = req;
  }

  override get(name: string): string | null {
    const lower = String(name).toLowerCase();
    return this.#raw && TOKEN.test(lower) ? rawHeaderValue(this.#raw.rawHeaders, lower) : (RawHeaders.#fill(this), super.get(name));
  }

  override has(name: string): boolean {
    return this.get(name) !== null;
  }

  static #fill(headers: RawHeaders): void {
    const req = headers.#raw;
    if (!req) return;
    headers.#raw = undefined;
    for (const [name, value] of headerPairs(req)) {
      try {
        Headers.prototype.append.call(headers, name, value);
      } catch {
        // A header value the fetch Headers class refuses is dropped, not fatal.
      }
    }
  }

  static {
    const proto = Headers.prototype as unknown as Record<PropertyKey, (...args: unknown[]) => unknown>;
    for (const name of [...Object.getOwnPropertyNames(Headers.prototype), Symbol.iterator] as PropertyKey[]) {
      if (name === 'constructor' || name === 'get' || name === 'has') continue;
      const own = Object.getOwnPropertyDescriptor(Headers.prototype, name);
      if (typeof own?.value !== 'function') continue;
      Object.defineProperty(RawHeaders.prototype, name, {
        configurable: true,
        writable: true,
        value(this: RawHeaders, ...args: unknown[]) {
          RawHeaders.#fill(this);
          return proto[name]!.apply(this, args);
        },
      });
    }
  }
}

/** The request headers, dropping any value the fetch Headers class refuses (see `RawHeaders`). */
export function nodeHeaders(req: IncomingMessage): Headers {
  return new RawHeaders(req);
}

/** A signal that aborts when the client goes away before the answer was written. */
export function clientGoneSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  if (res.destroyed && !res.writableFinished) controller.abort();
  else
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
  return controller.signal;
}

/**
 * Defines on `target` every member of `source` (a built-in prototype) except `skip`, each
 * acting on `realOf(this)`: how a light object stands in for a built-in one until used.
 * The runtime's own symbol-keyed slots, as on `sample`, are read from the real object too,
 * so the runtime's functions that take such an object (`new Request(request)`, `fetch`)
 * find them.
 */
function delegateMembers(target: object, source: object, sample: object, realOf: (self: object) => object, skip: ReadonlySet<string>): void {
  for (const name of Object.getOwnPropertyNames(source)) {
    if (name === 'constructor' || skip.has(name)) continue;
    const own = Object.getOwnPropertyDescriptor(source, name)!;
    const member: PropertyDescriptor = own.get
      ? { get(this: object) { return Reflect.get(source, name, realOf(this)); } }
      : { value(this: object, ...args: unknown[]) { return (realOf(this) as Record<string, (...a: unknown[]) => unknown>)[name]!(...args); } };
    Object.defineProperty(target, name, { ...member, configurable: true });
  }
  for (const slot of Object.getOwnPropertySymbols(sample)) {
    Object.defineProperty(target, slot, { configurable: true, get(this: object) { return (realOf(this) as Record<symbol, unknown>)[slot]; } });
  }
}

/** Members a light Request answers itself. */
const READY = new Set(['url', 'method', 'headers', 'signal']);

class LightRequest {
  readonly #url: string;
  readonly #method: string;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  #headers?: Headers;
  #signal?: AbortSignal;
  #real?: Request;

  constructor(url: string, method: string, req: IncomingMessage, res: ServerResponse) {
    this.#url = url;
    this.#method = method;
    this.#req = req;
    this.#res = res;
  }

  get url(): string {
    return this.#url;
  }
  get method(): string {
    return this.#method;
  }
  get headers(): Headers {
    return (this.#headers ??= nodeHeaders(this.#req));
  }
  get signal(): AbortSignal {
    return (this.#signal ??= clientGoneSignal(this.#res));
  }

  static {
    Object.setPrototypeOf(LightRequest.prototype, Request.prototype);
    const real = (r: LightRequest): Request =>
      (r.#real ??= new Request(r.#url, { method: r.#method, headers: r.headers, signal: r.signal }));
    delegateMembers(LightRequest.prototype, Request.prototype, new Request('http://localhost/'), (self) => real(self as LightRequest), READY);
  }
}

/** A bodiless request (GET, HEAD…) as a light Request (see the module comment). */
export function lightRequest(url: string, method: string, req: IncomingMessage, res: ServerResponse): Request {
  return new LightRequest(url, method, req, res) as unknown as Request;
}
