/**
 * `{prefix}/explorer/…`: the Explorer routes of spec 4.2 (`./routes.ts`), after `authorize`,
 * with the live key as `Bearer` (spec 5), write routes only when `explorer.writes` is true
 * (else 403 `writes_disabled`), every query parameter and body checked against the contract
 * before anything is forwarded (and rebuilt from the checked values), every call (`/health`
 * included) through the key's gate and rate budget, bodies validated (and unwrapped from the
 * `{ data, meta, errors }` envelope), `Cache-Control: private, no-store` on every answer.
 *
 * Fetch-API only (no `node:` imports).
 */
import { droppedRowError, readExplorerBody } from '../../contract/index.js';
import { errorResponse, httpErrorResponse, jsonResponse } from '../errors.js';
import type { ExplorerRouteInfo } from '../options.js';
import type { ResolvedConfig } from '../resolve-options.js';
import { authorizeRoute } from '../access.js';
import { checkOrigin } from '../origin.js';
import { readJsonBody } from '../request/body.js';
import { checkUuid, decodeSegment } from '../request/params.js';
import type { KyiRequestContext, RouteMatch } from '../routing.js';
import { callUpstream, type UpstreamOutcome } from '../upstream/call.js';
import { invalidBody, upstreamError, upstreamErrorBody } from '../upstream/outcome.js';
import type { ExplorerRoute } from './routes.js';

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
  /** Set by `close`: why every call is stopped from then on. */
  #closed: { reason: unknown } | undefined;
  /** Upstream calls running now, each with the switch that stops it. */
  readonly #calls = new Map<Promise<unknown>, AbortController>();

  constructor(config: ResolvedConfig) {
    if (!config.explorer) throw new Error('ExplorerProxy needs explorer options');
    this.#config = config;
    this.#explorer = config.explorer;
  }

  /**
   * Stops every upstream call running now, and every one started from now on, with `reason`
   * (what the requests waiting for them get thrown); resolves once none is running.
   */
  async close(reason: unknown): Promise<void> {
    this.#closed ??= { reason };
    for (const stop of this.#calls.values()) stop.abort(this.#closed.reason);
    while (this.#calls.size > 0) await Promise.allSettled([...this.#calls.keys()]);
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
    // (nor is anyone once the handler closes: the call then throws the closing reason, a 503)
    const stop = new AbortController();
    const onLeave = () => stop.abort(request.signal.reason);
    if (this.#closed) stop.abort(this.#closed.reason);
    else if (request.signal.aborted) onLeave();
    request.signal.addEventListener('abort', onLeave, { once: true });
    const call = callUpstream(
      this.#config.send,
      { url: upstreamUrl, method, headers, body, idempotent: method === 'GET', signal: stop.signal },
      this.#explorer.policy,
      this.#explorer.gate,
    );
    this.#calls.set(call, stop);
    let outcome: UpstreamOutcome;
    try {
      outcome = await call;
    } catch (error) {
      if (!request.signal.aborted) throw error;
      return explorerError(499, 'request_aborted', 'The client went away before the answer');
    } finally {
      this.#calls.delete(call);
      request.signal.removeEventListener('abort', onLeave);
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
