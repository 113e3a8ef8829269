/**
 * Benchmark — server rendering (issue #37): a page of 100 `<kyi-token-status>` (100 distinct
 * lookups), server-rendered (`renderKyiElements`) against client-only, side by side in one run.
 *   - time until every status shows its answer: from navigation start until all 100 hold one
 *     (checked every 4 ms by an init script, the same for both pages);
 *   - with the server piece's cache cold (a new handler per load) and warm (loaded once before);
 *   - the time the server spends rendering the page (context), and the JS each page loads
 *     (gzip of the kit's CDN module; a server-rendered page also reads complete with none).
 * The sandbox answers upstream on loopback with no delay, so "cold" costs only its own work: a
 * real service's round trip (tens to hundreds of ms) adds to both cold columns alike.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/chromium.mjs';
import { startSandbox, type Sandbox } from '../src/sandbox/index.js';
import { seedLookups } from '../src/sandbox/data/lookups.js';
import { createKyiHandler, type KyiHandler } from '../src/server/index.js';
import { renderKyiElements } from '../src/render/index.js';
import { kb, log, median, ms, ratio, verdict, type BenchResult, type Row } from './lib.js';

const TOKENS = 100;
const RUNS = Number(process.env.BENCH_PAGE_RUNS) || 5;

function lookups(): Record<string, string>[] {
  const out = seedLookups();
  for (let i = 0; out.length < TOKENS; i++) out.push({ address: `0x${'5e7'}${i.toString(16).padStart(37, '0')}`, 'chain-slug': 'ethereum' });
  return out.slice(0, TOKENS);
}

const BODY = lookups()
  .map((l) => `<li><kyi-token-status ${Object.entries(l).map(([k, v]) => `${k}="${v}"`).join(' ')}></kyi-token-status></li>`)
  .join('\n');
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tokens</title>
<script type="module" src="/kit.js"></script></head><body><ul>${BODY}</ul></body></html>`;

/**
 * Records when every status first shows an answer, checked every 4 ms (a callback of
 * `requestAnimationFrame` asked for while the document is created never runs in headless
 * Chromium: a timer it is, the same on both pages).
 */
const WATCH = () => {
  const w = window as unknown as { allShown?: number };
  const timer = setInterval(() => {
    const all = [...document.querySelectorAll('kyi-token-status')];
    if (!all.length || !all.every((e) => e.shadowRoot?.querySelector('[part~="base"]:not(.loading)'))) return;
    w.allShown = performance.now();
    clearInterval(timer);
  }, 4);
};

interface Site {
  origin: string;
  handler: KyiHandler;
  renderMs: number[];
  close(): Promise<void>;
}

export async function site(sandbox: Sandbox, kit: string): Promise<Site> {
  const handler = createKyiHandler({ publicApi: { baseUrl: sandbox.info.publicApiUrl, apiKey: sandbox.info.credentials.publicApiKey } });
  const renderMs: number[] = [];
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/api/kyi/')) return void handler.node(req, res);
    if (req.url === '/kit.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(kit);
    const t0 = performance.now();
    const page = req.url === '/ssr' ? renderKyiElements(handler, PAGE, { request: req }) : Promise.resolve(PAGE);
    void page.then((html) => {
      if (req.url === '/ssr') renderMs.push(performance.now() - t0);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    handler,
    renderMs,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await handler.close();
    },
  };
}

/** One load of `path`: ms from navigation start until every status showed an answer. */
async function load(browser: Browser, origin: string, path: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(WATCH);
  await page.goto(origin + path);
  await page.waitForFunction(() => (window as unknown as { allShown?: number }).allShown !== undefined);
  const shown = await page.evaluate(() => (window as unknown as { allShown: number }).allShown);
  await context.close();
  return shown;
}

export async function run(): Promise<BenchResult> {
  const kitFile = await readFile('dist/cdn/kyi-elements.js', 'utf8').catch(() => undefined);
  const kit = kitFile ?? (await build({ entryPoints: ['src/entries/cdn/kyi-elements.ts'], bundle: true, format: 'esm', write: false, minify: true })).outputFiles[0]!.text;
  const sandbox = await startSandbox({ port: 0 });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? findChromium(), args: CHROMIUM_ARGS });
  const times: Record<string, number[]> = { 'client cold': [], 'client warm': [], 'ssr cold': [], 'ssr warm': [] };
  const renderCold: number[] = [];
  const renderWarm: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const [mode, path] of [['client', '/client'], ['ssr', '/ssr']] as const) {
        // cold: a new server piece, its cache empty; warm: the same one, loaded once before
        const s = await site(sandbox, kit);
        times[`${mode} cold`]!.push(await load(browser, s.origin, path));
        await s.handler.idle();
        times[`${mode} warm`]!.push(await load(browser, s.origin, path));
        if (mode === 'ssr') {
          renderCold.push(s.renderMs[0]!);
          renderWarm.push(s.renderMs[1]!);
        }
        await s.close();
      }
      log(`server-render run ${i + 1}/${RUNS}`);
    }
  } finally {
    await browser.close();
    await sandbox.close();
  }
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  const jsBytes = gzipSync(Buffer.from(kit)).length;
  const rows: Row[] = [
    { metric: `${TOKENS} statuses shown, client-only, cold server cache`, value: ms(m['client cold']!) },
    { metric: `${TOKENS} statuses shown, server-rendered, cold server cache`, value: ms(m['ssr cold']!) },
    { metric: 'server-rendered ÷ client-only, cold', value: ratio(m['ssr cold']! / m['client cold']!), target: '< 1×', verdict: verdict(m['ssr cold']! < m['client cold']!) },
    { metric: `${TOKENS} statuses shown, client-only, warm server cache`, value: ms(m['client warm']!) },
    { metric: `${TOKENS} statuses shown, server-rendered, warm server cache`, value: ms(m['ssr warm']!) },
    { metric: 'server-rendered ÷ client-only, warm', value: ratio(m['ssr warm']! / m['client warm']!), target: '< 1×', verdict: verdict(m['ssr warm']! < m['client warm']!) },
    { metric: 'server time to render the page (renderKyiElements), cold / warm', value: `${ms(median(renderCold))} / ${ms(median(renderWarm))}` },
    { metric: 'JS at load, client-only', value: `${kb(jsBytes)} gzip (kyi-elements.js)` },
    { metric: 'JS at load, server-rendered', value: `${kb(jsBytes)} gzip to confirm; 0 KB for a complete page without the kit` },
  ];
  return {
    id: 'server-render',
    title: `Server rendering: a page of ${TOKENS} statuses, server-rendered vs client-only`,
    rows,
    notes: [
      `Median of ${RUNS} loads each, in one run, alternating the two pages. "Shown": from navigation start until every status's shadow root holds an answer (checked every 4 ms by the same init script on both pages).`,
      'Cold: a new handler per load (an empty cache: every lookup goes upstream, from the render or from the browser batch); warm: the same handler, loaded once before.',
      'Upstream is the sandbox on loopback with no delay: a real service adds its round trip to both cold figures alike, and to none of the warm ones.',
    ],
  };
}
