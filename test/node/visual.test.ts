/**
 * Visual regression: every section of the gallery page (demo/gallery.html: every element in
 * every state, on fixed data and a fixed clock) photographed in real Chromium on a light
 * partner page with the OS dark and a dark page with the OS light, left-to-right and
 * right-to-left, 1280 px and 390 px wide — a light page 320 px wide (WCAG's reflow width), and a
 * light page in forced colours (Windows High Contrast, emulated) — and compared with the committed baselines in test/visual/baselines/
 * (pixelmatch, small tolerance). Each of those pages is also checked with axe-core (WCAG 2.2 A
 * and AA, and best practice): no violation in any element.
 *
 * Update the baselines: `npm run test:visual -- --update` (KYI_VISUAL_UPDATE=1).
 * A failure writes the actual and the diff images to dist/visual/ and names them.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { build } from 'vite';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.js';
import { launchChromium } from './helpers/chromium.js';

const BASELINES = resolve('test/visual/baselines');
const OUT = resolve('dist/visual');
const UPDATE = process.env.KYI_VISUAL_UPDATE === '1';
/** pixelmatch's per-pixel colour threshold (0–1) and the share of pixels that may differ. */
const THRESHOLD = 0.1;
const MAX_DIFF_RATIO = 0.001;

/** The partner pages: a light page seen with the OS dark, a dark page with the OS light. */
const PAGES = [
  { page: 'light', os: 'dark' },
  { page: 'dark', os: 'light' },
] as const;
const DIRS = ['ltr', 'rtl'] as const;
const WIDTHS = [1280, 390] as const;

/** Every page photographed: each partner page, direction and width, then forced colours on a light page. */
const COMBOS = [
  ...PAGES.flatMap(({ page, os }) => DIRS.flatMap((dir) => WIDTHS.map((width) => ({ scheme: page, os, dir, width, forced: false })))),
  { scheme: 'light' as const, os: 'dark' as const, dir: 'ltr' as const, width: 320, forced: false },
  ...WIDTHS.map((width) => ({ scheme: 'light' as const, os: 'light' as const, dir: 'ltr' as const, width, forced: true })),
];

const AXE_SOURCE = readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8');

let server: DemoServer;
let browser: Browser;
const written = new Set<string>();

