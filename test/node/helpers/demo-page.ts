/**
 * Opens a built page in Chromium, served by the demo backend (server piece + sandbox) under its
 * strict CSP, runs `check`, and fails on any console error or page error — or, given
 * `expectErrors`, hands it the console errors to judge (page errors still fail).
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startDemoServer } from '../../../scripts/lib/demo-server.js';
import { checkPageAnswers } from './openapi-check.js';

export async function checkDemoPage(
  browser: Browser,
  root: string,
  check: (page: Page) => Promise<void>,
  expectErrors?: (consoleErrors: string[]) => void,
): Promise<void> {
  const server = await startDemoServer({ port: 0, root, env: {} });
  const page = await browser.newPage();
  const stopChecking = checkPageAnswers(page, new URL(server.url).origin, '/api/kyi');
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && (expectErrors ? consoleErrors : errors).push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(server.url);
    await check(page);
    assert.deepEqual(errors, []);
    expectErrors?.(consoleErrors);
  } finally {
    await page.close();
    stopChecking();
    await server.close();
  }
}
