/**
 * The whole state of the Explorer sandbox: registry, keys, watchlist with its intake worker,
 * change log, inbox, tokenomics feed, rate budget, and the service-side switches (site gate,
 * feature flag, response envelope). Time comes from the sandbox clock (`ctx.now()` plus an
 * offset tests can advance), so every clock-driven move is deterministic.
 */
import { LIMITS } from '../../contract/index.js';
import { buildChange, ChangeLog, type ChangeRecord } from './changes.js';
import { buildRegistry, CHANGE_TEMPLATES, isInAssetScope, type ChangeTemplate, type RegistryAsset } from './data.js';
import { buildKeyTable, type ExplorerKey } from './keys.js';
import { Inbox, notificationForChange, notificationForIntake, type NotificationRecord } from './notifications.js';
import { DAY, HOUR, MINUTE, Random } from './random.js';
import { RateLimiter, type RateLimitSettings } from './rate-limit.js';
import { TokenomicsFeed, type RevisionBody, type RevisionInput } from './tokenomics.js';
import { INTAKE_DURATION_MS, WATCHLIST_CAP_MAX, Watchlist, type WatchEntry } from './watchlist.js';

/** Settings of the sandbox's Explorer API (`startSandbox({ explorer })` takes them without `now`). */
export interface ExplorerContext {
  /** The sandbox clock, ms since the epoch. */
  now(): number;
  /** Seed of the generated data (default 20250601). */
  seed?: number;
  /** Wrap every body as `{ data, meta: { request_id, fetched_at }, errors }` (field notes). */
  envelope?: boolean;
  /** Rate budget per key (default 120 per minute, no burst). */
  rateLimit?: Partial<RateLimitSettings>;
  /** Watchlist cap (default 50, at most 500). */
  watchlistCap?: number;
}

/**
 * Fields merged into a detected change's and its notification's wire body as they are: lets
 * tests produce what the service may send next month (a new `kind`, `direction` or
 * `materiality`) or a row of the wrong shape (`{ "title": 42 }`).
 */
export interface BodyPatches {
  patch?: Record<string, unknown>;
  notificationPatch?: Record<string, unknown>;
}

/** A detection scheduled on the clock: materializes when the clock passes `at`, unless paused. */
interface ScheduledDetection {
  at: number;
  itemId: string;
  template: ChangeTemplate;
}

/** Registry positions of the seeded watchlist (see `seedWatchlist`). */
const READY_ASSETS = [0, 1, 2, 3, 4, 5, 6, 10];
/** Position (in READY_ASSETS) of the paused item; it has been paused for ten days. */
const PAUSED_POSITION = 2;
const UNRESOLVED_ASSET = 7;
const GATHERING_PARTIAL_ASSET = 19;
const GATHERING_UNRESOLVED_ASSET = 16;
const REMOVED_ASSET = 9;
/** Detections the clock brings in after start: minutes from start and watchlist position. */
const SCHEDULE: Array<[number, number]> = [
  [2, 0],
  [5, 2],
  [15, 1],
  [60, 3],
  [180, 4],
  [720, 5],
];

export class ExplorerState {
  readonly ctx: ExplorerContext;
  readonly seed: number;
  clockOffsetMs = 0;
  siteGateOpen = true;
  tokenomicsFeedEnabled = true;
  /** Whether tokenomics pages carry a `nextPage` token (off: history is paged by number only). */
  tokenomicsPageTokens = true;
  /** Whether tokenomics pages carry `hasMore` (off: as a deployment that leaves it out). */
  tokenomicsHasMore = true;
  envelope: boolean;
  readonly rateLimiter: RateLimiter;
  registry!: RegistryAsset[];
  keys!: Map<string, ExplorerKey>;
  watchlist!: Watchlist;
  changes!: ChangeLog;
  inbox!: Inbox;
  tokenomics!: TokenomicsFeed;
  /** The seen marker of `newOnly` reads (ms). */
  seenAt = 0;
  #scheduled: ScheduledDetection[] = [];
  #rng!: Random;
  #requests = 0;

  constructor(ctx: ExplorerContext) {
    this.ctx = ctx;
    this.seed = ctx.seed ?? 20250601;
    this.envelope = ctx.envelope ?? false;
    this.rateLimiter = new RateLimiter(ctx.rateLimit);
    this.reset();
  }

  /** Sandbox time: the context's clock plus what `advance` added. */
  now(): number {
    return this.ctx.now() + this.clockOffsetMs;
  }

