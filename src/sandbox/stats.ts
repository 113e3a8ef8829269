/** Request log of the sandbox, for tests that count upstream calls. */
import type { RouteId } from './routes.js';

/** One request the sandbox answered, as its log records it. */
export interface SandboxRequest {
  route: RouteId;
  method: string;
  /** Path and query as received. */
  path: string;
  /** Sandbox clock, ms since the epoch. */
  at: number;
  /** The raw `Authorization` header, or null when none was sent. */
  key: string | null;
}

/** The log keeps the latest entries only (benchmarks send hundreds of thousands); counts stay exact. */
const LOG_LIMIT = 50_000;

/** Request counts per route and the request log of a running sandbox (`sandbox.stats`). */
export class SandboxStats {
  readonly requests: SandboxRequest[] = [];
  readonly #counts = new Map<RouteId, number>();
  #total = 0;

  record(entry: SandboxRequest): void {
    this.#counts.set(entry.route, (this.#counts.get(entry.route) ?? 0) + 1);
    this.#total += 1;
    this.requests.push(entry);
    if (this.requests.length > LOG_LIMIT) this.requests.splice(0, this.requests.length - LOG_LIMIT + LOG_LIMIT / 5);
  }

  /** Requests seen for one route, or for all routes. */
  count(route?: RouteId): number {
    return route ? (this.#counts.get(route) ?? 0) : this.#total;
  }

  /** Per-route counts, for the `/__sandbox/stats` control route. */
  counts(): Partial<Record<RouteId, number>> {
    return Object.fromEntries(this.#counts) as Partial<Record<RouteId, number>>;
  }

  reset(): void {
    this.requests.length = 0;
    this.#counts.clear();
    this.#total = 0;
  }
}
