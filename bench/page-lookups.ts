/**
 * Benchmark 2 — pages of `<kyi-token-status>` against a fair baseline.
 *   - 500 elements over 100 distinct lookups, and 5,000 over 5,000;
 *   - browser → proxy requests (`POST /api/kyi/lookup`, counted in Playwright): ≤ 2 at 500 × 100,
 *     ≤ 10 at 5,000 × 5,000;
 *   - proxy → upstream calls: one per distinct lookup on a cold proxy, 0 on a second load within the TTL;
 *   - time until every element settled and that frame was painted ÷ the baseline: ≤ 1.25× warm and ≤ 1.5× cold at 500 × 100,
 *     ≤ 2× at 5,000 × 5,000;
 *   - layout shift (sum of the load's layout-shift entries) ≤ 0.01 and no long task over 50 ms
 *     from the answer until that frame was painted, at 500 × 100;
 *   - reported beside them: when the elements in view at load showed their results, and the
 *     longest animation frame after the answer (its script and its style and layout).
 *
 * The baseline (bench/pages/plain-lit.ts) is plain Lit elements a partner could write: a loading
 * box each, the same lookups fetched from the same server piece in one request per 500, each
 * element rendered once with its answer. Three processes: the upstream (the sandbox,
 * bench/child.ts), the partner backend serving the pages and the server piece
 * (bench/page-server.ts, restarted for each cold run so its cache is empty), and this one
 * driving Chromium. Both pages are built with Vite from bench/pages.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/chromium.mjs';
import { startSandbox, type SandboxInfo } from '../src/sandbox/index.js';
import { seedLookups } from '../src/sandbox/data/lookups.js';
import { createKyiHandler } from '../src/server/index.js';
import { LookupClient, lookupKey, setLookupClient, toWire } from '../src/client/lookup.js';
import { lookupToken, type TokenOutcome } from '../src/client/lookup.js';
import { checkTokenInput } from '../src/elements/shared/lookup-element.js';
import { badgeSources } from '../src/elements/shared/badge-image.js';
import { t } from '../src/browser/strings.js';
// The element's English words (its module adds them when it loads): the baseline shows the same text.
import '../src/elements/token-status/strings.js';
import { LIMITS } from '../src/contract/limits.js';
import type { TokenMatch } from '../src/contract/index.js';
import { buildPages } from './build-pages.js';
import { kb, log, median, ms, ratio, tempDir, verdict, type BenchResult, type Row, requestReply } from './lib.js';
import type { Attrs, ListPageResult, PlainPageData, StatusView, TokenStatusPageData } from './pages/shared.js';

const BADGE_PLACEHOLDER = 'http://badge-base.invalid';
export const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));
export const PAGE_SERVER = fileURLToPath(new URL('./page-server.ts', import.meta.url));

export interface Scenario {
  name: string;
  elements: number;
  distinct: number;
  runs: number;
  maxRequests: number;
  /** Settle ÷ baseline targets, warm and cold. */
  warmTarget: number;
  coldTarget: number;
}

/**
 * Runs per page: the ratios of one load pair spread by ±0.1 on the 500 × 100 page (per run
 * 0.87-1.36 in 9 runs of one code), so its medians are taken over 21 pairs.
 */
export const SCENARIOS: Scenario[] = [
  { name: '500 × 100', elements: 500, distinct: 100, runs: 21, maxRequests: 2, warmTarget: 1.25, coldTarget: 1.5 },
  { name: '5,000 × 5,000', elements: 5000, distinct: 5000, runs: 3, maxRequests: 10, warmTarget: 2, coldTarget: 2 },
];
const CLS_TARGET = 0.01;
/**
 * BENCH_PAGES=500 runs the 500 × 100 page only; BENCH_PAGE_RUNS=n overrides the runs (quick looks, not for RESULTS.md);
 * BENCH_DUMP=1 prints each load's milestones, long tasks and long animation frames.
 */
const ONLY = process.env.BENCH_PAGES;
const RUNS_OVERRIDE = Number(process.env.BENCH_PAGE_RUNS) || undefined;

