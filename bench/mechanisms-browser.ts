/**
 * Benchmark `mechanisms-browser` — what each browser-side mechanism of the lookup elements buys,
 * measured with and without it, side by side in one run in Chromium, on a page of benchmark 2
 * (500 `<kyi-token-status>` over 100 distinct lookups, warm proxy cache; the render slices also on
 * its page of 5,000 over 5,000, which they exist for):
 *   - render slices (render-scheduler.ts, `renderInSlice`: answers render in ≤ 24 ms slices, in view first;
 *     without: each answer renders at once in the task that settled it);
 *   - one view per thing shown (token-status.ts `render`, copies.ts: the statuses showing one
 *     state, the loading one or one answer, in one size and language show one view, its nodes made
 *     once and copied whole; without: each status makes its own, node by node);
 * Measured by this benchmark and removed for want of a gain (run of 2026-11-27, 5 runs):
 *   - the quiet wait (lookup-element.ts: no skeleton for 150 ms after a lookup started, an
 *     element holding a view kept it by skipping LitElement's render): as many skeletons seen
 *     with it as without (median 9,651 vs 8,695 element × frames), settled 0.74× without it,
 *     CLS 0.092 vs 0.094, longest task after the answer 243 vs 247 ms;
 *   - the scheme memo (the element core, then element-core.ts: one style read for every element about to render) was
 *     measured by this benchmark (run of 2026-11-27: settled 1.04× without it, longest task after
 *     the answer 148 ms without vs 181 ms with, both inside the spread) and removed; each
 *     element now reads its own `color-scheme`.
 *   - view copies (view.ts: a root view shown before cloned whole with `cloneNode`, then given
 *     its attributes objects and listeners, instead of made node by node; keyed by its tags,
 *     attributes and text): tried, never merged (run of 2026-11-29, 7 and 15 runs: settled 0.99×
 *     and 1.01× without it, inside the spread); the nodes a page of statuses makes are not what
 *     holds it back.
 *   - longer render slices (run of 2026-11-29, against 16 ms, 15 and 20 runs): 30 ms settled 0.91×
 *     and 0.98× (longest task after the answer up to 71 ms, over the 50 ms of a long task); 40 ms
 *     0.84× (its median longest task 53 ms); 16 ms while a slice renders an element in view and
 *     40 ms for one of elements out of view alone, 1.03× without it: none was a gain inside the
 *     target of no task over 50 ms, so slices stayed at 16 ms. Measured again on 2026-11-30, once
 *     the statuses showed copies of one view (each render ~0.1 ms, so a slice ends close to its
 *     time): benchmark 2, 9 runs each, warm 1.17× with 24 ms slices and no task over 50 ms after
 *     the answer, 1.16× with 30 ms but one task of 55 ms, against 1.26× and 1.29× with 16 ms in two
 *     runs of the same code; 24 alternated warm loads, main-thread CPU −6 ms with 24 ms. Slices
 *     are 24 ms since, but half of one in the task the answer arrives in, which did other work
 *     first (a run of 24 ms everywhere had one task of 61 ms after the answer in 9 loads; with
 *     the half slice, 1.23× warm and none over 50 ms).
 *   - views built whole, then shown (view.ts: a new view's node given its attributes and children
 *     before one insertion in the shown tree, not put there first and filled node by node): tried,
 *     not merged on 2026-11-29 (settled 1.07× and 1.08× without it over 15 and 21 runs at load
 *     10-18, then 0.96× and 0.94×, CPU 1.00× and 0.97×); merged on 2026-11-30 (main-thread CPU
 *     181.4 vs 186.1 ms without it, 20-24 alternated warm loads; this benchmark 1.20× settled,
 *     1.12× CPU), and removed the same day once the statuses showed copies of one view (their
 *     views are made once, not shown node by node): 0.97× settled, 1.00× CPU without it.
 *   - smaller cuts of the settle's script, measured by main-thread CPU over 12-14 interleaved warm
 *     loads, none beyond the spread, not merged: a `Set` of SVG tags for view.ts's regular expression
 *     and no `views.slice` per patch (217.7 vs 220.7 ms); one viewport read per admitted batch in
 *     render-scheduler.ts (not one per element) and token-status.ts's chains in one pass instead of
 *     two filters over a `Set` (293.8 vs 290.1 ms).
 *   - lookups at connection (lookup-element.ts: a lookup started when its element connects, so
 *     the batch left once the first loading box rendered, not after the 500th): settled 1.05× and
 *     1.05× without it at load 12-16 (9 and 15 runs), then 0.96× settled and 0.97× CPU without it
 *     on a quieter machine (load 3, 15 runs, 2026-11-29 18:46): no gain beyond the spread,
 *     reverted with its test (the lookup's first update sends it, as before).
 *   - copies by identity (view.ts: a view object made a second time cloned from the first one's
 *     nodes; the token status's loading view one object per size and language; the proxy URL's
 *     resolution kept for the next lookup): tried, never merged (2026-11-29, benchmark 2
 *     alternated with main, 9 runs each, load 4-8: warm 1.42× and 1.39× with them against 1.23×
 *     and 1.23× without). Its sound part, one view per thing shown made once and copied whole,
 *     for the answers too (one per answer, not per status), is the `one-view` row above
 *     (2026-11-30: main-thread CPU −8 ms for the loading view alone, −10 ms more with the
 *     answers', in 20-24 alternated warm loads).
 *   - the shared state read once per copy of the kit (config.ts `shared`, strings.ts `registry`: a
 *     symbol-keyed property of the global object, 8 and 5 ms of self time for 500 statuses in a
 *     CPU profile of the first update): tried, never merged (2026-11-29, benchmark 2 alternated
 *     with main, 3 × 7 runs: warm 1.26×, 1.55×, 1.44× with it against 1.42×, 1.50×, 1.24×
 *     without; ~20 ms of CPU in a 520 ms load is inside the spread). An absolute URL resolved
 *     without reading the page's address (config.ts `onPage`: `location.href` is read per lookup)
 *     was merged on 2026-11-30 (main-thread CPU 189.5 vs 182.8 ms in 20 alternated warm loads)
 *     and removed the next session: 3.5 %, inside this benchmark's 5 % bar, for 28 B on every page.
 *   - the lookup input memo (lookup-element.ts `validChecks`: a valid input's check kept, 500
 *     statuses over 100 tokens checking 100): removed on 2026-11-30, no CPU it saved beside the
 *     one-view copies (175.9 vs 184.7 ms with it, 24 alternated warm loads).
 *   - the lazy abort handle (kyi-element.ts `LazySignal`: a run's `AbortController` made only when
 *     something asked for its signal, the lookup client watching a hook instead of a listener):
 *     removed on 2026-11-30 for ~140 B on every lookup page, ~2.5 ms of CPU it saved (169.1 vs
 *     171.6 ms, 24 alternated warm loads; 1.5 %, inside the spread).
 *   - tried on 2026-11-30 with a probe of each load's phases (element creation, connection, first
 *     update, settle, painted; 12-15 alternated warm loads per variant), none merged: render slices
 *     of 40 ms (painted 318 vs 318 ms; on 5,000 statuses a task over 50 ms in 2 of 8 loads); a slice
 *     that runs on when the rest fits in 40 ms at its pace (306 vs 318 ms, inside the spread); no
 *     slices (304 vs 318 ms, but a task over 50 ms after the answer in 13 of 20 loads); the lookups
 *     started when each status connects, so the batch leaves before the first renders (345 vs
 *     325 ms: worse); the lookup client's second key and URL resolution skipped (first update 28.5
 *     vs 35.9 ms, painted 322 vs 319 ms).
 *   - tried on 2026-11-30 (second session), with 12-16 alternated warm loads per variant and
 *     an A/A pair first: two builds of the same code differed by 20 ms in median painted time
 *     (q25-q75 of the paired differences -52 to +49 ms) and by 0.6 ms in the time to every
 *     loading box (-6 to +17 ms). Against that spread, none merged:
 *     - the lookups started at connection, again: the batch left 14 ms sooner (46 vs 60 ms after
 *       script start), painted +21 ms. The request does leave at once (a page's `fetch()` reaches a
 *       loopback server 1.5-4 ms after the call while the task runs on), so the note above had the
 *       wrong cause: the main thread, not the network, is the critical path of a warm load. The
 *       answer (its headers 35 ms after the request, its body 30 ms later) waits for the first
 *       updates and the first frame either way; moving work earlier only reorders it.
 *     - the loading view in fewer nodes (it is 8 elements; the first frame lays out all 500,
 *       31-55 ms, against 10 ms with no loading view at all): one element drawing its skeleton
 *       with gradients, -13 and -2 ms painted in two runs (first frame 18-34 ms); three elements,
 *       the words in the icon's place and the second line the first one's `::after`, -15 ms;
 *       the words alone (no skeleton: not a candidate, a bound), -32 and -14 ms. Inside the A/A
 *       spread, for a change of the public `skeleton` parts and of every loading baseline.
 *     - a whole slice (24 ms) in the task the answer arrives in: -4 ms, and a task over 50 ms
 *       after the answer in 2 of 16 loads (none with half a slice).
 *     - elements near the viewport (within half of it) rendered in the first slices with those
 *       in view, so that later slices change only elements `content-visibility` skips: the
 *       frames between slices cost the same (16-23 ms each in traces).
 * Where the warm ratio goes (2026-11-29, benchmark 2's traces and phases, BENCH_TRACE and
 * BENCH_DUMP): from script start to every loading box rendered, the kit takes 64-68 ms against
 * the baseline's 24-30 (its first update: the lookup's start, 26 ms for 500, and the loading
 * view, 23 ms, against Lit's 13 ms for both); after the answer, the main thread is busy 290-300
 * ms against 60-115 ms: script 106-125 ms (the views' `patch` 56 ms, against Lit's whole render
 * of 34 ms), and the frames drawn between render slices, 15-37 ms each whatever the slice
 * changed off screen (style, layout and a paint of the whole 4,900 px document, and
 * `content-visibility`'s intersection checks: 178 ms in six frames, against the baseline's one
 * frame of 50 ms). The same page rendered in one task (SLICE_MS 1,000) settled at 1.25× in one
 * alternated run against 1.40× with slices, but with a 103 ms task after the answer (the
 * baseline's own longest is 50-83 ms): the target of no task over 50 ms and the 1.25× are in
 * tension for a view this rich.
 * Main-thread CPU (the column added on 2026-11-29) shows what the times above cannot on a shared
 * machine. Until 2026-11-30 it was read wrong twice over, both against the render slices: it
 * counted the scheduler's tasks only (renders done in the microtask checkpoint a response's body
 * resolves, as they are without slices, counted for nothing), and each load ran an
 * animation-frame counter of the loading skeletons seen (the quiet wait's measure), whose frame
 * loop made the page draw a frame every 16 ms and read every status in each, which the variant
 * drawing more frames paid for more. So "without slices 0.72× and 0.74× the main-thread CPU"
 * (2026-11-29) and "0.62×" on 5,000 statuses (2026-11-30) were the measure's: every outermost
 * event counted, and no counter, the slices cost 3-7 % of the CPU and 2-8 % of the settle time
 * (runs of 5 and 7) and keep every task after the answer under 50 ms (without them, the longest: 59 ms on
 * 500 statuses, 77 ms on 5,000). No mechanism left is about skeletons; the counter is gone.
 * Each variant is the same page built with Vite, the mechanism's module changed by a plugin.
 * Runs interleave the variants (with, then each without, in turn), each load in a fresh
 * browser context against one warm server piece per variant; one warm-up load each, discarded.
 *
 * A mechanism is kept when, without it, on any page it is measured on, the page settles later (median ratio > 1.05), its main
 * thread uses more CPU (median ratio > 1.05: thread time, from a trace of each load), the longest
 * task after the answer is over 50 ms and 1.5× longer (medians), layout shifts more (by over 0.01,
 * the CLS target of benchmark 2); otherwise
 * the table says it goes (a difference inside the run-to-run spread is no measured gain).
 * (Batching, deduplication and the lookup cache are kept by the issue; benchmark 2 measures them.)
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/chromium.mjs';
import { buildPages } from './build-pages.js';
import { CHILD, PAGE_SERVER, distinctLookups, startChild } from './page-lookups.js';
import { log, median, ms, ratio, tempDir, type BenchResult } from './lib.js';
import type { ListPageResult, TokenStatusPageData } from './pages/shared.js';

const RUNS = Number(process.env.BENCH_MECHANISM_RUNS) || 5;

/** A change to one module of the kit (`file`: its path under src/elements/shared/, or under src/elements/), for a variant without a mechanism. */
function without(file: string, edits: [from: string, to: string][]): Plugin {
  const path = file.includes('/') ? `/src/elements/${file}` : `/src/elements/shared/${file}`;
  return {
    name: `without-${file}`,
    enforce: 'pre',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith(path)) return null;
      let out = code;
      for (const [from, to] of edits) {
        if (!out.includes(from)) throw new Error(`${file} no longer holds ${JSON.stringify(from)}: update the bench variant`);
        out = out.replace(from, to);
      }
      return out;
    },
  };
}

