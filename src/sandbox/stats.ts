/** Request log of the sandbox, for tests that count upstream calls. */
import type { RouteId } from './routes.js';

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

export class SandboxStats {
  readonly requests: SandboxRequest[] = [];

  record(entry: SandboxRequest): void {
    this.requests.push(entry);
  }

  /** Requests seen for one route, or for all routes. */
  count(route?: RouteId): number {
    return route ? this.requests.filter((r) => r.route === route).length : this.requests.length;
  }

  /** Per-route counts, for the `/__sandbox/stats` control route. */
  counts(): Partial<Record<RouteId, number>> {
    const out: Partial<Record<RouteId, number>> = {};
    for (const r of this.requests) out[r.route] = (out[r.route] ?? 0) + 1;
    return out;
  }

  reset(): void {
    this.requests.length = 0;
  }
}