/** `distinct` lookups: every sandbox token by address + chain and by CAIP-19, each address alone, then unknown addresses. */
export function distinctLookups(distinct: number): Attrs[] {
  const out: Attrs[] = seedLookups();
  for (let i = 0; out.length < distinct; i++) out.push({ address: `0x${'be9c'}${i.toString(16).padStart(36, '0')}`, 'chain-slug': 'ethereum' });
  return out.slice(0, distinct);
}

function requestOf(attrs: Attrs) {
  const check = checkTokenInput({ caip19: attrs.caip19, address: attrs.address, chainSlug: attrs['chain-slug'] });
  if (!check.ok) throw new Error(`bench lookup ${JSON.stringify(attrs)} is not valid input: ${check.empty ? 'empty' : check.problem.message}`);
  return check.request as Extract<typeof check.request, { kind: 'token' }>;
}

const chainOf = (m: TokenMatch) => m.token.chain_slug || m.token.caip2 || m.token.caip19?.split('/')[0] || '?';

/** What a settled `<kyi-token-status>` (English, auto theme, not compact) shows for an outcome. */
/** What a settled `<kyi-token-status>` (English, auto theme, not compact) shows for an outcome. */
function viewOf(outcome: TokenOutcome): StatusView {
  const en = (key: Parameters<typeof t>[0], params?: Record<string, string>) => t(key, params, 'en');
  if (outcome.status === 'not-found') return { status: 'not-found', label: en('tokenStatus.notFound'), detail: en('tokenStatus.notFoundDetail') };
  if (outcome.status !== 'verified' && outcome.status !== 'unverified')
    throw new Error(`bench lookup settled as ${outcome.status}: ${outcome.error?.message ?? ''}`);
  const data = outcome.result.data;
  let summary: string | undefined;
  if (data.length >= 2) {
    const sep = en('tokenStatus.listSeparator');
    const verified = [...new Set(data.filter((m) => m.kyi_verified).map(chainOf))];
    const unverified = [...new Set(data.filter((m) => !m.kyi_verified).map(chainOf))];
    const parts: string[] = [];
    if (verified.length) parts.push(en('tokenStatus.verifiedOn', { chains: verified.join(sep) }));
    if (unverified.length) parts.push(en('tokenStatus.notVerifiedOn', { chains: unverified.join(sep) }));
    summary = parts.join(' · ');
  }
  if (outcome.status === 'unverified') return { status: 'unverified', label: en('tokenStatus.unverified'), ...(summary ? { summary } : {}) };
  const issuer = data.find((m) => m.kyi_verified && m.issuer?.name)?.issuer;
  // The page sets no color-scheme: the element picks the light image at render.
  const sources = badgeSources(BADGE_PLACEHOLDER, { credential: 'kyi_verified', variant: 'icon', format: 'svg', size: 24 }, 'light');
  return {
    status: 'verified',
    label: en('tokenStatus.verified'),
    ...(issuer?.name ? { issuer: en('tokenStatus.issuer', { name: issuer.name }) } : {}),
    ...(issuer?.name && !issuer.kyb_verified ? { warning: en('tokenStatus.businessNotVerified') } : {}),
    ...(summary ? { summary } : {}),
    ...(sources ? { badge: { urls: sources.map((u) => u.replace(BADGE_PLACEHOLDER, '{base}')) } } : {}),
  };
}

/** Resolves every distinct lookup through a private sandbox + server piece (not the measured one). */
async function resolveViews(lookups: Attrs[]): Promise<StatusView[]> {
  const sandbox = await startSandbox();
  try {
    const handler = createKyiHandler({ publicApi: { baseUrl: sandbox.info.publicApiUrl, apiKey: sandbox.info.credentials.publicApiKey }, clientBudget: false });
    // The client sends its batches (to `/api/kyi/lookup`, relative: Node has no page) through the
    // global fetch: those go to the handler, the handler's own calls upstream to the real one.
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/api/kyi/')
        ? handler(new Request(new URL(String(input), 'http://bench.invalid'), init))
        : realFetch(input, init)) as typeof fetch;
    const previous = setLookupClient(new LookupClient((flush) => setTimeout(flush, 0)));
    try {
      const outcomes = await Promise.all(lookups.map((attrs) => lookupToken('/api/kyi', requestOf(attrs))));
      return outcomes.map(viewOf);
    } finally {
      globalThis.fetch = realFetch;
      if (previous) setLookupClient(previous);
    }
  } finally {
    await sandbox.close();
  }
}

