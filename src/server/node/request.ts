/**
 * The Requests the Node adapter (`./adapter.ts`) hands the handler, made from Node's
 * `IncomingMessage`: the URL as the URL parser gives it, the headers read from Node's raw list,
 * a signal that aborts when the client goes away, and for GET and HEAD a light Request.
 *
 * Node only. Not part of the public API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HeaderGetter } from '../lookup/routes.js';

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
