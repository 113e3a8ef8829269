/** Checks for the identifiers the Public API takes in paths and queries, and for a JSON object. */

/** A chain name such as `solana` (field notes) or a chain slug: lower-case, digits and `-`. */
export const CHAIN_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
/** A token or account address: ASCII letters, digits, `-`, `_`, `.`; 1–128 characters. */
export const ADDRESS_PATTERN = /^[A-Za-z0-9][-_.A-Za-z0-9]{0,127}$/;
/** A UUID (registry asset ids, watchlist item ids). */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isChainName(value: unknown): value is string {
  return typeof value === 'string' && CHAIN_NAME_PATTERN.test(value);
}

/** An address safe to place in a path segment: the pattern, and never a `..` run. */
export function isAddress(value: unknown): value is string {
  return typeof value === 'string' && ADDRESS_PATTERN.test(value) && !value.includes('..');
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** A JSON object: not `null`, not an array (the one such check of both sides). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
