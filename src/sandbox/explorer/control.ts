/**
 * Control routes for the Explorer part of the sandbox, for browser tests and the demo (the
 * sandbox's one control API serves them under `/__sandbox/explorer/…`). Not part of the service.
 *
 * GET  state                 clock, switches, keys, registry, watchlist, feed head
 * POST clock                 { advanceMs }                     moves the Explorer clock
 * POST settings              { siteGateOpen?, tokenomicsFeedEnabled?, tokenomicsPageTokens?, tokenomicsHasMore?, envelope?,
 *                              rateLimitPerMinute?, rateLimitBurst?, watchlistCap? }
 * POST changes               { watchlistItemId, template?, confirmed?, patch?, notificationPatch? }
 *                                                              detects a change now (patches: fields merged
 *                                                              into the wire bodies as they are, e.g. an
 *                                                              unknown direction or a wrong-shaped row)
 * POST changes/update        { id, patch }                     changes a row in place (confirmed later…)
 * POST tokenomics            { assetId?, id?, field?, current?, count? }  appends revisions
 * POST notifications/read    { ids? }                          marks read (the service's own UI)
 * POST reset                                                   reseeds everything
 */
import { EXPLORER_KEYS } from './keys.js';
import { iso } from './random.js';
import type { ExplorerState } from './state.js';
import type { RevisionInput } from './tokenomics.js';
import { watchItemJson } from './watchlist.js';

/** What a control route answers: a JSON body and its status (200 unless said). */
export interface ControlAnswer {
  status?: number;
  body: unknown;
}

/** One control route: `run` gets the JSON body (`{}` when none) and throws an Error for a bad one (400). */
export interface ExplorerControl {
  method: 'GET' | 'POST';
  path: string;
  run(state: ExplorerState, body: Record<string, unknown>): ControlAnswer;
}

const bad = (message: string): never => {
  throw new TypeError(message);
};

export const EXPLORER_CONTROLS: readonly ExplorerControl[] = [
  { method: 'GET', path: 'state', run: (state) => ({ body: snapshot(state) }) },
  {
    method: 'POST',
    path: 'reset',
    run: (state) => {
      state.reset();
      return { body: snapshot(state) };
    },
  },
  {
    method: 'POST',
    path: 'clock',
    run: (state, body) => {
      const ms = body['advanceMs'];
      if (typeof ms !== 'number') bad('advanceMs must be a number of ms');
      state.advance(ms as number);
      return { body: { now: iso(state.now()), clockOffsetMs: state.clockOffsetMs } };
    },
  },
  {
    method: 'POST',
    path: 'settings',
    run: (state, body) => {
      applySettings(state, body);
      return { body: snapshot(state) };
    },
  },
  { method: 'POST', path: 'changes', run: detect },
  { method: 'POST', path: 'changes/update', run: updateChange },
  {
    method: 'POST',
    path: 'tokenomics',
    run: (state, body) => {
      const count = body['count'] ?? 1;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000)
        bad('count must be a whole number from 1 to 1000');
      const items = Array.from({ length: count as number }, () => state.appendRevision(body as RevisionInput));
      return { status: 201, body: { items, head: state.tokenomics.head } };
    },
  },
  {
    method: 'POST',
    path: 'notifications/read',
    run: (state, body) => {
      const ids = body['ids'];
      if (ids !== undefined && !(Array.isArray(ids) && ids.every((i) => typeof i === 'string')))
        bad('ids must be a list of notification ids');
      return { body: { marked: state.markNotificationsRead(ids as string[] | undefined) } };
    },
  },
];

/** `POST changes`: detects a change now, its wire bodies patched as asked. */
function detect(state: ExplorerState, body: Record<string, unknown>): ControlAnswer {
  const id = body['watchlistItemId'];
  if (typeof id !== 'string') return bad('watchlistItemId must be a watchlist item id');
  const template = body['template'];
  if (template !== undefined && typeof template !== 'number' && typeof template !== 'string')
    return bad('template must be a template position or a category / field name');
  const patches = { patch: objectField(body, 'patch'), notificationPatch: objectField(body, 'notificationPatch') };
  const detected = state.detectChange(id, { template, confirmed: body['confirmed'] !== false, ...patches });
  return detected
    ? { status: 201, body: { change: detected.change.body, notification: detected.notification?.body ?? null } }
    : { body: { change: null, notification: null, reason: 'the item is paused or not ready' } };
}

/** `POST changes/update`: changes a detected row in place. */
function updateChange(state: ExplorerState, body: Record<string, unknown>): ControlAnswer {
  const id = body['id'];
  const patch = objectField(body, 'patch');
  if (typeof id !== 'string' || !patch) return bad('send { id, patch } with a change id and an object of fields');
  const updated = state.updateChange(id, patch);
  return updated ? { body: { change: updated.body } } : { status: 404, body: { message: `No change ${id}` } };
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
