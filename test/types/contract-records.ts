/**
 * Type test (checked by `tsc` in `npm test`, no runtime code): each record partners get is an
 * explicit, documented interface (what api/*.api.md shows), and each schema that checks values
 * against it reads exactly that type — the schema's output equals the interface both ways, so
 * a schema edit fails here until the interface (and so the API report) says the same.
 */
import type * as z from 'zod/mini';
import type {
  AssetRecord,
  AssetSummary,
  AssetsPage,
  Authority,
  BusinessDetails,
  Change,
  ChangesEnvelope,
  Direction,
  ExplorerErrorCode,
  Explanation,
  ImpactAssessment,
  KitErrorCode,
  Materiality,
  Notification,
  NotificationGroup,
  NotificationKind,
  NotificationsEnvelope,
  SortOrder,
  TokenAuthority,
  TokenDetails,
  TokenLookupResult,
  TokenMatch,
  TokenomicsPage,
  TokenomicsRevision,
  WatchlistItem,
  WatchlistResponse,
  WatchState,
} from '../../src/contract/index.js';
import type {
  EXPLORER_ERRORS,
  IMPACT_ORDER,
  KIT_ERROR_CODES,
  MATERIALITIES,
  NOTIFICATION_GROUPS,
  SORT_ORDERS,
  WATCH_STATES,
  assetRecordSchema,
  assetSummarySchema,
  assetsPageSchema,
  authoritySchema,
  businessDetailsSchema,
  changeSchema,
  changesEnvelopeSchema,
  explanationSchema,
  impactAssessmentSchema,
  notificationSchema,
  notificationsEnvelopeSchema,
  tokenAuthoritySchema,
  tokenDetailsSchema,
  tokenLookupResultSchema,
  tokenMatchSchema,
  tokenomicsPageSchema,
  tokenomicsRevisionSchema,
  watchlistItemSchema,
  watchlistResponseSchema,
} from '../../src/contract/index.js';
import type { Fault, faultSchema } from '../../src/sandbox/faults.js';

/** `true` only when A and B are the same type (not merely assignable one way). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Reads<S extends z.ZodMiniType, I> = Equals<z.infer<S>, I>;

// Public API (spec 2.1, 2.2)
export const records: [
  Reads<typeof authoritySchema, Authority>,
  Reads<typeof tokenDetailsSchema, TokenDetails>,
  Reads<typeof businessDetailsSchema, BusinessDetails>,
  Reads<typeof assetRecordSchema, AssetRecord>,
  Reads<typeof assetsPageSchema, AssetsPage>,
  Reads<typeof tokenAuthoritySchema, TokenAuthority>,
  Reads<typeof tokenMatchSchema, TokenMatch>,
  Reads<typeof tokenLookupResultSchema, TokenLookupResult>,
  // Explorer API (spec 2.3–2.7)
  Reads<typeof assetSummarySchema, AssetSummary>,
  Reads<typeof watchlistItemSchema, WatchlistItem>,
  Reads<typeof watchlistResponseSchema, WatchlistResponse>,
  Reads<typeof explanationSchema, Explanation>,
  Reads<typeof impactAssessmentSchema, ImpactAssessment>,
  Reads<typeof changeSchema, Change>,
  Reads<typeof changesEnvelopeSchema, ChangesEnvelope>,
  Reads<typeof notificationSchema, Notification>,
  Reads<typeof notificationsEnvelopeSchema, NotificationsEnvelope>,
  Reads<typeof tokenomicsRevisionSchema, TokenomicsRevision>,
  Reads<typeof tokenomicsPageSchema, TokenomicsPage>,
  // The sandbox's faults
  Reads<typeof faultSchema, Fault>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];

// The closed value sets: each list holds every value of its union, and nothing else.
export const valueSets: [
  Equals<(typeof WATCH_STATES)[number], WatchState>,
  Equals<(typeof MATERIALITIES)[number], Materiality>,
  Equals<(typeof IMPACT_ORDER)[number], Direction>,
  Equals<(typeof SORT_ORDERS)[number], SortOrder>,
  Equals<keyof typeof NOTIFICATION_GROUPS, NotificationGroup>,
  Equals<(typeof NOTIFICATION_GROUPS)[NotificationGroup][number], NotificationKind>,
  Equals<keyof typeof EXPLORER_ERRORS, ExplorerErrorCode>,
  Equals<(typeof KIT_ERROR_CODES)[number], KitErrorCode>,
] = [true, true, true, true, true, true, true, true];
