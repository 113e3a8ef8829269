/**
 * How much of a long monitoring list is shown: a page at first, a page more each time the
 * visitor asks. The change feed and the inbox can hold hundreds of rows; rendering them all
 * makes a page tens of thousands of pixels tall.
 */
import type { ReactiveControllerHost } from './reactive.js';

/** Rows shown at first, and added by each "Show more". */
export const MONITORING_PAGE_SIZE = 25;

export class ShownRows {
  // Private fields (defined, never assigned: an assigned field meets a read-only key a script left
  // on `Object.prototype`, e.g. `pageSize`, and throws); every list's page is MONITORING_PAGE_SIZE.
  readonly #host: ReactiveControllerHost;
  #limit = MONITORING_PAGE_SIZE;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  /** How many rows may be shown now. */
  get limit(): number {
    return this.#limit;
  }

  /** The rows to render. */
  slice<T>(rows: readonly T[]): T[] {
    return rows.slice(0, this.#limit);
  }

  /** Back to one page (a new list: other filters, another proxy). */
  reset(): void {
    if (this.#limit === MONITORING_PAGE_SIZE) return;
    this.#limit = MONITORING_PAGE_SIZE;
    this.#host.requestUpdate();
  }

  /** One page more. */
  more(): void {
    this.#limit += MONITORING_PAGE_SIZE;
    this.#host.requestUpdate();
  }

  /**
   * A list read again: on a poll, the rows whose id was not in `before` are shown besides what
   * was (`grow`); any other read, or the first, starts at one page (`reset`).
   */
  afterRead(kind: 'full' | 'poll', before: readonly { id: string }[] | undefined, after: readonly { id: string }[]): void {
    if (kind !== 'poll' || !before) return this.reset();
    const seen = new Set(before.map((row) => row.id));
    this.grow(after.filter((row) => !seen.has(row.id)).length);
  }

  /** Rows a poll added on top are shown besides what was: nothing the visitor saw drops off the end. */
  grow(added: number): void {
    if (added <= 0) return;
    this.#limit += added;
    this.#host.requestUpdate();
  }
}
