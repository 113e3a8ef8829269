/**
 * Closed value sets of the service contract (spec parts 2–6), written once.
 * Where the spec names an open set (authority types, categories, change kinds…)
 * nothing here restricts it: see the lenient schemas in public-api.ts / explorer.ts.
 */

// Each audience's sets sit in a module of their own, so a page carries only the sets of the
// elements it shows: the badge's (badge-enums.ts) and the verification widget's
// (widget-enums.ts), which their elements import themselves (the monitoring chunk takes in what
// this module imports: re-exported from here, the badge's sets would go there, and a badge page
// would load it), and the monitoring sets below (the watchlist, change feed and notifications).
export * from './one-of.js';

/** Watchlist item states (spec 3). */
export type WatchState = 'gathering' | 'ready' | 'unresolved';
export const WATCH_STATES = ['gathering', 'ready', 'unresolved'] as const satisfies readonly WatchState[];

/** Materiality filter values of monitoring changes (2.5, 4.2). */
export type Materiality = 'material' | 'clarification' | 'editorial';
export const MATERIALITIES = ['material', 'clarification', 'editorial'] as const satisfies readonly Materiality[];

/**
 * Change `direction` values in the service's impact order (2.5, 4.2 `impact` ordering):
 * weakens, mixed, strengthens, neutral, unassessed.
 */
export type Direction = 'weakens' | 'mixed' | 'strengthens' | 'neutral' | 'unassessed';
export const IMPACT_ORDER = ['weakens', 'mixed', 'strengthens', 'neutral', 'unassessed'] as const satisfies readonly Direction[];
export const DIRECTIONS = IMPACT_ORDER;

/** Rank of a direction in the impact order (unknown directions sort after `unassessed`). */
export function impactRank(direction: string | null | undefined): number {
  const i = (IMPACT_ORDER as readonly string[]).indexOf(direction ?? '');
  return i === -1 ? IMPACT_ORDER.length : i;
}

/** Values of the monitoring changes ordering parameter (`sort`, field notes). */
export type SortOrder = 'recent' | 'impact';
export const SORT_ORDERS = ['recent', 'impact'] as const satisfies readonly SortOrder[];

/** A group of notification kinds (spec 6). */
export type NotificationGroup = 'intake' | 'change_notices' | 'obligation_alerts';
/** A notification kind (spec 6). */
export type NotificationKind =
  | 'intake_ready'
  | 'intake_partial'
  | 'intake_unresolved'
  | 'disclosure_change'
  | 'register_change'
  | 'party_edge_change'
  | 'tokenomics_change'
  | 'tokenomics_disagreement'
  | 'obligation_verdict_change'
  | 'obligation_not_evidenced'
  | 'obligation_regime_added';

/** Notification kinds by group (spec 6). */
export const NOTIFICATION_GROUPS = {
  intake: ['intake_ready', 'intake_partial', 'intake_unresolved'],
  change_notices: [
    'disclosure_change',
    'register_change',
    'party_edge_change',
    'tokenomics_change',
    'tokenomics_disagreement',
  ],
  obligation_alerts: ['obligation_verdict_change', 'obligation_not_evidenced', 'obligation_regime_added'],
} as const satisfies { [G in NotificationGroup]: readonly NotificationKind[] };
export const NOTIFICATION_GROUP_NAMES = Object.keys(NOTIFICATION_GROUPS) as NotificationGroup[];
export const NOTIFICATION_KINDS = /* @__PURE__ */ Object.values(NOTIFICATION_GROUPS).flat() as NotificationKind[];

/** The group a notification kind belongs to, or `undefined` for a kind the spec does not list. */
export function notificationGroupOf(kind: string): NotificationGroup | undefined {
  return NOTIFICATION_GROUP_NAMES.find((g) => (NOTIFICATION_GROUPS[g] as readonly string[]).includes(kind));
}

/** Explorer key scopes and the routes each covers (spec 5). */
export const EXPLORER_SCOPES = ['tokenomics:read', 'monitoring:read', 'watchlist:write'] as const;
export type ExplorerScope = (typeof EXPLORER_SCOPES)[number];

/** `true`/`false` query flag values of the Explorer API. */
export const BOOLEAN_FLAGS = ['true', 'false'] as const;
