/**
 * What the two OpenAPI documents share: the Public API lookup routes and the Explorer routes
 * as the contract describes them (paths, parameters, request and success bodies). The server
 * piece forwards both families under its prefix; the sandbox serves them at the service's
 * own paths. Each document adds its own error shapes and security.
 */
import { EXPLORER_ROUTES } from '../../../src/server/explorer/routes.js';
import {
  IMPACT_ORDER,
  LIMITS,
  MATERIALITIES,
  SORT_ORDERS,
} from '../../../src/contract/index.js';
import { ref, type ComponentName } from './components.js';

export type Schema = Record<string, unknown>;
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description: string;
  schema: Schema;
}
export interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: true; content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: Schema }> }>;
  security?: Array<Record<string, string[]>>;
}
/** A route before a document adds its error shapes: `success` maps status → body (null = none). */
export interface RouteSpec {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  parameters?: Parameter[];
  body?: ComponentName;
  success: Record<string, ComponentName | null>;
  /** Explorer scope the upstream key needs (`null`: no key). */
  scope?: string | null;
}

const text: Schema = { type: 'string' };
const bool: Schema = { type: 'string', enum: ['true', 'false'] };
/** A whole number from `minimum`, up to `maximum` where the contract fixes one. */
const int = (minimum: number, maximum?: number): Schema => ({ type: 'integer', minimum, ...(maximum === undefined ? {} : { maximum }) });

export const jsonContent = (schema: Schema) => ({ 'application/json': { schema } });
export const path = (name: string, description: string): Parameter => ({ name, in: 'path', required: true, description, schema: text });
export const query = (name: string, description: string, schema: Schema = text): Parameter => ({ name, in: 'query', description, schema });

/** Public API lookup routes (spec 4.1). */
export const PUBLIC_ROUTES: readonly RouteSpec[] = [
  {
    method: 'get',
    path: '/assets',
    operationId: 'listAssets',
    summary: 'All verified assets, paged',
    tag: 'Public API',
    parameters: [
      query('page_size', 'Page size (the service answers for its own maximum)', int(1)),
      query('page_number', 'Page number, from 1', int(1)),
    ],
    success: { '200': 'AssetsPage' },
  },
  {
    method: 'get',
    path: '/assets/{chain}/{account_address}',
    operationId: 'getAssetByChain',
    summary: 'One asset by chain name and account address',
    tag: 'Public API',
    parameters: [path('chain', 'Chain name, e.g. `solana`'), path('account_address', 'Account (token) address')],
    success: { '200': 'AssetRecord' },
  },
  {
    method: 'get',
    path: '/assets/{namespace}/{reference}/{account_address}',
    operationId: 'getAssetByAccountId',
    summary: 'One asset by CAIP-10 account id, `:` written as `/`',
    tag: 'Public API',
    parameters: [
      path('namespace', 'CAIP-2 namespace, e.g. `eip155`'),
      path('reference', 'CAIP-2 reference, e.g. `1`'),
      path('account_address', 'Account address'),
    ],
    success: { '200': 'AssetRecord' },
  },
  {
    method: 'get',
    path: '/kyi/v1/tokens',
    operationId: 'lookupTokens',
    summary: 'KYI verification of indexed tokens: `caip19`, or `address` with optional `chain_slug`',
    tag: 'Public API',
    parameters: [
      query('caip19', 'CAIP-19 asset id (not with `address`)'),
      query('address', 'Token address (not with `caip19`)'),
      query('chain_slug', 'Chain slug, only with `address`'),
    ],
    success: { '200': 'TokenLookupResult', '404': 'TokenLookupResult' },
  },
];

