/**
 * Options of `createKyiHandler`, as partners write them: each option with its default and what
 * it is for. Their creation-time check is resolve-options.ts (the value checks it shares with
 * `kyiOptionsFromEnv`: option-checks.ts). Types only.
 */
import type { RateBudget } from './upstream/budget.js';
import type { Clock } from './clock.js';
import { KyiConfigError } from './errors.js';

export { KyiConfigError };
import type { GenerateTokenOptions } from './generate-token.js';
import type { KyiRequestContext } from './routing.js';
import type { MemoryBudgetOptions } from './upstream/memory-budget.js';

/**
 * The per-client budget on upstream lookups (`ClientBudgets` in `./lookup/client-budgets.ts`; the client id
 * comes from `getClientId`, default the peer address): one client may cause at most `limit`
 * upstream lookups per `intervalMs`. Cache hits and calls joining one already in flight never
 * count. Memory is bounded: at most `maxClients` clients are remembered (the least recently
 * seen are forgotten first).
 */
export interface ClientBudgetOptions {
  /** Upstream lookups per client per window. Default 200. */
  limit?: number;
  /** Window length, ms. Default 60 000. */
  intervalMs?: number;
  /** Clients remembered at once. Default 10 000. */
  maxClients?: number;
  /**
   * IPv6 clients share one budget per network of this prefix length, 1–128 (128: one per
   * address). Default 64. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) counts as its IPv4 address.
   */
  ipv6PrefixLength?: number;
}

/** Explorer routes as `authorize` sees them. */
export interface ExplorerRouteInfo {
  /** Route id, e.g. `explorer:watchlist-add` (the sandbox's route ids). */
  id: string;
  /** HTTP method. */
  method: string;
  /** Upstream path, e.g. `/me/watchlist/…`. */
  path: string;
  /** Scope the route needs (spec 5), `null` for `/health`. */
  scope: 'tokenomics:read' | 'monitoring:read' | 'watchlist:write' | null;
  /** Whether the route writes (the `watchlist:write` routes). */
  write: boolean;
}

/**
 * Result of `authorize`: only `true` lets the call through; a Response is sent as is;
 * anything else (including `false` and `undefined`) is a refusal: 401 `session_required`
 * when `getUserId` finds no signed-in user (sign in, the visitor's to fix), else 403
 * `forbidden` (not allowed). Each refusal is told to `onError`.
 */
export type AuthorizeResult = boolean | Response;

/**
 * `Ctx`: what `getUserId` and `authorize` receive beside the Request. Through the Node entry,
 * `createKyiHandler<express.Request>(…)` makes it `{ node?: { req: express.Request; res } }`.
 */
