/**
 * Benchmark 3 — the server piece on loopback under load (autocannon).
 *   a. Cached lookup throughput against a bare node:http server sending the same bytes (target ≥ 0.7×).
 *   b. Added latency of a cache miss against calling the sandbox directly (target p99 ≤ +2 ms).
 *   c. Resident memory after 100 000 distinct lookups with the default cache (target ≤ 150 MB).
 *
 * Every server runs in its own child process (bench/child.ts); autocannon runs here.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import autocannon, { type Options, type Result } from 'autocannon';
import { SANDBOX_FIXTURES } from '../src/sandbox/index.js';
import type { SandboxInfo } from '../src/sandbox/index.js';
import { int, log, mb, median, ms, percentile, ratio, tempDir, verdict, type BenchResult, type Row } from './lib.js';

const CHILD_SOURCE = fileURLToPath(new URL('./child.ts', import.meta.url));

/** Throughput: connections and seconds per measured round (two rounds per server, alternating). */
const LOAD = { connections: 32, seconds: 4, warmupSeconds: 1, rounds: 2 };
/** Miss latency: a fixed request rate well below capacity, so queueing does not dominate. */
const MISS = { connections: 8, rate: 400, seconds: 4, rounds: 2 };
/** Miss latency without concurrency (context): one connection, back-to-back requests per path. */
const SEQUENTIAL = { requests: 1000 };
const MEMORY_LOOKUPS = 100_000;
/** Lookups per `POST /lookup` in the memory run (the browser client's batch size). */
const MEMORY_BATCH = 100;

/**
 * Bundles bench/child.ts (server piece, sandbox, zod, jose included) into one plain ES module,
 * so the children run on bare `node` without a TypeScript loader in their memory or CPU.
 */
async function buildChild(outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: CHILD_SOURCE,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rollupOptions: { output: { entryFileNames: 'child.mjs' } },
    },
  });
  return join(outDir, 'child.mjs');
}

interface Child {
  process: ChildProcess;
  url: string;
  info?: SandboxInfo;
  request<T>(message: { type: string }, reply: string): Promise<T>;
  stop(): void;
}

function startChild(file: string, role: string, arg?: unknown): Promise<Child> {
  const child = fork(file, arg === undefined ? [role] : [role, JSON.stringify(arg)], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench child "${role}" exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.once('message', (m: { type: string; url: string; info?: SandboxInfo }) => {
      child.off('exit', onExit);
      resolve({
        process: child,
        url: m.url,
        info: m.info,
        request<T>(message: { type: string }, reply: string) {
          return new Promise<T>((ok) => {
            const on = (r: { type: string }) => {
              if (r.type !== reply) return;
              child.off('message', on);
              ok(r as T);
            };
            child.on('message', on);
            child.send(message);
          });
        },
        stop() {
          if (child.connected) child.send({ type: 'stop' });
          setTimeout(() => child.kill('SIGKILL'), 2000).unref();
        },
      });
    });
  });
}

/** A child's counters: upstream calls (sandbox only) and CPU time used so far, ms. */
async function stats(child: Child): Promise<{ upstream: number; cpuMs: number }> {
  const reply = await child.request<{ upstream: number; cpu: NodeJS.CpuUsage }>({ type: 'stats' }, 'stats');
  return { upstream: reply.upstream, cpuMs: cpuMs(reply.cpu) };
}

const cpuMs = (cpu: NodeJS.CpuUsage) => (cpu.user + cpu.system) / 1000;