/** A page of the benchmark: `elements` statuses over `distinct` lookups (element i shows lookup i mod distinct). */
interface PageShape {
  id: string;
  elements: number;
  distinct: number;
}

const PAGE_500: PageShape = { id: '500 × 100', elements: 500, distinct: 100 };
/** Benchmark 2's page of thousands of distinct statuses: its answers arrive in batches of 500. */
const PAGE_5000: PageShape = { id: '5,000 × 5,000', elements: 5_000, distinct: 5_000 };

interface Mechanism {
  id: string;
  name: string;
  what: string;
  plugin: Plugin;
  /** The pages it is measured on (each a row): the page of 500 statuses, unless its purpose shows on another. */
  pages?: PageShape[];
}

const MECHANISMS: Mechanism[] = [
  {
    id: 'render-slices',
    name: 'render slices (render-scheduler.ts)',
    what: 'answers render in ≤ 24 ms slices, elements in view first',
    pages: [PAGE_500, PAGE_5000],
    plugin: without('render-scheduler.ts', [
      [
        'export function renderInSlice(element: Element, render: () => void): Promise<void> {',
        'export function renderInSlice(element: Element, render: () => void): Promise<void> {\n  render();\n  return Promise.resolve();\n',
      ],
    ]),
  },
  {
    id: 'one-view',
    name: 'one view per thing shown (token-status.ts `render`, copies.ts)',
    what: 'statuses showing the same state (one loading view; one answer) in the same size and words show one view, made once and copied whole',
    plugin: without('token-status/token-status.ts', [
      ['let made = views.get(sized);', 'let made: [string, ElementView] | undefined;'],
      ['copyOf(made[1])]', 'made[1]]'],
    ]),
  },
];