export interface KyiHandlerOptions<Ctx extends KyiRequestContext = KyiRequestContext> {
  /** Path prefix the handler answers under. Default `/api/kyi`. */
  prefix?: string;
  /** Public API (spec 4.1): base URL and the raw API key (no `Bearer ` prefix). */
  publicApi: { baseUrl: string; apiKey: string };
  /** Explorer API (spec 4.2): base URL and the live key (`bx_live_…`); writes off unless `writes: true`. */
  explorer?: {
    baseUrl: string;
    apiKey: string;
    writes?: boolean;
    /**
     * The key's rate budget: any `RateBudget` (shared between handlers and `ExplorerClient`s
     * using the same key; a replicated one for several replicas) or the options of an
     * in-memory `MemoryRateBudget`. Default 120 requests per minute (spec 8).
     */
    budget?: RateBudget | MemoryBudgetOptions;
    /** Longest wait for the budget before answering 429 with `Retry-After`, ms. Default 10 000. */
    maxQueueMs?: number;
    /**
     * Forward `newOnly` from browsers. Default `false`: the key has one seen marker, which a
     * `newOnly=true` read moves for everyone, so it belongs to the partner's server (sweeps);
     * browser reads of the changes window go without it and filter on each row's `isNew`.
     */
    forwardNewOnly?: boolean;
  };
  /** Widget SDK access tokens: partner id and secret key; lifetime at most one hour. */
  widget?: {
    partnerId: string;
    secretKey: string;
    /** Token lifetime in seconds, 1–3600. Default 3600. */
    expiresIn?: number;
    /**
     * Token minting; default the vendor-compatible jose `generateToken`. What it returns must be a
     * JWT signed HS256 with `secretKey` (the widget takes no other) and a numeric `exp` at most one
     * hour ahead, else 502 `signing_failed`.
     */
    generateToken?: (options: GenerateTokenOptions) => Promise<string> | string;
  };
  /**
   * The signed-in user's stable id from the partner's session, or null/undefined when signed out.
   * Through the Node adapter, `context.node.req` is the Node request (`req.session`, `req.user`).
   * Required with `widget` (`POST /token`: 401 `session_required` when signed out); with
   * `explorer`, it also tells a signed-out visitor `authorize` refused (401 `session_required`,
   * shown as a sign-in notice) from a signed-in one it refused (403 `forbidden`).
   */
  getUserId?: (request: Request, context: Ctx) => string | null | undefined | Promise<string | null | undefined>;
  /**
   * Gate for the Explorer routes, required with `explorer`: the watchlist, its notes and the
   * key's budget belong to the key holder, so say who may use them (e.g. signed-in staff);
   * `context` as for `getUserId`. Return `true` to let the call through, a `Response` to answer
   * yourself; anything else refuses: 401 `session_required` when `getUserId` finds no
   * signed-in user, else 403 `forbidden` (`AuthorizeResult`).
   */
  authorize?: (request: Request, route: ExplorerRouteInfo, context: Ctx) => AuthorizeResult | Promise<AuthorizeResult>;
  /**
   * This server's own public origin as browsers see it, e.g. `https://app.example.com`
   * (behind a TLS-terminating proxy the `Host` header cannot tell). The token route and the
   * Explorer write routes accept browser calls from it and from `allowedOrigins` only.
   */
  publicOrigin?: string;
  /** Further origins allowed to call the token route and the Explorer write routes. */
  allowedOrigins?: readonly string[];
  /**
   * The client a request comes from, for the per-client budget. Default: the peer address
   * the adapter reports (`context.clientAddress`; the Node adapter does), or the `X-Forwarded-For` entry `trustProxy`
   * hops from the right when configured. Requests without either share one budget, and
   * `onError` is told so once (on an edge runtime: `(request) => request.headers.get('cf-connecting-ip')` on Workers).
   */
  getClientId?: (request: Request, context: Ctx) => string | null | undefined;
  /**
   * Reverse proxies in front of this server whose `X-Forwarded-For` entries are trusted (1 behind
   * one). Default 0: the header is ignored, and the first proxied request is told to `onError` once.
   */
  trustProxy?: number;
  /**
   * Upstream lookups one client may cause per window (cache hits and shared calls never
   * count); over it, 429 with `Retry-After`. Default 200 per 60 s. An IPv6 client counts as
   * its /64 (`ipv6PrefixLength`). `false` turns it off.
   */
  clientBudget?: false | ClientBudgetOptions;
  /** Upstream requests in flight at once per key (each API); callers beyond it queue briefly. Default 32. */
  maxInFlight?: number;
  /**
   * Lookup cache: `ttlSeconds` (default 60), `maxEntries` (default 10 000: a page of thousands
   * of tokens reloads from it; about 0.4 KB of heap per not-found entry, the answer's text
   * plus about 0.6 KB per result), `staleSeconds` (default = ttl). `false` turns it off.
   * Answers from it say `public, max-age=<ttlSeconds>, stale-while-revalidate=<staleSeconds>`
   * however long they were kept (never the seconds left, which would date another visitor's lookup).
   */
  cache?: false | { ttlSeconds?: number; maxEntries?: number; staleSeconds?: number };
  /** Timeout of one upstream attempt, ms. Default 8000. */
  timeoutMs?: number;
  /**
   * Longest time a request body (`POST /lookup`, Explorer writes) may take to arrive once the
   * route starts reading it, ms, 1–300 000; a slower one is answered 408 `request_timeout`.
   * Default 10 000.
   */
  bodyTimeoutMs?: number;
  /** Retries of idempotent upstream calls (5xx, network, timeout), 0–4 (at most 5 attempts). Default 2. */
  retries?: number;
  /** Backoff: first step and ceiling in ms (default 200 / 2000); waits up to `maxRetryAfterSeconds` (default 2) for a 429. */
  backoff?: { baseDelayMs?: number; maxDelayMs?: number; maxRetryAfterSeconds?: number };
  /**
   * Lookups of one `POST /lookup` in flight at once. Default `maxInFlight` (at most 100): a
   * cold batch of 100 distinct lookups takes ceil(100 / n) upstream round trips in a row
   * (4 at 32). Batches running at once share the key's `maxInFlight` slots; callers past them
   * queue briefly (up to 4 × `maxInFlight`, then 429). Cache hits answer at once and take no upstream call.
   */
  lookupConcurrency?: number;
  /**
   * fetch used for upstream calls. Default: through the Node entry, pooled keep-alive
   * connections (`node:http` / `node:https` agents, no `fetch` per call); elsewhere `globalThis.fetch`.
   */
  fetch?: typeof fetch;
  /** Time source for waits, `Retry-After` dates, caches and tokens. Default the system clock. */
  clock?: Clock;
  /** Jitter source in [0, 1) for backoff. Default `Math.random`. */
  random?: () => number;
  /**
   * Told about every problem the browser only sees as a fixed message: upstream failures
   * (with the upstream's own words in `error.detail`, secrets removed), a wrong key, a wrong
   * base URL, thrown hooks, and once per refused request a `KyiError` whose `code` is the
   * answer's (`origin_not_allowed` naming the origin seen and the ones configured,
   * `session_required`, `forbidden`) and whose message says what to check.
   * Default: each distinct problem logged once to the console.
   */
  onError?: (error: unknown, context: { route: string }) => void;
}