interface Child {
  url: string;
  info?: SandboxInfo;
  request<T>(message: { type: string }, reply: string): Promise<T>;
  stop(): Promise<void>;
}

/** Forks a TypeScript module (through tsx) that answers { type: 'ready', url } once listening. */
export function startChild(file: string, args: string[]): Promise<Child> {
  const child: ChildProcess = fork(file, args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench child ${file} exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.once('message', (m: { url: string; info?: SandboxInfo }) => {
      child.off('exit', onExit);
      resolve({
        url: m.url,
        ...(m.info ? { info: m.info } : {}),
        request: <T>(message: { type: string }, reply: string) => requestReply<T>(child, message, reply),
        stop() {
          return new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            if (child.connected) child.send({ type: 'stop' });
            setTimeout(() => child.kill('SIGKILL'), 2000).unref();
          });
        },
      });
    });
  });
}

type Kind = 'kyi-cold' | 'kyi-warm' | 'plain-cold' | 'plain-warm';

interface Load {
  kind: Kind;
  result: ListPageResult;
  lookupRequests: number;
  upstream: number;
  errors: string[];
  markup?: string[];
}

/** Set BENCH_CPU_PROFILE=<file prefix> to save a DevTools CPU profile of the first load of each kind. */
const PROFILE = process.env.BENCH_CPU_PROFILE;
const profiled = new Set<string>();
/** Set BENCH_TRACE=<file prefix> to save a DevTools timeline trace (tasks, style, layout) of the first load of each kind. */
const TRACE = process.env.BENCH_TRACE;
const traced = new Set<string>();

async function upstreamCalls(sandbox: Child): Promise<number> {
  return (await sandbox.request<{ upstream: number }>({ type: 'stats' }, 'stats')).upstream;
}

export async function loadPage(browser: Browser, url: string, sandbox: Child, page: 'token-status' | 'plain-lit', kind: Kind, markupOf = 0): Promise<Load> {
  const before = await upstreamCalls(sandbox);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const tab = await context.newPage();
    let lookupRequests = 0;
    const errors: string[] = [];
    tab.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/kyi/lookup') lookupRequests++;
    });
    tab.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    tab.on('pageerror', (e) => errors.push(e.message));
    const cdp = PROFILE && !profiled.has(kind) ? await context.newCDPSession(tab) : undefined;
    if (cdp) {
      profiled.add(kind);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const tracing = TRACE && !traced.has(kind);
    if (tracing) {
      traced.add(kind);
      await browser.startTracing(tab, { path: `${TRACE}-${kind}.json`, categories: ['devtools.timeline', 'toplevel', 'blink.user_timing'] });
    }
    await tab.goto(`${url}/${page}.html`);
    const handle = await tab.waitForFunction(() => (window as unknown as { __bench?: ListPageResult }).__bench, undefined, { timeout: 120_000 });
    const result = (await handle.jsonValue()) as ListPageResult;
    if (tracing) await browser.stopTracing();
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(`${PROFILE}-${kind}.cpuprofile`, JSON.stringify(profile));
    }
    const markup = markupOf
      ? await tab.evaluate((n) => (window as unknown as { __benchMarkup: (n: number) => string[] }).__benchMarkup(n), markupOf)
      : undefined;
    const upstream = (await upstreamCalls(sandbox)) - before;
    return { kind, result, lookupRequests, upstream, errors, ...(markup ? { markup } : {}) };
  } finally {
    await context.close();
  }
}

