/**
 * Explorer API resources (spec 2.3–2.7, 4.2) as zod/mini schemas, for reading response
 * bodies leniently: unknown fields kept, "not shown" fields nullable or missing, and an enum
 * value the spec does not list (watch state, materiality, direction, notification kind) kept
 * as it came — the elements show it as "other". Query parameters stay strict (`queries.ts`).
 */
import * as z from 'zod/mini';
import { IMPACT_ORDER, MATERIALITIES, NOTIFICATION_KINDS, WATCH_STATES } from './enums.js';
import { flag, num, openEnum, text } from './fields.js';
import { ContractError, checkContract } from './parse.js';

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
export type AssetSummary = z.infer<typeof assetSummarySchema>;

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
export type WatchlistItem = z.infer<typeof watchlistItemSchema>;

/** Body of `GET /me/watchlist`: `data`, plus `limit` and `used` (field notes). */
export const watchlistResponseSchema = z.looseObject({
  data: z.array(watchlistItemSchema),
  limit: num,
  used: num,
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
export type TokenomicsPage = z.infer<typeof tokenomicsPageSchema>;

/** The dedupe key of a revision: the pair (`id`, `revision`) (2.7). */
export function revisionKey(r: Pick<TokenomicsRevision, 'id' | 'revision'>): string {
  return `${r.id}\u0000${String(r.revision)}`;
}

/** Body of `GET /health` (not shown by the spec): any JSON object (a non-JSON body is read as `{ text }`). */
export const healthSchema = z.looseObject({});

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

/**
 * How one Explorer response body is read: its schema, and the list inside it whose rows are
 * read one by one, so a row of the wrong shape is dropped (and reported) instead of the page.
 */
export interface ExplorerBody<T> {
  schema: z.ZodMiniType<T>;
  list?: { field: string; row: z.ZodMiniType };
  /** Brings an accepted variant of the body (already out of its envelope) to the schema's shape. */
  normalize?: (body: unknown) => unknown;
}

/**
 * The body of `GET /assets/{id}/tokenomics/changes`, whose shape the spec does not show (4.2),
 * brought to a feed page: a bare array of revisions, or `{ data: [...] }`, is the `items`;
 * `items` missing (or `null`) is none. Other fields are kept as sent.
 */
function assetTokenomicsPage(body: unknown): unknown {
  if (Array.isArray(body)) return { items: body };
  if (!isPlainObject(body) || body['items'] != null) return body;
  if (!Array.isArray(body['data'])) return { ...body, items: [] };
  // `{ data: [...] }` (bare, or out of an envelope with `limit` and `used` added, maybe `undefined`).
  const rest = Object.entries(body).filter(([key, value]) => key !== 'data' && key !== 'items' && value !== undefined);
  return { ...Object.fromEntries(rest), items: body['data'] };
}

/** The response bodies of the Explorer routes (4.2), for the proxy and `ExplorerClient` alike. */
export const EXPLORER_BODIES = {
  health: { schema: healthSchema },
  tokenomicsPage: { schema: tokenomicsPageSchema, list: { field: 'items', row: tokenomicsRevisionSchema } },
  /** The per-asset route (shape not shown): a feed page, `items` optional, or a bare array, or `{ data: [...] }`. */
  assetTokenomicsPage: {
    schema: tokenomicsPageSchema,
    list: { field: 'items', row: tokenomicsRevisionSchema },
    normalize: assetTokenomicsPage,
  },
  watchlist: { schema: watchlistResponseSchema, list: { field: 'data', row: watchlistItemSchema } },
  watchlistItem: { schema: watchlistItemSchema },
  changes: { schema: changesEnvelopeSchema, list: { field: 'items', row: changeSchema } },
  notifications: { schema: notificationsEnvelopeSchema, list: { field: 'items', row: notificationSchema } },
} satisfies Record<string, ExplorerBody<unknown>>;

/** A row left out of a body because it did not have the contract's shape. */
export interface DroppedRow {
  /** Position in the list as sent. */
  index: number;
  /** The row's `id` when it had a string one. */
  id?: string;
  /** Where, e.g. `items[3].detectedAt`. */
  path: string;
  /** One line naming the offending field, e.g. `items[3].detectedAt: expected string`. */
  message: string;
}

/** The error reported (to `onError`) for a dropped row: the page itself was delivered. */
export function droppedRowError(route: string, row: DroppedRow): ContractError {
  return new ContractError(`${route}: left out a row that does not match the contract (${row.message})`, row.path);
}

export type ExplorerBodyResult<T> =
  | { ok: true; data: T; dropped: DroppedRow[] }
  | { ok: false; message: string; path: string };

/**
 * Reads a response body (bare or in the `{ data, meta, errors }` envelope): the envelope must
 * match, each row of its list is kept only when it matches, and the rest are `dropped`.
 */
export function readExplorerBody<T>(body: ExplorerBody<T>, value: unknown): ExplorerBodyResult<T> {
  const bare = unwrapEnvelope(value);
  const unwrapped = body.normalize ? body.normalize(bare) : bare;
  const list = body.list;
  const rows = list && isPlainObject(unwrapped) ? unwrapped[list.field] : undefined;
  if (!list || !Array.isArray(rows)) {
    const checked = checkContract(body.schema, unwrapped);
    return checked.ok ? { ok: true, data: checked.data as T, dropped: [] } : checked;
  }
  const outer = checkContract(body.schema, { ...(unwrapped as Record<string, unknown>), [list.field]: [] });
  if (!outer.ok) return outer;
  const kept: unknown[] = [];
  const dropped: DroppedRow[] = [];
  rows.forEach((row, index) => {
    const checked = checkContract(list.row, row);
    if (checked.ok) return void kept.push(checked.data);
    const id = isPlainObject(row) && typeof row['id'] === 'string' ? row['id'] : undefined;
    const path = `${list.field}[${index}]${checked.path === '(root)' ? '' : `.${checked.path}`}`;
    dropped.push({ index, ...(id === undefined ? {} : { id }), path, message: `${path}: ${checked.message.slice(checked.path.length + 2)}` });
  });
  return { ok: true, data: { ...(outer.data as Record<string, unknown>), [list.field]: kept } as T, dropped };
}
