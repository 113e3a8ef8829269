/**
 * Explorer API resources (spec 2.3–2.7, 4.2) as zod/mini schemas.
 * Exact where the spec is exact (watch states, materiality, direction, notification kinds);
 * lenient elsewhere: unknown fields kept, "not shown" fields nullable or missing.
 */
import * as z from 'zod/mini';
import { IMPACT_ORDER, MATERIALITIES, NOTIFICATION_KINDS, WATCH_STATES } from './enums.js';

const text = z.nullish(z.string());
const flag = z.nullish(z.boolean());

/** Asset summary embedded in Explorer resources (2.3). */
export const assetSummarySchema = z.looseObject({
  id: z.string(),
  name: text,
  symbol: text,
  issuerName: text,
  chain: text,
  chainId: z.nullish(z.number()),
  contractAddress: text,
});
export type AssetSummary = z.infer<typeof assetSummarySchema>;

/** Watchlist item (2.4). */
export const watchlistItemSchema = z.looseObject({
  id: z.string(),
  asset: assetSummarySchema,
  state: z.enum(WATCH_STATES),
  stateReason: text,
  intakeStatus: text,
  monitoringEnabled: z.boolean(),
  note: z.nullish(z.string()),
  addedAt: z.string(),
});
export type WatchlistItem = z.infer<typeof watchlistItemSchema>;

/** Body of `GET /me/watchlist`: `data`, plus `limit` and `used` (field notes). */
export const watchlistResponseSchema = z.looseObject({
  data: z.array(watchlistItemSchema),
  limit: z.nullish(z.number()),
  used: z.nullish(z.number()),
});
export type WatchlistResponse = z.infer<typeof watchlistResponseSchema>;

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
export type Explanation = z.infer<typeof explanationSchema>;

const evidenceSide = z.nullish(z.looseObject({ quote: text, artifactId: text, observationSha256: text }));

/** `impactAssessment` of a monitoring change (2.5). */
export const impactAssessmentSchema = z.looseObject({
  id: text,
  direction: z.nullish(z.enum(IMPACT_ORDER)),
  status: text,
  disposition: text,
  dimensions: z.nullish(z.array(z.looseObject({ kind: text, direction: text }))),
  reason: text,
  whatThisMeansForHolders: text,
  method: text,
  confidence: z.nullish(z.number()),
  isFallback: flag,
  retryRequired: flag,
  rulesVersion: text,
  evidence: z.nullish(z.looseObject({ old: evidenceSide, new: evidenceSide })),
  inputFingerprint: text,
  groupId: text,
  childEventIds: z.nullish(z.array(z.string())),
  assessedAt: text,
});
export type ImpactAssessment = z.infer<typeof impactAssessmentSchema>;

/** A monitoring change (2.5). Category, change kind, field group and disposition are open sets. */
export const changeSchema = z.looseObject({
  id: z.string(),
  category: text,
  watchlistItemId: text,
  asset: z.nullish(assetSummarySchema),
  detectedAt: z.string(),
  title: text,
  detail: text,
  materiality: z.nullish(z.enum(MATERIALITIES)),
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
  direction: z.nullish(z.enum(IMPACT_ORDER)),
  disposition: text,
  impactAssessment: z.nullish(impactAssessmentSchema),
});
export type Change = z.infer<typeof changeSchema>;

/** Envelope of `GET /me/monitoring/changes` (2.5). */
export const changesEnvelopeSchema = z.looseObject({
  items: z.array(changeSchema),
  since: text,
  seenAt: text,
  truncated: z.boolean(),
});
export type ChangesEnvelope = z.infer<typeof changesEnvelopeSchema>;

/** A notification (2.6); `kind` is one of part 6. */
export const notificationSchema = z.looseObject({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS as [string, ...string[]]),
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
export type Notification = z.infer<typeof notificationSchema>;

/** Envelope of `GET /me/notifications` (2.6). */
export const notificationsEnvelopeSchema = z.looseObject({
  items: z.array(notificationSchema),
  unread: z.number(),
});
export type NotificationsEnvelope = z.infer<typeof notificationsEnvelopeSchema>;

/** A tokenomics revision (2.7): only `id` and `revision` are known; the rest is kept as is. */
export const tokenomicsRevisionSchema = z.looseObject({
  id: z.string(),
  revision: z.union([z.number(), z.string()]),
});
export type TokenomicsRevision = z.infer<typeof tokenomicsRevisionSchema>;

/** A page of the tokenomics feed (4.2). */
export const tokenomicsPageSchema = z.looseObject({
  items: z.array(tokenomicsRevisionSchema),
  nextCursor: text,
  hasMore: z.boolean(),
});
export type TokenomicsPage = z.infer<typeof tokenomicsPageSchema>;

/** The dedupe key of a revision: the pair (`id`, `revision`) (2.7). */
export function revisionKey(r: Pick<TokenomicsRevision, 'id' | 'revision'>): string {
  return `${r.id}\u0000${String(r.revision)}`;
}

/** Body of `GET /health` (not shown by the spec): anything JSON. */
export const healthSchema = z.looseObject({});

/** Body of `POST /me/watchlist`. */
export const watchlistAddBodySchema = z.object({ assetId: z.string() });
/** Body of `PATCH /me/watchlist/{id}`. */
export const watchlistPatchBodySchema = z.object({
  monitoringEnabled: z.optional(z.boolean()),
  note: z.optional(z.nullable(z.string())),
});

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Whether a body is the `{ data, meta, errors }` envelope some deployments use (field notes),
 * as opposed to a bare body of the contract (a watchlist's `{ data, limit, used }` is bare).
 */
export function isEnvelope(body: unknown): body is { data: unknown; meta?: unknown; errors?: unknown } {
  if (!isPlainObject(body) || !('data' in body)) return false;
  if (!('meta' in body) && !('errors' in body)) return false;
  return Object.keys(body).every((k) => k === 'data' || k === 'meta' || k === 'errors');
}

/**
 * Returns the contract body inside an envelope, or the body itself when bare.
 * An enveloped watchlist array becomes `{ data: [...] }` again.
 */
export function unwrapEnvelope(body: unknown): unknown {
  if (!isEnvelope(body)) return body;
  const inner = body.data;
  if (Array.isArray(inner)) {
    const meta = isPlainObject(body.meta) ? body.meta : {};
    return { data: inner, limit: meta['limit'], used: meta['used'] };
  }
  if (inner == null && Array.isArray(body.errors) && isPlainObject(body.errors[0])) return body.errors[0];
  return inner;
}
