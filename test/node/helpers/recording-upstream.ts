/**
 * A stand-in for the vendor's service on loopback (port 0) that records every request that
 * reaches it (method, path, headers, when by the test's clock) and answers through a
 * replaceable `respond` function, which may also never answer (a hanging upstream).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** `now()` when the request arrived. */
  at: number;
  /** `now()` when the answer was sent (undefined while pending). */
  answeredAt?: number;
}

/** What to answer: status, headers, body; `'hang'` never answers. */
export type Answer = { status: number; headers?: Record<string, string>; body?: unknown } | 'hang';

export interface RecordingUpstream {
  url: string;
  requests: Recorded[];
  /** Requests being answered right now, and the most there ever were at once. */
  open: () => number;
  maxOpen: () => number;
  respond: (request: Recorded, index: number) => Answer | Promise<Answer>;
  close(): Promise<void>;
}

/** A NestJS-style answer, as the Public API gives. */
export const nest = (status: number, message: string, error: string): Answer => ({ status, body: { message, error, statusCode: status } });

export async function startRecordingUpstream(now: () => number = Date.now): Promise<RecordingUpstream> {
  let open = 0;
  let maxOpen = 0;
  const upstream: RecordingUpstream = {
    url: '',
    requests: [],
    open: () => open,
    maxOpen: () => maxOpen,
    respond: (r) => nest(404, `Cannot GET ${r.path}`, 'Not Found'),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const record: Recorded = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, at: now() };
    upstream.requests.push(record);
    open++;
    maxOpen = Math.max(maxOpen, open);
    res.on('close', () => open--);
    req.resume();
    const answer = await upstream.respond(record, upstream.requests.length - 1);
    if (answer === 'hang') return;
    record.answeredAt = now();
    const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(body);
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return upstream;
}
