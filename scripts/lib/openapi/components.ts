/**
 * The JSON Schemas both OpenAPI documents share, generated from the contract's zod/mini
 * schemas (`z.toJSONSchema` over one registry, so nested resources become `$ref`s), plus the
 * bodies of the server piece's own routes, which only the proxy document uses.
 */
import * as z from 'zod/mini';
import {
  LIMITS,
  assetRecordSchema,
  assetSummarySchema,
  assetsPageSchema,
  authoritySchema,
  badgeErrorSchema,
  businessDetailsSchema,
  changeSchema,
  changesEnvelopeSchema,
  explanationSchema,
  explorerErrorSchema,
  healthSchema,
  impactAssessmentSchema,
  kitErrorSchema,
  notificationSchema,
  notificationsEnvelopeSchema,
  publicApiErrorSchema,
  tokenAuthoritySchema,
  tokenDetailsSchema,
  tokenLookupResultSchema,
  tokenMatchSchema,
  tokenomicsPageSchema,
  tokenomicsRevisionSchema,
  watchlistItemSchema,
  watchlistResponseSchema,
} from '../../../src/contract/index.js';
import { WIDGET_PRODUCTS, type WidgetProduct } from '../../../src/sandbox/widget/page.js';

/**
 * The watchlist write bodies as documentation. The rule itself is `parseWatchlistAddBody` /
 * `parseWatchlistPatchBody` in `src/contract/bodies.ts` (zod-free, used everywhere).
 */
const watchlistAddBodySchema = z.strictObject({ assetId: z.string().check(z.uuid()) });
const watchlistPatchBodySchema = z.strictObject({
  monitoringEnabled: z.optional(z.boolean()),
  note: z.optional(z.nullable(z.string().check(z.maxLength(LIMITS.noteMaxLength)))),
});

/** `GET {prefix}/capabilities`. */
const capabilitiesSchema = z.object({ explorer: z.boolean(), explorerWrites: z.boolean(), widget: z.boolean() });

/** `POST {prefix}/token` → a widget access token (at most one hour). */
const accessTokenSchema = z.object({ accessToken: z.string(), expiresAt: z.iso.datetime() });

/** One lookup of `POST {prefix}/lookup`: a token (CAIP-19, or address with optional chain) or an asset. */
const lookupEntrySchema = z.union([
  z.strictObject({ kind: z.literal('token'), caip19: z.string() }),
  z.strictObject({ kind: z.literal('token'), address: z.string(), chainSlug: z.optional(z.string()) }),
  z.strictObject({ kind: z.literal('asset'), chain: z.string(), address: z.string() }),
  z.strictObject({ kind: z.literal('asset'), accountId: z.string() }),
]);

const lookupBatchSchema = z.object({
  requests: z.array(lookupEntrySchema).check(z.maxLength(LIMITS.lookupBatchMax)),
  fresh: z.optional(z.boolean()),
});

/** One answer of the batch, in request order: the status and body the single route would give. */
const lookupResultSchema = z.object({
  status: z.int(),
  body: z.unknown(),
  retryAfter: z.optional(z.number()),
});

const lookupBatchResultSchema = z.object({ results: z.array(lookupResultSchema) });

/**
 * `POST /widget/api/complete`, the sandbox widget's simulated flow submitting (not a route of the
 * live service): the body `completeFlow` in `src/sandbox/widget/index.ts` accepts, its answer,
 * and its errors (`{ message }`, like the fault errors of the route). Other body fields are ignored.
 */
const widgetCompleteBodySchema = z.looseObject({
  token: z.string(),
  asset: z.string(),
  product: z.optional(z.enum(Object.keys(WIDGET_PRODUCTS) as [WidgetProduct, ...WidgetProduct[]])),
});
const widgetCompleteResultSchema = z.object({
  ok: z.literal(true),
  asset: z.object({ slug: z.string(), name: z.string(), chain: z.string(), address: z.string() }),
});
const widgetErrorSchema = z.object({ message: z.string() });

/** The `{ data, meta, errors }` wrapper some deployments put around Explorer bodies (field notes). */
const envelopeSchema = z.object({
  data: z.unknown(),
  meta: z.optional(z.unknown()),
  errors: z.optional(z.array(z.unknown())),
});

const COMPONENTS = {
  Authority: authoritySchema,
  TokenDetails: tokenDetailsSchema,
  BusinessDetails: businessDetailsSchema,
  AssetRecord: assetRecordSchema,
  AssetsPage: assetsPageSchema,
  TokenAuthority: tokenAuthoritySchema,
  TokenMatch: tokenMatchSchema,
  TokenLookupResult: tokenLookupResultSchema,
  AssetSummary: assetSummarySchema,
  WatchlistItem: watchlistItemSchema,
  WatchlistResponse: watchlistResponseSchema,
  WatchlistAddBody: watchlistAddBodySchema,
  WatchlistPatchBody: watchlistPatchBodySchema,
  Explanation: explanationSchema,
  ImpactAssessment: impactAssessmentSchema,
  Change: changeSchema,
  ChangesEnvelope: changesEnvelopeSchema,
  Notification: notificationSchema,
  NotificationsEnvelope: notificationsEnvelopeSchema,
  TokenomicsRevision: tokenomicsRevisionSchema,
  TokenomicsPage: tokenomicsPageSchema,
  Health: healthSchema,
  Envelope: envelopeSchema,
  ExplorerError: explorerErrorSchema,
  PublicApiError: publicApiErrorSchema,
  BadgeError: badgeErrorSchema,
  KitError: kitErrorSchema,
  Capabilities: capabilitiesSchema,
  AccessToken: accessTokenSchema,
  LookupEntry: lookupEntrySchema,
  LookupBatch: lookupBatchSchema,
  LookupResult: lookupResultSchema,
  LookupBatchResult: lookupBatchResultSchema,
  WidgetCompleteBody: widgetCompleteBodySchema,
  WidgetCompleteResult: widgetCompleteResultSchema,
  WidgetError: widgetErrorSchema,
} as const;

export type ComponentName = keyof typeof COMPONENTS;

/** The component names `value` refers to with `$ref`. */
function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) return value.forEach((v) => refsIn(v, found));
  if (typeof value !== 'object' || value === null) return;
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string') found.add(v.slice(v.lastIndexOf('/') + 1));
    else refsIn(v, found);
  }
}

/**
 * The components `document` refers to (and those they refer to), as JSON Schema
 * (draft 2020-12, which OpenAPI 3.1 uses), in the order of the table above.
 */
export function componentsFor(document: unknown): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema as z.core.$ZodType, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Record<string, unknown>> };
  const clean = (name: string) => {
    const { $schema: _s, $id: _i, id: _d, ...schema } = schemas[name]!;
    return schema;
  };
  const needed = new Set<string>();
  refsIn(document, needed);
  for (let size = -1; size !== needed.size; ) {
    size = needed.size;
    for (const name of [...needed]) refsIn(clean(name), needed);
  }
  return Object.fromEntries(Object.keys(COMPONENTS).filter((n) => needed.has(n)).map((n) => [n, clean(n)]));
}

/** `{ $ref }` to a component. */
export const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
