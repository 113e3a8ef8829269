/**
 * Waiting on a state that no event announces (a file another process writes, rows in a
 * database, a counter of the code under test, a server that is not listening yet). Where an
 * event exists (an emitter's event, a promise, a line on a child's stdout), await that instead.
 */

export interface WaitForOptions {
  /** What is waited for, for the failure message ("the budget to queue all ten"). */
  what: string;
  /** Fail after this many ms: a stuck state, not a slow one. Default 10 000. */
  timeout?: number;
  /** Ask again after this many ms. Default 10. */
  every?: number;
  /** Stop asking: `waitFor` rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Asks `condition` until it answers something other than `undefined`, `null` or `false`, and
 * resolves with that answer; rejects with what `condition` threw, or naming `what` after `timeout`.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, options: WaitForOptions): Promise<Exclude<T, undefined | null | false>> {
  const { what, timeout = 10_000, every = 10, signal } = options;
  const deadline = performance.now() + timeout;
  for (;;) {
    signal?.throwIfAborted();
    const answer = await condition();
    if (answer !== undefined && answer !== null && answer !== false) return answer as Exclude<T, undefined | null | false>;
    if (performance.now() >= deadline) throw new Error(`gave up after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
