/**
 * A CDN and a partner's site on two origins, as the integrity tests and the CDN attack round load
 * the kit in Chromium: the CDN serves dist/cdn (CORS open, as jsDelivr and unpkg answer), for a
 * path in `tampered()` other bytes (a compromised CDN), for one in `missing()` a 404; the site
 * serves `page()` (with `csp()` as its Content-Security-Policy, when set) and its server piece's
 * token route (a token for the widget).
 */
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { listenLoopback } from './loopback.js';
import { packedTarball } from './packed.js';

const CDN = resolve('dist/cdn');

export interface CdnAndSiteState {
  /** The site's page. */
  page(): string;
  /** Bytes the CDN serves instead of a file's, by path (`/chunks/badge.js`). */
  tampered(): Record<string, string>;
  /** Paths the CDN answers 404 (a file missing from the release it serves). */
  missing?(): readonly string[];
  /** The page's Content-Security-Policy header, if any. */
  csp?(): string | undefined;
  /** Called with each path the CDN is asked for. */
  asked?(path: string): void;
}

export interface CdnAndSite {
  cdnOrigin: string;
  /** The site at `localhost`: another origin than the CDN's `127.0.0.1`. */
  siteOrigin: string;
  close(): Promise<void>;
}

export async function startCdnAndSite(state: CdnAndSiteState): Promise<CdnAndSite> {
  const cdn = await listenLoopback(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://cdn').pathname;
    state.asked?.(path);
    const file = resolve(CDN, `.${path}`);
    const body = state.missing?.().includes(path) ? undefined : state.tampered()[path] ?? (file.startsWith(CDN + sep) ? await readFile(file).catch(() => undefined) : undefined);
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' }).end(body);
  });
  const site = await listenLoopback((req, res) => {
    if (req.method === 'POST' && req.url === '/api/kyi/token')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accessToken: 'pinned-token', expiresAt: Date.now() + 600_000 }));
    const csp = state.csp?.();
    res.writeHead(200, { 'content-type': 'text/html', ...(csp && { 'content-security-policy': csp }) }).end(state.page());
  });
  return {
    cdnOrigin: cdn.base,
    siteOrigin: site.base.replace('127.0.0.1', 'localhost'),
    close: async () => {
      await Promise.all([cdn.close(), site.close()]);
    },
  };
}

/**
 * What a test file that loads the built kit in Chromium starts in its `before`: the build as
 * `npm run build` makes it (once per test run), the CDN and the site (`startCdnAndSite`), and one
 * Chromium; `close` (its `after`) stops all three.
 */
export async function cdnSiteAndChromium(state: CdnAndSiteState): Promise<CdnAndSite & { browser: Browser }> {
  await packedTarball();
  const site = await startCdnAndSite(state);
  const browser = await launchChromium();
  return {
    ...site,
    browser,
    close: async () => {
      await browser.close();
      await site.close();
    },
  };
}

/** Clicks the page's `<kyi-verify-button>` and waits for what it shows: the widget frame's address, or its error's words. */
export async function clickVerifyButton(tab: Page): Promise<{ frame?: string; alert?: string }> {
  await tab.waitForFunction(() => document.querySelector('kyi-verify-button')?.shadowRoot?.querySelector('button'));
  await tab.click('kyi-verify-button >> button');
  const shown = await tab.waitForFunction(() => {
    const root = document.querySelector('kyi-verify-button')!.shadowRoot!;
    const frame = root.querySelector('iframe');
    const alert = root.querySelector('[role="alert"]');
    return frame ? { frame: frame.src } : alert?.textContent?.trim() ? { alert: alert.textContent.trim() } : undefined;
  });
  return (await shown.jsonValue()) as { frame?: string; alert?: string };
}
