/**
 * Polling the tokenomics feed exactly as spec part 6 describes:
 *   persist `nextCursor`; always send `since` once a cursor exists; deduplicate on
 *   (`id`, `revision`); poll again at once while `hasMore`; back off when the page is empty.
 *
 * Delivery goes through the shared `deliverBatch` (at-least-once by construction, exactly-once
 * in practice) and the loop through the shared `runLoop` (service-side conditions are waited out):
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
import { isExplorerApiError, type ExplorerClient } from '../upstream/explorer-client.js';
import type { PollStore } from '../store/types.js';
import { deliverBatch, emptyPollState, readPollState, type DeliveryContext, type PollState } from './batch.js';
import { isTransient, PollError, runLeased, runLoop, type LoopOptions, type StepResult } from './loop.js';

/** What the tokenomics poller keeps in the store (one JSON value under `key`). */
export type TokenomicsPollState = PollState;

/** Context passed with each batch (`tx` and `redelivery`: see `DeliveryContext`). */
export interface RevisionBatchInfo extends DeliveryContext {
  /** The cursor the page was read with (`null` for the first read or a backfill page). */
  cursor: string | null;
  /** The cursor that will be stored once this batch is acknowledged. */
  nextCursor: string | null;
  /** `'poll'` for the live feed, `'backfill'` for history pages. */
  source: 'poll' | 'backfill';
}

/** Acknowledge a batch by resolving; rejecting stops the poller and the batch comes again next run. */
export type RevisionsHandler = (revisions: TokenomicsRevision[], info: RevisionBatchInfo) => Promise<void> | void;

export interface PollTokenomicsOptions extends LoopOptions {
  client: ExplorerClient;
  store: PollStore;
  onRevisions: RevisionsHandler;
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
  /**
   * What to do when the service rejects the stored cursor (400 `invalid_cursor`): `'stop'`
   * (default) rejects with a `TokenomicsPollError` explaining the way out; `'reset'` reports
   * it to `onError`, forgets the cursor and reads the feed again from its start — pairs
   * already delivered are not delivered twice (as far as `maxSeen` reaches).
   */
  onInvalidCursor?: 'stop' | 'reset';
}

/** Why the tokenomics poller stopped on its own. */
export class TokenomicsPollError extends PollError {
  override name = 'TokenomicsPollError';
}

/** Reads the poller state, tolerating a missing value (fresh start) but not a foreign one. */
export async function readTokenomicsState(store: PollStore, key = 'tokenomics'): Promise<TokenomicsPollState> {
  try {
    return await readPollState(store, key);
  } catch (error) {
    if (!(error instanceof PollError)) throw error;
    throw new TokenomicsPollError(error.code, error.message.replace('poller state', 'tokenomics poller state'));
  }
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
      "not delivered twice), or without it to continue from the current feed — or poll with { onInvalidCursor: 'reset' }.",
    { cause },
  );
}

/** Turns an error that makes polling pointless into a `TokenomicsPollError`; transient ones pass through. */
function stopError(error: unknown): unknown {
  if (isExplorerApiError(error, 'invalid_cursor')) return error; // the poll step decides (see `onInvalidCursor`)
  if (isExplorerApiError(error, 'invalid_page')) {
    return new TokenomicsPollError(
      'invalid_page',
      'The Explorer API rejected the stored backfill page (400 invalid_page: out of range, or a token bound to other ' +
        'filters). Clear `backfill` in the poller state, or call resetTokenomicsCursor(), and start the backfill ' +
        'again: delivered pairs are not delivered twice.',
      { cause: error },
    );
  }
  if (isExplorerApiError(error, 'not_found')) {
    return new TokenomicsPollError(
      'not_found',
      'GET /tokenomics/changes answered 404 not_found: the tokenomics feed is switched off for this deployment ' +
        '(a feature flag) or the Explorer URL is wrong. Polling stopped.',
      { cause: error },
    );
  }
  // what passes by itself (isTransient: the loop waits it out) is no reason to stop
  if (isTransient(error) || !isExplorerApiError(error)) return error;
  return new TokenomicsPollError(
    error.code,
    `Tokenomics polling stopped: ${error.message}. Check the Explorer key and its tokenomics:read scope.`,
    { cause: error },
  );
}

