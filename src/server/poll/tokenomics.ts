/**
 * Polling the tokenomics feed exactly as spec part 6 describes:
 *   persist `nextCursor`; always send `since` once a cursor exists; deduplicate on
 *   (`id`, `revision`); poll again at once while `hasMore`; back off when the page is empty.
 *
 * Delivery is at-least-once by construction and exactly-once in practice:
 * - the cursor moves, and the delivered pairs join the seen set, in one store write made
 *   only after `onRevisions` resolved — a crash before that re-reads the same page, and
 *   nothing is lost;
 * - pairs already in the (bounded) seen set are never delivered again, so overlapping
 *   pages, a replayed cursor or a backfill meeting the live feed give no duplicates;
 * - before delivering, the batch's pairs are written down as `pending`: should the process
 *   die in the one gap between `onRevisions` resolving and the commit write, the next run
 *   delivers that batch again with `redelivery: true`, so a consumer that is not
 *   idempotent by itself knows exactly which batch to check.
 *
 * Fetch-API only (no `node:` imports).
 */
import { LIMITS, revisionKey, type TokenomicsPage, type TokenomicsRevision } from '../../contract/index.js';
import { isExplorerApiError, type ExplorerApiError, type ExplorerClient } from '../explorer-client.js';
import { isTransactional, type PollStore } from '../store/types.js';
import { systemClock, type Clock } from '../token-bucket.js';
import { deliverAndRecord, type DeliveryContext } from './commit.js';
import { runExclusive, type LeaseOptions } from './exclusive.js';
import { SeenSet } from './seen.js';

/** What the tokenomics poller keeps in the store (one JSON value under `key`). */
export interface TokenomicsPollState {
  version: 1;
  /** Last `nextCursor` whose page was fully delivered; `null` before the first one. */
  cursor: string | null;
  /** Delivered (`id`, `revision`) pairs as `revisionKey`s, oldest first, bounded. */
  seen: string[];
  /** Pairs handed to `onRevisions` whose commit has not been written yet. */
  pending: string[];
  /** Progress of the one-time history backfill. */
  backfill: { page: string | null; done: boolean } | null;
}

/** Context passed with each batch (`tx`: see `DeliveryContext`). */
export interface RevisionBatchInfo extends DeliveryContext {
  /** The cursor the page was read with (`null` for the first read or a backfill page). */
  cursor: string | null;
  /** The cursor that will be stored once this batch is acknowledged. */
  nextCursor: string | null;
  /**
   * `true` when this batch (or part of it) was handed over before a crash cut the commit short.
   * Always `false` with a transactional store: the batch and its commit are one transaction.
   */
  redelivery: boolean;
  /** `'poll'` for the live feed, `'backfill'` for history pages. */
  source: 'poll' | 'backfill';
}

/** Acknowledge a batch by resolving; rejecting stops the poller and the batch comes again next run. */
export type RevisionsHandler = (revisions: TokenomicsRevision[], info: RevisionBatchInfo) => Promise<void> | void;

export interface PollTokenomicsOptions {
  client: ExplorerClient;
  store: PollStore;
  onRevisions: RevisionsHandler;
  /** Stops the poller; the returned promise then resolves. */
  signal?: AbortSignal;
  /** Back-off after an empty page, ms. Default 60 000 (the spec's pattern). */
  idleDelayMs?: number;
  /** Store key of the poller state. Default `"tokenomics"`. */
  key?: string;
  /** Page size. Default 200 (the spec's pattern). */
  limit?: number;
  /** Most pairs kept for deduplication. Default 10 000. */
  maxSeen?: number;
  /** Run the one-time history backfill through `page` first (once; progress is stored). */
  backfill?: boolean;
  /** Clock for the back-off waits. Default: real time. */
  clock?: Clock;
  /**
   * Told about transient failures (rate limit, server fault, network) the poller rides out;
   * it waits (the service's `Retry-After`, otherwise a growing back-off up to `idleDelayMs`).
   */
  onError?: (error: ExplorerApiError) => void;
  /** With a store replicas share (PostgreSQL): the lease that lets one replica poll at a time. */
  lease?: LeaseOptions;
}

