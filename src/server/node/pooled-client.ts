/**
 * Upstream attempts on Node over kept-alive, pooled connections (undici `Pool`s, one per
 * origin, owned by one handler and closed with it): what the Node entry (`../index.ts`) sends
 * upstream calls through when no `fetch` option is given. Global `fetch` builds a Request, a Response, web streams and an
 * AbortController for every attempt, and `node:http`'s client a `ClientRequest`, an
 * `IncomingMessage` and socket listeners set and removed on every reuse; undici's dispatch
 * API sends the same request with none of them (about half the CPU of `node:http` per
 * attempt, measured side by side in bench/proxy-load.ts), on a connection kept open for the
 * next one.
 *
 * Same contract as the fetch attempt of `./call.ts` (`SendAttempt`): the timeout covers
 * headers and body; a body past the limit (declared or read) is `too-large`; a 429's body is
 * not kept; redirects are not followed; the caller's signal rejects with its reason. The
 * body is decoded as UTF-8 (a leading BOM dropped, as `TextDecoder` does); a gzip, deflate
 * or brotli body (sent even though nothing asked for it) is decompressed under the same limit.
 *
 * Node only: reached from the Node entry, never from `../fetch.ts` (undici must not reach an
 * edge bundle; test/node/edge-graph.test.ts checks it).
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Pool, type Dispatcher } from 'undici';
import { rateLimited, TimeoutReason, type SendAttempt, type UpstreamHeaders, type UpstreamOutcome, type UpstreamPolicy, type UpstreamRequest } from '../upstream/call.js';

/** Idle pooled connections close after this (ms): below Node's default server keep-alive (5 s). */
const IDLE_MS = 4000;

/** Upstream attempts over pooled connections, and the way to close them. */
export interface PooledClient {
  /** One upstream attempt (see the module comment). */
  send: SendAttempt;
  /** Closes every pooled connection (a request still on one is aborted); an attempt made afterwards fails as a network failure. */
  close(): Promise<void>;
}

/**
 * A pooled client: one pool per upstream origin (a handful: the Public API, the Explorer API).
 * No connection cap here: every key's gate bounds what it sends at once.
 */
export function pooledClient(): PooledClient {
  const pools = new Map<string, Pool>();
  let closed = false;
  const poolFor = (origin: string): Pool => {
    if (closed) throw new Error('the handler was closed: its pooled upstream connections are gone');
    let pool = pools.get(origin);
    if (!pool) {
      // a server's own keep-alive hint may shorten the idle time, never lengthen it past IDLE_MS
      pool = new Pool(origin, { keepAliveTimeout: IDLE_MS, keepAliveMaxTimeout: IDLE_MS });
      pools.set(origin, pool);
    }
    return pool;
  };
  return {
    send: attemptOf((request, policy) => exchange(poolFor, request, policy)),
    async close() {
      closed = true;
      const open = [...pools.values()];
      pools.clear();
      await Promise.all(open.map((pool) => pool.destroy()));
    },
  };
}

/** The `User-Agent` of upstream calls. */
export const USER_AGENT = 'kyi-elements';

/** What ends an exchange whose body passed the limit. */
export class TooLarge extends Error {}

type RawHeaders = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.join(', ') : v);

/** undici's lower-cased header record read like `Headers`. */
function headerReader(headers: RawHeaders): UpstreamHeaders {
  return {
    get(name: string) {
      return one(headers[name.toLowerCase()]) ?? null;
    },
  };
}

