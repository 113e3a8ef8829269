/**
 * A `Clock` that only moves when told to: `advance(ms)`, `next()`, or with `autoAdvance`
 * whenever someone sleeps (time jumps to the sleeper's deadline at once).
 */
import { type Clock } from '../../../src/server/clock.js';

interface Sleeper {
  at: number;
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class ManualClock implements Clock {
  #now: number;
  #sleepers: Sleeper[] = [];
  readonly autoAdvance: boolean;

  constructor(options: { start?: number; autoAdvance?: boolean } = {}) {
    this.#now = options.start ?? 0;
    this.autoAdvance = options.autoAdvance ?? false;
  }

  now(): number {
    return this.#now;
  }

  /** Number of sleepers waiting for time to move. */
  get pending(): number {
    return this.#sleepers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.autoAdvance) {
      // Jump on a later task, so code woken before this sleep still sees the old time.
      const at = this.#now + Math.max(0, ms);
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          this.#now = Math.max(this.#now, at);
          resolve();
        }, 0),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = { at: this.#now + Math.max(0, ms), resolve, reject, signal };
      if (signal) {
        sleeper.onAbort = () => {
          this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
          reject(signal.reason);
        };
        signal.addEventListener('abort', sleeper.onAbort, { once: true });
      }
      this.#sleepers.push(sleeper);
      this.#sleepers.sort((a, b) => a.at - b.at);
    });
  }

  /** Moves time forward and wakes every sleeper whose deadline has come. */
  advance(ms: number): void {
    this.#now += Math.max(0, ms);
    this.#wake();
  }

  /** Jumps to the earliest sleeper's deadline; `false` when nobody sleeps. */
  next(): boolean {
    const first = this.#sleepers[0];
    if (!first) return false;
    this.#now = Math.max(this.#now, first.at);
    this.#wake();
    return true;
  }

  #wake(): void {
    while (this.#sleepers.length > 0 && this.#sleepers[0]!.at <= this.#now) {
      const s = this.#sleepers.shift()!;
      if (s.signal && s.onAbort) s.signal.removeEventListener('abort', s.onAbort);
      s.resolve();
    }
  }
}
