/** A node:http server on a free loopback port, for tests that call a handler over real HTTP. */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Loopback {
  server: Server;
  /** `http://127.0.0.1:<port>` followed by `path`. */
  base: string;
  /** Ends every open connection and closes the server. */
  close(): Promise<void>;
}

/** Serves `listener` on 127.0.0.1 at a free port. */
export async function listenLoopback(listener: RequestListener, path = ''): Promise<Loopback> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback port free right now (the system handed it out and took it back): for a process that listens on its own, or for an address nothing listens on. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
