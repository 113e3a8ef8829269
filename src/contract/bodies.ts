/**
 * Request bodies of the watchlist writes (spec 4.2, 8), checked once for everyone and
 * zod-free so the browser can use them too: the sandbox answers with these results, the
 * server piece and `ExplorerClient` check with them before anything is sent, and
 * `<kyi-watchlist>` counts its notes with `noteLength` (it checks an asset id with `isUuid`,
 * so the browser carries none of these checks' messages, which it never shows).
 */
import { isObject, type QueryProblem, type QueryResult } from './queries.js';
import { isUuid } from './uuid.js';
import { LIMITS } from './limits.js';

/** Body of `POST /me/watchlist`. */
export interface WatchlistAddBody {
  assetId: string;
}

/** Body of `PATCH /me/watchlist/{id}`: at least one of the two. */
export interface WatchlistPatchBody {
  /** `false` pauses monitoring, `true` resumes it. */
  monitoringEnabled?: boolean;
  /** At most 500 characters; `null` clears it. */
  note?: string | null;
}

/** `param` is `body` when the body as a whole is wrong, else the offending field. */
const problem = (param: string, message: string): QueryProblem => ({ ok: false, param, message, code: 'invalid_parameter' });


function onlyFields(json: unknown, allowed: readonly string[]): QueryResult<Record<string, unknown>> {
  if (!isObject(json)) return problem('body', `the body must be a JSON object with ${allowed.join(' and/or ')}`);
  const extra = Object.keys(json).find((k) => !allowed.includes(k));
  if (extra === undefined) return { ok: true, value: json };
  const name = /^[A-Za-z0-9_]{1,32}$/.test(extra) ? extra : 'body';
  return problem(name, `unknown body field${name === 'body' ? '' : ` ${name}`}; allowed: ${allowed.join(', ')}`);
}

/** Length of a note in characters (code points), as the service counts it. */
export function noteLength(note: string): number {
  return [...note].length;
}

/** A watchlist note: a string of at most 500 characters, or `null` to clear it (8). */
export function checkNote(note: unknown): QueryResult<string | null> {
  if (note === null) return { ok: true, value: null };
  if (typeof note !== 'string') return problem('note', 'note must be a string or null');
  if (noteLength(note) > LIMITS.noteMaxLength) return problem('note', `note must be at most ${LIMITS.noteMaxLength} characters`);
  return { ok: true, value: note };
}

/** `POST /me/watchlist`: `{ assetId }` with a registry asset id (UUID), nothing else. */
export function parseWatchlistAddBody(json: unknown): QueryResult<WatchlistAddBody> {
  const fields = onlyFields(json, ['assetId']);
  if (!fields.ok) return fields;
  const body = fields.value;
  if (!isUuid(body['assetId'])) return problem('assetId', 'assetId must be a registry asset id (UUID)');
  return { ok: true, value: { assetId: body['assetId'] } };
}

/** `PATCH /me/watchlist/{id}`: `monitoringEnabled` (boolean) and/or `note`, nothing else. */
export function parseWatchlistPatchBody(json: unknown): QueryResult<WatchlistPatchBody> {
  const fields = onlyFields(json, ['monitoringEnabled', 'note']);
  if (!fields.ok) return fields;
  const body = fields.value;
  const value: WatchlistPatchBody = {};
  if ('monitoringEnabled' in body) {
    if (typeof body['monitoringEnabled'] !== 'boolean') return problem('monitoringEnabled', 'monitoringEnabled must be true or false');
    value.monitoringEnabled = body['monitoringEnabled'];
  }
  if ('note' in body) {
    const note = checkNote(body['note']);
    if (!note.ok) return note;
    value.note = note.value;
  }
  if (Object.keys(value).length === 0) return problem('body', 'send monitoringEnabled and/or note');
  return { ok: true, value };
}
