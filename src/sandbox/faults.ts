/**
 * Fault injection, off unless asked: per route or `*`, optionally for a number of
 * requests. `token-expired` is a sandbox extra for the `widget` route: the next widget load
 * reports "Access token expired" (for the client's auto-retry path).
 */
import * as z from 'zod/mini';
import { ROUTE_IDS, type RouteId } from './routes.js';

export const faultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('status'), status: z.union([z.literal(500), z.literal(502)]) }),
  z.object({ kind: z.literal('slow'), delayMs: z.int().check(z.gte(0), z.lte(600_000)) }),
  z.object({ kind: z.literal('malformed') }),
  z.object({ kind: z.literal('rate-limit'), retryAfterSeconds: z.int().check(z.gte(0), z.lte(86_400)) }),
  z.object({ kind: z.literal('token-expired') }),
]);
/** A fault the sandbox injects into a route's answers (`POST /__sandbox/faults`). */
export type Fault =
  /** Answer with this status instead. */
  | { kind: 'status'; status: 500 | 502 }
  /** Answer after `delayMs` (0–600 000). */
  | { kind: 'slow'; delayMs: number }
  /** Answer with a body that is not the contract's. */
  | { kind: 'malformed' }
  /** Answer 429 with `Retry-After: retryAfterSeconds` (0–86 400). */
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  /** The next widget load reports "Access token expired" (the `widget` route). */
  | { kind: 'token-expired' };
/** Where a fault applies: one route, or `*` for every route. */
export type FaultTarget = RouteId | '*';

/** Body of `POST /__sandbox/faults`. */
export const faultRequestSchema = z.object({
  route: z.union([z.enum(ROUTE_IDS), z.literal('*')]),
  fault: faultSchema,
  times: z.optional(z.int().check(z.gte(1))),
});

interface Entry {
  fault: Fault;
  /** Requests left; `Infinity` until cleared. */
  remaining: number;
}

/** The faults armed on a running sandbox (`sandbox.faults`): arm, list and clear them. */
export class SandboxFaults {
  readonly #entries = new Map<FaultTarget, Entry>();

  /** Arms `fault` for `route` (or every route with `*`), for `times` requests or until cleared. */
  set(route: FaultTarget, fault: Fault, opts: { times?: number } = {}): void {
    const parsed = faultSchema.safeParse(fault);
    if (!parsed.success) throw new TypeError(`Invalid fault ${JSON.stringify(fault)}: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
    this.#entries.set(route, { fault: parsed.data, remaining: opts.times ?? Infinity });
  }

  /** Clears one route's fault, or all faults. */
  clear(route?: FaultTarget): void {
    if (route) this.#entries.delete(route);
    else this.#entries.clear();
  }

  /** The armed faults, for the control route. */
  list(): Array<{ route: FaultTarget; fault: Fault; remaining: number | null }> {
    return [...this.#entries].map(([route, e]) => ({
      route,
      fault: e.fault,
      remaining: Number.isFinite(e.remaining) ? e.remaining : null,
    }));
  }

  /** Takes (uses up one request of) the fault for `route`; a route's own fault beats `*`. */
  take(route: RouteId): Fault | undefined {
    for (const key of [route, '*'] as const) {
      const entry = this.#entries.get(key);
      if (!entry) continue;
      if (entry.fault.kind === 'token-expired' && route !== 'widget') continue;
      entry.remaining -= 1;
      if (entry.remaining <= 0) this.#entries.delete(key);
      return entry.fault;
    }
    return undefined;
  }
}
