/**
 * `npm run screenshot [-- out.png] [light|dark]`: builds the demo, serves it on the embedded
 * sandbox, and writes a full-page screenshot from headless Chromium, to look at the page.
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { startDemoServer } from './lib/demo-server.js';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.mjs';

const out = resolve(process.argv[2] ?? 'dist/screenshot.png');
const scheme = process.argv[3] === 'dark' ? 'dark' : 'light';
await build({ configFile: 'demo/vite.config.ts', logLevel: 'warn' });
const server = await startDemoServer({ port: 0, root: 'dist/demo', env: {} });
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
  page.on('console', (m) => m.type() === 'error' && console.error(`console error: ${m.text()}`));
  await page.goto(server.url);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('kyi-token-status, kyi-asset-card')].every((e) => {
      const s = (e as unknown as { status?: string }).status;
      return s && s !== 'idle' && s !== 'loading';
    }),
  );
  await page.waitForTimeout(500); // images decode
  await page.screenshot({ path: out, fullPage: true });
  console.log(`screenshot: ${out}`);
} finally {
  await browser.close();
  await server.close();
}
