/**
 * The Node adapter's Requests. A bodiless request becomes a light Request: `url`, `method`
 * and `headers` are ready at once, `signal` on first use, and any other member of
 * `Request` builds the real Request (same URL, method, headers and signal) and acts on it.
 * Building a real Request costs more than answering a cached lookup, and most handlers
 * read only those four members.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { delegateMembers } from './prepared.js';

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

/** The request headers, dropping any value the fetch Headers class refuses. */
export function lenientHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of headerPairs(req)) {
    try {
      headers.append(name, value);
    } catch {
      // A header value the fetch Headers class refuses is dropped, not fatal.
    }
  }
  return headers;
}

/** The request headers; a value `Headers` refuses drops that one header only. */
export function requestHeaders(req: IncomingMessage): Headers {
  try {
    return new Headers(headerPairs(req));
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return lenientHeaders(req);
  }
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
    return (this.#headers ??= requestHeaders(this.#req));
  }
  get signal(): AbortSignal {
    return (this.#signal ??= clientGoneSignal(this.#res));
  }

  static {
    Object.setPrototypeOf(LightRequest.prototype, Request.prototype);
    const real = (r: LightRequest): Request =>
      (r.#real ??= new Request(r.#url, { method: r.#method, headers: r.headers, signal: r.signal }));
    delegateMembers(LightRequest.prototype, Request.prototype, (self) => real(self as LightRequest), READY);
  }
}

/** A bodiless request (GET, HEAD…) as a light Request (see the module comment). */
export function lightRequest(url: string, method: string, req: IncomingMessage, res: ServerResponse): Request {
  return new LightRequest(url, method, req, res) as unknown as Request;
}
