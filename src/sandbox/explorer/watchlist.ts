/**
 * The key holder's watchlist (spec 2.4, 3, 4.2) and the simulated intake worker that moves
 * new items from `gathering` to `ready` or `unresolved`, driven by the sandbox clock.
 */
import { LIMITS, type WatchState, type WatchlistItem } from '../../contract/index.js';
import type { IntakeOutcome, RegistryAsset } from './data.js';
import { Random, iso } from './random.js';

/** Intake stages reported in `intakeStatus` while `gathering`, by ms since the item was added. */
export const INTAKE_STAGES: ReadonlyArray<readonly [number, string]> = [
  [0, 'queued'],
  [5_000, 'resolving_registry'],
  [15_000, 'locating_documents'],
  [30_000, 'extracting_disclosures'],
];
/** How long intake takes for a new item (ms of sandbox clock). */
export const INTAKE_DURATION_MS = 60_000;
/** Largest cap the service allows per key (field notes). */
export const WATCHLIST_CAP_MAX = 500;

export interface WatchEntry {
  id: string;
  asset: RegistryAsset;
  state: WatchState;
  stateReason: string | null;
  intakeStatus: string | null;
  monitoringEnabled: boolean;
  note: string | null;
  /** Watched-since time, kept across remove and re-add. */
  addedAt: number;
  /** Running intake: when it started and when it ends. */
  intake: { startedAt: number; endsAt: number } | null;
}

/** An intake that finished, for the notifications it produces. */
export interface IntakeCompletion {
  entry: WatchEntry;
  outcome: IntakeOutcome;
  at: number;
}

export type AddResult =
  | { status: 'created'; entry: WatchEntry }
  | { status: 'exists'; entry: WatchEntry }
  | { status: 'full' };

export class Watchlist {
  readonly #entries: WatchEntry[] = [];
  /** `addedAt` of assets watched before and removed since (spec 3: kept for a re-add). */
  readonly #previous = new Map<string, number>();
  readonly #rng: Random;
  cap: number;

  constructor(rng: Random, cap: number = LIMITS.watchlistCap) {
    this.#rng = rng;
    this.cap = cap;
  }

  /** Active items, newest `addedAt` first. */
  list(): WatchEntry[] {
    return [...this.#entries].sort((a, b) => b.addedAt - a.addedAt || a.id.localeCompare(b.id));
  }

  /** Items that count against the cap: every state, `unresolved` included (spec 8). */
  get used(): number {
    return this.#entries.length;
  }

  get(id: string): WatchEntry | undefined {
    return this.#entries.find((e) => e.id === id);
  }

  byAsset(assetId: string): WatchEntry | undefined {
    return this.#entries.find((e) => e.asset.summary.id === assetId);
  }

  /** Seeds an entry as it stands (for the initial data). */
  seed(entry: Omit<WatchEntry, 'id'> & { id?: string }): WatchEntry {
    const full: WatchEntry = { ...entry, id: entry.id ?? this.#rng.uuid() };
    this.#entries.push(full);
    return full;
  }

  /** Records an earlier, removed watch of an asset (for the initial data). */
  seedRemoved(assetId: string, addedAt: number): void {
    this.#previous.set(assetId, addedAt);
  }

  /**
   * `POST /me/watchlist`: an asset already watched is returned as is; at the cap nothing is
   * added; otherwise a new item starts intake in `gathering`, keeping an earlier `addedAt`.
   */
  add(asset: RegistryAsset, now: number): AddResult {
    const existing = this.byAsset(asset.summary.id);
    if (existing) return { status: 'exists', entry: existing };
    if (this.used >= this.cap) return { status: 'full' };
    const entry: WatchEntry = {
      id: this.#rng.uuid(),
      asset,
      state: 'gathering',
      stateReason: null,
      intakeStatus: INTAKE_STAGES[0]![1],
      monitoringEnabled: true,
      note: null,
      addedAt: this.#previous.get(asset.summary.id) ?? now,
      intake: { startedAt: now, endsAt: now + INTAKE_DURATION_MS },
    };
    this.#entries.push(entry);
    return { status: 'created', entry };
  }

  /** `DELETE /me/watchlist/{id}`; remembers `addedAt` for a later re-add. */
  remove(id: string): boolean {
    const i = this.#entries.findIndex((e) => e.id === id);
    if (i === -1) return false;
    const [entry] = this.#entries.splice(i, 1);
    this.#previous.set(entry!.asset.summary.id, entry!.addedAt);
    return true;
  }

  /**
   * Moves running intakes along the clock: `intakeStatus` follows the stages, and at the end
   * the item becomes `ready` (outcomes `ready`, `partial`) or `unresolved` with `stateReason`.
   */
  advanceIntake(now: number): IntakeCompletion[] {
    const done: IntakeCompletion[] = [];
    for (const entry of this.#entries) {
      if (entry.state !== 'gathering' || !entry.intake) continue;
      const { startedAt, endsAt } = entry.intake;
      if (now >= endsAt) {
        const outcome = entry.asset.intake;
        entry.state = outcome === 'unresolved' ? 'unresolved' : 'ready';
        entry.stateReason = outcome === 'unresolved' ? entry.asset.unresolvedReason : null;
        entry.intakeStatus = null;
        entry.intake = null;
        done.push({ entry, outcome, at: endsAt });
        continue;
      }
      const scale = (endsAt - startedAt) / INTAKE_DURATION_MS;
      let status = INTAKE_STAGES[0]![1];
      for (const [after, name] of INTAKE_STAGES) if (now - startedAt >= after * scale) status = name;
      entry.intakeStatus = status;
    }
    return done.sort((a, b) => a.at - b.at);
  }
}

/** The wire form of a watchlist item (2.4). */
export function watchItemJson(entry: WatchEntry): WatchlistItem {
  return {
    id: entry.id,
    asset: { ...entry.asset.summary },
    state: entry.state,
    stateReason: entry.stateReason,
    intakeStatus: entry.intakeStatus,
    monitoringEnabled: entry.monitoringEnabled,
    note: entry.note,
    addedAt: iso(entry.addedAt),
  };
}
