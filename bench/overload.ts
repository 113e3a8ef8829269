/**
 * Benchmark 6 — overload: does the server piece keep serving its upstream as connections
 * grow? Every request is a lookup of a new unknown token (a cache miss: an upstream call, or
 * a refusal once the key's in-flight slots and their queue are full), at 10, 100 and 1,000
 * connections, the per-client budget off (the load generator is one client). Measured: the
 * upstream lookups served per second (the sandbox's own count, in its own process), and
 * their ratio to the 10-connection figure (target at 1,000: ≥ 0.5×); the proxy's event-loop
 * delay beside it.
 *
 * The upstream (the sandbox) and the proxy each run in their own process (bench/child.ts);
 * autocannon runs here.
 */
import { int, log, ms, ratio, tempDir, verdict, type BenchResult, type Row } from './lib.js';
import { address, buildChild, load, startChild, stats, type Child } from './proxy-load.js';
import { requestReply } from './lib.js';

const LEVELS = [10, 100, 1000];
const SECONDS = 5;
const WARMUP_SECONDS = 1;

interface LoopStats {
  p99: number;
  max: number;
}

async function level(proxy: Child, sandbox: Child, connections: number, phase: number) {
  const prefix = '/api/kyi';
  let n = 0;
  const options = (seconds: number) => ({
    url: `${proxy.url}${prefix}`,
    connections,
    duration: seconds,
    requests: [{ method: 'GET' as const, setupRequest: (req: object) => ({ ...req, path: `${prefix}/kyi/v1/tokens?address=${address(phase, n++)}&chain_slug=ethereum` }) }],
  });
  await load(options(WARMUP_SECONDS));
  const before = await stats(sandbox);
  proxy.process.send({ type: 'loop', on: true });
  const t0 = performance.now();
  const { statuses } = await load(options(SECONDS));
  const seconds = (performance.now() - t0) / 1000;
  const loop = await requestReply<LoopStats>(proxy.process, { type: 'loop', on: false } as { type: string }, 'loop');
  const after = await stats(sandbox);
  const served = (after.upstream - before.upstream) / seconds;
  const answered = [...statuses.values()].reduce((a, b) => a + b, 0) / seconds;
  const refused = (statuses.get(429) ?? 0) / seconds;
  log(`overload: ${connections} connections: ${int(served)} upstream lookups/s, ${int(answered)} answers/s (${int(refused)} refusals/s), loop max ${ms(loop.max)}`);
  return { connections, served, answered, refused, loop };
}

export async function run(): Promise<BenchResult> {
  const tmp = await tempDir('overload');
  const children: Child[] = [];
  try {
    const file = await buildChild(tmp.path);
    const sandbox = await startChild(file, 'sandbox');
    children.push(sandbox);
    const info = sandbox.info!;
    const proxy = await startChild(file, 'proxy', { baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey });
    children.push(proxy);
    const results = [];
    for (const [i, connections] of LEVELS.entries()) results.push(await level(proxy, sandbox, connections, 0x60 + i));
    const base = results[0]!.served;
    const rows: Row[] = results.map((r) => {
      const last = r.connections === LEVELS.at(-1);
      return {
        metric: `Upstream lookups served per second at ${int(r.connections)} connections (ratio to 10 connections)`,
        value:
          `${int(r.served)}/s (${ratio(r.served / base)}); answers ${int(r.answered)}/s, of them refusals ${int(r.refused)}/s; ` +
          `proxy event-loop delay p99 ${ms(r.loop.p99)}, max ${ms(r.loop.max)}`,
        ...(last ? { target: '≥ 0.5× the 10-connection figure', verdict: verdict(r.served / base >= 0.5) } : {}),
      };
    });
    return {
      id: 'overload',
      title: '6. Overload: upstream served as connections grow',
      rows,
      notes: [
        `Each level: ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s of GET /api/kyi/kyi/v1/tokens?address=<new unknown address>&chain_slug=ethereum ` +
          'from autocannon at that many connections; every request a cache miss. The proxy (createKyiHandler on node:http, defaults, ' +
          'per-client budget off) and the sandbox run in processes of their own; "served" is the sandbox\'s count of Public API calls. ' +
          'Past the key\'s in-flight slots (32) and their queue, the proxy answers 429 with Retry-After at once.',
        'Three processes and autocannon share the machine: read the figures with the load average at start (Machine above); ' +
          'on a busy machine the 10-connection figure is bound by latency, not by the upstream, and the ratios say little.',
      ],
    };
  } finally {
    for (const child of children) child.stop();
    await tmp.dispose();
  }
}