interface Sample {
  /**
   * CPU time of the page's main thread over the load, ms: the thread time (`tdur`) of its tasks
   * in a trace. Unlike the times above, it does not grow while other processes hold the cores.
   */
  cpu: number;
  painted: number;
  inView: number;
  longestAfterAnswer: number;
  cls: number;
}

function sample(r: ListPageResult, cpu: number): Sample {
  const after = r.longTasks.filter((t) => t.start + t.duration > r.phases.responseAt && t.start < r.paintedAt);
  return {
    cpu,
    painted: r.paintedAt,
    inView: r.inView.paintedAt,
    longestAfterAnswer: Math.max(0, ...after.map((t) => t.duration)),
    cls: r.cls,
  };
}

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };

/**
 * The thread time of the renderer's main thread in a trace, ms (the busiest one, should there be
 * several): the outermost complete events, whatever their name, each once. Not only the
 * scheduler's tasks (`ThreadControllerImpl::RunTask`): the microtasks a response's body resolves
 * run in a top-level checkpoint of their own, and renders done there (without render slices)
 * counted for nothing until 2026-11-30.
 */
function mainThreadCpu(trace: Buffer): number {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const outermost = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && main.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const cpu = new Map<string, number>();
  const busyUntil = new Map<string, number>();
  for (const e of outermost) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ts < (busyUntil.get(thread) ?? -Infinity)) continue; // inside the event before it
    busyUntil.set(thread, e.ts + e.dur!);
    cpu.set(thread, (cpu.get(thread) ?? 0) + (e.tdur ?? e.dur!));
  }
  return Math.max(0, ...cpu.values()) / 1000;
}