  /** Moves the Explorer clock forward (intake, scheduled detections, rate window) and applies due moves. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance takes a non-negative number of ms');
    this.clockOffsetMs += ms;
    this.tick();
  }

  /** Rebuilds every piece of state from the seed, relative to the current clock; switches back to defaults. */
  reset(): void {
    const now = this.ctx.now();
    this.clockOffsetMs = 0;
    this.siteGateOpen = true;
    this.tokenomicsFeedEnabled = true;
    this.tokenomicsPageTokens = true;
    this.tokenomicsHasMore = true;
    this.envelope = this.ctx.envelope ?? false;
    this.rateLimiter.reset();
    this.rateLimiter.configure({ perMinute: LIMITS.explorerRequestsPerMinute, burst: 0, ...this.ctx.rateLimit });
    this.#requests = 0;
    this.registry = buildRegistry(new Random(this.seed));
    this.keys = buildKeyTable(new Set(this.registry.filter((_, i) => isInAssetScope(i)).map((a) => a.summary.id)));
    this.watchlist = new Watchlist(new Random(this.seed + 1), this.ctx.watchlistCap ?? LIMITS.watchlistCap);
    this.changes = new ChangeLog();
    this.inbox = new Inbox();
    this.tokenomics = new TokenomicsFeed(new Random(this.seed + 2), this.registry);
    this.#rng = new Random(this.seed + 3);
    this.seenAt = now - 2 * DAY;
    this.#scheduled = [];
    this.#seedChanges(now, this.#seedWatchlist(now));
    this.tokenomics.seed(this.registry, now);
  }

  /** A registry asset by id. */
  asset(id: string): RegistryAsset | undefined {
    return this.registry.find((a) => a.summary.id === id);
  }

  /** Next request id, for `x-request-id` and the envelope's `meta.request_id`. */
  nextRequestId(): string {
    this.#requests += 1;
    return `req_${this.seed.toString(36)}_${this.#requests.toString().padStart(6, '0')}`;
  }