/** Spread of a list: `median (min–max)`, formatted by `f`. */
function spread(values: number[], f: (n: number) => string): string {
  return `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})`;
}

interface Built {
  out: string;
  assets: string[];
}

export async function buildScenario(s: Scenario, out: string): Promise<Built> {
  const lookups = distinctLookups(s.distinct);
  const keys = new Set(lookups.map((a) => lookupKey(requestOf(a))));
  if (keys.size !== s.distinct) throw new Error(`expected ${s.distinct} distinct lookups, built ${keys.size}`);
  log(`page-lookups ${s.name}: resolving the ${s.distinct} lookups for the plain page`);
  const resolved = await resolveViews(lookups);
  // Views deduplicated (a 5,000-token page has a handful of distinct ones).
  const viewIndex = new Map<string, number>();
  const views: StatusView[] = [];
  const viewOfLookup = resolved.map((v) => {
    const key = JSON.stringify(v);
    if (!viewIndex.has(key)) viewIndex.set(key, views.push(v) - 1);
    return viewIndex.get(key)!;
  });
  const order = Array.from({ length: s.elements }, (_, i) => i % s.distinct);
  const tokenStatus: TokenStatusPageData = { items: order.map((i) => lookups[i]!) };
  const plain: PlainPageData = {
    items: order.map((i) => ({ attrs: { ...lookups[i]! }, lookup: i })),
    lookups: lookups.map((a) => toWire(requestOf(a))),
    viewOf: viewOfLookup,
    views,
    batchMax: LIMITS.lookupBatchMax,
  };
  log(`page-lookups ${s.name}: building the pages`);
  await buildPages(['token-status', 'plain-lit'], { 'token-status': tokenStatus, 'plain-lit': plain }, out, { minify: !PROFILE });
  const assets = await Promise.all(
    (await readdir(join(out, 'assets'))).filter((f) => f.endsWith('.js')).map(async (f) => {
      const bytes = await readFile(join(out, 'assets', f));
      return `${f.replace(/-[\w-]{8}\.js$/, '.js')} ${kb(bytes.length)} (${kb(gzipSync(bytes).length)} gzipped)`;
    }),
  );
  return { out, assets };
}

async function measureScenario(browser: Browser, s: Scenario, built: Built, sandbox: Child): Promise<Load[]> {
  const info = sandbox.info!;
  const serverArgs = [JSON.stringify({ root: built.out, baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey, badgeBaseUrl: info.badgeBaseUrl })];
  const loads: Load[] = [];
  // Warm-up (discarded): the browser process, and each page once.
  {
    const server = await startChild(PAGE_SERVER, serverArgs);
    try {
      await loadPage(browser, server.url, sandbox, 'plain-lit', 'plain-cold');
      await loadPage(browser, server.url, sandbox, 'token-status', 'kyi-cold');
    } finally {
      await server.stop();
    }
  }
  for (let r = 0; r < s.runs; r++) {
    log(`page-lookups ${s.name}: run ${r + 1} of ${s.runs} (each page on a fresh server piece: cold, then warm)`);
    const markup = r === 0 ? Math.min(s.distinct, 100) : 0;
    const kit = async () => {
      const server = await startChild(PAGE_SERVER, serverArgs);
      try {
        loads.push(await loadPage(browser, server.url, sandbox, 'token-status', 'kyi-cold', markup));
        loads.push(await loadPage(browser, server.url, sandbox, 'token-status', 'kyi-warm'));
      } finally {
        await server.stop();
      }
    };
    const plain = async () => {
      const server = await startChild(PAGE_SERVER, serverArgs);
      try {
        loads.push(await loadPage(browser, server.url, sandbox, 'plain-lit', 'plain-cold', markup));
        loads.push(await loadPage(browser, server.url, sandbox, 'plain-lit', 'plain-warm'));
      } finally {
        await server.stop();
      }
    };
    if (r % 2 === 0) await kit(), await plain();
    else await plain(), await kit();
  }
  return loads;
}

