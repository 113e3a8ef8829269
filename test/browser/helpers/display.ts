/** Shared helpers of the display-element browser tests (not a test file itself). */
import { LookupClient, setLookupClient } from '../../../src/client/lookup.js';

export interface DisplayTestEnv {
  publicApiUrl: string;
  badgeBaseUrl: string;
  verifiedUrl: string;
  widgetUrl: string;
  /** A foreign origin answering as a scam proxy and recording what reaches it (the harness's evil server). */
  evilUrl: string;
}

/** A page-wide lookup client of the caller's own: no answer an earlier test cached is read. */
export function freshLookups(): void {
  setLookupClient(new LookupClient());
}

let envPromise: Promise<DisplayTestEnv> | undefined;

/** The sandbox's startup info, from the harness. */
export function testEnv(): Promise<DisplayTestEnv> {
  envPromise ??= fetch('/__test/env').then((r) => r.json() as Promise<DisplayTestEnv>);
  return envPromise;
}

/** The sandbox origin (control routes live under `/__sandbox/`). */
export async function sandboxOrigin(): Promise<string> {
  return new URL((await testEnv()).publicApiUrl).origin;
}

/** Calls a sandbox control route (`/__sandbox/<path>`); throws unless it answers 2xx. */
export async function sandboxControl(method: string, path: string, body?: unknown): Promise<Response> {
  const r = await fetch(`${await sandboxOrigin()}/__sandbox/${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!r.ok) throw new Error(`sandbox control ${method} ${path} answered ${r.status}`);
  return r;
}

export const sandbox = {
  setFault: (route: string, fault: Record<string, unknown>, times?: number) =>
    sandboxControl('POST', 'faults', times === undefined ? { route, fault } : { route, fault, times }),
  clearFaults: (route?: string) => sandboxControl('DELETE', route ? `faults?route=${encodeURIComponent(route)}` : 'faults'),
  hostile: (enabled: boolean) => sandboxControl('POST', 'hostile', { enabled }),
  verify: (chain: string, address: string) => sandboxControl('POST', 'verify', { chain, address }),
};

/** Records every event of the given types fired on `el`. */
export function recordEvents(el: EventTarget, types: string[]): { type: string; detail: unknown }[] {
  const seen: { type: string; detail: unknown }[] = [];
  for (const type of types) el.addEventListener(type, (e) => seen.push({ type, detail: (e as CustomEvent).detail }));
  return seen;
}

/** A random EVM-looking address no fixture uses (so no cache anywhere has it). */
export function randomAddress(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Counts `POST …/lookup` requests made through `window.fetch` while installed. */
export function countLookupPosts(): { readonly count: number; readonly entries: number; restore(): void } {
  const original = window.fetch;
  const state = { count: 0, entries: 0 };
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if ((init?.method ?? 'GET').toUpperCase() === 'POST' && /\/lookup$/.test(new URL(url, location.href).pathname)) {
      state.count++;
      try {
        state.entries += (JSON.parse(String(init?.body)) as { requests: unknown[] }).requests.length;
      } catch {
        /* not ours */
      }
    }
    return original.call(window, input, init);
  } as typeof fetch;
  return {
    get count() {
      return state.count;
    },
    get entries() {
      return state.entries;
    },
    restore() {
      window.fetch = original;
    },
  };
}

/**
 * Makes the next `POST …/lookup` fail as a network failure would (the browser boundary, not
 * the sandbox: sandbox faults are shared by test files running in parallel).
 */
export function failNextLookupPost(): { restore(): void } {
  const original = window.fetch;
  let armed = true;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (armed && (init?.method ?? 'GET').toUpperCase() === 'POST' && /\/lookup$/.test(new URL(url, location.href).pathname)) {
      armed = false;
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    return original.call(window, input, init);
  } as typeof fetch;
  return {
    restore() {
      window.fetch = original;
    },
  };
}

/**
 * A proxy of the test's own on the page origin: every request under `prefix` (a fresh
 * `/api/…` path per file) is answered by `respond(path after prefix)`; everything else passes.
 * For states that must not depend on the shared sandbox (an empty inbox, a bare 502…).
 */
export function stubProxy(prefix: string, respond: (path: string) => Response): { restore(): void } {
  const original = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (!url.pathname.startsWith(`${prefix}/`)) return original.call(window, input, init);
    return Promise.resolve(respond(url.pathname.slice(prefix.length)));
  } as typeof fetch;
  return { restore: () => void (window.fetch = original) };
}
