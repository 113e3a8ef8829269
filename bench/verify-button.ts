/**
 * Benchmark 4 — verify button: click → the widget iframe in the DOM, counted in animation
 * frames (requestAnimationFrame ticks between the click and the iframe's insertion) and ms.
 *   - with a prefetched token (`prefetch`, hovered first, token fetched): target same frame (0);
 *   - without prefetch: the click waits for `POST /api/kyi/token` (no target; for comparison).
 *
 * The page is built with Vite from bench/pages/verify-button.* and served by the demo server
 * (real server piece and sandbox widget, strict CSP); the demo user is signed in first.
 */
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startDemoServer } from '../scripts/lib/demo-server.js';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/chromium.mjs';
import { buildPages } from './build-pages.js';
import { log, median, ms, tempDir, verdict, type BenchResult, type Row } from './lib.js';
import type { VerifyMeasure } from './pages/verify-button.js';

const ROUNDS = 10;

interface VerifyApi {
  result: Promise<VerifyMeasure>;
  arm(id: string): void;
  close(id: string): Promise<void>;
  status(id: string): string;
  frames(): Promise<void>;
}
declare global {
  interface Window {
    __verify: VerifyApi;
  }
}

function isTokenRequest(url: string): boolean {
  return new URL(url).pathname === '/api/kyi/token';
}

async function measureOpen(page: Page, id: 'with' | 'without', tokenRequests: { count: number }): Promise<VerifyMeasure & { tokenRequestsOnClick: number }> {
  // The pointer (away from the button since the last close) moves onto it: a user hovers before clicking.
  const prefetched = id === 'with' ? page.waitForResponse((r) => isTokenRequest(r.url()), { timeout: 15_000 }) : undefined;
  await page.hover(`#${id}`);
  if (prefetched) await (await prefetched).finished();
  await page.evaluate(() => window.__verify.frames());
  await page.evaluate((target) => window.__verify.arm(target), id);
  const before = tokenRequests.count;
  await page.click(`#${id}`);
  const measure = await Promise.race([
    page.evaluate(() => window.__verify.result),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no widget iframe 15 s after clicking #${id}`)), 15_000).unref(),
    ),
  ]);
  const tokenRequestsOnClick = tokenRequests.count - before;
  // Pointer off the button before the drawer closes: a drawer closing under a resting pointer
  // lets the inner button see a pointerenter, which prefetches a token nobody asked for.
  await page.mouse.move(0, 0);
  await page.evaluate((target) => window.__verify.close(target), id);
  await page.waitForFunction((target) => window.__verify.status(target) === 'idle', id);
  return { ...measure, tokenRequestsOnClick };
}

export async function run(): Promise<BenchResult> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROME_PATH or install Debian "chromium")');
  const tmp = await tempDir('verify');
  const out = join(tmp.path, 'site');
  let browser: Browser | undefined;
  const server = await (async () => {
    await buildPages(['verify-button'], { 'verify-button': {} }, out);
    return startDemoServer({ port: 0, root: out, env: {} });
  })();
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // from the demo page's origin, with a JSON body: the demo's sign-in refuses anything else (CSRF)
    const signIn = await context.request.post(`${server.url}/demo/session`, { headers: { origin: server.url }, data: {} });
    if (!signIn.ok()) throw new Error(`demo sign-in answered ${signIn.status()}`);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const tokenRequests = { count: 0 };
    page.on('request', (r) => {
      if (isTokenRequest(r.url())) tokenRequests.count++;
    });
    await page.goto(`${server.url}/verify-button.html`);
    await page.waitForFunction(() => Boolean(window.__verify));

    // One discarded open of each (first-use costs: the dialog, the widget origin's connection).
    await measureOpen(page, 'with', tokenRequests);
    await measureOpen(page, 'without', tokenRequests);
    const results: Record<'with' | 'without', (VerifyMeasure & { tokenRequestsOnClick: number })[]> = { with: [], without: [] };
    log(`verify-button: ${ROUNDS} opens with and without prefetch`);
    for (let i = 0; i < ROUNDS; i++) {
      for (const id of i % 2 ? (['without', 'with'] as const) : (['with', 'without'] as const)) {
        results[id].push(await measureOpen(page, id, tokenRequests));
      }
    }
    await context.close();

    const frames = (id: 'with' | 'without') => results[id].map((r) => r.frames);
    const sameFrame = results.with.filter((r) => r.frames === 0).length;
    const rows: Row[] = [
      {
        metric: 'Prefetched token: click → iframe in the DOM, animation frames',
        value: `${sameFrame} of ${ROUNDS} in the same frame (frames: ${frames('with').join(', ')}; median ${ms(median(results.with.map((r) => r.ms)), 2)})`,
        target: 'same frame (0) every time',
        verdict: verdict(sameFrame === ROUNDS),
      },
      {
        metric: 'Without prefetch: click → iframe in the DOM',
        value: `median ${median(frames('without'))} frames, ${ms(median(results.without.map((r) => r.ms)))} (frames: ${frames('without').join(', ')})`,
      },
      {
        metric: 'Token requests sent on the click itself, with / without prefetch',
        value: `${results.with.reduce((n, r) => n + r.tokenRequestsOnClick, 0)} / ${results.without.reduce((n, r) => n + r.tokenRequestsOnClick, 0)} over ${ROUNDS} opens each`,
      },
    ];
    const notes = [
      `${ROUNDS} opens per button after one discarded open each, alternating. Each open: pointer from (0,0) onto the button ` +
        '(with `prefetch` this fetches a token; the bench waits for that response), two animation frames, then a Playwright click. ' +
        'Frames = requestAnimationFrame ticks between the click event (captured on window) and a MutationObserver seeing the iframe in the ' +
        "button's shadow root; 0 means the drawer and its iframe were inserted before the next frame. The pointer moves back to (0,0) and the drawer is closed with `close()` between opens.",
      ...(errors.length ? [`Page errors: ${errors.slice(0, 5).join(' | ')}`] : []),
    ];
    return { id: 'verify-button', title: '4. Verify button: click → drawer iframe', rows, notes };
  } finally {
    await browser?.close();
    await server.close();
    await tmp.dispose();
  }
}
