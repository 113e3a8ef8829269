/**
 * Control routes for the Explorer part of the sandbox, for browser tests and the demo (the
 * sandbox core mounts them, e.g. under `/__sandbox/explorer`). Not part of the service.
 *
 * GET  /state                 clock, switches, keys, registry, watchlist, feed head
 * POST /clock                 { advanceMs }                     moves the Explorer clock
 * POST /settings              { siteGateOpen?, tokenomicsFeedEnabled?, tokenomicsPageTokens?, tokenomicsHasMore?, envelope?,
 *                               rateLimitPerMinute?, rateLimitBurst?, watchlistCap? }
 * POST /changes               { watchlistItemId, template?, confirmed?, patch?, notificationPatch? }
 *                                                               detects a change now (patches: fields merged
 *                                                               into the wire bodies as they are, e.g. an
 *                                                               unknown direction or a wrong-shaped row)
 * POST /changes/update        { id, patch }                     changes a row in place (confirmed later…)
 * POST /tokenomics            { assetId?, id?, field?, current?, count? }  appends revisions
 * POST /notifications/read    { ids? }                          marks read (the service's own UI)
 * POST /reset                                                   reseeds everything
 */
import { readJsonObject } from './http.js';
import { EXPLORER_KEYS } from './keys.js';
import { iso } from './random.js';
import type { ExplorerState } from './state.js';
import type { RevisionInput } from './tokenomics.js';
import { watchItemJson } from './watchlist.js';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}
const bad = (message: string) => json({ code: 'invalid_parameter', message }, 400);

export async function handleExplorerControl(state: ExplorerState, request: Request, path: string): Promise<Response> {
  const method = request.method.toUpperCase();
  const route = `${method} ${path.replace(/[?#].*$/, '')}`;
  try {
    if (route === 'GET /state') return json(snapshot(state));
    if (method !== 'POST') return json({ code: 'not_found', message: `No control route ${route}` }, 404);
    const body = (await readJsonObject(request)) ?? {};
    switch (route) {
      case 'POST /reset':
        state.reset();
        return json(snapshot(state));
      case 'POST /clock': {
        const ms = body['advanceMs'];
        if (typeof ms !== 'number') return bad('advanceMs must be a number of ms');
        state.advance(ms);
        return json({ now: iso(state.now()), clockOffsetMs: state.clockOffsetMs });
      }
      case 'POST /settings':
        applySettings(state, body);
        return json(snapshot(state));
      case 'POST /changes':
        return detect(state, body);
      case 'POST /changes/update':
        return updateChange(state, body);
      case 'POST /tokenomics': {
        const count = body['count'] ?? 1;
        if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000)
          return bad('count must be a whole number from 1 to 1000');
        const items = Array.from({ length: count }, () => state.appendRevision(body as RevisionInput));
        return json({ items, head: state.tokenomics.head }, 201);
      }
      case 'POST /notifications/read': {
        const ids = body['ids'];
        if (ids !== undefined && !(Array.isArray(ids) && ids.every((i) => typeof i === 'string')))
          return bad('ids must be a list of notification ids');
        return json({ marked: state.markNotificationsRead(ids as string[] | undefined) });
      }
      default:
        return json({ code: 'not_found', message: `No control route ${route}` }, 404);
    }
  } catch (error) {
    return bad(error instanceof Error ? error.message : String(error));
  }
}

/** `POST /changes`: detects a change now, its wire bodies patched as asked. */
function detect(state: ExplorerState, body: Record<string, unknown>): Response {
  const id = body['watchlistItemId'];
  if (typeof id !== 'string') return bad('watchlistItemId must be a watchlist item id');
  const template = body['template'];
  if (template !== undefined && typeof template !== 'number' && typeof template !== 'string')
    return bad('template must be a template position or a category / field name');
  const patches = { patch: objectField(body, 'patch'), notificationPatch: objectField(body, 'notificationPatch') };
  const detected = state.detectChange(id, { template, confirmed: body['confirmed'] !== false, ...patches });
  return detected
    ? json({ change: detected.change.body, notification: detected.notification?.body ?? null }, 201)
    : json({ change: null, notification: null, reason: 'the item is paused or not ready' });
}

/** `POST /changes/update`: changes a detected row in place. */
function updateChange(state: ExplorerState, body: Record<string, unknown>): Response {
  const id = body['id'];
  const patch = objectField(body, 'patch');
  if (typeof id !== 'string' || !patch) return bad('send { id, patch } with a change id and an object of fields');
  const updated = state.updateChange(id, patch);
  return updated ? json({ change: updated.body }) : json({ code: 'not_found', message: `No change ${id}` }, 404);
}

function objectField(body: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const v = body[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new TypeError(`${name} must be an object of fields`);
  return v as Record<string, unknown>;
}

function applySettings(state: ExplorerState, body: Record<string, unknown>): void {
  const flag = (name: string): boolean | undefined => {
    const v = body[name];
    if (v !== undefined && typeof v !== 'boolean') throw new TypeError(`${name} must be true or false`);
    return v as boolean | undefined;
  };
  const num = (name: string): number | undefined => {
    const v = body[name];
    if (v !== undefined && typeof v !== 'number') throw new TypeError(`${name} must be a number`);
    return v as number | undefined;
  };
  const gate = flag('siteGateOpen');
  const feed = flag('tokenomicsFeedEnabled');
  const pageTokens = flag('tokenomicsPageTokens');
  const hasMore = flag('tokenomicsHasMore');
  const envelope = flag('envelope');
  const perMinute = num('rateLimitPerMinute');
  const burst = num('rateLimitBurst');
  const cap = num('watchlistCap');
  if (perMinute !== undefined || burst !== undefined) state.rateLimiter.configure({ perMinute, burst });
  if (cap !== undefined) state.setWatchlistCap(cap);
  if (gate !== undefined) state.siteGateOpen = gate;
  if (feed !== undefined) state.tokenomicsFeedEnabled = feed;
  if (pageTokens !== undefined) state.tokenomicsPageTokens = pageTokens;
  if (hasMore !== undefined) state.tokenomicsHasMore = hasMore;
  if (envelope !== undefined) state.envelope = envelope;
}

function snapshot(state: ExplorerState) {
  return {
    now: iso(state.now()),
    clockOffsetMs: state.clockOffsetMs,
    siteGateOpen: state.siteGateOpen,
    tokenomicsFeedEnabled: state.tokenomicsFeedEnabled,
    tokenomicsPageTokens: state.tokenomicsPageTokens,
    tokenomicsHasMore: state.tokenomicsHasMore,
    envelope: state.envelope,
    rateLimit: state.rateLimiter.settings,
    watchlistCap: state.watchlist.cap,
    seenAt: iso(state.seenAt),
    keys: EXPLORER_KEYS,
    registry: state.registry.map((a) => ({ ...a.summary, intake: a.intake })),
    watchlist: state.watchlist.list().map(watchItemJson),
    tokenomicsHead: state.tokenomics.head,
  };
}
