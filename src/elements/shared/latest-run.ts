/**
 * The one async controller of the kit's data elements (lookup and monitoring families),
 * with the discipline of `@lit/task`:
 * - each run gets its own abort handle (a `LazySignal`: a real `AbortController` only when the
 *   work asks for its `signal`); starting a run aborts the previous one, and the signal is
 *   handed to the work so it reaches `fetch`;
 * - only the latest run may write its result (`settle` is not called for a superseded or
 *   aborted run);
 * - `done` is the current run's promise, which tests (and `settled`) await instead of sleeping;
 * - the run is aborted when the host disconnects, unless the host says otherwise.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isAbortError } from '../../client/errors.js';

/**
 * An abort handle whose `AbortSignal` is made only when something needs a real one (`fetch`,
 * user code). The kit's elements start one lookup each on their first render — 500 statuses
 * at once — and almost none is ever replaced: they need no `AbortController` and no `abort`
 * listener, only a flag and a hook the lookup client can run (`onAbort`).
 */
export class LazySignal {
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;
  #hooks: (() => void)[] | undefined;

  /** Whether `abort()` was called. */
  get aborted(): boolean {
    return this.#aborted;
  }

  /** What `abort()` was called with (an `AbortError` by default); `undefined` before. */
  get reason(): unknown {
    return this.#reason;
  }

  /** A real signal that aborts with this one, made on first use. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  /** Runs `hook` once, when this aborts (at once if it already has). Cheaper than a listener on `signal`. */
  onAbort(hook: () => void): void {
    if (this.#aborted) hook();
    else (this.#hooks ??= []).push(hook);
  }

  /**
   * Aborts: the hooks run, then the real signal (if made) aborts. Later calls do nothing. The
   * default reason is what `AbortController.abort()` would use.
   */
  abort(reason: unknown = new DOMException('The operation was aborted', 'AbortError')): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    const hooks = this.#hooks;
    this.#hooks = undefined;
    for (const hook of hooks ?? []) hook();
    this.#controller?.abort(reason);
  }
}

/** How a run ended: its value, or what it threw. */
export type RunResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

export class LatestRun implements ReactiveController {
  #abort: LazySignal | undefined;
  #id = 0;
  #done: Promise<void> = Promise.resolve();

  constructor(
    host: ReactiveControllerHost,
    /** Abort the run in flight when the host disconnects (default true). */
    private readonly abortOnDisconnect: () => boolean = () => true,
  ) {
    host.addController(this);
  }

  /** Settles when the current run has settled (or was replaced or cancelled). */
  get done(): Promise<void> {
    return this.#done;
  }

  /** Whether a run is in flight. */
  get running(): boolean {
    return this.#abort !== undefined;
  }

  /**
   * Starts `work`, aborting the run in flight. `settle` runs once the work ends, only if
   * this run is still the latest and was not aborted (an abort is never a result);
   * an async `settle` checks `stillLatest()` again after each wait.
   */
  start<T>(
    work: (signal: AbortSignal) => Promise<T>,
    settle: (result: RunResult<T>, stillLatest: () => boolean) => void | Promise<void>,
  ): void {
    this.startLazy((abort) => work(abort.signal), settle);
  }

  /**
   * `start`, the work getting the run's `LazySignal` itself: work that hands it on to what
   * watches its hook (the lookup client) makes no `AbortController` unless the run is aborted
   * and something asked for a real signal.
   */
  startLazy<T>(
    work: (abort: LazySignal) => Promise<T>,
    settle: (result: RunResult<T>, stillLatest: () => boolean) => void | Promise<void>,
  ): void {
    this.cancel();
    const id = this.#id;
    const abort = new LazySignal();
    this.#abort = abort;
    const current = () => id === this.#id && !abort.aborted;
    const end = (result: RunResult<T>): void | Promise<void> => {
      if (!current() || (!result.ok && isAbortError(result.error))) return;
      this.#abort = undefined;
      return settle(result, current);
    };
    // One `then` on the work's promise, no async wrapper: 500 elements start at once.
    let working: Promise<T>;
    try {
      working = work(abort);
    } catch (error) {
      working = Promise.reject(error);
    }
    this.#done = working.then(
      (value) => end({ ok: true, value }),
      (error: unknown) => end({ ok: false, error }),
    );
  }

  /** Aborts the run in flight (if any) and lets no earlier run write its result. */
  cancel(): void {
    this.#id++;
    this.#abort?.abort();
    this.#abort = undefined;
    this.#done = Promise.resolve();
  }

  hostDisconnected(): void {
    if (this.abortOnDisconnect()) this.cancel();
  }
}
