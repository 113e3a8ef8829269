/**
 * How an Explorer response body is read (spec 4.2, field notes), for the proxy and
 * `ExplorerClient` alike: bare or in the `{ data, meta, errors }` envelope some deployments use,
 * each route's body brought to its schema (explorer.ts), and a row of the wrong shape left out
 * (and reported) instead of the page.
 */
import type * as z from 'zod/mini';
import {
  changeSchema,
  changesEnvelopeSchema,
  healthSchema,
  notificationSchema,
  notificationsEnvelopeSchema,
  tokenomicsPageSchema,
  tokenomicsRevisionSchema,
  watchlistItemSchema,
  watchlistResponseSchema,
} from './explorer.js';
import { ContractError, checkContract } from './parse.js';

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
