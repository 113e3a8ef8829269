/**
 * Benchmark 2 — a page of 500 `<kyi-token-status>` over 100 distinct lookups.
 *   - browser → proxy requests (`POST /api/kyi/lookup`, counted in Playwright): target ≤ 2;
 *   - proxy → upstream calls (sandbox stats): target ≤ 100 on a cold proxy, 0 on a second
 *     load within the cache TTL;
 *   - time until every element settled against a page of 500 plain Lit elements rendering
 *     the same final markup from inline data: target ≤ 1.5×.
 *
 * Both pages are built with Vite from bench/pages and served by the demo server
 * (scripts/lib/demo-server.ts: the real server piece at /api/kyi over the embedded sandbox,
 * strict CSP). Each "cold" load gets a freshly started server, so its proxy cache is empty.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startDemoServer, type DemoServer } from '../scripts/lib/demo-server.js';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/chromium.mjs';
import { startSandbox } from '../src/sandbox/index.js';
import { SEED_TOKENS } from '../src/sandbox/data/tokens.js';
import { CHAINS } from '../src/sandbox/data/chains.js';
import { createKyiHandler } from '../src/server/index.js';
import { LookupClient, lookupKey, setLookupClient } from '../src/client/lookup.js';
import { checkTokenInput, lookupToken, type TokenOutcome } from '../src/client/lookup-outcomes.js';
import { badgeSources } from '../src/elements/shared/badge-image.js';
import { t } from '../src/strings.js';
import type { TokenMatch } from '../src/contract/index.js';
import { buildPages } from './build-pages.js';
import { kb, log, median, ms, ratio, tempDir, verdict, type BenchResult, type Row } from './lib.js';
import type { Attrs, ListPageResult, PlainPageData, StatusView, TokenStatusPageData } from './pages/shared.js';

const ELEMENTS = 500;
const DISTINCT = 100;
const RUNS = 3;
const TIME_TARGET = 1.5;
const BADGE_PLACEHOLDER = 'http://badge-base.invalid';

/** 100 distinct lookups: every sandbox token by address + chain and by CAIP-19, each address alone, then unknown addresses. */
function distinctLookups(): Attrs[] {
  const out: Attrs[] = [];
  for (const token of SEED_TOKENS) {
    const chain = CHAINS[token.chain]!;
    out.push({ address: token.address, 'chain-slug': token.chain });
    out.push({ caip19: `${chain.caip2}/${chain.assetNamespace}:${token.address}` });
  }
  for (const address of new Set(SEED_TOKENS.map((t) => t.address))) out.push({ address });
  for (let i = 0; out.length < DISTINCT; i++) out.push({ address: `0x${'be9c'}${i.toString(16).padStart(36, '0')}`, 'chain-slug': 'ethereum' });
  return out.slice(0, DISTINCT);
}

function requestOf(attrs: Attrs) {
  const check = checkTokenInput({ caip19: attrs.caip19, address: attrs.address, chainSlug: attrs['chain-slug'] });
  if (!check.ok) throw new Error(`bench lookup ${JSON.stringify(attrs)} is not valid input: ${check.empty ? 'empty' : check.problem.message}`);
  return check.request as Extract<typeof check.request, { kind: 'token' }>;
}

const chainOf = (m: TokenMatch) => m.token.chain_slug || m.token.caip2 || m.token.caip19?.split('/')[0] || '?';

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
  const sources = badgeSources(BADGE_PLACEHOLDER, { credential: 'kyi_verified', variant: 'icon', format: 'svg', size: 24 }, 'auto');
  return {
    status: 'verified',
    label: en('tokenStatus.verified'),
    ...(issuer?.name ? { issuer: en(issuer.kyb_verified ? 'tokenStatus.issuerVerified' : 'tokenStatus.issuer', { name: issuer.name }) } : {}),
    ...(summary ? { summary } : {}),
    ...(sources ? { badge: { urls: sources.urls.map((u) => u.replace(BADGE_PLACEHOLDER, '{base}')), themes: sources.themes } } : {}),
  };
}

