/**
 * Shared set-up of the Explorer client and poller tests: the real sandbox over loopback HTTP,
 * driven by a `ManualClock` so a minute of rate budget or a 60 s back-off costs no real time.
 * The sandbox's clock is the same virtual clock, so requests are counted at the sandbox in
 * virtual time.
 */
import { after, before, beforeEach } from 'node:test';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { ExplorerClient, type ExplorerClientOptions } from '../../../src/server/upstream/explorer-client.js';
import { ManualClock } from './manual-clock.js';
import './openapi-check.js';

export const EPOCH = Date.UTC(2026, 0, 15, 12, 0, 0);

export interface VirtualSandbox {
  sandbox: Sandbox;
  clock: ManualClock;
  /** Requests sent through `fetch` that have not answered yet. */
  inflight(): number;
  /** A fetch that counts in-flight requests (so virtual time stands still while one is on the wire). */
  fetch: typeof fetch;
  /** A client on the virtual clock; without a budget unless `budget` or `requestsPerMinute` is given. */
  client(options?: Partial<ExplorerClientOptions>): ExplorerClient;
  close(): Promise<void>;
}

export async function startVirtualSandbox(): Promise<VirtualSandbox> {
  const clock = new ManualClock();
  const sandbox = await startSandbox({ port: 0, now: () => EPOCH + clock.now() });
  let inflight = 0;
  const counted: typeof fetch = async (input, init) => {
    inflight++;
    try {
      const response = await fetch(input, init);
      const body = await response.arrayBuffer();
      return new Response(body.byteLength ? body : null, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      inflight--;
    }
  };
  return {
    sandbox,
    clock,
    inflight: () => inflight,
    fetch: counted,
    client: (options = {}) =>
      new ExplorerClient({
        baseUrl: sandbox.info.explorerUrl,
        apiKey: sandbox.info.credentials.explorerKeys.full,
        fetch: counted,
        clock,
        random: () => 0.5,
        ...(options.budget === undefined && options.requestsPerMinute === undefined ? { budget: null } : {}),
        ...options,
      }),
    close: () => sandbox.close(),
  };
}

/** The sandbox of a `describe` block: started before it, reset before each test, closed after. */
export function suiteSandbox(): VirtualSandbox {
  const v = {} as VirtualSandbox;
  before(async () => void Object.assign(v, await startVirtualSandbox()));
  after(() => v.close());
  beforeEach(() => v.sandbox.reset());
  return v;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs virtual time until `done` settles: whenever nothing is on the wire and the process
 * has gone quiet, time jumps to the next sleeper's deadline. Returns `done`'s outcome.
 */
export async function drive<T>(v: Pick<VirtualSandbox, 'clock' | 'inflight'>, done: Promise<T>): Promise<T> {
  let settled = false;
  done.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    await tick();
    if (settled || v.inflight() > 0) continue;
    await tick(); // let continuations of the last answer register their next wait
    if (!settled && v.inflight() === 0) v.clock.next();
  }
  return done;
}

/** Resolves once every in-flight request answered and something sleeps on the clock (the poller went idle). */
export async function untilIdle(v: Pick<VirtualSandbox, 'clock' | 'inflight'>, predicate: () => boolean = () => true): Promise<void> {
  for (;;) {
    await tick();
    if (v.inflight() === 0 && v.clock.pending > 0 && predicate()) {
      await tick();
      if (v.inflight() === 0 && v.clock.pending > 0 && predicate()) return;
    }
  }
}

/** Largest number of `times` inside any half-open window `[t, t + windowMs)`. */
export function maxInWindow(times: number[], windowMs: number): number {
  const sorted = times.slice().sort((a, b) => a - b);
  let max = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
}
