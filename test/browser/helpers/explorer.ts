/**
 * Helpers of the monitoring-element browser tests (not a test file itself). They drive the
 * Explorer part of the shared sandbox through its control routes only, and restore what they
 * change: the three monitoring test files may run at the same time as each other.
 */
import { expect } from '@open-wc/testing';
import { KyiMonitoringElement, type PollTimers } from '../../../src/elements/shared/monitoring-element.js';
import { configure, resetConfig } from '../../../src/browser/config.js';
import { freshLookups, sandboxControl, testEnv } from './display.js';

export interface ExplorerSnapshot {
  now: string;
  watchlistCap: number;
  registry: Array<{ id: string; name: string; symbol: string; intake: string }>;
  watchlist: Array<{ id: string; state: string; monitoringEnabled: boolean; note: string | null; asset: { id: string; name: string } }>;
}

const control = sandboxControl;

export const explorerSandbox = {
  state: async (): Promise<ExplorerSnapshot> => (await control('GET', 'explorer/state')).json() as Promise<ExplorerSnapshot>,
  settings: (settings: Record<string, unknown>) => control('POST', 'explorer/settings', settings),
  detect: async (
    watchlistItemId: string,
    options: { template?: number | string; confirmed?: boolean; patch?: object; notificationPatch?: object } = {},
  ) =>
    (await control('POST', 'explorer/changes', { watchlistItemId, ...options })).json() as Promise<{
      change: { id: string } | null;
      notification: { id: string } | null;
    }>,
  /** Changes a detected row in place (as when a draft is confirmed later). */
  updateChange: (id: string, patch: object) => control('POST', 'explorer/changes/update', { id, patch }),
  markRead: (ids?: string[]) => control('POST', 'explorer/notifications/read', ids ? { ids } : {}),
  setFault: (route: string, fault: Record<string, unknown>, times?: number) =>
    control('POST', 'faults', times === undefined ? { route, fault } : { route, fault, times }),
  clearFault: (route: string) => control('DELETE', `faults?route=${encodeURIComponent(route)}`),
};

/**
 * Signs the monitoring tests' user in: the Explorer routes let only a signed-in user in.
 * Its own session cookie, so other files signing their user out change nothing here.
 */
export async function signInForMonitoring(): Promise<void> {
  const r = await fetch('/__test/monitoring-session', { method: 'POST', credentials: 'same-origin' });
  if (!r.ok) throw new Error(`monitoring sign-in failed: ${r.status}`);
}

/**
 * The set-up of a suite of elements that read monitoring data: signed in, badges from the
 * sandbox, the configuration put back after the suite, and a cold lookup cache for each test.
 * Call inside `describe`.
 */
export function signedInWithBadges(): void {
  before(async () => {
    await signInForMonitoring();
    configure({ badgeBaseUrl: (await testEnv()).badgeBaseUrl });
  });
  after(() => resetConfig());
  beforeEach(() => freshLookups());
}

/** A registry asset the watchlist does not hold. */
export async function unwatchedAsset(): Promise<{ id: string; name: string }> {
  const s = await explorerSandbox.state();
  const watched = new Set(s.watchlist.map((w) => w.asset.id));
  const asset = s.registry.find((a) => !watched.has(a.id) && a.intake === 'ready');
  if (!asset) throw new Error('no unwatched asset left');
  return asset;
}

/**
 * Serves `GET {prefix}/capabilities` for one extra proxy prefix as a server with watchlist
 * writes turned off, and forwards its Explorer reads to the real server piece at `/api/kyi`.
 * (The harness mounts only a writes-on server.) Returns a restore function.
 */
export function readOnlyProxy(prefix: string): () => void {
  const original = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (url.origin === location.origin && url.pathname.startsWith(`${prefix}/`)) {
      if (url.pathname === `${prefix}/capabilities`) {
        const body = JSON.stringify({ explorer: true, explorerWrites: false, widget: false });
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
      }
      url.pathname = `/api/kyi${url.pathname.slice(prefix.length)}`;
      return original.call(window, url.href, init);
    }
    return original.call(window, input, init);
  } as typeof fetch;
  return () => {
    window.fetch = original;
  };
}

/** Records every event of the given types fired on `el`. */
export function recordEvents(el: EventTarget, types: string[]): { type: string; detail: any }[] {
  const seen: { type: string; detail: any }[] = [];
  for (const type of types) el.addEventListener(type, (e) => seen.push({ type, detail: (e as CustomEvent).detail }));
  return seen;
}

/** Texts of the elements matching `selector` in `el`'s shadow root. */
export function texts(el: Element, selector: string): string[] {
  return [...el.shadowRoot!.querySelectorAll(selector)].map((n) => (n.textContent ?? '').replace(/\s+/g, ' ').trim());
}

/** The first of `types` fired on `el`. */
export function firstEvent(el: EventTarget, types: string[]): Promise<CustomEvent> {
  return new Promise((resolve) => {
    const done = (e: Event) => {
      for (const type of types) el.removeEventListener(type, done);
      resolve(e as CustomEvent);
    };
    for (const type of types) el.addEventListener(type, done);
  });
}

/**
 * Connects a fresh `tag` element and checks the loading state (busy, with `loadingText`)
 * until its first read settles into `ready`.
 */
export async function expectLoadingThenReady(tag: string, loadingText: string): Promise<void> {
  const el = document.createElement(tag) as KyiMonitoringElement;
  document.body.append(el);
  const base = () => el.shadowRoot!.querySelector('[part="base"]')!;
  try {
    await el.updateComplete;
    expect(el.status).to.equal('loading');
    expect(base().getAttribute('aria-busy')).to.equal('true');
    expect(el.shadowRoot!.textContent).to.include(loadingText);
    await el.settled;
    expect(el.status).to.equal('ready');
    expect(base().getAttribute('aria-busy')).to.equal('false');
  } finally {
    el.remove();
  }
}

/**
 * Poll timers the test steps by hand, installed on `KyiMonitoringElement.timers` until
 * `restore()`: a test says "the interval passed" instead of sleeping through it.
 */
export function manualPollTimers(): { readonly delays: number[]; fire(): number; restore(): void } {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let nextId = 1;
  const timers: PollTimers = {
    set(run, ms) {
      pending.set(nextId, { run, ms });
      return nextId++;
    },
    clear: (handle) => void pending.delete(handle as number),
  };
  const original = KyiMonitoringElement.timers;
  KyiMonitoringElement.timers = timers;
  return {
    get delays() {
      return [...pending.values()].map((p) => p.ms);
    },
    fire() {
      const due = [...pending.values()];
      pending.clear();
      for (const p of due) p.run();
      return due.length;
    },
    restore: () => void (KyiMonitoringElement.timers = original),
  };
}
