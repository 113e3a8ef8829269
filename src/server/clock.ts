/**
 * The one time source of the server piece: wall-clock milliseconds and an abortable sleep.
 * Everything that waits or reads the time (retries, `Retry-After`, rate budgets, pollers,
 * the token route) takes a `Clock`, so tests drive time instead of sleeping.
 *
 * Fetch-API runtime only: no `node:` imports.
 */

/** Time source and timer. */
export interface Clock {
  /** Wall-clock milliseconds since the epoch (HTTP dates are read against it). */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock: `Date.now` itself (no code of this module runs to read the time) and `setTimeout`. */
export const systemClock: Clock = {
  now: Date.now,
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, Math.max(0, ms));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};
