/**
 * Framework use: the React 19 and Vue examples type-check and build, and in Chromium their
 * elements render live lookups and deliver kyi-status to the framework. What the generated
 * types reject is checked against the packed package in consumers.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { checkDemoPage } from './helpers/demo-page.js';
import { launchChromium } from './helpers/chromium.js';

const run = promisify(execFile);
const tsc = (project: string) => run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project]);

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
});

async function renders(root: string, statusSelector: string): Promise<void> {
  await checkDemoPage(browser, root, async (page) => {
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.endsWith('verified'), statusSelector);
    const card = await page.locator('kyi-asset-card').evaluate((e) => (e as unknown as { status: string }).status);
    assert.equal(card, 'verified');
  });
}

describe('framework examples', () => {
  it('React 19: kyi-elements/jsx types props and events (tsc passes)', async () => {
    await tsc('demo/frameworks/react/tsconfig.json');
  });

  it('React 19: builds with Vite and renders live lookups in Chromium', async () => {
    await build({ configFile: 'demo/frameworks/react/vite.config.ts', logLevel: 'silent' });
    await renders('dist/frameworks/react', '#react-status');
  });

  it('Vue: builds with Vite and renders live lookups in Chromium', async () => {
    await build({ configFile: 'demo/frameworks/vue/vite.config.ts', logLevel: 'silent' });
    await renders('dist/frameworks/vue', '#vue-status');
  });
});
