/**
 * The records of the service's contract that partners get, by name: what the elements show,
 * the headless calls answer with and the server piece's clients return. `kyi-elements` and
 * `kyi-elements/server` re-export this list (types only), so each record and every type its
 * fields name appear, field by field, in their API reports. Types only: no bytes ship.
 */
export type {
  // Public API (spec 2.1, 2.2)
  TokenLookupResult,
  TokenMatch,
  TokenAuthority,
  AssetRecord,
  TokenDetails,
  BusinessDetails,
  Authority,
  AssetsPage,
} from './public-api.js';
export type {
  // Explorer API (spec 2.3–2.7)
  AssetSummary,
  WatchlistItem,
  WatchlistResponse,
  Change,
  Explanation,
  ExplainedValue,
  ImpactAssessment,
  EvidenceSide,
  ChangesEnvelope,
  Notification,
  NotificationsEnvelope,
  TokenomicsRevision,
  TokenomicsPage,
} from './explorer.js';
// The value sets their fields name
export type { WatchState, Materiality, Direction, SortOrder, NotificationGroup, NotificationKind } from './enums.js';
export type { WidgetScope } from './widget-enums.js';
