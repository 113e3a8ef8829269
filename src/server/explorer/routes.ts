/**
 * The Explorer routes of spec 4.2 the server piece forwards under `{prefix}/explorer/…`
 * (`EXPLORER_ROUTES`, read top to bottom and matched by the handler's route matcher): each
 * route's scope, how its query and body are checked and rebuilt from the checked values, and
 * how a success body is read. The same table makes `openapi/proxy.json` (scripts/lib/openapi/).
 *
 * Fetch-API only (no `node:` imports).
 */
import {
  EXPLORER_BODIES,
  MONITORING_CHANGES_PARAM_NAMES,
  TOKENOMICS_PARAM_NAMES,
  formatMonitoringChangesQuery,
  formatTokenomicsQuery,
  parseMonitoringChangesQuery,
  parseNotificationsQuery,
  parseTokenomicsQuery,
  parseWatchlistAddBody,
  parseWatchlistPatchBody,
  type ExplorerBody,
  type QueryResult,
} from '../../contract/index.js';
import { KyiHttpError, invalidParameter } from '../errors.js';
import type { ExplorerRouteInfo } from '../options.js';
import type { ResolvedConfig } from '../resolve-options.js';
import { MAX_QUERY_LENGTH, readQuery, unwrapQuery } from '../request/params.js';
import type { RouteEntry } from '../routing.js';

export interface ExplorerRoute extends RouteEntry {
  id: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path pattern relative to the Explorer base URL; `:name` segments are parameters. */
  pattern: string;
  scope: ExplorerRouteInfo['scope'];
  /** Builds the upstream query from the checked request query. */
  query?: (url: URL, explorer: Explorer) => URLSearchParams;
  /** Checks the request body and returns the one forwarded. */
  body?: (json: unknown) => object;
  /** How a success body is read (`null` = no body, 204). */
  response: ExplorerBody<unknown> | null;
}

type Explorer = NonNullable<ResolvedConfig['explorer']>;

function tokenomicsQuery(url: URL): URLSearchParams {
  const params = readQuery(url, TOKENOMICS_PARAM_NAMES, {
    since: { maxLength: 512 },
    page: { maxLength: 512 },
    limit: { maxLength: 3 },
  });
  return formatTokenomicsQuery(unwrapQuery(parseTokenomicsQuery(params)));
}

function noQuery(url: URL): URLSearchParams {
  readQuery(url, []);
  return new URLSearchParams();
}

/** A checked body, or a 400: `invalid_body` when the body as a whole is wrong, else naming the field. */
function unwrapBody<T>(result: QueryResult<T>): T {
  if (!result.ok && result.param === 'body') throw new KyiHttpError(400, 'invalid_body', `Invalid body: ${result.message}`);
  return unwrapQuery(result);
}

/** The changes query; `newOnly` (which moves the key's one seen marker) only when the partner allows it. */
function changesQuery(url: URL, explorer: Explorer): URLSearchParams {
  const params = readQuery(url, MONITORING_CHANGES_PARAM_NAMES, {
    item: { maxLength: MAX_QUERY_LENGTH },
    days: { maxLength: 6 },
    category: { maxLength: 64 },
  });
  const query = unwrapQuery(parseMonitoringChangesQuery(params));
  if (!explorer.forwardNewOnly) delete query.newOnly;
  return formatMonitoringChangesQuery(query);
}

/** The Explorer routes of spec 4.2, read top to bottom. Ids match the sandbox's route ids. */
export const EXPLORER_ROUTES: readonly ExplorerRoute[] = [
  { id: 'explorer:health', method: 'GET', pattern: '/health', scope: null, query: noQuery, response: EXPLORER_BODIES.health },
  {
    id: 'explorer:tokenomics',
    method: 'GET',
    pattern: '/tokenomics/changes',
    scope: 'tokenomics:read',
    query: tokenomicsQuery,
    response: EXPLORER_BODIES.tokenomicsPage,
  },
  {
    id: 'explorer:asset-tokenomics',
    method: 'GET',
    pattern: '/assets/:id/tokenomics/changes',
    scope: 'tokenomics:read',
    query: tokenomicsQuery,
    response: EXPLORER_BODIES.assetTokenomicsPage,
  },
  { id: 'explorer:watchlist', method: 'GET', pattern: '/me/watchlist', scope: 'monitoring:read', query: noQuery, response: EXPLORER_BODIES.watchlist },
  {
    id: 'explorer:watchlist-add',
    method: 'POST',
    pattern: '/me/watchlist',
    scope: 'watchlist:write',
    query: noQuery,
    body: (json) => unwrapBody(parseWatchlistAddBody(json)),
    response: EXPLORER_BODIES.watchlistItem,
  },
  {
    id: 'explorer:watchlist-update',
    method: 'PATCH',
    pattern: '/me/watchlist/:id',
    scope: 'watchlist:write',
    query: noQuery,
    body: (json) => {
      const body = unwrapBody(parseWatchlistPatchBody(json));
      if (body.note?.includes('\u0000')) throw invalidParameter('note', 'must not contain NUL');
      return body;
    },
    response: EXPLORER_BODIES.watchlistItem,
  },
  { id: 'explorer:watchlist-remove', method: 'DELETE', pattern: '/me/watchlist/:id', scope: 'watchlist:write', query: noQuery, response: null },
  {
    id: 'explorer:changes',
    method: 'GET',
    pattern: '/me/monitoring/changes',
    scope: 'monitoring:read',
    query: changesQuery,
    response: EXPLORER_BODIES.changes,
  },
  {
    id: 'explorer:notifications',
    method: 'GET',
    pattern: '/me/notifications',
    scope: 'monitoring:read',
    query: (url) => {
      const params = readQuery(url, ['unread'], { unread: { maxLength: 5 } });
      const q = unwrapQuery(parseNotificationsQuery(params));
      return new URLSearchParams(q.unread === undefined ? {} : { unread: String(q.unread) });
    },
    response: EXPLORER_BODIES.notifications,
  },
];