/** Why the tokenomics poller stopped on its own. */
export class TokenomicsPollError extends Error {
  override readonly name = 'TokenomicsPollError';
  constructor(
    /** `invalid_cursor`, `invalid_page`, or the Explorer code that made polling pointless. */
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const emptyState = (): TokenomicsPollState => ({ version: 1, cursor: null, seen: [], pending: [], backfill: null });

/** Reads the poller state, tolerating a missing value (fresh start) but not a foreign one. */
export async function readTokenomicsState(store: PollStore, key = 'tokenomics'): Promise<TokenomicsPollState> {
  const raw = await store.get<Partial<TokenomicsPollState>>(key);
  if (raw === undefined) return emptyState();
  if (typeof raw !== 'object' || raw === null || raw.version !== 1 || !Array.isArray(raw.seen)) {
    throw new TokenomicsPollError(
      'store_state_invalid',
      `The poll store value "${key}" is not tokenomics poller state; use another key or remove it.`,
    );
  }
  return {
    version: 1,
    cursor: typeof raw.cursor === 'string' ? raw.cursor : null,
    seen: raw.seen.filter((s): s is string => typeof s === 'string'),
    pending: Array.isArray(raw.pending) ? raw.pending.filter((s): s is string => typeof s === 'string') : [],
    backfill: raw.backfill && typeof raw.backfill === 'object' ? raw.backfill : null,
  };
}

/**
 * Forgets the stored cursor (keeping the seen pairs, so nothing already delivered comes
 * twice). The way out of `invalid_cursor`: the next poll starts without `since`.
 */
export async function resetTokenomicsCursor(store: PollStore, key = 'tokenomics'): Promise<void> {
  const state = await readTokenomicsState(store, key);
  await store.set(key, { ...state, cursor: null, pending: [] } satisfies TokenomicsPollState);
}

function invalidCursorError(key: string, cursor: string | null, cause: unknown): TokenomicsPollError {
  return new TokenomicsPollError(
    'invalid_cursor',
    `The Explorer API rejected the stored tokenomics cursor (400 invalid_cursor)${cursor ? ` "${cursor.slice(0, 12)}…"` : ''}: ` +
      'it was not issued by this service — a different Explorer URL or key, or a store restored from elsewhere. ' +
      `Polling stopped so no revision is skipped silently. To recover, call resetTokenomicsCursor(store${key === 'tokenomics' ? '' : `, "${key}"`}) ` +
      'and start again with { backfill: true } to re-read history through `page` (already delivered pairs are ' +
      'not delivered twice), or without it to continue from the current feed.',
    { cause },
  );
}

/** The page token of a backfill page; its field name is not shown by the spec. */
function nextPageToken(page: TokenomicsPage): string | null {
  for (const name of ['nextPage', 'nextPageToken', 'next_page']) {
    const v = (page as Record<string, unknown>)[name];
    if (typeof v === 'string' && v) return v;
  }
  return null;
}

class Poller {
  #state: TokenomicsPollState = emptyState();
  #seen = new SeenSet();
  #failures = 0;
  readonly #o: Required<Omit<PollTokenomicsOptions, 'signal' | 'onError' | 'backfill' | 'lease'>> &
    Pick<PollTokenomicsOptions, 'signal' | 'onError' | 'backfill'>;

  constructor(options: PollTokenomicsOptions) {
    this.#o = {
      idleDelayMs: LIMITS.tokenomicsIdleDelayMs,
      key: 'tokenomics',
      limit: LIMITS.tokenomicsPageMax,
      maxSeen: 10_000,
      clock: systemClock,
      ...options,
    };
  }

  async load(): Promise<void> {
    this.#state = await readTokenomicsState(this.#o.store, this.#o.key);
    this.#seen = new SeenSet(this.#state.seen, this.#o.maxSeen);
  }

  async #save(next: TokenomicsPollState): Promise<void> {
    await this.#o.store.set(this.#o.key, next);
    this.#state = next;
  }