/** One warm load of the page at `url`, in a fresh context: its result and its main thread's CPU. */
async function load(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    await browser.startTracing(tab, { categories: ['toplevel'] });
    await tab.goto(`${url}/token-status.html`);
    const handle = await tab.waitForFunction(() => (window as unknown as { __bench?: ListPageResult }).__bench, undefined, {
      timeout: 120_000,
    });
    const cpu = mainThreadCpu(await browser.stopTracing());
    const result = (await handle.jsonValue()) as ListPageResult;
    if (errors.length) throw new Error(errors[0]);
    return sample(result, cpu);
  } finally {
    await context.close();
  }
}

const spread = (values: number[], f: (n: number) => string) => `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})`;

/** What a mechanism buys on a page: the criteria of the header that its measurements meet (none: no measured gain). */
function gainsOf(withS: Sample[], w: Sample[]): string[] {
  const at = (s: Sample[], f: (x: Sample) => number) => median(s.map(f));
  const gains: string[] = [];
  if (at(w, (x) => x.painted) / at(withS, (x) => x.painted) > 1.05) gains.push('settles sooner');
  if (at(w, (x) => x.cpu) / at(withS, (x) => x.cpu) > 1.05) gains.push('less main-thread CPU');
  const longWith = at(withS, (x) => x.longestAfterAnswer);
  const longWithout = at(w, (x) => x.longestAfterAnswer);
  if (longWithout > 50 && longWithout > 1.5 * longWith) gains.push('shorter longest task after the answer');
  if (Math.max(...w.map((x) => x.cls)) > Math.max(...withS.map((x) => x.cls)) + 0.01) gains.push('less layout shift');
  return gains;
}

