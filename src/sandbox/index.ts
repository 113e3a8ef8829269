/**
 * The sandbox: a local stand-in for the whole service on one loopback origin.
 * `startSandbox()` → `{ info, origin, faults, stats, state, reset(), close() }`.
 * The service itself, without a listening server, is `createSandbox` (./core.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '../server/node/adapter.js';
import { createSandbox } from './core.js';
import type { Sandbox, SandboxOptions } from './types.js';

export type { Sandbox, SandboxOptions } from './types.js';
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