  /** Delivers the unseen revisions of a page, then commits `commit` together with them. */
  async #deliver(
    items: readonly TokenomicsRevision[],
    info: Omit<RevisionBatchInfo, 'redelivery'>,
    commit: Partial<TokenomicsPollState>,
  ): Promise<number> {
    const fresh: TokenomicsRevision[] = [];
    const keys: string[] = [];
    const inPage = new Set<string>();
    for (const item of items) {
      const k = revisionKey(item);
      if (this.#seen.has(k) || inPage.has(k)) continue;
      inPage.add(k);
      fresh.push(item);
      keys.push(k);
    }
    const seen = this.#seen.with(keys);
    const next: TokenomicsPollState = { ...this.#state, ...commit, seen: seen.toJSON(), pending: [] };
    if (fresh.length > 0) {
      const { store, key } = this.#o;
      let redelivery = false;
      if (!isTransactional(store)) {
        const pending = new Set(this.#state.pending);
        redelivery = keys.some((k) => pending.has(k));
        await this.#save({ ...this.#state, pending: keys });
      }
      await deliverAndRecord(store, key, next, ({ tx }) => this.#o.onRevisions(fresh, { ...info, redelivery, tx }));
      this.#state = next;
    } else if (JSON.stringify(next) !== JSON.stringify(this.#state)) await this.#save(next);
    this.#seen = seen;
    return fresh.length;
  }

  async #fetch(query: { since?: string; page?: string }): Promise<TokenomicsPage | 'retry'> {
    try {
      const page = await this.#o.client.tokenomicsChanges({ ...query, limit: this.#o.limit }, { signal: this.#o.signal });
      this.#failures = 0;
      return page;
    } catch (error) {
      if (this.#o.signal?.aborted) throw error;
      if (isExplorerApiError(error, 'invalid_cursor')) throw invalidCursorError(this.#o.key, this.#state.cursor, error);
      if (isExplorerApiError(error, 'invalid_page')) {
        throw new TokenomicsPollError(
          'invalid_page',
          'The Explorer API rejected the stored backfill page token (400 invalid_page; tokens are bound to the ' +
            'filters they were issued with). Clear `backfill` in the poller state, or call resetTokenomicsCursor(), ' +
            'and start the backfill again: delivered pairs are not delivered twice.',
          { cause: error },
        );
      }
      if (isExplorerApiError(error) && (error.transient || error.code === 'upstream_invalid')) {
        this.#o.onError?.(error);
        const backoff = Math.min(this.#o.idleDelayMs, 1000 * 2 ** this.#failures++);
        await this.#o.clock.sleep(Math.max(backoff, (error.retryAfter ?? 0) * 1000), this.#o.signal);
        return 'retry';
      }
      if (isExplorerApiError(error, 'not_found')) {
        throw new TokenomicsPollError(
          'not_found',
          'GET /tokenomics/changes answered 404 not_found: the tokenomics feed is switched off for this deployment ' +
            '(a feature flag) or the Explorer URL is wrong. Polling stopped.',
          { cause: error },
        );
      }
      if (isExplorerApiError(error)) {
        throw new TokenomicsPollError(
          error.code,
          `Tokenomics polling stopped: ${error.message}. Check the Explorer key and its tokenomics:read scope.`,
          { cause: error },
        );
      }
      throw error;
    }
  }

  /** One-time history backfill through `page`; progress survives restarts. */
  async backfill(): Promise<void> {
    if (this.#state.backfill?.done) return;
    let page: string | null = this.#state.backfill?.page ?? null;
    for (;;) {
      this.#o.signal?.throwIfAborted();
      const result = await this.#fetch(page ? { page } : {});
      if (result === 'retry') continue;
      const nextPage = nextPageToken(result);
      const done = !nextPage || result.items.length === 0;
      // The last history page's cursor is where live polling starts, unless polling already has one.
      const cursor = done ? (this.#state.cursor ?? result.nextCursor ?? null) : this.#state.cursor;
      await this.#deliver(
        result.items,
        { cursor: null, nextCursor: cursor, source: 'backfill' },
        { cursor, backfill: { page: done ? null : nextPage, done } },
      );
      if (done) return;
      page = nextPage;
    }
  }

  async run(): Promise<void> {
    const signal = this.#o.signal;
    for (;;) {
      signal?.throwIfAborted();
      const since = this.#state.cursor;
      const page = await this.#fetch(since ? { since } : {});
      if (page === 'retry') continue;
      const nextCursor = page.nextCursor ?? since;
      const delivered = await this.#deliver(
        page.items,
        { cursor: since, nextCursor, source: 'poll' },
        { cursor: nextCursor },
      );
      const progressed = delivered > 0 || nextCursor !== since;
      if (page.hasMore && progressed) continue; // caught up faster than the page size: again at once
      if (page.items.length === 0 || delivered === 0) {
        // empty page (or nothing new and nowhere to go): back off as the pattern says
        await this.#o.clock.sleep(this.#o.idleDelayMs, signal);
      }
    }
  }
}

function checkOptions(options: PollTokenomicsOptions, name: string): void {
  if (!options?.client) throw new TypeError(`${name}: client is required`);
  if (!options.store) throw new TypeError(`${name}: store is required`);
  if (typeof options.onRevisions !== 'function') throw new TypeError(`${name}: onRevisions is required`);
}

/** Runs `steps` on a loaded poller, holding the store's lease when replicas share it. */
async function runPoller(options: PollTokenomicsOptions, steps: (poller: Poller) => Promise<void>): Promise<void> {
  const { store, key = 'tokenomics', signal, clock, lease } = options;
  await runExclusive({ ...lease, store, name: key, signal, clock }, async (fenced, inner) => {
    const poller = new Poller({ ...options, store: fenced, signal: inner });
    try {
      await poller.load();
      await steps(poller);
    } catch (error) {
      if (inner.aborted) return;
      throw error;
    }
  });
}

/**
 * Polls `GET /tokenomics/changes` until `signal` aborts (then resolves). Rejects with
 * `TokenomicsPollError` when polling cannot go on (`invalid_cursor`, a feed switched off,
 * a key without the scope), with the store's error when state cannot be read or written,
 * and with `onRevisions`' own error — in every case without moving the cursor past
 * anything undelivered. Transient failures are ridden out (see `onError`). With a store
 * replicas share, only the replica holding the lease polls (see `runExclusive`).
 */
export async function pollTokenomics(options: PollTokenomicsOptions): Promise<void> {
  checkOptions(options, 'pollTokenomics');
  await runPoller(options, async (poller) => {
    if (options.backfill) await poller.backfill();
    await poller.run();
  });
}

/**
 * Runs only the one-time history backfill through `page` (resumable; delivered pairs are
 * shared with `pollTokenomics`, so the two never deliver the same pair twice).
 */
export async function backfillTokenomics(
  options: Omit<PollTokenomicsOptions, 'backfill' | 'idleDelayMs'>,
): Promise<void> {
  checkOptions(options, 'backfillTokenomics');
  await runPoller(options, (poller) => poller.backfill());
}