export async function run(): Promise<BenchResult> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROME_PATH or install Debian "chromium")');
  const tmp = await tempDir('mechanisms');
  let browser: Browser | undefined;
  const children: { stop(): Promise<void> }[] = [];
  try {
    const sandbox = await startChild(CHILD, ['sandbox']);
    children.push(sandbox);
    // A variant: one page (its shape) built as shipped ('with') or without one mechanism.
    const pagesOf = (m: Mechanism) => m.pages ?? [PAGE_500];
    const shapes = [...new Set(MECHANISMS.flatMap(pagesOf))];
    const variants = shapes.flatMap((page) => [
      { id: `with ${page.id}`, page, plugins: [] as Plugin[] },
      ...MECHANISMS.filter((m) => pagesOf(m).includes(page)).map((m) => ({ id: `${m.id} ${page.id}`, page, plugins: [m.plugin] })),
    ]);
    const info = sandbox.info!;
    const servers = new Map<string, string>();
    for (const v of variants) {
      log(`mechanisms-browser: building the page ${v.id.startsWith('with ') ? v.id.replace('with', 'as shipped,') : `without ${v.id}`}`);
      const out = join(tmp.path, `variant-${variants.indexOf(v)}`);
      const lookups = distinctLookups(v.page.distinct);
      const data: TokenStatusPageData = { items: Array.from({ length: v.page.elements }, (_, i) => lookups[i % v.page.distinct]!) };
      await buildPages(['token-status'], { 'token-status': data }, out, { plugins: v.plugins });
      const server = await startChild(PAGE_SERVER, [
        JSON.stringify({ root: out, baseUrl: info.publicApiUrl, apiKey: info.credentials.publicApiKey, badgeBaseUrl: info.badgeBaseUrl }),
      ]);
      children.push(server);
      servers.set(v.id, server.url);
    }
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    // Warm-up (discarded): fills each server piece's cache, so every measured load is warm.
    for (const v of variants) await load(browser, servers.get(v.id)!);
    const samples = new Map<string, Sample[]>(variants.map((v) => [v.id, []]));
    for (let r = 0; r < RUNS; r++) {
      log(`mechanisms-browser: run ${r + 1} of ${RUNS}`);
      // Rotated each run: no variant always goes first.
      const order = variants.map((_, i) => variants[(i + r) % variants.length]!);
      for (const v of order) {
        samples.get(v.id)!.push(await load(browser, servers.get(v.id)!));
      }
    }
    const table = ['| mechanism | what it does | page | with | without | ratio | kept? |', '|---|---|---|---|---|---|---|'];
    const cell = (s: Sample[]) =>
      `settled ${spread(
        s.map((x) => x.painted),
        ms,
      )}; main-thread CPU ${spread(
        s.map((x) => x.cpu),
        ms,
      )}; in view ${spread(
        s.map((x) => x.inView),
        ms,
      )}; longest task after answer ${spread(
        s.map((x) => x.longestAfterAnswer),
        ms,
      )}; CLS ${Math.max(...s.map((x) => x.cls)).toFixed(3)}`;
    for (const m of MECHANISMS) {
      const rows = pagesOf(m).map((page) => {
        const withS = samples.get(`with ${page.id}`)!;
        const w = samples.get(`${m.id} ${page.id}`)!;
        return { page, withS, w, gains: gainsOf(withS, w) };
      });
      const keptFor = rows.filter((row) => row.gains.length).map((row) => row.page.id);
      for (const { page, withS, w, gains } of rows) {
        const settleRatio = median(w.map((s) => s.painted)) / median(withS.map((s) => s.painted));
        const cpuRatio = median(w.map((s) => s.cpu)) / median(withS.map((s) => s.cpu));
        const verdict = gains.length
          ? `yes: ${gains.join(', ')}`
          : keptFor.length
            ? `no measured gain on this page; kept for the ${keptFor.join(', ')} page`
            : 'no measured gain: it goes';
        table.push(
          `| ${m.name} | ${m.what} | ${page.id} | ${cell(withS)} | ${cell(w)} | ${ratio(settleRatio)} settled, ${ratio(cpuRatio)} CPU | ${verdict} |`,
        );
      }
    }
    return {
      id: 'mechanisms-browser',
      title: 'Browser mechanisms, with and without (warm)',
      rows: [],
      notes: [
        `${table.join('\n')}\n`,
        `Each page: its <kyi-token-status> (500 over 100 distinct lookups unless a row names another page) appended at once, warm server piece (one per variant, filled by a discarded load); ${RUNS} runs, the variants rotated in each; every load in a new browser context. Medians and (min–max) over the runs; "settled" is until the frame showing every settled element was painted, "in view" until those in view at load were; the longest task counts tasks over 50 ms (0: none); ratio = without ÷ with, settled (> 1: the mechanism makes the page settle sooner) and main-thread CPU (the thread time of the renderer's main thread over the load, from a trace: > 1, the mechanism saves work; it holds when other processes share the cores, which the times do not). "without" is the same page built with the mechanism's module changed (bench/mechanisms-browser.ts).`,
        'Removed after an earlier run of this benchmark showed no gain (numbers in bench/mechanisms-browser.ts): the quiet wait (lookup-element.ts) and the scheme memo (the element core, then element-core.ts).',
        "Not measured here: the badge's own DOM builder (badge.ts; a `<kyi-badge>` page is not a lookup page), batching, deduplication and the lookup cache (kept; benchmark 2 counts their requests).",
        'Render slices are measured on two pages. On 500 statuses over 100 lookups, renders are copies of one view per answer (~0.1 ms each), and without slices they often fit in one task. On 5,000 over 5,000, each batch of 500 answers would render in one task.',
      ],
    };
  } finally {
    await browser?.close();
    for (const c of children.reverse()) await c.stop();
    await tmp.dispose();
  }
}
