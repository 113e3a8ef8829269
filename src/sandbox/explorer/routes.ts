/**
 * The Explorer API's route table (spec 4.2) and the checks every request passes, in order:
 * site gate (403 `site_gate_required`) → route (404 `not_found`, also for the tokenomics feed
 * when its feature flag is off) → key (403 `signature_missing`, 401 `api_key_invalid`) →
 * rate budget (429 `too_many_requests` + `Retry-After`) → open to keys (403
 * `api_key_not_permitted`) → scope (403 `api_key_scope_missing`) → the route itself.
 */
import {
  changeSchema,
  checkContract,
  isUuid,
  notificationSchema,
  parseMonitoringChangesQuery,
  parseNotificationsQuery,
  parseTokenomicsQuery,
  parseWatchlistAddBody,
  parseWatchlistPatchBody,
  type ExplorerScope,
} from '../../contract/index.js';
import type { RouteId } from '../routes.js';
import { readChanges } from './changes.js';
import { readJsonObject, replyFor, type Reply } from './http.js';
import { authenticate, coversAsset, type ExplorerKey } from './keys.js';
import { iso } from './random.js';
import type { ExplorerState } from './state.js';
import { watchItemJson } from './watchlist.js';

interface Call {
  state: ExplorerState;
  request: Request;
  url: URL;
  params: string[];
  key: ExplorerKey;
  reply: Reply;
  now: number;
}

export interface RouteDef {
  method: string;
  /** Path after the `/explorer` prefix, parameters as `:name`. */
  path: string;
  /** Route id for faults and stats; `null` for routes the sandbox does not count. */
  id: RouteId | null;
  /** `none`: no key (`/health`); `key`: a key with `scope`; `session`: not open to keys (5 rule 5). */
  access: 'none' | 'key' | 'session';
  scope?: ExplorerScope;
  run(call: Call): Response | Promise<Response>;
}

const route = (method: string, path: string, def: Omit<RouteDef, 'method' | 'path'>): RouteDef => ({ method, path, ...def });

/**
 * Routes not open to keys (spec 1, 5 rule 5): marking notifications read and managing keys are
 * done in the service's own user interface. Any key, any scope: 403 `api_key_not_permitted`.
 */
const sessionOnly = (): Response => {
  throw new Error('session-only routes are never run with a key');
};

export const ROUTES: RouteDef[] = [
  route('GET', '/health', { id: 'explorer:health', access: 'none', run: health }),
  route('GET', '/tokenomics/changes', { id: 'explorer:tokenomics', access: 'key', scope: 'tokenomics:read', run: tokenomicsFeed }),
  route('GET', '/assets/:id/tokenomics/changes', {
    id: 'explorer:asset-tokenomics',
    access: 'key',
    scope: 'tokenomics:read',
    run: assetTokenomics,
  }),
  route('GET', '/me/watchlist', { id: 'explorer:watchlist', access: 'key', scope: 'monitoring:read', run: listWatchlist }),
  route('POST', '/me/watchlist', { id: 'explorer:watchlist-add', access: 'key', scope: 'watchlist:write', run: addToWatchlist }),
  route('PATCH', '/me/watchlist/:id', { id: 'explorer:watchlist-update', access: 'key', scope: 'watchlist:write', run: updateWatchItem }),
  route('DELETE', '/me/watchlist/:id', { id: 'explorer:watchlist-remove', access: 'key', scope: 'watchlist:write', run: removeWatchItem }),
  route('GET', '/me/monitoring/changes', { id: 'explorer:changes', access: 'key', scope: 'monitoring:read', run: listChanges }),
  route('GET', '/me/notifications', { id: 'explorer:notifications', access: 'key', scope: 'monitoring:read', run: listNotifications }),
  route('POST', '/me/notifications/read', { id: null, access: 'session', run: sessionOnly }),
  route('POST', '/me/notifications/:id/read', { id: null, access: 'session', run: sessionOnly }),
  route('GET', '/me/api-keys', { id: null, access: 'session', run: sessionOnly }),
];

/** Paths of the routes not open to keys, for docs and tests. */
export const SESSION_ONLY_ROUTES = ['POST /me/notifications/read', 'POST /me/notifications/{id}/read', 'GET /me/api-keys'];

/**
 * Answers one Explorer request: `def` is its route in `ROUTES` (null when none matched),
 * `params` the route's path parameters in order, `path` the part after `/explorer`.
 */
export async function answerExplorer(state: ExplorerState, request: Request, path: string, def: RouteDef | null, params: string[]): Promise<Response> {
  state.tick();
  const now = state.now();
  const reply = replyFor({ envelope: state.envelope, requestId: state.nextRequestId(), now });
  try {
    if (!state.siteGateOpen) return reply.error('site_gate_required', 'The site gate is closed; try again later');
    const method = request.method.toUpperCase();
    if (!def || (def.id === 'explorer:tokenomics' && !state.tokenomicsFeedEnabled)) {
      return reply.error('not_found', `No route ${method} ${path}`);
    }
    const url = new URL(request.url);
    if (def.access === 'none') return await def.run({ state, request, url, params, key: null as never, reply, now });
    const auth = authenticate(request.headers.get('authorization'), state.keys);
    if (!auth.ok) return reply.error(auth.code, auth.message);
    const budget = state.rateLimiter.take(auth.key.value, now);
    if (!budget.ok) {
      return reply.error('too_many_requests', `Rate budget of ${state.rateLimiter.settings.perMinute} requests per minute exceeded`, {
        'retry-after': String(budget.retryAfterSeconds),
      });
    }
    if (def.access === 'session') return reply.error('api_key_not_permitted', `${method} ${path} is not open to API keys`);
    if (def.scope && !auth.key.scopes.includes(def.scope)) {
      return reply.error('api_key_scope_missing', `This route needs the ${def.scope} scope`);
    }
    return await def.run({ state, request, url, params, key: auth.key, reply, now });
  } catch (error) {
    return reply.error('internal_error', `Internal error (${reply.requestId})${error instanceof Error ? `: ${error.message}` : ''}`);
  }
}