/** Query parameters of the Explorer routes (spec 4.2), by route id. */
const EXPLORER_QUERIES: Record<string, Parameter[]> = {
  'explorer:tokenomics': tokenomicsQuery(),
  'explorer:asset-tokenomics': tokenomicsQuery(),
  'explorer:changes': [
    query('newOnly', 'Only confirmed changes detected after the last seen marker', bool),
    query('showAll', 'Also list low-signal document revisions', bool),
    query('materiality', 'Only disclosure-field changes of this materiality', { type: 'string', enum: [...MATERIALITIES] }),
    query('days', 'Window size in days (the service answers for its own maximum)', int(1)),
    query('item', `Watchlist item ids, comma-separated or repeated, at most ${LIMITS.itemFilterMax}`),
    query('sort', `Order: ${SORT_ORDERS.join(', ')} (impact orders ${IMPACT_ORDER.join(', ')}, then newest)`, {
      type: 'string',
      enum: [...SORT_ORDERS],
    }),
    query('category', 'Only changes of this category'),
  ],
  'explorer:notifications': [query('unread', 'Unread notifications only', bool)],
};

function tokenomicsQuery(): Parameter[] {
  return [
    query('since', 'A cursor the service issued (`nextCursor`)'),
    query('limit', 'Page size (200 in the polling pattern)', int(1, LIMITS.tokenomicsPageMax)),
    query('page', 'Page token for a one-time history backfill'),
  ];
}

const EXPLORER_BODIES: Record<string, ComponentName> = {
  'explorer:watchlist-add': 'WatchlistAddBody',
  'explorer:watchlist-update': 'WatchlistPatchBody',
};

const EXPLORER_SUCCESS: Record<string, Record<string, ComponentName | null>> = {
  'explorer:health': { '200': 'Health' },
  'explorer:tokenomics': { '200': 'TokenomicsPage' },
  'explorer:asset-tokenomics': { '200': 'TokenomicsPage' },
  'explorer:watchlist': { '200': 'WatchlistResponse' },
  // 200: the asset was already on the watchlist (that item, nothing added)
  'explorer:watchlist-add': { '200': 'WatchlistItem', '201': 'WatchlistItem' },
  'explorer:watchlist-update': { '200': 'WatchlistItem' },
  'explorer:watchlist-remove': { '204': null },
  'explorer:changes': { '200': 'ChangesEnvelope' },
  'explorer:notifications': { '200': 'NotificationsEnvelope' },
};

/** The Explorer routes (spec 4.2) from the server piece's route table, at `/explorer/…`. */
export const EXPLORER_ROUTE_SPECS: readonly RouteSpec[] = EXPLORER_ROUTES.map((route) => {
  const params = [...route.pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const id = route.id.slice('explorer:'.length);
  return {
    method: route.method.toLowerCase() as RouteSpec['method'],
    path: '/explorer' + route.pattern.replace(/:(\w+)/g, '{$1}'),
    operationId: 'explorer' + id.replace(/(^|-)(\w)/g, (_, _d: string, c: string) => c.toUpperCase()),
    summary: `Explorer ${route.method} ${route.pattern}${route.scope ? ` (scope ${route.scope})` : ' (no key)'}`,
    tag: 'Explorer API',
    parameters: [
      ...params.map((p) => path(p, p === 'id' && route.pattern.startsWith('/me/') ? 'Watchlist item id' : 'Asset id (UUID)')),
      ...(EXPLORER_QUERIES[route.id] ?? []),
    ],
    body: EXPLORER_BODIES[route.id],
    success: EXPLORER_SUCCESS[route.id]!,
    scope: route.scope,
  };
});

/**
 * The OpenAPI operation of `route`: success bodies (wrapped by `success` where a document
 * allows another form), the request body, and `errors` for every other status.
 */
export function operation(
  route: RouteSpec,
  opts: { errors: Operation['responses']; success?: (name: ComponentName) => Schema; security?: Operation['security'] },
): Operation {
  const responses: Operation['responses'] = {};
  for (const [status, body] of Object.entries(route.success)) {
    const description = { '201': 'Created', '204': 'Done, no body', '404': 'Nothing matches' }[status] ?? 'Success';
    responses[status] = body ? { description, content: jsonContent(opts.success?.(body) ?? ref(body)) } : { description };
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    ...(route.parameters?.length ? { parameters: route.parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: jsonContent(ref(route.body)) } } : {}),
    responses: { ...responses, ...opts.errors },
    ...(opts.security ? { security: opts.security } : {}),
  };
}

/** Adds `op` to `paths` at `route.path`. */
export function addOperation(paths: Record<string, Record<string, Operation>>, at: string, method: string, op: Operation): void {
  (paths[at] ??= {})[method] = op;
}
