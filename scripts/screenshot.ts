/**
 * `npm run screenshot [-- out.png] [light|dark] [--gallery] [--page=os|light|dark] [--dir=rtl] [--width=390]`:
 * builds the demo, serves it on the embedded sandbox, and writes a full-page screenshot from
 * headless Chromium, to look at the page. `light|dark` is the visitor's OS scheme; `--page`
 * the partner page's (the preview switch); `--gallery` photographs the gallery instead.
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { startDemoServer } from './lib/demo-server.js';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.mjs';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const positional = args.filter((a) => !a.startsWith('--'));
const out = resolve(positional[0] ?? 'dist/screenshot.png');
const scheme = positional[1] === 'dark' ? 'dark' : 'light';
const gallery = args.includes('--gallery');
const query = new URLSearchParams();
if (flag('page')) query.set('page', flag('page')!);
if (flag('dir')) query.set('dir', flag('dir')!);

await build({ configFile: 'demo/vite.config.ts', logLevel: 'warn' });
const server = await startDemoServer({ port: 0, root: 'dist/demo', env: {} });
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
try {
  const width = Number(flag('width') ?? 1280);
  const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme, timezoneId: 'UTC', locale: 'en-US' });
  page.on('console', (m) => m.type() === 'error' && console.error(`console error: ${m.text()}`));
  await page.goto(`${server.url}/${gallery ? 'gallery.html' : ''}${query.size ? `?${query}` : ''}`);
  if (gallery) await page.waitForSelector('html[data-gallery-ready]');
  else {
    await page.waitForFunction(() =>
      [...document.querySelectorAll('kyi-token-status, kyi-asset-card')].every((e) => {
        const s = (e as unknown as { status?: string }).status;
        return s && s !== 'idle' && s !== 'loading';
      }),
    );
    await page.waitForTimeout(500); // images decode
  }
  await page.screenshot({ path: out, fullPage: true, animations: 'disabled' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  console.log(`screenshot: ${out}${overflow > 0 ? ` (the page overflows by ${overflow} px)` : ''}`);
} finally {
  await browser.close();
  await server.close();
}