  /**
   * Applies everything the clock has made due, in time order: intake results (with their
   * `intake_*` notifications) and scheduled detections (with their notifications). A paused,
   * removed or not-ready item yields nothing (part 6 rule 2). Called before every request.
   */
  tick(): void {
    const now = this.now();
    for (const done of this.watchlist.advanceIntake(now)) {
      if (done.entry.monitoringEnabled) this.inbox.add(notificationForIntake(this.#rng, done.entry, done.outcome, done.at));
    }
    const due = this.#scheduled.filter((s) => s.at <= now).sort((a, b) => a.at - b.at);
    this.#scheduled = this.#scheduled.filter((s) => s.at > now);
    for (const s of due) {
      const entry = this.watchlist.get(s.itemId);
      if (entry) this.#detect(entry, s.template, s.at, true);
    }
  }

  /**
   * Detects a change now on watchlist item `itemId` (for tests and the demo). Returns the
   * change and its notification, or `null` when the item yields nothing: not `ready`, or paused.
   * `template` picks the kind of change by position in `CHANGE_TEMPLATES` or by category.
   */
  detectChange(
    itemId: string,
    opts: { template?: number | string; confirmed?: boolean } & BodyPatches = {},
  ): { change: ChangeRecord; notification: NotificationRecord | null } | null {
    this.tick();
    const entry = this.watchlist.get(itemId);
    if (!entry) throw new RangeError(`no watchlist item ${itemId}`);
    const template =
      typeof opts.template === 'string'
        ? CHANGE_TEMPLATES.find((t) => t.category === opts.template || t.field.name === opts.template)
        : CHANGE_TEMPLATES[opts.template ?? 0];
    if (!template) throw new RangeError(`unknown change template ${String(opts.template)}`);
    const detected = this.#detect(entry, template, this.now(), opts.confirmed !== false);
    if (detected && opts.patch) Object.assign(detected.change.body, opts.patch);
    if (detected?.notification && opts.notificationPatch) Object.assign(detected.notification.body, opts.notificationPatch);
    return detected;
  }

  /**
   * Changes a detected row in place, as the service does when a draft is confirmed or an
   * impact assessed later (`patch` is merged into the wire body). Returns the row, or `null`.
   */
  updateChange(id: string, patch: Record<string, unknown>): ChangeRecord | null {
    const record = this.changes.records.find((r) => r.body.id === id);
    if (!record) return null;
    Object.assign(record.body, patch);
    return record;
  }

  #detect(entry: WatchEntry, template: ChangeTemplate, at: number, confirmed: boolean) {
    if (entry.state !== 'ready' || !entry.monitoringEnabled) return null;
    const change = buildChange(this.#rng, template, entry, at, { confirmed });
    this.changes.add(change);
    const notification = notificationForChange(this.#rng, change, at);
    if (notification) this.inbox.add(notification);
    return { change, notification };
  }

  /** Appends a tokenomics revision now (a correction when `input.id` names an earlier one). */
  appendRevision(input: RevisionInput = {}): RevisionBody {
    return this.tokenomics.append(input, this.now());
  }

  /** Marks notifications read, as the service's separate user interface does (part 1). */
  markNotificationsRead(ids?: readonly string[]): number {
    return this.inbox.markRead(this.now(), ids);
  }

  setWatchlistCap(cap: number): void {
    if (!Number.isInteger(cap) || cap < 1 || cap > WATCHLIST_CAP_MAX)
      throw new RangeError(`cap must be a whole number from 1 to ${WATCHLIST_CAP_MAX}`);
    this.watchlist.cap = cap;
  }

  // ------------------------------------------------------------------ seed

  /** Seeds the watchlist; returns the `ready` items in READY_ASSETS order. */
  #seedWatchlist(now: number): WatchEntry[] {
    const w = this.watchlist;
    const notes: Record<number, string> = {
      0: 'Primary settlement asset for the treasury desk',
      3: 'Review before quarter end',
    };
    const ready = READY_ASSETS.map((index, position) =>
      w.seed({
        asset: this.registry[index]!,
        state: 'ready',
        stateReason: null,
        intakeStatus: null,
        monitoringEnabled: position !== PAUSED_POSITION,
        note: notes[position] ?? null,
        // The last two were added recently (their intake notifications are in the inbox).
        addedAt: position === 7 ? now - 20 * DAY : position === 6 ? now - 25 * DAY : now - (420 - position * 7) * DAY,
        intake: null,
      }),
    );
    const unresolved = this.registry[UNRESOLVED_ASSET]!;
    w.seed({
      asset: unresolved,
      state: 'unresolved',
      stateReason: unresolved.unresolvedReason,
      intakeStatus: null,
      monitoringEnabled: true,
      note: null,
      addedAt: now - 6 * DAY,
      intake: null,
    });
    for (const [index, ends] of [
      [GATHERING_PARTIAL_ASSET, 50_000],
      [GATHERING_UNRESOLVED_ASSET, 110_000],
    ] as const) {
      const startedAt = now - 10_000;
      w.seed({
        asset: this.registry[index]!,
        state: 'gathering',
        stateReason: null,
        intakeStatus: 'queued',
        monitoringEnabled: true,
        note: null,
        addedAt: startedAt,
        intake: { startedAt, endsAt: now + ends },
      });
    }
    w.seedRemoved(this.registry[REMOVED_ASSET]!.summary.id, now - 200 * DAY);
    w.advanceIntake(now);
    return ready;
  }

  /**
   * About 110 changes inside the default 90-day window and 200 more back to a year, cycling
   * through every template (so every category, materiality and direction, low-signal rows and,
   * every 13th row, an unconfirmed one). Confirmed rows of the last 30 days have notifications;
   * those older than a week are read. Intake notifications for the seeded intake results.
   */
  #seedChanges(now: number, ready: WatchEntry[]): void {
    const pausedAt = now - 10 * DAY;
    const rows: Array<{ at: number; i: number }> = [];
    for (let i = 0; i < 110; i++) rows.push({ at: now - Math.floor((i + 0.3 + this.#rng.next() * 0.4) * ((89.5 * DAY) / 110)), i });
    for (let i = 110; i < 310; i++)
      rows.push({ at: now - Math.floor(90.5 * DAY + (i - 110 + this.#rng.next() * 0.9) * ((274 * DAY) / 200)), i });
    for (const { at, i } of rows) {
      const template = CHANGE_TEMPLATES[i % CHANGE_TEMPLATES.length]!;
      // Watch items that existed and were monitoring at `at` (no changes while paused or before addedAt).
      const eligible = ready.filter((e) => e.addedAt < at && (e.monitoringEnabled || at < pausedAt));
      const entry = eligible[(i * 5 + 3) % eligible.length]!;
      const change = buildChange(this.#rng, template, entry, at, { confirmed: i % 13 !== 3 });
      this.changes.add(change);
      if (at > now - 30 * DAY) {
        const n = notificationForChange(this.#rng, change, at + 5 * MINUTE > now ? at : at + 5 * MINUTE);
        if (n) {
          if (n.createdAt < now - 7 * DAY) n.readAt = n.createdAt + 3 * HOUR;
          this.inbox.add(n);
        }
      }
    }
    const unresolved = this.watchlist.list().find((e) => e.state === 'unresolved')!;
    for (const entry of [ready[6]!, ready[7]!, unresolved]) {
      const at = entry.addedAt + INTAKE_DURATION_MS;
      const n = notificationForIntake(this.#rng, entry, entry.asset.intake, at);
      if (at < now - 7 * DAY) n.readAt = at + HOUR;
      this.inbox.add(n);
    }
    for (const [minutes, position] of SCHEDULE) {
      const entry = ready[position];
      if (!entry) continue;
      this.#scheduled.push({ at: now + minutes * MINUTE, itemId: entry.id, template: CHANGE_TEMPLATES[(position * 3) % 16]! });
    }
  }
}
