/**
 * Among replicas sharing one store, one runs a poll loop at a time.
 *
 * With a store that can lease (PostgreSQL), `runExclusive` waits for the loop's lease, runs
 * the loop with a fenced view of the store (a write after the lease was lost is refused, so a
 * paused replica cannot overwrite its successor's cursor), renews the lease every third of
 * its TTL, and when renewal fails stops the loop and waits for the lease again. A replica that
 * dies stops renewing, so its lease ends within the TTL and another replica resumes from the
 * last committed state. A store that cannot be reached (`store_unavailable`) is a pause, not
 * an end: the loop stops (nothing is delivered without a held lease) and the lease is taken
 * again once the store answers (see `./outage.ts`). With any other store the loop simply runs.
 *
 * Fetch-API only (no `node:` imports).
 */
import { canLease, isStoreUnavailable, LeaseLostError, type LeasingPollStore, type PollStore, type StoreUnavailableError } from '../store/types.js';
import { systemClock, type Clock } from '../clock.js';
import { OutageWait, type OutageOptions } from './outage.js';

export interface LeaseOptions {
  /** How long a lease lasts without renewal, ms. Default 30 000. */
  ttlMs?: number;
  /** How often a replica without the lease tries to take it, ms. Default `ttlMs / 10`. */
  retryMs?: number;
  /** This replica's name in the lease table. Default: a random id. */
  holder?: string;
  /** Told when this replica takes or loses the lease. */
  onChange?: (event: { held: boolean; lease: string; holder: string }) => void;
}

export interface ExclusiveOptions extends LeaseOptions {
  store: PollStore;
  /** The lease's name: one loop per name among all replicas. */
  name: string;
  signal?: AbortSignal;
  clock?: Clock;
  /** How an unreachable store is waited out and told. */
  outage?: OutageOptions;
}

/** The loop: runs until `signal` aborts (lease lost or stopped); gets the store it must write through. */
export type ExclusiveLoop = (store: PollStore, signal: AbortSignal) => Promise<void>;

const randomHolder = () => `replica-${crypto.randomUUID()}`;

/** Runs `loop` while this replica holds the lease `name` (see the module comment). Resolves when `signal` aborts. */
export async function runExclusive(options: ExclusiveOptions, loop: ExclusiveLoop): Promise<void> {
  const { store, signal = new AbortController().signal } = options;
  if (!canLease(store)) return loop(store, signal);
  const lease = new Lease(store, options);
  try {
    while (!signal.aborted) {
      await lease.wait(signal);
      if ((await lease.hold(signal, loop)) === 'done') return;
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    await store.releaseLease(options.name, lease.holder).catch(() => undefined);
  }
}

class Lease {
  readonly holder: string;
  readonly #ttl: number;
  readonly #retry: number;
  readonly #clock: Clock;
  readonly #outage: OutageWait;

  constructor(
    readonly store: LeasingPollStore,
    readonly options: ExclusiveOptions,
  ) {
    this.#ttl = options.ttlMs ?? 30_000;
    if (!(this.#ttl >= 100)) throw new RangeError('lease ttlMs must be at least 100 ms');
    this.#retry = options.retryMs ?? this.#ttl / 10;
    this.#clock = options.clock ?? systemClock;
    this.holder = options.holder ?? randomHolder();
    this.#outage = new OutageWait(options.outage);
  }

  #take(): Promise<boolean> {
    return this.store.acquireLease(this.options.name, this.holder, this.#ttl);
  }

  #tell(held: boolean): void {
    this.options.onChange?.({ held, lease: this.options.name, holder: this.holder });
  }

  /** Waits until this replica holds the lease (an unreachable store is waited out). */
  async wait(signal: AbortSignal): Promise<void> {
    for (;;) {
      let taken: boolean;
      let pause = this.#retry;
      try {
        taken = await this.#take();
        this.#outage.over();
      } catch (error) {
        if (!isStoreUnavailable(error)) throw error;
        taken = false;
        pause = this.#outage.next(error as StoreUnavailableError);
      }
      if (taken) break;
      await this.#clock.sleep(pause, signal);
    }
    this.#tell(true);
  }

  /** Runs the loop until it ends (`'done'`), the lease is lost or `signal` aborts (`'stopped'`). */
  async hold(signal: AbortSignal, loop: ExclusiveLoop): Promise<'done' | 'stopped'> {
    const inner = new AbortController();
    const stop = () => inner.abort(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop(); // stopped while the lease was being taken: the listener would never fire
    const lost = new LeaseLostError(this.options.name, this.holder);
    const renewing = this.#renew(inner.signal).then(
      (held) => held || inner.abort(lost),
      (error: unknown) => inner.abort(error),
    );
    try {
      await loop(this.store.fenced(this.options.name, this.holder), inner.signal);
      if (!inner.signal.aborted) return 'done';
    } catch (error) {
      if (!inner.signal.aborted && !(error instanceof LeaseLostError)) throw error;
    } finally {
      signal.removeEventListener('abort', stop);
      inner.abort(lost);
      await renewing;
      this.#tell(false);
    }
    return 'stopped';
  }

  /** Renews every third of the TTL; resolves `false` once renewal is refused, `true` when stopped. */
  async #renew(signal: AbortSignal): Promise<boolean> {
    for (;;) {
      try {
        await this.#clock.sleep(this.#ttl / 3, signal);
      } catch {
        return true;
      }
      if (!(await this.#take())) return false;
    }
  }
}
