/**
 * The watchlist's undoable removals: a removed item waits out its undo delay (on the
 * monitoring elements' timers, which tests step) before its removal is sent.
 */
import { KyiMonitoringElement } from '../shared/monitoring-element.js';

/** How long a removed item can be brought back before the removal is sent. */
export const REMOVE_UNDO_MS = 5000;

/** Items whose removal waits out the undo delay, by item id. */
export class PendingRemovals {
  readonly #timers = new Map<string, unknown>();

  /** Starts the delay of `id`: `commit` runs once it passes, unless it is undone first. */
  start(id: string, commit: () => void): void {
    const handle = KyiMonitoringElement.timers.set(() => {
      this.#timers.delete(id);
      commit();
    }, REMOVE_UNDO_MS);
    this.#timers.set(id, handle);
  }

  /** Whether `id` still waits (its Undo is offered). */
  has(id: string): boolean {
    return this.#timers.has(id);
  }

  /** Stops the delay of `id`; false when it was not waiting (already sent, or never removed). */
  undo(id: string): boolean {
    const handle = this.#timers.get(id);
    if (handle === undefined) return false;
    KyiMonitoringElement.timers.clear(handle);
    this.#timers.delete(id);
    return true;
  }

  /** Ends every delay without running its commit; returns the ids that were waiting (to be sent now). */
  takeAll(): string[] {
    const ids = [...this.#timers.keys()];
    for (const handle of this.#timers.values()) KyiMonitoringElement.timers.clear(handle);
    this.#timers.clear();
    return ids;
  }
}
