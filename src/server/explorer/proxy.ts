/**
 * `{prefix}/explorer/…`: the Explorer routes of spec 4.2, after `authorize`, with the live
 * key as `Bearer` (spec 5), write routes only when `explorer.writes` is true (else 403
 * `writes_disabled`), every query parameter and body checked against the contract before
 * anything is forwarded (and rebuilt from the checked values), every call (`/health`
 * included) through the key's gate and rate budget, bodies validated (and unwrapped from the `{ data, meta, errors }`
 * envelope), `Cache-Control: private, no-store` on every answer.
 *
 * Fetch-API only (no `node:` imports).
 */
import {
  EXPLORER_BODIES,
  MONITORING_CHANGES_PARAM_NAMES,
  TOKENOMICS_PARAM_NAMES,
  droppedRowError,
  formatMonitoringChangesQuery,
  formatTokenomicsQuery,
  parseMonitoringChangesQuery,
  parseNotificationsQuery,
  parseTokenomicsQuery,
  parseWatchlistAddBody,
  parseWatchlistPatchBody,
  readExplorerBody,
  type ExplorerBody,
  type QueryResult,
} from '../../contract/index.js';
import { KyiHttpError, errorResponse, httpErrorResponse, invalidParameter, jsonResponse } from '../errors.js';
import { readJsonBody } from '../lookup/routes.js';
import type { KyiRequestContext, RouteEntry, RouteMatch } from '../handler.js';
import type { ExplorerRouteInfo, ResolvedConfig } from '../options.js';
import { authorizeRoute } from '../access.js';
import { checkOrigin } from '../origin.js';
import { callUpstream, type UpstreamOutcome } from '../upstream/call.js';
import { invalidBody, upstreamError, upstreamErrorBody } from '../upstream/outcome.js';
import { MAX_QUERY_LENGTH, checkUuid, decodeSegment, readQuery, unwrapQuery } from '../request/params.js';


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

/** Explorer error codes the browser may see, with the kit's own message for each. */
const PASS_THROUGH: Record<string, { status: number; message: string }> = {
  invalid_cursor: { status: 400, message: 'The cursor was not issued by the service' },
  invalid_page: { status: 400, message: 'The page token is out of range or not one the service issued' },
  invalid_parameter: { status: 400, message: 'The service refused a parameter' },
  api_key_scope_missing: { status: 403, message: 'The server key lacks the scope this route needs' },
  api_key_not_permitted: { status: 403, message: 'This route is not open to API keys' },
  site_gate_required: { status: 403, message: 'The monitoring service is closed right now' },
  not_found: { status: 404, message: 'Not found' },
  watchlist_limit_reached: { status: 409, message: 'The watchlist is full' },
};

const NO_STORE = { 'cache-control': 'private, no-store' };

/**
 * The kit's message for a refused request, naming the query parameter the upstream refused
 * when its message mentions one the proxy sent: the name is ours, never the upstream's text.
 */
function refusedMessage(fixed: string, upstreamMessage: string | undefined, query: URLSearchParams): string {
  if (!upstreamMessage) return fixed;
  const name = [...new Set(query.keys())].find((key) => new RegExp(`\\b${key}\\b`).test(upstreamMessage));
  return name ? `${fixed}: "${name}"` : fixed;
}

function explorerError(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return errorResponse(status, code, message, { ...NO_STORE, ...headers });
}

export class ExplorerProxy {
  readonly #config: ResolvedConfig;
  readonly #explorer: NonNullable<ResolvedConfig['explorer']>;

  constructor(config: ResolvedConfig) {
    if (!config.explorer) throw new Error('ExplorerProxy needs explorer options');
    this.#config = config;
    this.#explorer = config.explorer;
  }

