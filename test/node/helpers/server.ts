/**
 * Shared set-up of the server-piece tests: the real sandbox, and `createKyiHandler` mounted
 * through its Node adapter on a real HTTP server on loopback (port 0). Backoff sleeps are
 * recorded and resolved at once, so retry tests never wait on timers. `close()` of a mounted
 * handler closes its server and the handler (`handler.close()`; other handlers: `./closing.ts`).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkProxyAt } from './openapi-check.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { SANDBOX_FIXTURES as F } from '../../../src/sandbox/data/tokens.js';
import { createKyiHandler, type KyiHandlerOptions, type KyiHandler } from '../../../src/server/index.js';

export const PREFIX = '/api/kyi';
/** The session cookie the tests' `getUserId` reads. */
export const SESSION_COOKIE = 'demo_session=user-42';
export const SESSION_USER = 'user-42';

export interface Mounted {
  handler: KyiHandler;
  /** `http://127.0.0.1:PORT` of the partner server. */
  origin: string;
  /** `origin + /api/kyi`. */
  base: string;
  /** Backoff / Retry-After waits the handler asked for, in ms. */
  sleeps: number[];
  /** Errors reported through `onError`. */
  errors: unknown[];
  /** The wall clock the handler sees: `Date.now() + offsetMs`. */
  clock: { offsetMs: number };
  /** The partner's HTTP server. */
  server: Server;
  close(): Promise<void>;
}

export function startFixtureSandbox(): Promise<Sandbox> {
  return startSandbox({ port: 0 });
}

/** The options every test starts from: everything configured, with the sandbox's demo credentials. */
export function defaultOptions(sandbox: Sandbox, sleeps: number[], errors: unknown[], clock: { offsetMs: number }): KyiHandlerOptions {
  const { info } = sandbox;
  return {
    prefix: PREFIX,
    publicOrigin: 'http://partner.test',
    publicApi: { baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey },
    explorer: {
      baseUrl: info.explorerUrl,
      apiKey: info.credentials.explorerKeys.full,
      writes: true,
      // tests make bursts of calls; the budget itself has its own test
      budget: { limit: 100_000, capacity: 100_000 },
    },
    widget: { partnerId: info.credentials.partnerId, secretKey: info.credentials.secretKey },
    getUserId: (request) => (/(?:^|;\s*)demo_session=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? null),
    // the proxy's own tests: everyone may (the refusal paths have tests of their own)
    authorize: () => true,
    timeoutMs: 5000,
    retries: 2,
    backoff: { baseDelayMs: 200, maxDelayMs: 2000, maxRetryAfterSeconds: 2 },
    clock: {
      now: () => Date.now() + clock.offsetMs,
      // a wait is recorded and passes at once: virtual time jumps over it
      sleep: async (ms) => {
        sleeps.push(ms);
        clock.offsetMs += ms;
      },
    },
    random: () => 0.5,
    onError: (error) => errors.push(error),
  };
}

/** Mounts a handler (default options merged with `overrides`) on a fresh HTTP server. */
export async function mount(
  sandbox: Sandbox,
  overrides: Partial<KyiHandlerOptions> | ((defaults: KyiHandlerOptions) => KyiHandlerOptions) = {},
): Promise<Mounted> {
  const sleeps: number[] = [];
  const errors: unknown[] = [];
  const clock = { offsetMs: 0 };
  const defaults = defaultOptions(sandbox, sleeps, errors, clock);
  // the server listens first: its origin is the handler's publicOrigin
  let listener: KyiHandler['node'] = () => {};
  const server: Server = createServer((req, res) => listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const withOrigin = { ...defaults, publicOrigin: origin };
  const options = typeof overrides === 'function' ? overrides(withOrigin) : { ...withOrigin, ...overrides };
  const handler = createKyiHandler(options);
  listener = handler.node;
  const stopChecking = checkProxyAt(origin, handler.prefix);
  return {
    handler,
    origin,
    base: origin + PREFIX,
    sleeps,
    errors,
    clock,
    server,
    async close() {
      stopChecking();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
    },
  };
}

/** A test's clean start: the sandbox back to its seed state (faults and counts cleared), a handler mounted on it. */
export function mountFresh(sandbox: Sandbox, overrides?: Parameters<typeof mount>[1]): Promise<Mounted> {
  sandbox.reset();
  return mount(sandbox, overrides);
}

/** A test's end: the handler's background work (refreshes of stale entries) waited out, then it and its server closed. */
export async function unmount(m: Mounted): Promise<void> {
  await m.handler.idle();
  await m.close();
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): unknown;
}

/**
 * A request with the path sent byte for byte (fetch would normalize it), for hostile inputs.
 */
export function rawRequest(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as unknown });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** POST JSON with fetch, from the page's own origin (`origin` header) unless `headers` say otherwise. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const origin = new URL(url).origin;
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin, ...headers }, body: JSON.stringify(body) });
}

/** Every secret of the sandbox's credentials (keys, partner secret). */
export function secretsOf(sandbox: Sandbox): string[] {
  const c = sandbox.info.credentials;
  return [c.publicApiKey, c.secretKey, ...Object.values(c.explorerKeys)];
}

/**
 * POSTs a lookup body two bytes a second until the answer arrives (a slow-body attack: every
 * byte keeps an idle timeout from firing); resolves with its status, code and `Connection`.
 */
export function trickle(origin: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; code?: string; connection?: string }> {
  const body = Buffer.from(JSON.stringify({ requests: [{ kind: 'asset', chain: F.pyusd.chain, address: F.pyusd.address }] }));
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length, ...headers } },
      (res) => {
        clearInterval(timer);
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, code: (JSON.parse(text) as { code?: string }).code, connection: res.headers.connection }),
        );
      },
    );
    req.on('error', reject);
    const timer = setInterval(() => {
      if (sent >= body.length) return clearInterval(timer);
      req.write(body.subarray(sent, sent + 2));
      sent += 2;
    }, 1000);
    req.write(body.subarray(0, 2));
    sent = 2;
  });
}