function scenarioRows(s: Scenario, loads: Load[]): { rows: Row[]; notes: string[] } {
  const of = (kind: Kind) => loads.filter((l) => l.kind === kind);
  // Until the frame showing every settled element was painted: a page that renders in one task
  // paints after it, one that renders in slices paints as it goes (settledAt alone would count
  // only the second's frames).
  const settle = (kind: Kind) => of(kind).map((l) => l.result.paintedAt);
  const kyi = [...of('kyi-cold'), ...of('kyi-warm')];
  const requests = Math.max(...kyi.map((l) => l.lookupRequests));
  const coldUp = Math.max(...of('kyi-cold').map((l) => l.upstream));
  const warmUp = Math.max(...of('kyi-warm').map((l) => l.upstream));
  // Per run, the kit's load against the baseline's load of the same kind (cold or warm).
  const ratios = (kind: 'cold' | 'warm') => settle(`kyi-${kind}`).map((v, i) => v / settle(`plain-${kind}`)[i]!);
  const coldRatios = ratios('cold');
  const warmRatios = ratios('warm');
  const coldRatio = median(settle('kyi-cold')) / median(settle('plain-cold'));
  const warmRatio = median(settle('kyi-warm')) / median(settle('plain-warm'));
  const cls = (list: Load[]) => list.map((l) => l.result.cls);
  // From the answer until the frame showing every settled element was painted (later tasks are
  // the bench's own: Playwright reading the result).
  const afterAnswer = (l: Load) => l.result.longTasks.filter((t) => t.start + t.duration > l.result.phases.responseAt && t.start < l.result.paintedAt);
  const longest = (l: Load, tasks = l.result.longTasks) => Math.max(0, ...tasks.map((t) => t.duration));
  const f3 = (n: number) => n.toFixed(3);
  const p = `${s.name}:`;
  const rows: Row[] = [
    {
      metric: `${p} browser → proxy requests per load (POST /api/kyi/lookup)`,
      value: `${requests} (per load: ${kyi.map((l) => l.lookupRequests).join(', ')}; baseline: ${of('plain-cold')[0]?.lookupRequests})`,
      target: `≤ ${s.maxRequests}`,
      verdict: verdict(requests <= s.maxRequests),
    },
    {
      metric: `${p} proxy → upstream calls, cold / second load within the TTL`,
      value: `${coldUp} / ${warmUp} (per run: ${of('kyi-cold').map((l) => l.upstream).join(', ')} / ${of('kyi-warm').map((l) => l.upstream).join(', ')})`,
      target: `≤ ${s.distinct} / 0`,
      verdict: verdict(coldUp <= s.distinct && warmUp === 0),
    },
    {
      metric: `${p} settled and painted ÷ fair baseline, warm proxy cache`,
      value: `${ratio(warmRatio)} (per run ${warmRatios.map((r) => r.toFixed(2)).join(', ')}; ${spread(settle('kyi-warm'), ms)} vs ${spread(settle('plain-warm'), ms)})`,
      target: `≤ ${s.warmTarget}×`,
      verdict: verdict(warmRatio <= s.warmTarget),
    },
    {
      metric: `${p} settled and painted ÷ fair baseline, cold proxy cache`,
      value: `${ratio(coldRatio)} (per run ${coldRatios.map((r) => r.toFixed(2)).join(', ')}; ${spread(settle('kyi-cold'), ms)} vs ${spread(settle('plain-cold'), ms)})`,
      target: `≤ ${s.coldTarget}×`,
      verdict: verdict(coldRatio <= s.coldTarget),
    },
    {
      metric: `${p} elements in view at load settled and painted ÷ fair baseline, warm / cold`,
      value: (['warm', 'cold'] as const)
        .map((kind) => {
          const at = (k: Kind) => of(k).map((l) => l.result.inView.paintedAt);
          return `${ratio(median(at(`kyi-${kind}`)) / median(at(`plain-${kind}`)))} (${ms(median(at(`kyi-${kind}`)))} vs ${ms(median(at(`plain-${kind}`)))})`;
        })
        .join(' / ') + `; ${of('kyi-cold')[0]?.result.inView.count ?? '?'} in view`,
    },
    {
      metric: `${p} layout shift of the load (sum of layout-shift entries), kit cold / warm / baseline`,
      value: `${spread(cls(of('kyi-cold')), f3)} / ${spread(cls(of('kyi-warm')), f3)} / ${spread(cls([...of('plain-cold'), ...of('plain-warm')]), f3)}`,
      ...(s.elements === 500 ? { target: `≤ ${CLS_TARGET}`, verdict: verdict(Math.max(...cls(kyi)) <= CLS_TARGET) } : {}),
    },
    {
      metric: `${p} longest task once the answer arrived (body, outcomes, renders), kit warm / cold / baseline`,
      value: `${spread(of('kyi-warm').map((l) => longest(l, afterAnswer(l))), ms)} / ${spread(of('kyi-cold').map((l) => longest(l, afterAnswer(l))), ms)} / ${spread(of('plain-warm').map((l) => longest(l, afterAnswer(l))), ms)} (0 = no task over 50 ms)`,
      ...(s.elements === 500 ? { target: 'no task > 50 ms', verdict: verdict(kyi.every((l) => afterAnswer(l).length === 0)) } : {}),
    },
    {
      metric: `${p} longest task of the whole load (module evaluation and first render included), kit warm / baseline`,
      value: `${spread(of('kyi-warm').map((l) => longest(l)), ms)} / ${spread(of('plain-warm').map((l) => longest(l)), ms)}`,
    },
  ];
  const phase = (kind: Kind, f: (r: ListPageResult) => number) => ms(median(of(kind).map((l) => f(l.result))));
  const breakdown = (kind: Kind) =>
    `script start → every element rendered its loading box ${phase(kind, (r) => r.phases.rendered - r.scriptStart)}; ` +
    `→ first lookup request sent ${phase(kind, (r) => r.phases.requestStart - r.phases.rendered)}; ` +
    `→ its response headers ${phase(kind, (r) => r.phases.responseAt - r.phases.requestStart)}; ` +
    `→ every element settled ${phase(kind, (r) => r.settledAt - r.phases.responseAt)}; ` +
    `→ that frame painted ${phase(kind, (r) => r.paintedAt - r.settledAt)}`;
  // The longest animation frame after the answer, and how much of it was script or style and layout.
  const frameAfterAnswer = (kind: Kind) => {
    const frames = of(kind).map((l) => {
      const after = (l.result.frames ?? []).filter((f) => f.start + f.duration > l.result.phases.responseAt && f.start < l.result.paintedAt);
      return after.reduce<ListPageResult['frames'][number] | undefined>((a, f) => (!a || f.duration > a.duration ? f : a), undefined);
    });
    const seen = frames.filter((f) => f !== undefined);
    if (!seen.length) return 'none over 50 ms';
    return `${phase(kind, () => median(seen.map((f) => f.duration)))} (script ${ms(median(seen.map((f) => f.script)))}, style and layout ${ms(median(seen.map((f) => f.styleLayout)))}; ${seen.length} of ${frames.length} loads had one)`;
  };
  if (process.env.BENCH_DUMP)
    for (const l of loads) {
      const { phases, settledAt, paintedAt, longTasks, frames } = l.result;
      log(`${s.name} ${l.kind}: ${JSON.stringify({ ...phases, settledAt, paintedAt, longTasks, frames })}`);
    }
  const markupKyi = of('kyi-cold').find((l) => l.markup)?.markup;
  const markupPlain = of('plain-cold').find((l) => l.markup)?.markup;
  const same = markupKyi && markupPlain ? markupKyi.filter((m, i) => m === markupPlain[i]).length : 0;
  const firstDiff = markupKyi && markupPlain ? markupKyi.findIndex((m, i) => m !== markupPlain[i]) : -1;
  const statuses = Object.entries(of('kyi-cold')[0]?.result.statuses ?? {})
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  const cold = of('kyi-cold')[0]?.result;
  const errors = [...new Set(loads.flatMap((l) => l.errors))];
  const notes = [
    `**${s.name}**: ${s.elements} elements over ${s.distinct} distinct lookups (element i shows lookup i mod ${s.distinct}), all appended at once; final statuses ${statuses}. ` +
      `${s.runs} runs; in each, each page loads twice on a fresh server piece of its own (cold, then warm within the TTL; kit or baseline first, alternating); every load in a new browser context; one warm-up load of each page discarded. ` +
      `Medians and (min–max) over the runs; a ratio is the kit's median ÷ the baseline's median of the same kind (per run: that run's pair). Markup of the first ${Math.min(s.distinct, 100)} elements: ${same} identical.`,
    `${s.name}, where the time goes (medians). Kit cold: ${breakdown('kyi-cold')}. Kit warm: ${breakdown('kyi-warm')}. Baseline cold: ${breakdown('plain-cold')}. Baseline warm: ${breakdown('plain-warm')}. ` +
      `Kit, cold load: ${cold ? `${cold.requests} lookup request(s) carrying ${cold.lookupsSent} lookups for ${s.elements} elements (the rest joined or answered from the cache)` : 'n/a'}.`,
    `${s.name}, longest animation frame after the answer (long-animation-frame entries, medians): kit warm ${frameAfterAnswer('kyi-warm')}; kit cold ${frameAfterAnswer('kyi-cold')}; baseline warm ${frameAfterAnswer('plain-warm')}.`,
    ...(firstDiff >= 0 && markupKyi && markupPlain ? [`${s.name}, first markup difference (lookup ${firstDiff}):\n\n    kyi:   ${markupKyi[firstDiff]}\n    plain: ${markupPlain[firstDiff]}\n`] : []),
    `${s.name}, what shifted (kit warm, first load): ${of('kyi-warm')[0]?.result.shiftSources ?? 'n/a'}; baseline: ${of('plain-warm')[0]?.result.shiftSources ?? 'n/a'}.`,
    ...(errors.length ? [`${s.name}, console errors seen: ${errors.slice(0, 5).join(' | ')}`] : []),
  ];
  return { rows, notes };
}