/** The body as text, decompressed when the upstream compressed it; `TooLarge` past `limit`. */
export function decode(chunks: Buffer[], size: number, encoding: string | undefined, limit: number): string {
  let bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  const coding = encoding?.trim().toLowerCase();
  if (coding && coding !== 'identity') {
    const options = { maxOutputLength: limit + 1 };
    if (coding === 'gzip' || coding === 'x-gzip') bytes = gunzipSync(bytes, options);
    else if (coding === 'deflate') bytes = inflateSync(bytes, options);
    else if (coding === 'br') bytes = brotliDecompressSync(bytes, options);
    else throw new Error(`unsupported content-encoding "${coding}"`);
    if (bytes.length > limit) throw new TooLarge();
  }
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * One exchange as an undici dispatch handler. Settles once: with the outcome, or rejects with
 * what ended it (a `TimeoutReason`, the caller's abort reason, `TooLarge` or a network error).
 * A timeout or abort that comes before undici hands over the request's controller (the
 * request still waits for a connection) settles at once and aborts the request when it starts.
 */
class Exchange implements Dispatcher.DispatchHandler {
  readonly #policy: UpstreamPolicy;
  readonly #resolve: (outcome: UpstreamOutcome) => void;
  readonly #reject: (reason: unknown) => void;
  readonly #signal: AbortSignal | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;
  #controller: Dispatcher.DispatchController | undefined;
  /** What ended the exchange early (timeout, the caller's abort), once it did. */
  #stopped: { reason: unknown } | undefined;
  #settled = false;
  #status = 0;
  #headers: RawHeaders = {};
  /** Body chunks; `undefined` once the body is not kept (a 429, or after settling). */
  #chunks: Buffer[] | undefined = [];
  /** A 429's outcome, given once its body has been read past (so the connection is free again). */
  #limited: UpstreamOutcome | undefined;
  #size = 0;

  constructor(request: UpstreamRequest, policy: UpstreamPolicy, resolve: (o: UpstreamOutcome) => void, reject: (r: unknown) => void) {
    this.#policy = policy;
    this.#resolve = resolve;
    this.#reject = reject;
    this.#signal = request.signal;
    this.#timer = setTimeout(() => this.#stop(new TimeoutReason()), policy.timeoutMs);
    this.#signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  readonly #onAbort = () => this.#stop(this.#signal!.reason);

  #stop(reason: unknown): void {
    if (this.#settled) return;
    this.#stopped = { reason };
    this.#controller?.abort(reason instanceof Error ? reason : new Error(String(reason)));
    // a 429 whose body stalls is still a 429 (only the caller's abort overrides it)
    if (this.#limited && reason instanceof TimeoutReason) this.#succeed(this.#limited);
    else this.#fail(reason);
  }

  #done(): void {
    this.#settled = true;
    this.#chunks = undefined;
    clearTimeout(this.#timer);
    this.#signal?.removeEventListener('abort', this.#onAbort);
  }

  #fail(reason: unknown): void {
    if (this.#settled) return;
    this.#done();
    this.#reject(reason);
  }

  #succeed(outcome: UpstreamOutcome): void {
    if (this.#settled) return;
    this.#done();
    this.#resolve(outcome);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#stopped) controller.abort(new Error('the attempt ended before it was sent'));
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: RawHeaders): void {
    if (status < 200 || this.#settled) return; // an informational answer: the real one follows
    this.#status = status;
    this.#headers = headers;
    if (status === 429) {
      // the body is not kept but still read to its end, so the connection serves the next attempt
      this.#limited = rateLimited(one(headers['retry-after']), this.#policy);
      this.#chunks = undefined;
      return;
    }
    const declared = Number(one(headers['content-length']));
    if (Number.isFinite(declared) && declared > this.#policy.maxBodyBytes) {
      this.#fail(new TooLarge());
      controller.abort(new TooLarge());
    }
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const chunks = this.#chunks;
    if (!chunks) return;
    this.#size += chunk.length;
    if (this.#size > this.#policy.maxBodyBytes) {
      this.#fail(new TooLarge());
      controller.abort(new TooLarge());
      return;
    }
    chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#limited) return this.#succeed(this.#limited);
    const chunks = this.#chunks;
    if (!chunks || this.#settled) return;
    let text: string;
    try {
      text = decode(chunks, this.#size, one(this.#headers['content-encoding']), this.#policy.maxBodyBytes);
    } catch (error) {
      return this.#fail(error);
    }
    this.#succeed({ kind: 'response', status: this.#status, headers: headerReader(this.#headers), text });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.#limited && !this.#stopped) return this.#succeed(this.#limited);
    this.#fail(this.#stopped ? this.#stopped.reason : error);
  }
}

/** Sends one attempt on `poolFor`'s pool; rejects with the request's error, or with the timeout / abort reason that ended it. */
function exchange(poolFor: (origin: string) => Pool, request: UpstreamRequest, policy: UpstreamPolicy): Promise<UpstreamOutcome> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.url);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return reject(new Error(`unsupported protocol ${url.protocol}`));
    // fetch would send `user-agent: node`; some gateways refuse requests without one
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, ...request.headers };
    const handler = new Exchange(request, policy, resolve, reject);
    try {
      poolFor(url.origin).dispatch({ origin: url.origin, method: request.method, path: url.pathname + url.search, headers, body: request.body ?? null }, handler);
    } catch (error) {
      handler.onResponseError(undefined as never, error as Error);
    }
  });
}

/**
 * An attempt made of an exchange that rejects with what ended it: the caller's abort rethrown,
 * a `TimeoutReason` a timeout, `TooLarge` (or Node's own buffer limit) too large, anything
 * else a network failure.
 */
export function attemptOf(run: (request: UpstreamRequest, policy: UpstreamPolicy) => Promise<UpstreamOutcome>): SendAttempt {
  return async (request, policy) => {
    request.signal?.throwIfAborted();
    try {
      return await run(request, policy);
    } catch (cause) {
      request.signal?.throwIfAborted();
      if (cause instanceof TimeoutReason) return { kind: 'timeout' };
      if (cause instanceof TooLarge || (cause as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'too-large' };
      return { kind: 'network', cause };
    }
  };
}
