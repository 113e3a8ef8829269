/**
 * The sandbox: a local stand-in for the whole service on one loopback origin.
 * `startSandbox()` → `{ info, origin, faults, stats, state, reset(), close() }`.
 * The service itself, without a listening server, is `createSandbox` (./core.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '../server/node/adapter.js';
import { createSandbox } from './core.js';
import type { ExplorerContext, ExplorerState } from './explorer/index.js';
import type { SandboxFaults } from './faults.js';
import type { SandboxInfo } from './info.js';
import type { PublicState } from './state.js';
import type { SandboxStats } from './stats.js';

export type { SandboxInfo } from './info.js';
export type { SandboxCredentials } from './credentials.js';
export type { Fault, FaultTarget } from './faults.js';
export type { RouteId } from './routes.js';
export type { ExplorerContext } from './explorer/index.js';
export type { RateLimitSettings } from './explorer/rate-limit.js';
export type { SandboxRequest } from './stats.js';
export { SandboxFaults } from './faults.js';
export { SandboxStats } from './stats.js';
export { SANDBOX_CREDENTIALS } from './credentials.js';
export { SANDBOX_FIXTURES } from './data/tokens.js';
export { ROUTE_IDS } from './routes.js';
export { DEFAULT_WIDGET_ORIGINS } from './widget/origins.js';

/** Options of `startSandbox()`. */
export interface SandboxOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default `127.0.0.1` (loopback only). */
  host?: string;
  /** Also serve the hostile token set (markup, `javascript:` URLs, RTL overrides, 10 000-char names). */
  hostile?: boolean;
  /** Sandbox clock in ms (default `Date.now`); token expiry, timestamps and Explorer timing follow it. */
  now?: () => number;
  /**
   * Origins of the partner pages the widget may render in (its allow-list); any other page
   * gets an empty frame, as on the live service. Default: the demo page (`DEFAULT_WIDGET_ORIGINS`).
   * Change it later through `Sandbox.widgetOrigins`.
   */
  widgetOrigins?: readonly string[];
  /** How the `slow` fault waits (default: a timer); resolves early when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Explorer settings passed to the Explorer part (seed, envelope, rate limit, watchlist cap). */
  explorer?: Omit<ExplorerContext, 'now'>;
}

/**
 * The sandbox's data, in process: the kit's own tests drive it directly (`@internal`: not in the
 * shipped types). Pages and tests outside the kit drive it through the control API under `/__sandbox/`.
 * @internal
 */
export interface SandboxState {
  /** Public API state: verified-by-widget tokens, hostile set on/off. */
  public: PublicState;
  /** The Explorer API's state (registry, keys, watchlist, clock, switches). */
  explorer: ExplorerState;
}

/** A running sandbox: where it listens, its faults and stats, and how to reset and close it. */
export interface Sandbox {
  info: SandboxInfo;
  origin: string;
  faults: SandboxFaults;
  stats: SandboxStats;
  /** @internal The sandbox's data, in process (see `SandboxState`). */
  state: SandboxState;
  /**
   * The widget's allow-list of partner page origins (configuration: `reset()` keeps it).
   * Add with `allowWidgetOrigin`, which checks the value.
   */
  readonly widgetOrigins: ReadonlySet<string>;
  /** Adds a partner page origin (`https://partner.example`) to the widget's allow-list; throws for anything else. */
  allowWidgetOrigin(origin: string): void;
  /** Clears faults and stats and puts all state back to the seed data. */
  reset(): void;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Starts the sandbox (the whole service) on one loopback origin; resolves once it listens. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const host = opts.host ?? '127.0.0.1';
  let handle: (request: Request) => Promise<Response> = async () => new Response('Starting', { status: 503 });
  const server = createServer(toNodeHandler((request) => handle(request), { maxBodyBytes: 256 * 1024 }));
  const address = await listen(server, opts.port ?? 0, host);
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  let sandbox: ReturnType<typeof createSandbox>;
  try {
    sandbox = createSandbox(origin, opts);
  } catch (error) {
    // a bad option (a widget origin that is not one): nothing stays listening
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
  const { fetch, stop, ...core } = sandbox;
  handle = fetch;
  return {
    ...core,
    origin,
    close() {
      stop();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