before(async () => {
  await build({ configFile: 'demo/vite.config.ts', logLevel: 'silent', build: { outDir: resolve('dist/demo-visual'), emptyOutDir: true } });
  server = await startDemoServer({ port: 0, root: 'dist/demo-visual', env: {} });
  browser = await launchChromium();
  rmSync(OUT, { recursive: true, force: true }); // only this run's failures are there
  mkdirSync(OUT, { recursive: true });
  if (UPDATE) mkdirSync(BASELINES, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
  // an update that ran every combination leaves no baseline of a section that is gone
  if (UPDATE && written.size === COMBOS.length * sectionCount) {
    for (const file of readdirSync(BASELINES)) if (file.endsWith('.png') && !written.has(file)) rmSync(join(BASELINES, file));
  }
});
let sectionCount = 0;

/** One section cut out of the page's screenshot, as a PNG. */
function crop(page: PNG, box: { x: number; y: number; width: number; height: number }): PNG {
  const x = Math.max(0, Math.round(box.x));
  const y = Math.max(0, Math.round(box.y));
  const width = Math.min(page.width - x, Math.round(box.width));
  const height = Math.min(page.height - y, Math.round(box.height));
  const out = new PNG({ width, height });
  PNG.bitblt(page, out, x, y, width, height, 0, 0);
  return out;
}

/** Screenshots are opaque: stored as RGB, a quarter smaller than RGBA. */
const encode = (png: PNG) => PNG.sync.write(png, { colorType: 2 });

/** Compares one section with its baseline; returns a problem to report, or undefined. */
function compare(name: string, got: PNG): string | undefined {
  const baselinePath = join(BASELINES, name);
  if (UPDATE) {
    writeFileSync(baselinePath, encode(got));
    written.add(name);
    return undefined;
  }
  const actualPath = join(OUT, name.replace(/\.png$/, '.actual.png'));
  if (!existsSync(baselinePath)) {
    writeFileSync(actualPath, encode(got));
    return `${name}: no baseline (actual: ${actualPath}); run npm run test:visual -- --update`;
  }
  const want = PNG.sync.read(readFileSync(baselinePath));
  if (want.data.equals(got.data)) return undefined;
  const actual = encode(got);
  if (want.width !== got.width || want.height !== got.height) {
    writeFileSync(actualPath, actual);
    return `${name}: size ${got.width}×${got.height}, baseline ${want.width}×${want.height} (actual: ${actualPath}, baseline: ${baselinePath})`;
  }
  const diff = new PNG({ width: want.width, height: want.height });
  const differing = pixelmatch(want.data, got.data, diff.data, want.width, want.height, { threshold: THRESHOLD });
  if (differing <= want.width * want.height * MAX_DIFF_RATIO) return undefined;
  const diffPath = join(OUT, name.replace(/\.png$/, '.diff.png'));
  writeFileSync(actualPath, actual);
  writeFileSync(diffPath, PNG.sync.write(diff));
  return `${name}: ${differing} pixels differ (actual: ${actualPath}, diff: ${diffPath}, baseline: ${baselinePath})`;
}

describe('gallery screenshots match the baselines', { concurrency: 2 }, () => {
  for (const { scheme, os, dir, width, forced } of COMBOS) {
    {
      {
        const suffix = forced ? '-forced' : '';
        it(`${scheme} page (OS ${os}), ${dir}, ${width} px${forced ? ', forced colours' : ''}`, async () => {
          const context = await browser.newContext({
            viewport: { width, height: 900 },
            colorScheme: os,
            forcedColors: forced ? 'active' : 'none',
            reducedMotion: 'reduce',
            timezoneId: 'UTC',
            locale: 'en-US',
            deviceScaleFactor: 1,
          });
          try {
            const page = await context.newPage();
            // the stubs answer 401 and 502 on purpose (the browser logs those loads); anything else is a problem
            const pageProblems: string[] = [];
            await page.addInitScript(() => {
              document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
            });
            page.on('pageerror', (error) => pageProblems.push(`page error: ${error.message}`));
            page.on('console', (msg) => {
              if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) pageProblems.push(`console: ${msg.text()}`);
            });
            await page.goto(`${server.url}/gallery.html?page=${scheme}&dir=${dir}`);
            await page.waitForSelector('html[data-gallery-ready]', { state: 'attached', timeout: 30_000 }).catch(async (error: Error) => {
              const stuck = await page.evaluate(() =>
                [...document.querySelectorAll('#gallery *')]
                  .filter((el) => el.localName.startsWith('kyi-') && !el.getAttribute('proxy-url')?.includes('/hang'))
                  .filter((el) => !['kyi-badge', 'kyi-verify-button'].includes(el.localName))
                  .filter((el) => ['idle', 'loading', undefined].includes((el as unknown as { status?: string }).status))
                  .map((el) => el.outerHTML.slice(0, 120)),
              );
              throw new Error(`the gallery never got ready (${error.message.split('\n')[0]}); still loading: ${stuck.join(', ') || 'none'}`);
            });
            // the gallery holds every state (a section that lost one would still match its own baseline)
            // (no named functions inside evaluate: tsx would wrap them in a helper the page does not have)
            const [status, card, monitoring, buttonErrors] = await page.evaluate((selectors) =>
              selectors.map((selector) =>
                [...document.querySelectorAll(selector)].map((e) => {
                  const el = e as unknown as { status: string; lastError?: { code: string } | null };
                  return selector === 'kyi-verify-button' ? (el.lastError?.code ?? 'none') : el.status;
                }),
              ),
              ['kyi-token-status', 'kyi-asset-card', 'kyi-watchlist, kyi-change-feed, kyi-notifications', 'kyi-verify-button'],
            );
            const states = { status: status!, card: card!, monitoring: monitoring!, buttonErrors: buttonErrors! };
            const missing = (shown: string[], wanted: string[]) => wanted.filter((w) => !shown.includes(w));
            assert.deepEqual(missing(states.status, ['verified', 'unverified', 'not-found', 'invalid', 'error', 'loading']), [], 'token-status states');
            assert.deepEqual(missing(states.card, ['verified', 'not-found', 'invalid', 'error', 'loading']), [], 'asset-card states');
            assert.deepEqual(missing(states.buttonErrors, ['none', 'session_required']), [], 'verify-button idle and error states');
            assert.deepEqual(missing(states.monitoring, ['ready', 'error', 'loading']), [], 'monitoring states');
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
            if (overflow > 0) pageProblems.push(`the gallery overflows the ${width} px page horizontally by ${overflow} px`);
            // axe-core on every element of the gallery (evaluated through the protocol: the page's CSP stays as it is)
            await page.evaluate(AXE_SOURCE);
            const violations = await page.evaluate(async () => {
              const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
              const result = await axe.run(
                { include: [['#gallery']] },
                { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] },
              );
              return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
            });
            for (const violation of violations) pageProblems.push(`axe: ${violation}`);
            // The whole page in view at once, as a reader scrolling sees each part: an element out of
            // view skips its rendering (content-visibility: auto) until it nears the viewport, and a
            // full-page capture does not always wait for that (a status below the fold came out blank).
            const fullHeight = await page.evaluate(() => document.documentElement.scrollHeight);
            await page.setViewportSize({ width, height: fullHeight });
            await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
            // one capture of the whole page, cut into its sections (one capture per section is slower)
            const sections = await page.evaluate(() =>
              [...document.querySelectorAll<HTMLElement>('[data-visual]')].map((el) => {
                const r = el.getBoundingClientRect();
                return { id: el.dataset['visual']!, x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
              }),
            );
            sectionCount = sections.length;
            const shot = PNG.sync.read(await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', scale: 'css' }));
            const problems: string[] = [...pageProblems];
            for (const { id, ...box } of sections) {
              const problem = compare(`${id}--${scheme}-${dir}-${width}${suffix}.png`, crop(shot, box));
              if (problem) problems.push(problem);
            }
            assert.deepEqual(problems, [], `the gallery differs from the baselines:\n${problems.join('\n')}`);
          } finally {
            await context.close();
          }
        });
      }
    }
  }
});

describe('demo page layout', () => {
  it('does not shift as it loads, does not overflow at 390 px, and the partner-page switch sets the colour scheme', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 }, colorScheme: 'light' });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { shift: number };
        w.shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.shift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${server.url}/?page=dark`);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('kyi-token-status, kyi-asset-card')].every((e) => !['idle', 'loading', undefined].includes((e as unknown as { status?: string }).status)),
      );
      await page.waitForFunction(() => document.querySelector('kyi-notifications')?.shadowRoot?.querySelector('[part="sign-in"]'));
      const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
      assert.ok(shift < 0.05, `cumulative layout shift ${shift.toFixed(3)} (sections inserted or growing after the first paint)`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, 'nothing overflows the page horizontally at 390 px');
      const scheme = () => page.evaluate(() => getComputedStyle(document.querySelector('kyi-watchlist')!).colorScheme);
      assert.equal(await scheme(), 'dark', '?page=dark: a dark partner page while the OS is light');
      await page.selectOption('#page-scheme', 'light');
      assert.equal(await scheme(), 'light');
      assert.match(page.url(), /\?page=light$/);
      await page.selectOption('#page-scheme', 'os');
      assert.equal(await scheme(), 'light dark');
    } finally {
      await context.close();
    }
  });
});
