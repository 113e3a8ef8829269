/**
 * An abort handle whose `AbortSignal` is made only when something needs a real one (`fetch`,
 * user code). The kit's elements start one lookup each on their first render — 500 statuses
 * at once — and almost none is ever replaced: they need no `AbortController` and no `abort`
 * listener, only a flag and a hook the lookup client can run (`onAbort`).
 */

/** The reason an abort carries when none was given (what `AbortController.abort()` would use). */
export function abortReason(): DOMException {
  return new DOMException('The operation was aborted', 'AbortError');
}

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

  /** Aborts: the hooks run, then the real signal (if made) aborts. Later calls do nothing. */
  abort(reason: unknown = abortReason()): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    const hooks = this.#hooks;
    this.#hooks = undefined;
    for (const hook of hooks ?? []) hook();
    this.#controller?.abort(reason);
  }
}
