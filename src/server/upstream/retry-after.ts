/**
 * `Retry-After` (RFC 9110 10.2.3): delay seconds or an HTTP date, read against the caller's
 * clock so tests with a virtual clock get the wait the service meant.
 *
 * Fetch-API only (no `node:` imports).
 */

/** The wait `value` asks for, in ms from `nowMs`; `undefined` when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (/^\d{1,9}(?:\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  if (!/[A-Za-z]/.test(v)) return undefined;
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** Whole seconds for a `Retry-After` header, at least 1. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
