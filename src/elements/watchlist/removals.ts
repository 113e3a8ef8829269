/**
 * The watchlist's undoable removals: a removed item reads "Removed — Undo" while it waits out
 * its undo delay (on the monitoring elements' timers, which tests step), then its removal is
 * sent, and its row stays marked removed until that write settles.
 */
import type { ReactiveControllerHost } from '../shared/reactive.js';
import { KyiMonitoringElement } from '../shared/monitoring-element.js';

/** How long a removed item can be brought back before the removal is sent. */
export const REMOVE_UNDO_MS = 5000;

/** Items removed in the view, by item id: those waiting out the undo delay, then those being sent. */
export class PendingRemovals {
  readonly #host: ReactiveControllerHost;
  readonly #timers = new Map<string, unknown>();
  readonly #removed = new Set<string>();

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  /** Marks `id` removed and starts its delay: `commit` runs once it passes, unless it is undone first. */
  start(id: string, commit: () => void): void {
    const handle = KyiMonitoringElement.timers.set(() => {
      this.#timers.delete(id);
      commit();
    }, REMOVE_UNDO_MS);
    this.#timers.set(id, handle);
    this.#removed.add(id);
    this.#host.requestUpdate();
  }

  /** Whether `id` is shown removed (waiting, or its removal being sent). */
  removed(id: string): boolean {
    return this.#removed.has(id);
  }

  /** Whether `id` still waits (its Undo is offered). */
  has(id: string): boolean {
    return this.#timers.has(id);
  }

  /** Stops the delay of `id` and shows it again; false when it was not waiting (already sent, or never removed). */
  undo(id: string): boolean {
    const handle = this.#timers.get(id);
    if (handle === undefined) return false;
    KyiMonitoringElement.timers.clear(handle);
    this.#timers.delete(id);
    this.settled(id);
    return true;
  }

  /** The removal of `id` was sent and has settled: the row shows what the list now holds. */
  settled(id: string): void {
    this.#removed.delete(id);
    this.#host.requestUpdate();
  }

  /** Ends every delay without running its commit and forgets every mark; returns the ids that were waiting (to be sent now). */
  takeAll(): string[] {
    const ids = [...this.#timers.keys()];
    for (const handle of this.#timers.values()) KyiMonitoringElement.timers.clear(handle);
    this.#timers.clear();
    this.#removed.clear();
    this.#host.requestUpdate();
    return ids;
  }
}
