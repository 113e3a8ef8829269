/**
 * Per-client budget on upstream lookups: one client (by `getClientId`, default the peer
 * address) may cause at most `limit` upstream lookups per `intervalMs`. Cache hits and calls
 * joining one already in flight never count. Memory is bounded: at most `maxClients` clients
 * are remembered (the least recently seen are forgotten first).
 *
 * Fetch-API only (no `node:` imports).
 */
import type { Clock } from './clock.js';
import type { KyiRequestContext } from './request-context.js';

export interface ClientBudgetOptions {
  /** Upstream lookups per client per window. Default 200. */
  limit?: number;
  /** Window length, ms. Default 60 000. */
  intervalMs?: number;
  /** Clients remembered at once. Default 10 000. */
  maxClients?: number;
}

/** The id used for requests whose client cannot be told apart. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The client id function: the partner's `getClientId`, else the `X-Forwarded-For` entry
 * `trustProxy` hops from the right (only the partner's own proxies are trusted), else the
 * peer address.
 */
export function clientIdResolver(
  getClientId: ((request: Request, context: KyiRequestContext) => string | null | undefined) | undefined,
  trustProxy: number,
): (request: Request, context: KyiRequestContext) => string {
  return (request, context) => {
    if (getClientId) return getClientId(request, context) || UNKNOWN_CLIENT;
    if (trustProxy > 0) {
      const hops = (request.headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      const entry = hops[hops.length - trustProxy];
      if (entry) return entry;
    }
    return context.clientAddress || UNKNOWN_CLIENT;
  };
}

interface Window {
  start: number;
  count: number;
}

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
