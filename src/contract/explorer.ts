/**
 * Explorer API resources (spec 2.3–2.7, 4.2) as zod/mini schemas, for reading response
 * bodies leniently: unknown fields kept, "not shown" fields nullable or missing, and an enum
 * value the spec does not list (watch state, materiality, direction, notification kind) kept
 * as it came — the elements show it as "other". Query parameters stay strict (`queries.ts`);
 * how a response body is read into these (envelopes, rows left out): explorer-bodies.ts.
 */
import * as z from 'zod/mini';
import { IMPACT_ORDER, MATERIALITIES, NOTIFICATION_KINDS, WATCH_STATES, type Direction, type Materiality, type NotificationKind, type WatchState } from './enums.js';
import { flag, num, openEnum, text } from './fields.js';

/** Asset summary embedded in Explorer resources (2.3). */
export const assetSummarySchema = z.looseObject({
  id: z.string(),
  name: text,
  symbol: text,
  issuerName: text,
  chain: text,
  chainId: num,
  contractAddress: text,
});
/** An asset as Explorer resources embed it (2.3). */
export interface AssetSummary {
  /** The asset's id on the service. */
  id: string;
  /** The asset's name. */
  name?: string | null | undefined;
  /** The asset's ticker (symbol). */
  symbol?: string | null | undefined;
  /** The issuer's name. */
  issuerName?: string | null | undefined;
  /** The chain the asset lives on. */
  chain?: string | null | undefined;
  /** The chain's numeric id (EVM chains). */
  chainId?: number | null | undefined;
  /** The token's contract address. */
  contractAddress?: string | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** Watchlist item (2.4). */
export const watchlistItemSchema = z.looseObject({
  id: z.string(),
  asset: assetSummarySchema,
  state: openEnum(WATCH_STATES),
  stateReason: text,
  intakeStatus: text,
  monitoringEnabled: z.boolean(),
  note: z.nullish(z.string()),
  addedAt: z.string(),
});
/** A watchlist item (2.4): an asset the signed-in user watches. */
export interface WatchlistItem {
  /** The item's id (what `kyi-watchlist-change` names). */
  id: string;
  /** The watched asset. */
  asset: AssetSummary;
  /** Where the asset's intake stands (spec 3); a state the spec does not list is kept as sent. */
  state: WatchState | (string & {});
  /** Why the item is in its state. */
  stateReason?: string | null | undefined;
  /** The intake's status as the service words it. */
  intakeStatus?: string | null | undefined;
  /** Whether changes of this asset are monitored. */
  monitoringEnabled: boolean;
  /** The user's note on the item. */
  note?: string | null | undefined;
  /** When the item was added (ISO 8601). */
  addedAt: string;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** Body of `GET /me/watchlist`: `data`, plus `limit` and `used` (field notes). */
export const watchlistResponseSchema = z.looseObject({
  data: z.array(watchlistItemSchema),
  limit: num,
  used: num,
});
/** Body of `GET /me/watchlist`: the items, and the plan's cap and use. */
export interface WatchlistResponse {
  /** The watched items. */
  data: WatchlistItem[];
  /** How many items the plan allows. */
  limit?: number | null | undefined;
  /** How many items are in use. */
  used?: number | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

const labelled = z.nullish(z.looseObject({ label: text, value: z.nullish(z.unknown()), note: text }));

/** `explanation` of a monitoring change (2.5). */
export const explanationSchema = z.looseObject({
  kind: text,
  headline: text,
  what: text,
  whatDetail: text,
  field: z.nullish(z.looseObject({ name: text, label: text, meaning: text, stake: text })),
  previous: labelled,
  current: labelled,
  whyItMatters: text,
  impact: text,
});
/** A labelled value of an explanation: the field's value before or after the change. */
export interface ExplainedValue {
  /** How the value is named to a reader. */
  label?: string | null | undefined;
  /** The value as sent (any JSON). */
  value?: unknown;
  /** A note on the value. */
  note?: string | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** `explanation` of a monitoring change (2.5): the change in words. */
export interface Explanation {
  /** What kind of change this is; an open set. */
  kind?: string | null | undefined;
  /** One-line summary. */
  headline?: string | null | undefined;
  /** What changed. */
  what?: string | null | undefined;
  /** What changed, in more detail. */
  whatDetail?: string | null | undefined;
  /** The field that changed: its name, label, what it means and what is at stake. */
  field?: { name?: string | null | undefined; label?: string | null | undefined; meaning?: string | null | undefined; stake?: string | null | undefined; [field: string]: unknown } | null | undefined;
  /** The value before the change. */
  previous?: ExplainedValue | null | undefined;
  /** The value after the change. */
  current?: ExplainedValue | null | undefined;
  /** Why the change matters to holders. */
  whyItMatters?: string | null | undefined;
  /** The change's impact, in words. */
  impact?: string | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

const evidenceSide = z.nullish(z.looseObject({ quote: text, artifactId: text, observationSha256: text }));

/** `impactAssessment` of a monitoring change (2.5). */
export const impactAssessmentSchema = z.looseObject({
  id: text,
  direction: z.nullish(openEnum(IMPACT_ORDER)),
  status: text,
  disposition: text,
  dimensions: z.nullish(z.array(z.looseObject({ kind: text, direction: text }))),
  reason: text,
  whatThisMeansForHolders: text,
  method: text,
  confidence: num,
  isFallback: flag,
  retryRequired: flag,
  rulesVersion: text,
  evidence: z.nullish(z.looseObject({ old: evidenceSide, new: evidenceSide })),
  inputFingerprint: text,
  groupId: text,
  childEventIds: z.nullish(z.array(z.string())),
  assessedAt: text,
});
/** What one side (old or new) of an impact assessment's evidence quotes. */
export interface EvidenceSide {
  /** The quoted text. */
  quote?: string | null | undefined;
  /** The id of the artifact quoted. */
  artifactId?: string | null | undefined;
  /** SHA-256 of the observation quoted. */
  observationSha256?: string | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** `impactAssessment` of a monitoring change (2.5): how the service judged its impact. */
export interface ImpactAssessment {
  /** The assessment's id. */
  id?: string | null | undefined;
  /** Which way the change moves the asset's standing, in the impact order. */
  direction?: Direction | (string & {}) | null | undefined;
  /** The assessment's status. */
  status?: string | null | undefined;
  /** What the service did with the change; an open set. */
  disposition?: string | null | undefined;
  /** The dimensions assessed, each with its own direction. */
  dimensions?: { kind?: string | null | undefined; direction?: string | null | undefined; [field: string]: unknown }[] | null | undefined;
  /** Why the service judged so. */
  reason?: string | null | undefined;
  /** What the change means for holders. */
  whatThisMeansForHolders?: string | null | undefined;
  /** How the assessment was made. */
  method?: string | null | undefined;
  /** The assessment's confidence. */
  confidence?: number | null | undefined;
  /** Whether a fallback method made the assessment. */
  isFallback?: boolean | null | undefined;
  /** Whether the assessment must be made again. */
  retryRequired?: boolean | null | undefined;
  /** The version of the rules applied. */
  rulesVersion?: string | null | undefined;
  /** The quotes the assessment rests on, old and new. */
  evidence?: { old?: EvidenceSide | null | undefined; new?: EvidenceSide | null | undefined; [field: string]: unknown } | null | undefined;
  /** Fingerprint of the assessment's input. */
  inputFingerprint?: string | null | undefined;
  /** The id of the group the change belongs to. */
  groupId?: string | null | undefined;
  /** The ids of the grouped events. */
  childEventIds?: string[] | null | undefined;
  /** When the assessment was made (ISO 8601). */
  assessedAt?: string | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** A monitoring change (2.5). Category, change kind, field group and disposition are open sets. */
export const changeSchema = z.looseObject({
  id: z.string(),
  category: text,
  watchlistItemId: text,
  asset: z.nullish(assetSummarySchema),
  detectedAt: z.string(),
  title: text,
  detail: text,
  materiality: z.nullish(openEnum(MATERIALITIES)),
  sourceUrl: text,
  href: text,
  isNew: flag,
  fieldGroup: text,
  changeKind: text,
  before: z.nullish(z.unknown()),
  after: z.nullish(z.unknown()),
  quote: text,
  priorQuote: text,
  sourceHash: text,
  priorSourceUrl: text,
  confirmed: flag,
  lowSignal: flag,
  impact: text,
  explanation: z.nullish(explanationSchema),
  direction: z.nullish(openEnum(IMPACT_ORDER)),
  disposition: text,
  impactAssessment: z.nullish(impactAssessmentSchema),
});
/** A monitoring change (2.5): a row of `<kyi-change-feed>`. Category, change kind, field group and disposition are open sets. */
export interface Change {
  /** The change's id. */
  id: string;
  /** The change's category; an open set. */
  category?: string | null | undefined;
  /** The watchlist item the change is about. */
  watchlistItemId?: string | null | undefined;
  /** The asset the change is about. */
  asset?: AssetSummary | null | undefined;
  /** When the change was detected (ISO 8601). */
  detectedAt: string;
  /** The change's title. */
  title?: string | null | undefined;
  /** The change in more detail. */
  detail?: string | null | undefined;
  /** How much the change matters; a value the spec does not list is kept as sent. */
  materiality?: Materiality | (string & {}) | null | undefined;
  /** Where the change was seen. */
  sourceUrl?: string | null | undefined;
  /** Link to the change on the service. */
  href?: string | null | undefined;
  /** Whether the change is new since the user last looked. */
  isNew?: boolean | null | undefined;
  /** The group of the field that changed; an open set. */
  fieldGroup?: string | null | undefined;
  /** The kind of change; an open set. */
  changeKind?: string | null | undefined;
  /** The value before (any JSON). */
  before?: unknown;
  /** The value after (any JSON). */
  after?: unknown;
  /** The source's text after the change. */
  quote?: string | null | undefined;
  /** The source's text before the change. */
  priorQuote?: string | null | undefined;
  /** Hash of the source as seen. */
  sourceHash?: string | null | undefined;
  /** Where the prior text was seen. */
  priorSourceUrl?: string | null | undefined;
  /** Whether the change is confirmed. */
  confirmed?: boolean | null | undefined;
  /** Whether the change carries little signal. */
  lowSignal?: boolean | null | undefined;
  /** The change's impact, in words. */
  impact?: string | null | undefined;
  /** The change in words. */
  explanation?: Explanation | null | undefined;
  /** Which way the change moves the asset's standing; a value the spec does not list is kept as sent. */
  direction?: Direction | (string & {}) | null | undefined;
  /** What the service did with the change; an open set. */
  disposition?: string | null | undefined;
  /** How the service judged the change's impact. */
  impactAssessment?: ImpactAssessment | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** Envelope of `GET /me/monitoring/changes` (2.5). */
export const changesEnvelopeSchema = z.looseObject({
  items: z.array(changeSchema),
  since: text,
  seenAt: text,
  truncated: z.boolean(),
});
/** Body of `GET /me/monitoring/changes` (2.5). */
export interface ChangesEnvelope {
  /** The changes of the window asked for. */
  items: Change[];
  /** The start of the window. */
  since?: string | null | undefined;
  /** When the user last looked. */
  seenAt?: string | null | undefined;
  /** Whether the service cut the window (at 200 rows). */
  truncated: boolean;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** A notification (2.6); `kind` is one of part 6. */
export const notificationSchema = z.looseObject({
  id: z.string(),
  kind: openEnum(NOTIFICATION_KINDS),
  title: text,
  body: text,
  href: text,
  assetName: text,
  headline: text,
  impact: text,
  changeHref: text,
  createdAt: z.string(),
  readAt: text,
});
/** A notification (2.6): a row of `<kyi-notifications>`. */
export interface Notification {
  /** The notification's id. */
  id: string;
  /** What the notification is about (spec 6); a kind the spec does not list is kept as sent. */
  kind: NotificationKind | (string & {});
  /** The title. */
  title?: string | null | undefined;
  /** The body text. */
  body?: string | null | undefined;
  /** Link to the subject on the service. */
  href?: string | null | undefined;
  /** The name of the asset concerned. */
  assetName?: string | null | undefined;
  /** One-line summary. */
  headline?: string | null | undefined;
  /** The impact, in words. */
  impact?: string | null | undefined;
  /** Link to the change behind the notification. */
  changeHref?: string | null | undefined;
  /** When the notification was made (ISO 8601). */
  createdAt: string;
  /** When the user read it (ISO 8601), or nothing when unread. */
  readAt?: string | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** Envelope of `GET /me/notifications` (2.6). */
export const notificationsEnvelopeSchema = z.looseObject({
  items: z.array(notificationSchema),
  unread: z.number(),
});
/** Body of `GET /me/notifications` (2.6). */
export interface NotificationsEnvelope {
  /** The notifications. */
  items: Notification[];
  /** How many are unread. */
  unread: number;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** A tokenomics revision (2.7): only `id` and `revision` are known; the rest is kept as is. */
export const tokenomicsRevisionSchema = z.looseObject({
  id: z.string(),
  revision: z.union([z.number(), z.string()]),
});
/** A tokenomics revision (2.7): only `id` and `revision` are known; the rest is kept as sent. */
export interface TokenomicsRevision {
  /** The tokenomics record's id. */
  id: string;
  /** The revision; (`id`, `revision`) names one revision. */
  revision: number | string;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/**
 * A page of the tokenomics feed (4.2: `items`, `nextCursor`, `hasMore`), also what the
 * per-asset route is read as (see `EXPLORER_BODIES.assetTokenomicsPage`). `hasMore` missing
 * reads as "not said"; a backfill then pages on by number until a page comes back empty.
 */
export const tokenomicsPageSchema = z.looseObject({
  items: z.array(tokenomicsRevisionSchema),
  nextCursor: text,
  hasMore: flag,
});
/** A page of the tokenomics feed (4.2). */
export interface TokenomicsPage {
  /** The revisions of this page. */
  items: TokenomicsRevision[];
  /** The cursor of the next page. */
  nextCursor?: string | null | undefined;
  /** Whether more pages follow (missing: not said). */
  hasMore?: boolean | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** The dedupe key of a revision: the pair (`id`, `revision`) (2.7). */
export function revisionKey(r: Pick<TokenomicsRevision, 'id' | 'revision'>): string {
  return `${r.id}\u0000${String(r.revision)}`;
}

/** Body of `GET /health` (not shown by the spec): any JSON object (a non-JSON body is read as `{ text }`). */
export const healthSchema = z.looseObject({});
