/**
 * Server processes of the proxy benchmark, each forked on its own so the load generator
 * (autocannon, in the parent) never shares an event loop with the server it measures.
 *
 *   sandbox           the sandbox (the upstream)
 *   proxy <json>      createKyiHandler on node:http (Node entry: pooled upstream client on undici), { baseUrl, apiKey, cache?: false,
 *                     client?: 'fetch' (upstream calls through the global fetch instead) | 'node-http' (through the
 *                     node:http agent client the Node entry used before undici), throughHandler?: true (every request
 *                     through the fetch handler: no cachedAnswer fast path) }; clientBudget off
 *   bare <json>       node:http answering every request with fixed bytes, { status, headers, body }
 *
 * Protocol (IPC): the child sends { type: 'ready', url, info? } once listening; it answers
 * { type: 'mem' } with { type: 'mem', usage, peakRss } after two full GCs (needs --expose-gc) and
 * { type: 'stats' } with { type: 'stats', upstream } (sandbox: Public API calls so far, else 0); both
 * replies carry `cpu`, the process's `process.cpuUsage()`. { type: 'loop', on } watches the event
 * loop's delay and the GC pauses over a window (see `loopWatch`).
 */
import { createServer, type Server } from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { startSandbox } from '../src/sandbox/index.js';
import { createKyiHandler } from '../src/server/index.js';
import { handlerParts } from '../src/server/handler.js';
import { toNodeHandler } from '../src/server/node/adapter.js';
import { cachedAnswers } from '../src/server/node/cached-lookups.js';
import { sendNodeHttp } from './node-http-attempt.js';

type Message = { type: 'mem' } | { type: 'stats' } | { type: 'stop' } | { type: 'loop'; on: boolean };

function send(message: unknown): void {
  process.send?.(message);
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

/** Public API calls in the sandbox's per-route counts. */
function publicApiCalls(counts: Partial<Record<string, number>>): number {
  return Object.entries(counts).reduce((n, [route, count]) => (route.startsWith('public:') ? n + (count ?? 0) : n), 0);
}

function memory(): NodeJS.MemoryUsage {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  return process.memoryUsage();
}

const [role, arg] = process.argv.slice(2);
let upstreamCount = () => 0;

if (role === 'sandbox') {
  const sandbox = await startSandbox({ port: 0 });
  upstreamCount = () => publicApiCalls(sandbox.stats.counts());
  send({ type: 'ready', url: sandbox.origin, info: sandbox.info });
} else if (role === 'proxy') {
  const opts = JSON.parse(arg!) as { baseUrl: string; apiKey: string; cache?: false; client?: 'fetch' | 'node-http'; throughHandler?: true };
  const options = {
    publicApi: { baseUrl: opts.baseUrl, apiKey: opts.apiKey },
    // for comparison: upstream calls through the global fetch (as before any pooled client)
    ...(opts.client === 'fetch' ? { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init) } : {}),
    // the load generator is one client: the per-client budget (200 upstream lookups a minute) would refuse its misses
    clientBudget: false as const,
    ...(opts.cache === false ? { cache: false as const } : {}),
  };
  let listener: ReturnType<typeof toNodeHandler>;
  if (opts.client === 'node-http') {
    // for comparison: upstream attempts through the node:http agent client (as before undici)
    const parts = handlerParts(options, sendNodeHttp);
    listener = toNodeHandler(parts.handler, { cachedAnswer: cachedAnswers(parts) });
  } else if (opts.throughHandler) {
    // for comparison: every request through the fetch handler (no cachedAnswer fast path)
    listener = toNodeHandler(createKyiHandler(options));
  } else listener = createKyiHandler(options).node;
  const server = createServer(listener);
  server.keepAliveTimeout = 30_000;
  send({ type: 'ready', url: await listen(server) });
} else if (role === 'bare') {
  const opts = JSON.parse(arg!) as { status: number; headers: Record<string, string>; body: string };
  const body = Buffer.from(opts.body, 'base64');
  const headers = { ...opts.headers, 'content-length': String(body.length) };
  const server = createServer((_req, res) => {
    res.writeHead(opts.status, headers);
    res.end(body);
  });
  server.keepAliveTimeout = 30_000;
  send({ type: 'ready', url: await listen(server) });
} else {
  console.error(`bench/child.ts: unknown role ${role}`);
  process.exit(2);
}

/**
 * Between { type: 'loop', on: true } and { type: 'loop', on: false }: how long the event loop
 * was held up (sampled every 10 ms) and the GC pauses, replied as { type: 'loop', p50, p99, max,
 * gcCount, gcMaxMs, gcTotalMs } (ms). Off otherwise: the sampling timer costs a little CPU.
 */
let loop: { histogram: IntervalHistogram; observer: PerformanceObserver; gc: number[] } | undefined;
const LOOP_SAMPLE_MS = 10;
function loopWatch(on: boolean): void {
  if (on) {
    const gc: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gc.push(entry.duration);
    });
    observer.observe({ entryTypes: ['gc'] });
    const histogram = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
    histogram.enable();
    loop = { histogram, observer, gc };
    return;
  }
  if (!loop) return;
  const { histogram, observer, gc } = loop;
  loop = undefined;
  histogram.disable();
  observer.disconnect();
  // the histogram holds whole intervals between samples: the delay is what passed beyond the interval
  const msOf = (ns: number) => Math.max(0, ns / 1e6 - LOOP_SAMPLE_MS);
  send({
    type: 'loop',
    p50: msOf(histogram.percentile(50)),
    p99: msOf(histogram.percentile(99)),
    max: msOf(histogram.max),
    gcCount: gc.length,
    gcMaxMs: gc.length ? Math.max(...gc) : 0,
    gcTotalMs: gc.reduce((a, b) => a + b, 0),
  });
}

process.on('message', (message: Message) => {
  if (message.type === 'loop') return loopWatch(message.on);
  if (message.type === 'mem') send({ type: 'mem', usage: memory(), cpu: process.cpuUsage(), peakRss: process.resourceUsage().maxRSS * 1024 });
  else if (message.type === 'stats') send({ type: 'stats', upstream: upstreamCount(), cpu: process.cpuUsage() });
  else if (message.type === 'stop') process.exit(0);
});
process.on('disconnect', () => process.exit(0));