// ---------------------------------------------------------------------------------- handlers

function health({ reply, now }: Call): Response {
  return reply.ok({ status: 'ok', service: 'explorer', time: iso(now) });
}

function tokenomicsFeed({ state, url, key, reply }: Call): Response {
  return tokenomicsPage(state, url, key, reply, null);
}

function assetTokenomics({ state, url, key, reply, params }: Call): Response {
  const id = params[0]!;
  if (!isUuid(id) || !state.asset(id) || !coversAsset(key, id)) return reply.error('not_found', `Asset ${id} not found`);
  return tokenomicsPage(state, url, key, reply, id);
}

function tokenomicsPage(state: ExplorerState, url: URL, key: ExplorerKey, reply: Reply, assetId: string | null): Response {
  const q = parseTokenomicsQuery(url.searchParams);
  if (!q.ok) return reply.error(q.code, q.message);
  const page = state.tokenomics.read(q.value, { assetId, scope: key.assets, scopeName: key.assets ? key.name : '*' });
  if (!page.ok) return reply.error(page.code, page.message);
  // Deployment switches (see `ExplorerState`): paging by number only, and a body without `hasMore`.
  const { nextPage, hasMore, ...rest } = page.body;
  return reply.ok({ ...rest, ...(state.tokenomicsHasMore ? { hasMore } : {}), ...(state.tokenomicsPageTokens ? { nextPage } : {}) });
}

function rejectQuery(url: URL, reply: Reply): Response | null {
  const name = [...url.searchParams.keys()][0];
  return name === undefined ? null : reply.error('invalid_parameter', `unknown parameter ${name}; this route takes none`);
}

function listWatchlist({ state, url, key, reply }: Call): Response {
  const bad = rejectQuery(url, reply);
  if (bad) return bad;
  const items = state.watchlist.list().filter((e) => coversAsset(key, e.asset.summary.id));
  return reply.ok({ data: items.map(watchItemJson), limit: state.watchlist.cap, used: state.watchlist.used });
}

async function addToWatchlist({ state, request, key, reply, now }: Call): Promise<Response> {
  const body = parseWatchlistAddBody(await readJsonObject(request));
  if (!body.ok) return reply.error('invalid_parameter', body.message);
  const asset = state.asset(body.value.assetId);
  if (!asset || !coversAsset(key, asset.summary.id)) {
    return reply.error('not_found', `Asset ${body.value.assetId} is not in the public registry`);
  }
  const result = state.watchlist.add(asset, now);
  if (result.status === 'full') {
    return reply.error('watchlist_limit_reached', `The watchlist is full (${state.watchlist.cap} items, unresolved ones included)`);
  }
  return reply.ok(watchItemJson(result.entry), result.status === 'created' ? 201 : 200);
}

function ownItem(state: ExplorerState, key: ExplorerKey, id: string) {
  const entry = isUuid(id) ? state.watchlist.get(id) : undefined;
  return entry && coversAsset(key, entry.asset.summary.id) ? entry : undefined;
}

async function updateWatchItem({ state, request, key, reply, params }: Call): Promise<Response> {
  const entry = ownItem(state, key, params[0]!);
  if (!entry) return reply.error('not_found', `Watchlist item ${params[0]} not found`);
  const body = parseWatchlistPatchBody(await readJsonObject(request));
  if (!body.ok) return reply.error('invalid_parameter', body.message);
  if (body.value.monitoringEnabled !== undefined) entry.monitoringEnabled = body.value.monitoringEnabled;
  if (body.value.note !== undefined) entry.note = body.value.note;
  return reply.ok(watchItemJson(entry));
}

function removeWatchItem({ state, key, reply, params }: Call): Response {
  const entry = ownItem(state, key, params[0]!);
  if (!entry) return reply.error('not_found', `Watchlist item ${params[0]} not found`);
  state.watchlist.remove(entry.id);
  return reply.noContent();
}

function listChanges({ state, url, key, reply, now }: Call): Response {
  const q = parseMonitoringChangesQuery(url.searchParams);
  if (!q.ok) return reply.error(q.code, q.message);
  const itemIds = new Set(
    state.watchlist
      .list()
      .filter((e) => coversAsset(key, e.asset.summary.id))
      .map((e) => e.id),
  );
  const result = readChanges(state.changes, { now, seenAt: state.seenAt, itemIds, query: q.value });
  if (!result.ok) return reply.error('invalid_parameter', result.message);
  if (result.advanceSeenAt) state.seenAt = now;
  return reply.ok(result.body, 200, oddRows(result.body.items, changeSchema));
}

/**
 * Marks a list answer holding a row a test patched out of the contract's shape
 * (`POST /__sandbox/explorer/changes { patch }`), as the fault injection marks its cut bodies.
 */
function oddRows(rows: readonly unknown[], schema: Parameters<typeof checkContract>[0]): HeadersInit {
  return rows.every((row) => checkContract(schema, row).ok) ? {} : { 'x-kyi-sandbox-fault': 'malformed' };
}

function listNotifications({ state, url, key, reply, now }: Call): Response {
  const q = parseNotificationsQuery(url.searchParams);
  if (!q.ok) return reply.error(q.code, q.message);
  const inbox = state.inbox.read({ unread: q.value.unread, now, visible: (assetId) => coversAsset(key, assetId) });
  return reply.ok(inbox, 200, oddRows(inbox.items, notificationSchema));
}