/** Resolves every distinct lookup through a private sandbox + server piece (not the measured one). */
async function resolveViews(lookups: Attrs[]): Promise<StatusView[]> {
  const sandbox = await startSandbox();
  try {
    const handler = createKyiHandler({ publicApi: { baseUrl: sandbox.info.publicApiUrl, apiKey: sandbox.info.credentials.publicApiKey } });
    const fetchViaHandler = ((input: RequestInfo | URL, init?: RequestInit) =>
      handler(new Request(new URL(String(input), 'http://bench.invalid'), init))) as typeof fetch;
    const previous = setLookupClient(new LookupClient({ fetch: fetchViaHandler, schedule: (flush) => setTimeout(flush, 0) }));
    try {
      const outcomes = await Promise.all(lookups.map((attrs) => lookupToken('/api/kyi', requestOf(attrs))));
      return outcomes.map(viewOf);
    } finally {
      if (previous) setLookupClient(previous);
    }
  } finally {
    await sandbox.close();
  }
}

interface Load {
  kind: 'kyi-cold' | 'kyi-warm' | 'plain';
  result: ListPageResult;
  lookupRequests: number;
  upstream: number;
  errors: string[];
  markup?: string[];
}

/** Set BENCH_CPU_PROFILE=<file prefix> to save a DevTools CPU profile of the first load of each kind. */
const PROFILE = process.env.BENCH_CPU_PROFILE;
const profiled = new Set<string>();

async function loadPage(browser: Browser, server: DemoServer, page: 'token-status' | 'plain-lit', kind: Load['kind'], withMarkup = false): Promise<Load> {
  const sandbox = server.sandbox!;
  sandbox.stats.reset();
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
    await tab.goto(`${server.url}/${page}.html`);
    const handle = await tab.waitForFunction(() => (window as unknown as { __bench?: ListPageResult }).__bench, undefined, { timeout: 60_000 });
    const result = (await handle.jsonValue()) as ListPageResult;
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(`${PROFILE}-${kind}.cpuprofile`, JSON.stringify(profile));
    }
    const markup = withMarkup
      ? await tab.evaluate((n) => (window as unknown as { __benchMarkup: (n: number) => string[] }).__benchMarkup(n), DISTINCT)
      : undefined;
    const upstream = Object.entries(sandbox.stats.counts()).reduce((n, [route, count]) => (route.startsWith('public:') ? n + (count ?? 0) : n), 0);
    return { kind, result, lookupRequests, upstream, errors, ...(markup ? { markup } : {}) };
  } finally {
    await context.close();
  }
}