/** A page token the body carries (its field name is not shown by the spec), else `null`. */
function pageToken(page: TokenomicsPage): string | null {
  for (const name of ['nextPage', 'nextPageToken', 'next_page']) {
    const v = (page as Record<string, unknown>)[name];
    if (typeof v === 'string' && v) return v;
  }
  return null;
}

/**
 * The page after `page` in a backfill: the body's own token when it carries one, else the
 * next page number while `hasMore` says so (or, when `hasMore` is not sent, while pages come
 * back full: a short page is the last); `null` at the end.
 */
function nextBackfillPage(current: string, page: TokenomicsPage, limit: number): string | null {
  const token = pageToken(page);
  if (token) return token;
  const more = page.hasMore ?? page.items.length >= limit;
  if (!more) return null;
  if (!/^\d+$/.test(current)) {
    throw new TokenomicsPollError(
      'invalid_page',
      'The Explorer API said hasMore after a page token but sent no next page token; the backfill cannot continue.',
    );
  }
  return String(Number(current) + 1);
}

function checkOptions(options: PollTokenomicsOptions, name: string): void {
  if (!options?.client) throw new TypeError(`${name}: client is required`);
  if (!options.store) throw new TypeError(`${name}: store is required`);
  if (typeof options.onRevisions !== 'function') throw new TypeError(`${name}: onRevisions is required`);
}

class Poller {
  #state: TokenomicsPollState = emptyPollState();
  readonly #o: Required<Pick<PollTokenomicsOptions, 'idleDelayMs' | 'key' | 'limit' | 'maxSeen' | 'onInvalidCursor'>> &
    PollTokenomicsOptions;