export async function run(): Promise<BenchResult> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROME_PATH or install Debian "chromium")');
  const tmp = await tempDir('pages');
  let browser: Browser | undefined;
  let sandbox: Child | undefined;
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    sandbox = await startChild(CHILD, ['sandbox']);
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const scenarios = SCENARIOS.filter((s) => !ONLY || String(s.elements) === ONLY).map((s) => ({ ...s, runs: RUNS_OVERRIDE ?? s.runs }));
    for (const [i, s] of scenarios.entries()) {
      const built = await buildScenario(s, join(tmp.path, `site-${i}`));
      const loads = await measureScenario(browser, s, built, sandbox);
      const part = scenarioRows(s, loads);
      rows.push(...part.rows);
      notes.push(...part.notes);
      if (i === 0) notes.push(`Page scripts at ${s.name} (Vite splits what both pages share, Lit and the styles, into a common chunk; the data is inlined): ${built.assets.sort().join('; ')}.`);
    }
    notes.push(
      'Three processes: the upstream (the sandbox, bench/child.ts), the partner backend (bench/page-server.ts: the built pages under the strict CSP and the real server piece at /api/kyi, default cache, per-client budget off), and this one driving Chromium (2 shared cores: the browser shares them with both servers).',
      'The baseline (bench/pages/plain-lit.ts): plain Lit elements with the same styles and templates, a loading box each, the same lookups fetched in one `POST /api/kyi/lookup` per 500, each element rendered once with its answer (words and badge URLs resolved ahead). Layout shift: the page observes `layout-shift` and `longtask` entries (buffered, from navigation) until two frames after the last element settled.',
    );
    return { id: 'page-lookups', title: '2. Pages of <kyi-token-status> against a fair baseline', rows, notes };
  } finally {
    await browser?.close();
    await sandbox?.stop();
    await tmp.dispose();
  }
}