export async function run(): Promise<BenchResult> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROME_PATH or install Debian "chromium")');
  const tmp = await tempDir('pages');
  const out = join(tmp.path, 'site');
  let browser: Browser | undefined;
  try {
    const lookups = distinctLookups();
    const keys = new Set(lookups.map((a) => lookupKey(requestOf(a))));
    if (keys.size !== DISTINCT) throw new Error(`expected ${DISTINCT} distinct lookups, built ${keys.size}`);
    log('page-lookups: resolving the 100 lookups for the plain page');
    const views = await resolveViews(lookups);
    const order = Array.from({ length: ELEMENTS }, (_, i) => i % DISTINCT);
    const tokenStatus: TokenStatusPageData = { items: order.map((i) => lookups[i]!) };
    const plain: PlainPageData = { items: order.map((i) => ({ attrs: { ...lookups[i]!, theme: 'auto' }, view: i })), views };
    log('page-lookups: building the pages');
    await buildPages(['token-status', 'plain-lit'], { 'token-status': tokenStatus, 'plain-lit': plain }, out, {
      minify: !PROFILE, // readable function names in a profile
    });

    const assets = await Promise.all(
      (await readdir(join(out, 'assets'))).filter((f) => f.endsWith('.js')).map(async (f) => {
        const bytes = await readFile(join(out, 'assets', f));
        return `${f.replace(/-[\w-]{8}\.js$/, '.js')} ${kb(bytes.length)} (${kb(gzipSync(bytes).length)} gzipped)`;
      }),
    );

    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const loads: Load[] = [];
    // Warm-up (discarded): the browser process, and each page once.
    {
      const server = await startDemoServer({ port: 0, root: out, env: {} });
      try {
        await loadPage(browser, server, 'plain-lit', 'plain');
        await loadPage(browser, server, 'token-status', 'kyi-cold');
      } finally {
        await server.close();
      }
    }
    let markup: { kyi?: string[]; plain?: string[] } = {};
    for (let r = 0; r < RUNS; r++) {
      log(`page-lookups: run ${r + 1} of ${RUNS} (fresh server, cold proxy cache)`);
      const server = await startDemoServer({ port: 0, root: out, env: {} });
      try {
        const kyiCold = () => loadPage(browser!, server, 'token-status', 'kyi-cold', r === 0);
        const kyiWarm = () => loadPage(browser!, server, 'token-status', 'kyi-warm');
        const plainLoad = () => loadPage(browser!, server, 'plain-lit', 'plain', r === 0);
        const steps = r % 2 === 0 ? [kyiCold, plainLoad, kyiWarm, plainLoad] : [plainLoad, kyiCold, plainLoad, kyiWarm];
        for (const step of steps) {
          const load = await step();
          loads.push(load);
          if (load.markup) markup = { ...markup, [load.kind === 'plain' ? 'plain' : 'kyi']: load.markup };
        }
      } finally {
        await server.close();
      }
    }

    const of = (kind: Load['kind']) => loads.filter((l) => l.kind === kind);
    const settle = (kind: Load['kind']) => median(of(kind).map((l) => l.result.settledAt));
    const fromScript = (kind: Load['kind']) => median(of(kind).map((l) => l.result.settledAt - l.result.scriptStart));
    const painted = (kind: Load['kind']) => median(of(kind).map((l) => l.result.paintedAt));
    const phase = (kind: Load['kind'], f: (r: ListPageResult, p: NonNullable<ListPageResult['phases']>) => number) =>
      ms(median(of(kind).map((l) => f(l.result, l.result.phases!))));
    const breakdown = (kind: Load['kind']) =>
      `script start → every element rendered its loading state ${phase(kind, (r, p) => p.rendered - r.scriptStart)}; ` +
      `→ batch request sent (the client flushes on the next animation frame) ${phase(kind, (_r, p) => p.requestStart - p.rendered)}; ` +
      `→ response headers ${phase(kind, (_r, p) => p.responseAt - p.requestStart)}; ` +
      `→ every element settled (body read, per-element outcome, final render) ${phase(kind, (r, p) => r.settledAt - p.responseAt)}`;
    const maxOf = (list: Load[], f: (l: Load) => number) => Math.max(...list.map(f));
    const kyiLoads = [...of('kyi-cold'), ...of('kyi-warm')];
    const requests = maxOf(kyiLoads, (l) => l.lookupRequests);
    const coldUpstream = maxOf(of('kyi-cold'), (l) => l.upstream);
    const warmUpstream = maxOf(of('kyi-warm'), (l) => l.upstream);
    const coldRatio = settle('kyi-cold') / settle('plain');
    const warmRatio = settle('kyi-warm') / settle('plain');

    const rows: Row[] = [
      {
        metric: 'Browser → proxy requests per load (POST /api/kyi/lookup)',
        value: `${requests} (per load: ${kyiLoads.map((l) => l.lookupRequests).join(', ')})`,
        target: '≤ 2',
        verdict: verdict(requests <= 2),
      },
      {
        metric: 'Proxy → upstream calls, cold proxy cache',
        value: `${coldUpstream} (per run: ${of('kyi-cold').map((l) => l.upstream).join(', ')})`,
        target: '≤ 100',
        verdict: verdict(coldUpstream <= 100),
      },
      {
        metric: 'Proxy → upstream calls, second load within the TTL',
        value: `${warmUpstream} (per run: ${of('kyi-warm').map((l) => l.upstream).join(', ')})`,
        target: '0',
        verdict: verdict(warmUpstream === 0),
      },
      {
        metric: 'Time until all 500 settled ÷ plain Lit page, cold proxy cache',
        value: `${ratio(coldRatio)} (${ms(settle('kyi-cold'))} vs ${ms(settle('plain'))})`,
        target: `≤ ${TIME_TARGET}×`,
        verdict: verdict(coldRatio <= TIME_TARGET),
      },
      {
        metric: 'Time until all 500 settled ÷ plain Lit page, warm proxy cache',
        value: `${ratio(warmRatio)} (${ms(settle('kyi-warm'))} vs ${ms(settle('plain'))})`,
        target: `≤ ${TIME_TARGET}×`,
        verdict: verdict(warmRatio <= TIME_TARGET),
      },
      {
        metric: 'Time until all 500 settled and painted (next frame) ÷ plain page painted, cold / warm',
        value: `${ratio(painted('kyi-cold') / painted('plain'))} / ${ratio(painted('kyi-warm') / painted('plain'))} (${ms(painted('kyi-cold'))} / ${ms(painted('kyi-warm'))} vs ${ms(painted('plain'))})`,
      },
      {
        metric: 'Time until settled counted from the page script start (excludes loading the bundles), cold / warm',
        value: `${ratio(fromScript('kyi-cold') / fromScript('plain'))} / ${ratio(fromScript('kyi-warm') / fromScript('plain'))} (${ms(fromScript('kyi-cold'))} / ${ms(fromScript('kyi-warm'))} vs ${ms(fromScript('plain'))})`,
      },
    ];

    const same = markup.kyi && markup.plain ? markup.kyi.filter((m, i) => m === markup.plain![i]).length : 0;
    const firstDiff = markup.kyi && markup.plain ? markup.kyi.findIndex((m, i) => m !== markup.plain![i]) : -1;
    rows.push({ metric: 'Plain page renders the same shadow markup (of the 100 distinct elements)', value: `${same} of ${DISTINCT} identical` });
    const statuses = Object.entries(of('kyi-cold')[0]?.result.statuses ?? {})
      .map(([s, n]) => `${s} ${n}`)
      .join(', ');
    const client = of('kyi-cold')[0]?.result.client;
    const errors = [...new Set(loads.flatMap((l) => l.errors))];
    const notes = [
      `${ELEMENTS} elements, ${DISTINCT} distinct lookups (each sandbox token by address + chain and by CAIP-19, each sandbox address alone, ` +
        `then unknown addresses), element i showing lookup i mod ${DISTINCT}, all appended at once. Final statuses: ${statuses}.`,
      `${RUNS} runs; each starts a fresh demo server (cold proxy cache) and loads, in alternating order, the token-status page cold, the plain page, ` +
        `the token-status page again (within the 60 s TTL) and the plain page; every load in a new browser context. Times are medians of ` +
        '`performance.now()` (from navigation start) when every element had settled (`el.settled`) or rendered (`updateComplete`); ' +
        'one warm-up load of each page is discarded.',
      `Where the token-status page's time goes (medians). Cold: ${breakdown('kyi-cold')}. Warm: ${breakdown('kyi-warm')}. ` +
        `Plain page: script start → every element rendered ${ms(fromScript('plain'))}; navigation start → script start ` +
        `${ms(median(of('plain').map((l) => l.result.scriptStart)))} plain vs ${ms(median(of('kyi-warm').map((l) => l.result.scriptStart)))} token-status.`,
      `Page scripts (Vite splits what both pages share, Lit and the styles, into a common chunk): ${assets.sort().join('; ')}.`,
      `Browser lookup client on a cold load: ${client ? `${client.batches} batch(es), ${client.sent} lookups sent, ${client.joined} joined, ${client.cacheHits} cache hits` : 'n/a'}.`,
      'The plain page registers a LitElement with the same styles (sharedStyles + tokenStatusStyles) and a copy of the token-status templates, ' +
        'given each element its resolved view (strings and badge URLs computed ahead) as a property; only `<kyi-token-status>` is bundled in the other page.',
      ...(firstDiff >= 0 && markup.kyi && markup.plain
        ? [`First markup difference (lookup ${firstDiff}):\n\n    kyi:   ${markup.kyi[firstDiff]}\n    plain: ${markup.plain[firstDiff]}\n`]
        : []),
      ...(errors.length ? [`Console errors seen: ${errors.slice(0, 5).join(' | ')}`] : []),
    ];
    return { id: 'page-lookups', title: '2. A page of 500 <kyi-token-status>', rows, notes };
  } finally {
    await browser?.close();
    await tmp.dispose();
  }
}
