/**
 * The per-client budget on upstream lookups (`clientBudget`): how many upstream lookups each
 * client may cause per window. `PublicApiClient` (./public-api.ts) counts a lookup here only
 * when it would call upstream.
 */
import type { Clock } from '../clock.js';
import type { ClientBudgetOptions } from '../options.js';

interface Window {
  start: number;
  count: number;
}

/** Upstream lookups per client and window (see `ClientBudgetOptions`); memory bounded by `maxClients`. */
export class ClientBudgets {
  readonly #options: Required<ClientBudgetOptions>;
  readonly #clock: Clock;
  readonly #windows = new Map<string, Window>();

  constructor(options: Required<ClientBudgetOptions>, clock: Clock) {
    this.#options = options;
    this.#clock = clock;
  }

  /** Counts one upstream lookup of `client`: 0 when allowed, else ms until it would be. */
  take(client: string): number {
    const now = this.#clock.now();
    let window = this.#windows.get(client);
    this.#windows.delete(client); // re-inserted below: most recently seen last
    if (!window || now - window.start >= this.#options.intervalMs) window = { start: now, count: 0 };
    this.#windows.set(client, window);
    if (this.#windows.size > this.#options.maxClients) this.#windows.delete(this.#windows.keys().next().value!);
    if (window.count >= this.#options.limit) return Math.max(1, window.start + this.#options.intervalMs - now);
    window.count++;
    return 0;
  }
}