  constructor(options: PollTokenomicsOptions) {
    this.#o = {
      idleDelayMs: LIMITS.tokenomicsIdleDelayMs,
      key: 'tokenomics',
      limit: LIMITS.tokenomicsPageMax,
      maxSeen: 10_000,
      onInvalidCursor: 'stop',
      ...options,
    };
  }

  async load(): Promise<void> {
    this.#state = await readTokenomicsState(this.#o.store, this.#o.key);
  }

  /** Delivers the unseen revisions of a page, then commits `commit` together with them. */
  async #deliver(
    items: readonly TokenomicsRevision[],
    info: Omit<RevisionBatchInfo, keyof DeliveryContext>,
    commit: Partial<Pick<TokenomicsPollState, 'cursor' | 'backfill'>>,
  ): Promise<number> {
    const { state, fresh } = await deliverBatch({
      store: this.#o.store,
      key: this.#o.key,
      state: this.#state,
      items,
      keyOf: revisionKey,
      maxSeen: this.#o.maxSeen,
      commit,
      deliver: (revisions, context) => this.#o.onRevisions(revisions, { ...info, ...context }),
    });
    this.#state = state;
    return fresh.length;
  }

  async #read(query: { since?: string; page?: string }): Promise<TokenomicsPage> {
    try {
      return await this.#o.client.tokenomicsChanges({ ...query, limit: this.#o.limit }, { signal: this.#o.signal });
    } catch (error) {
      if (this.#o.signal?.aborted) throw error;
      throw stopError(error);
    }
  }

  /** One history page through `page`; progress survives restarts. */
  async #backfillStep(): Promise<StepResult> {
    if (this.#state.backfill?.done) return 'done';
    const current = this.#state.backfill?.page ?? '1';
    const result = await this.#read({ page: current });
    const next = nextBackfillPage(current, result, this.#o.limit);
    const done = next === null;
    // The last history page's cursor is where live polling starts, unless polling already has one.
    const cursor = done ? (this.#state.cursor ?? result.nextCursor ?? null) : this.#state.cursor;
    await this.#deliver(
      result.items,
      { cursor: null, nextCursor: cursor, source: 'backfill' },
      { cursor, backfill: { page: next, done } },
    );
    return done ? 'done' : 0;
  }

  /** One read of the live feed; asks to go on at once while `hasMore`, else to back off. */
  async #pollStep(): Promise<StepResult> {
    const since = this.#state.cursor;
    let page: TokenomicsPage;
    try {
      page = await this.#read(since ? { since } : {});
    } catch (error) {
      if (!isExplorerApiError(error, 'invalid_cursor')) throw error;
      if (this.#o.onInvalidCursor !== 'reset') throw invalidCursorError(this.#o.key, since, error);
      this.#o.onError?.(error);
      await this.#deliver([], { cursor: since, nextCursor: null, source: 'poll' }, { cursor: null });
      return 0;
    }
    const nextCursor = page.nextCursor ?? since;
    const delivered = await this.#deliver(page.items, { cursor: since, nextCursor, source: 'poll' }, { cursor: nextCursor });
    const progressed = delivered > 0 || nextCursor !== since;
    if (page.hasMore && progressed) return 0; // caught up faster than the page size: again at once
    // empty page (or nothing new and nowhere to go): back off as the pattern says
    return page.items.length === 0 || delivered === 0 ? this.#o.idleDelayMs : 0;
  }

  backfill(): Promise<void> {
    return runLoop(() => this.#fresh(() => this.#backfillStep()), this.#o);
  }

  run(): Promise<void> {
    return runLoop(() => this.#fresh(() => this.#pollStep()), this.#o);
  }

  #stale = true;

  /**
   * Runs `step` on the state as stored: read again after any failure, since a commit whose
   * answer was lost (the database went away mid-commit) may have happened or not.
   */
  async #fresh(step: () => Promise<StepResult>): Promise<StepResult> {
    try {
      if (this.#stale) await this.load();
      this.#stale = false;
      return await step();
    } catch (error) {
      this.#stale = true;
      throw error;
    }
  }
}

/** Runs `steps` on a loaded poller, holding the store's lease when replicas share it. */
function runPoller(options: PollTokenomicsOptions, steps: (poller: Poller) => Promise<void>): Promise<void> {
  return runLeased({ ...options, name: options.key ?? 'tokenomics' }, async (store, signal) => {
    await steps(new Poller({ ...options, store, signal }));
  });
}

/**
 * Polls `GET /tokenomics/changes` until `signal` aborts (then resolves). Rejects with
 * `TokenomicsPollError` when polling cannot go on (`invalid_cursor` unless `onInvalidCursor:
 * 'reset'`, a feed switched off, a key without the scope), with the store's error when state
 * cannot be read or written, and with `onRevisions`' own error — in every case without moving
 * the cursor past anything undelivered. Service-side conditions are ridden out (see `onError`).
 * With a store replicas share, only the replica holding the lease polls (see `runExclusive`).
 */
export async function pollTokenomics(options: PollTokenomicsOptions): Promise<void> {
  checkOptions(options, 'pollTokenomics');
  await runPoller(options, async (poller) => {
    if (options.backfill) await poller.backfill();
    await poller.run();
  });
}

/**
 * Runs only the one-time history backfill: `page` from 1 with `hasMore` (or a page token when
 * the body carries one); resumable, and delivered pairs are shared with `pollTokenomics`, so
 * the two never deliver the same pair twice.
 */
export async function backfillTokenomics(options: Omit<PollTokenomicsOptions, 'backfill' | 'idleDelayMs'>): Promise<void> {
  checkOptions(options, 'backfillTokenomics');
  await runPoller(options, (poller) => poller.backfill());
}