  /**
   * Handles `{prefix}/explorer/…`, `found` being what the path after `explorer/` matched
   * in `EXPLORER_ROUTES` (the handler's route matcher).
   */
  async handle(request: Request, context: KyiRequestContext, url: URL, found: RouteMatch<ExplorerRoute>): Promise<Response> {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (!found) return explorerError(404, 'not_found', 'No such Explorer route');
    if (!found.route) {
      const allow = found.allowed.join(', ');
      return explorerError(405, 'method_not_allowed', `Use ${allow} on this route`, { allow });
    }
    const route = found.route;
    const write = route.scope === 'watchlist:write';
    if (write && !this.#explorer.writes) {
      return explorerError(403, 'writes_disabled', 'Watchlist changes are disabled on this server (explorer.writes is off)');
    }
    if (write) checkOrigin(request, this.#config, route.id);

    // path parameters first: a hostile id is refused before the partner's hook runs
    let upstreamPath = route.pattern;
    if ('id' in found.params) {
      const id = checkUuid('id', decodeSegment('id', found.params['id']!, { maxLength: 36 }));
      upstreamPath = upstreamPath.replace(':id', encodeURIComponent(id));
    }

    const info: ExplorerRouteInfo = { id: route.id, method, path: upstreamPath, scope: route.scope, write };
    const refused = await authorizeRoute(request, context, info, this.#config);
    if (refused) return refused;

    const query = route.query ? route.query(url, this.#explorer) : new URLSearchParams();
    let body: string | undefined;
    if (route.body) body = JSON.stringify(route.body(await readJsonBody(request, 16 * 1024, this.#config.bodyTimeoutMs)));

    const qs = query.toString();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (route.scope !== null) headers['authorization'] = `Bearer ${this.#explorer.apiKey}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const upstreamUrl = this.#explorer.baseUrl + upstreamPath + (qs ? `?${qs}` : '');
    // the client's signal: a visitor who left is not sent upstream, nor waited for there
    let outcome: UpstreamOutcome;
    try {
      outcome = await callUpstream(
        this.#config.send,
        { url: upstreamUrl, method, headers, body, idempotent: method === 'GET', signal: request.signal },
        this.#explorer.policy,
        this.#explorer.gate,
      );
    } catch (error) {
      if (!request.signal.aborted) throw error;
      return explorerError(499, 'request_aborted', 'The client went away before the answer');
    }
    return this.#answer(route, outcome, { head: request.method === 'HEAD', query });
  }

  #answer(route: ExplorerRoute, outcome: UpstreamOutcome, sent: { head: boolean; query: URLSearchParams }): Response {
    if (outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300) return this.#success(route, outcome, sent.head);
    if (outcome.kind === 'response') {
      const { code, message } = upstreamErrorBody(outcome.text);
      const known = code !== undefined ? PASS_THROUGH[code] : undefined;
      if (known && known.status === outcome.status) return explorerError(outcome.status, code!, refusedMessage(known.message, message, sent.query));
    }
    const error = upstreamError(outcome, 'explorer', this.#config.secrets);
    if (error.code !== 'too_many_requests') this.#config.onError(error, { route: route.id });
    return httpErrorResponse(error);
  }

  #success(route: ExplorerRoute, outcome: Extract<UpstreamOutcome, { kind: 'response' }>, head: boolean): Response {
    if (route.response === null || outcome.status === 204) return new Response(null, { status: 204, headers: NO_STORE });
    const read = this.#read(route, outcome.text);
    if (read instanceof Response) return read;
    const response = jsonResponse(read, outcome.status === 201 ? 201 : 200, NO_STORE);
    return head ? new Response(null, { status: response.status, headers: response.headers }) : response;
  }

  /** A success body read leniently: rows of the wrong shape are left out and reported to `onError`. */
  #read(route: ExplorerRoute, text: string): unknown {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // `/health` is not shown by the spec: any answer there means the service is up (its text stays here).
      if (route.id === 'explorer:health') return {};
      return this.#invalid(route, 'the body is not JSON');
    }
    const checked = readExplorerBody(route.response!, json);
    if (!checked.ok) return this.#invalid(route, `the body does not match the contract (${checked.path})`);
    for (const row of checked.dropped) this.#config.onError(droppedRowError(route.id, row), { route: route.id });
    return checked.data;
  }

  #invalid(route: ExplorerRoute, detail: string): Response {
    const error = invalidBody('explorer', detail);
    this.#config.onError(error, { route: route.id });
    return httpErrorResponse(error);
  }
}
