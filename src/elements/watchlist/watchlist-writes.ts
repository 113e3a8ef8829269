/**
 * The watchlist's writes in flight and the last one that failed. Each write (add, update,
 * remove) runs as the write run of its target — an item id, or `add` for the add form — the
 * kit's one async controller (`writeRun`): its requests get the run's signal, so a newer write of
 * the same target or the element leaving the page aborts them, and only the latest run writes
 * its result; then the change event fires once the element shows it. Writes of other items go
 * on beside it.
 */
import type { ReactiveControllerHost } from '../shared/reactive.js';
import type { WatchlistResponse } from '../../contract/index.js';
import { emit } from '../../browser/events.js';
import type { KyiWatchlistChangeEvent } from '../../browser/monitoring-events.js';
import { isAbortError, toProblem, type KyiProblem } from '../../client/errors.js';
import type { LatestRun } from '../shared/kyi-element.js';

/** The target of the add form's writes (the others are item ids). */
export const ADD = 'add';

/** The last write that failed: its item (or `add` for the add form) and why. */
export interface WriteFailure {
  target: string;
  problem: KyiProblem;
}

/** A write that succeeded: the state it leaves (applied only if its run is still the latest) and the event saying so. */
export interface WriteDone {
  apply: () => void;
  event: KyiWatchlistChangeEvent;
}

/** How a write run ended: done, or its problem (with the list as read again when the item was gone). */
type WriteOutcome = { done: WriteDone; problem?: undefined; data?: undefined } | { done?: undefined; problem: KyiProblem; data?: WatchlistResponse | undefined };

/** What the writes need of their element. */
export interface WriteHooks {
  /** The write run of `target` (the element's `writeRun`). */
  run(target: string): LatestRun;
  /** The list as it is now (read after a 404 on an item: it is gone, removed elsewhere). */
  read(signal: AbortSignal): Promise<WatchlistResponse>;
  /** A write failed: the element shows `data` (the list read again, if it was) and reports the problem. */
  failed(problem: KyiProblem, data: WatchlistResponse | undefined): void;
}

export class ItemWrites {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #hooks: WriteHooks;
  /** Targets with a write in flight: each shows busy until its own write settles. */
  readonly #busy = new Set<string>();
  #failure: WriteFailure | undefined = undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, hooks: WriteHooks) {
    this.#host = host;
    this.#hooks = hooks;
  }

  /** Whether a write on `target` is in flight. */
  busy(target: string): boolean {
    return this.#busy.has(target);
  }

  /** The last write that failed, until another write or an edit clears it. */
  get failure(): WriteFailure | undefined {
    return this.#failure;
  }

  /** What went wrong with `target`'s last write, if it failed. */
  failed(target: string): KyiProblem | undefined {
    return this.#failure?.target === target ? this.#failure.problem : undefined;
  }

  /** Shows `failure` (its target's problem), or none (`undefined`). */
  fail(failure: WriteFailure | undefined): void {
    this.#failure = failure;
    this.#host.requestUpdate();
  }

  #mark(target: string, busy: boolean): void {
    if (busy) this.#busy.add(target);
    else this.#busy.delete(target);
    this.#host.requestUpdate();
  }

  /** Runs the write `work` of `target` (see the module's comment). Resolves when the run has settled. */
  run(target: string, work: (signal: AbortSignal) => Promise<WriteDone>): Promise<void> {
    this.#mark(target, true);
    if (this.#failure?.target === target) this.fail(undefined);
    const writes = this.#hooks.run(target);
    writes.start(
      async (abort): Promise<WriteOutcome> => {
        const signal = abort.signal;
        try {
          return { done: await work(signal) };
        } catch (error) {
          if (isAbortError(error)) throw error;
          const problem = toProblem(error);
          // 404 on an item: it is gone (removed elsewhere); the list is read as it is now.
          const gone = problem.status === 404 && target !== ADD;
          // (`done` its own, `undefined`: a failure told apart by an inherited `done` a script set on
          // `Object.prototype` was never shown, attack round 15)
          return { done: undefined, problem, data: gone ? await this.#hooks.read(signal).catch(() => undefined) : undefined };
        }
      },
      async (r, stillLatest) => {
        const outcome: WriteOutcome = r.ok ? r.value : { done: undefined, problem: toProblem(r.error) };
        this.#mark(target, false);
        if (outcome.done) {
          outcome.done.apply();
          await this.#host.updateComplete;
          if (stillLatest()) emit(this.#host, outcome.done.event);
          return;
        }
        this.fail({ target, problem: outcome.problem });
        this.#hooks.failed(outcome.problem, outcome.data);
      },
    );
    // Aborted (the element left the page) or replaced: no settle ran, so the mark goes here
    // unless a newer write of the same target is still in flight.
    return writes.done.finally(() => {
      if (!writes.running) this.#mark(target, false);
    });
  }
}
