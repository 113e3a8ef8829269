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
import type { KYI_THEMES, KyiTheme } from '../../src/browser/config.js';

/** `true` only when A and B are the same type (not merely assignable one way). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Reads<S extends z.ZodMiniType, I> = Equals<z.infer<S>, I>;

// One constant per record, so a failure names it: `true` is not assignable to `false` there.
// Public API (spec 2.1, 2.2)
export const authority: Reads<typeof authoritySchema, Authority> = true;
export const tokenDetails: Reads<typeof tokenDetailsSchema, TokenDetails> = true;
export const businessDetails: Reads<typeof businessDetailsSchema, BusinessDetails> = true;
export const assetRecord: Reads<typeof assetRecordSchema, AssetRecord> = true;
export const assetsPage: Reads<typeof assetsPageSchema, AssetsPage> = true;
export const tokenAuthority: Reads<typeof tokenAuthoritySchema, TokenAuthority> = true;
export const tokenMatch: Reads<typeof tokenMatchSchema, TokenMatch> = true;
export const tokenLookupResult: Reads<typeof tokenLookupResultSchema, TokenLookupResult> = true;
// Explorer API (spec 2.3–2.7)
export const assetSummary: Reads<typeof assetSummarySchema, AssetSummary> = true;
export const watchlistItem: Reads<typeof watchlistItemSchema, WatchlistItem> = true;
export const watchlistResponse: Reads<typeof watchlistResponseSchema, WatchlistResponse> = true;
export const explanation: Reads<typeof explanationSchema, Explanation> = true;
export const impactAssessment: Reads<typeof impactAssessmentSchema, ImpactAssessment> = true;
export const change: Reads<typeof changeSchema, Change> = true;
export const changesEnvelope: Reads<typeof changesEnvelopeSchema, ChangesEnvelope> = true;
export const notification: Reads<typeof notificationSchema, Notification> = true;
export const notificationsEnvelope: Reads<typeof notificationsEnvelopeSchema, NotificationsEnvelope> = true;
export const tokenomicsRevision: Reads<typeof tokenomicsRevisionSchema, TokenomicsRevision> = true;
export const tokenomicsPage: Reads<typeof tokenomicsPageSchema, TokenomicsPage> = true;
// The sandbox's faults
export const fault: Reads<typeof faultSchema, Fault> = true;

// The closed value sets: each list holds every value of its union, and nothing else.
export const watchStateValues: Equals<(typeof WATCH_STATES)[number], WatchState> = true;
export const materialityValues: Equals<(typeof MATERIALITIES)[number], Materiality> = true;
export const directionValues: Equals<(typeof IMPACT_ORDER)[number], Direction> = true;
export const sortOrderValues: Equals<(typeof SORT_ORDERS)[number], SortOrder> = true;
export const notificationGroupValues: Equals<keyof typeof NOTIFICATION_GROUPS, NotificationGroup> = true;
export const notificationKindValues: Equals<(typeof NOTIFICATION_GROUPS)[NotificationGroup][number], NotificationKind> = true;
export const explorerErrorCodeValues: Equals<keyof typeof EXPLORER_ERRORS, ExplorerErrorCode> = true;
export const kitErrorCodeValues: Equals<(typeof KIT_ERROR_CODES)[number], KitErrorCode> = true;
export const kyiThemeValues: Equals<(typeof KYI_THEMES)[number], KyiTheme> = true;