/** Runs autocannon; also collects every response time (float ms) and status. */
async function load(options: Options): Promise<{ result: Result; times: number[]; statuses: Map<number, number> }> {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const instance = autocannon({ timeout: 10, ...options });
  instance.on('response', (_client, status, _bytes, time) => {
    times.push(time);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await instance;
  return { result, times, statuses };
}

/** A distinct, valid EVM address per (phase, n): never indexed by the sandbox (answers 404). */
function address(phase: number, n: number): string {
  return `0x${phase.toString(16).padStart(2, '0')}${n.toString(16).padStart(38, '0')}`;
}

const statusText = (statuses: Map<number, number>) =>
  [...statuses]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}×${int(n)}`)
    .join(', ');

export async function run(): Promise<BenchResult> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const children: Child[] = [];
  const tmp = await tempDir('proxy');
  const file = await buildChild(tmp.path);

  log('proxy: starting sandbox, proxy and bare server processes');
  const sandbox = await startChild(file, 'sandbox');
  children.push(sandbox);
  const upstream = async () => (await stats(sandbox)).upstream;
  const sandboxCpu = async () => (await stats(sandbox)).cpuMs;
  try {
    const info = sandbox.info!;
    const upstreamOptions = { baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey };
    const proxy = await startChild(file, 'proxy', upstreamOptions);
    children.push(proxy);

    // ---------------------------------------------------------------- a. cached throughput
    const cachedPath = `/api/kyi/kyi/v1/tokens?caip19=${encodeURIComponent(SANDBOX_FIXTURES.pyusd.caip19)}`;
    const first = await fetch(proxy.url + cachedPath);
    const body = Buffer.from(await first.arrayBuffer());
    if (first.status !== 200) throw new Error(`warming the proxy answered ${first.status}: ${body.toString()}`);
    const headers: Record<string, string> = {};
    first.headers.forEach((v, k) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k)) headers[k] = v;
    });
    const bare = await startChild(file, 'bare', { status: first.status, headers, body: body.toString('base64') });
    children.push(bare);

    const upstreamBefore = await upstream();
    const rps: Record<'proxy' | 'bare', number[]> = { proxy: [], bare: [] };
    const cpu: Record<'proxy' | 'bare', { ms: number; requests: number }> = { proxy: { ms: 0, requests: 0 }, bare: { ms: 0, requests: 0 } };
    const non2xx: Record<'proxy' | 'bare', number> = { proxy: 0, bare: 0 };
    for (let round = 0; round < LOAD.rounds; round++) {
      const order: ('proxy' | 'bare')[] = round % 2 ? ['proxy', 'bare'] : ['bare', 'proxy'];
      for (const name of order) {
        const url = (name === 'proxy' ? proxy.url : bare.url) + cachedPath;
        log(`proxy: throughput round ${round + 1}, ${name}`);
        await load({ url, connections: LOAD.connections, duration: LOAD.warmupSeconds });
        const server = name === 'proxy' ? proxy : bare;
        const cpuBefore = (await stats(server)).cpuMs;
        const { result } = await load({ url, connections: LOAD.connections, duration: LOAD.seconds });
        cpu[name].ms += (await stats(server)).cpuMs - cpuBefore;
        cpu[name].requests += result.requests.total;
        rps[name].push(result.requests.total / result.duration);
        non2xx[name] += result.non2xx + result.errors + result.timeouts;
      }
    }
    const upstreamDuringLoad = (await upstream()) - upstreamBefore;
    const proxyRps = median(rps.proxy);
    const bareRps = median(rps.bare);
    const throughputRatio = proxyRps / bareRps;
    const cpuPer = (name: 'proxy' | 'bare') => (cpu[name].ms * 1000) / cpu[name].requests;
    rows.push({
      metric: 'Cached lookup throughput, proxy ÷ bare node:http (same bytes)',
      value: `${ratio(throughputRatio)} (${int(proxyRps)} vs ${int(bareRps)} req/s)`,
      target: '≥ 0.70×',
      verdict: verdict(throughputRatio >= 0.7),
    });
    rows.push({
      metric: 'Server CPU per cached request, bare ÷ proxy (less sensitive to other load)',
      value: `${ratio(cpuPer('bare') / cpuPer('proxy'))} (${cpuPer('proxy').toFixed(0)} µs proxy vs ${cpuPer('bare').toFixed(0)} µs bare)`,
    });
    notes.push(
      `Throughput: GET ${cachedPath.replace(/caip19=.*/, 'caip19=<PYUSD>')} (${body.length} B JSON, ETag, Cache-Control), ` +
        `${LOAD.connections} connections, ${LOAD.rounds} alternating rounds of ${LOAD.seconds} s per server after a ${LOAD.warmupSeconds} s warm-up; median req/s. ` +
        `Rounds: proxy ${rps.proxy.map(int).join(', ')}; bare ${rps.bare.map(int).join(', ')}. ` +
        `Non-2xx/errors: proxy ${non2xx.proxy}, bare ${non2xx.bare}. Upstream calls during the load: ${upstreamDuringLoad} (every answer came from the cache).`,
    );

    // ---------------------------------------------------------------- b. miss latency
    let counter = 0;
    const direct: number[] = [];
    const viaProxy: number[] = [];
    const missStatuses = { direct: new Map<number, number>(), proxy: new Map<number, number>() };
    let proxyRequests = 0;
    let upstreamForMisses = 0;
    for (let round = 0; round < MISS.rounds; round++) {
      const order: ('direct' | 'proxy')[] = round % 2 ? ['proxy', 'direct'] : ['direct', 'proxy'];
      for (const name of order) {
        log(`proxy: cache-miss latency round ${round + 1}, ${name}`);
        const base = name === 'direct' ? info.publicApiUrl : `${proxy.url}/api/kyi`;
        const upstreamBeforeRound = await upstream();
        const { times, statuses, result } = await load({
          url: base,
          connections: MISS.connections,
          overallRate: MISS.rate,
          duration: MISS.seconds,
          ...(name === 'direct' ? { headers: { authorization: info.credentials.publicApiKey } } : {}),
          requests: [
            {
              method: 'GET',
              setupRequest: (req) => ({ ...req, path: `${new URL(base).pathname.replace(/\/$/, '')}/kyi/v1/tokens?address=${address(1, counter++)}&chain_slug=ethereum` }),
            },
          ],
        });
        (name === 'direct' ? direct : viaProxy).push(...times);
        for (const [s, n] of statuses) missStatuses[name].set(s, (missStatuses[name].get(s) ?? 0) + n);
        if (name === 'proxy') {
          proxyRequests += result.requests.total;
          upstreamForMisses += (await upstream()) - upstreamBeforeRound;
        }
      }
    }
    const p = (list: number[], q: number) => percentile(list, q);
    const addedP99 = p(viaProxy, 99) - p(direct, 99);
    rows.push({
      metric: 'Cache-miss latency added by the proxy, p99',
      value: `${addedP99 >= 0 ? '+' : ''}${ms(addedP99, 2)} (p99 ${ms(p(viaProxy, 99), 2)} via proxy vs ${ms(p(direct, 99), 2)} direct)`,
      target: '≤ +2 ms',
      verdict: verdict(addedP99 <= 2),
    });
    rows.push({
      metric: 'Cache-miss latency added by the proxy, p50',
      value: `${ms(p(viaProxy, 50) - p(direct, 50), 2)} (p50 ${ms(p(viaProxy, 50), 2)} vs ${ms(p(direct, 50), 2)})`,
    });
    notes.push(
      `Miss latency: GET /kyi/v1/tokens?address=<distinct unknown address>&chain_slug=ethereum, every request a new key ` +
        `(the default cache stays on, so eviction is included). ${MISS.connections} connections at a fixed ${MISS.rate} req/s, ` +
        `${MISS.rounds} alternating rounds of ${MISS.seconds} s per path; per-request times (float ms) from autocannon's response events. ` +
        `Samples: direct ${int(direct.length)}, proxy ${int(viaProxy.length)}. Statuses: direct ${statusText(missStatuses.direct)}; ` +
        `proxy ${statusText(missStatuses.proxy)} (unknown tokens answer 404 {kyi_verified:false,data:[]}). ` +
        `Upstream calls during the proxy rounds: ${int(upstreamForMisses)} for ${int(proxyRequests)} proxy requests. ` +
        `p90: ${ms(p(viaProxy, 90), 2)} vs ${ms(p(direct, 90), 2)}; max: ${ms(Math.max(...viaProxy), 1)} vs ${ms(Math.max(...direct), 1)}.`,
    );

    // The same without concurrency: what one request costs, with no queueing behind others.
    const sequential: Record<'direct' | 'proxy', number[]> = { direct: [], proxy: [] };
    for (const name of ['direct', 'proxy'] as const) {
      log(`proxy: cache-miss latency, one connection, ${name}`);
      const base = name === 'direct' ? info.publicApiUrl : `${proxy.url}/api/kyi`;
      const prefix = new URL(base).pathname.replace(/\/$/, '');
      const { times } = await load({
        url: base,
        connections: 1,
        amount: SEQUENTIAL.requests,
        ...(name === 'direct' ? { headers: { authorization: info.credentials.publicApiKey } } : {}),
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `${prefix}/kyi/v1/tokens?address=${address(3, counter++)}&chain_slug=ethereum` }) }],
      });
      sequential[name] = times;
    }
    rows.push({
      metric: 'Cache-miss latency added by the proxy, one connection (no queueing), p50 / p99',
      value:
        `${ms(p(sequential.proxy, 50) - p(sequential.direct, 50), 2)} / ${ms(p(sequential.proxy, 99) - p(sequential.direct, 99), 2)} ` +
        `(p50 ${ms(p(sequential.proxy, 50), 2)} vs ${ms(p(sequential.direct, 50), 2)}; p99 ${ms(p(sequential.proxy, 99), 2)} vs ${ms(p(sequential.direct, 99), 2)}; ${SEQUENTIAL.requests} requests each)`,
    });
    proxy.stop();
    bare.stop();

    // ---------------------------------------------------------------- c. memory
    log(`proxy: ${int(MEMORY_LOOKUPS)} distinct lookups through a fresh proxy process`);
    const fresh = await startChild(file, 'proxy', upstreamOptions);
    children.push(fresh);
    await (await fetch(fresh.url + cachedPath)).arrayBuffer();
    const beforeMsg = await fresh.request<{ usage: NodeJS.MemoryUsage; cpu: NodeJS.CpuUsage }>({ type: 'mem' }, 'mem');
    const before = beforeMsg.usage;
    const sandboxCpuBefore = await sandboxCpu();
    let n = 0;
    const upstreamBeforeMemory = await upstream();
    const t0 = performance.now();
    const { result: memResult, statuses: memStatuses } = await load({
      url: `${fresh.url}/api/kyi/lookup`,
      connections: 4,
      amount: MEMORY_LOOKUPS / MEMORY_BATCH,
      timeout: 60,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({
              requests: Array.from({ length: MEMORY_BATCH }, () => ({ kind: 'token', address: address(2, n++), chainSlug: 'ethereum' })),
            }),
          }),
        },
      ],
    });
    const upstreamForMemory = (await upstream()) - upstreamBeforeMemory;
    const seconds = (performance.now() - t0) / 1000;
    const sandboxCpuUsed = (await sandboxCpu()) - sandboxCpuBefore;
    const afterMsg = await fresh.request<{ usage: NodeJS.MemoryUsage; cpu: NodeJS.CpuUsage; peakRss: number }>({ type: 'mem' }, 'mem');
    const after = afterMsg.usage;
    const proxyCpuUsed = cpuMs(afterMsg.cpu) - cpuMs(beforeMsg.cpu);
    rows.push({
      metric: `Resident memory of the proxy process after ${int(MEMORY_LOOKUPS)} distinct lookups (default cache)`,
      value: `${mb(after.rss)} (${mb(before.rss)} before; peak ${mb(afterMsg.peakRss)})`,
      target: '≤ 150 MB',
      verdict: verdict(after.rss <= 150 * 1024 * 1024),
    });
    notes.push(
      `Memory: a fresh proxy process (node:http + createKyiHandler, default cache) took ${int(n)} lookups of distinct unknown addresses as ` +
        `${int(memResult.requests.total)} POST /api/kyi/lookup batches of ${MEMORY_BATCH} (how the elements call it), 4 batches at a time, in ${seconds.toFixed(1)} s ` +
        `(batch statuses ${statusText(memStatuses)}; errors ${memResult.errors}, timeouts ${memResult.timeouts}; upstream calls ${int(upstreamForMemory)}); ` +
        `RSS read in the child with process.memoryUsage() after two forced GCs. V8 heap used ${mb(before.heapUsed)} → ${mb(after.heapUsed)} ` +
        `(heap reserved ${mb(before.heapTotal)} → ${mb(after.heapTotal)}), external ${mb(before.external)} → ${mb(after.external)}: what the cache and the ` +
        `handler keep is the heap used; the rest of the RSS is memory the allocator and V8 keep after the load's peak. CPU per lookup: proxy ${ms(proxyCpuUsed / n, 3)}, sandbox ${ms(sandboxCpuUsed / n, 3)} ` +
        `(process.cpuUsage over the run; the slower of the two bounds the rate).`,
    );
    return { id: 'proxy-load', title: '3. Server piece under load (loopback)', rows, notes };
  } finally {
    for (const c of children) c.stop();
    await tmp.dispose();
  }
}
