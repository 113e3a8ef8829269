/**
 * Explorer responses: bare contract bodies, or the `{ data, meta: { request_id, fetched_at },
 * errors }` envelope some deployments use (field notes). Errors are `{ code, message }` (7.1).
 */
import { EXPLORER_ERRORS, type ExplorerErrorCode } from '../../contract/index.js';
import { iso } from './random.js';

export interface Reply {
  requestId: string;
  ok(body: unknown, status?: number, headers?: HeadersInit): Response;
  error(code: ExplorerErrorCode, message: string, headers?: HeadersInit): Response;
  noContent(): Response;
}

function json(body: unknown, status: number, headers: HeadersInit, requestId: string): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json; charset=utf-8');
  h.set('cache-control', 'no-store');
  h.set('x-request-id', requestId);
  return new Response(JSON.stringify(body), { status, headers: h });
}

/** Replies for one request. With `envelope`, a list in `data` carries `limit`/`used` in `meta`. */
export function replyFor(opts: { envelope: boolean; requestId: string; now: number }): Reply {
  const meta = () => ({ request_id: opts.requestId, fetched_at: iso(opts.now) });
  return {
    requestId: opts.requestId,
    ok(body, status = 200, headers = {}) {
      if (!opts.envelope) return json(body, status, headers, opts.requestId);
      const b = body as { data?: unknown; limit?: unknown; used?: unknown };
      // The watchlist's `{ data, limit, used }` becomes `{ data: [...], meta: { …, limit, used } }`.
      if (b && typeof b === 'object' && Array.isArray(b.data)) {
        return json({ data: b.data, meta: { ...meta(), limit: b.limit, used: b.used }, errors: [] }, status, headers, opts.requestId);
      }
      return json({ data: body, meta: meta(), errors: [] }, status, headers, opts.requestId);
    },
    error(code, message, headers = {}) {
      const body = { code, message };
      const status = EXPLORER_ERRORS[code];
      return opts.envelope
        ? json({ data: null, meta: meta(), errors: [body] }, status, headers, opts.requestId)
        : json(body, status, headers, opts.requestId);
    },
    noContent() {
      return new Response(null, { status: 204, headers: { 'x-request-id': opts.requestId } });
    },
  };
}

/** Reads a JSON object body; `null` when it is not one (empty, malformed, an array, a scalar). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  let text: string;
  try {
    text = await request.text();
  } catch {
    return null;
  }
  if (!text.trim()) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
