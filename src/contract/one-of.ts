/**
 * Checking a value against a closed set, and the message when it is not in it: every element
 * and route with a closed value set uses these (a CDN page loads them with its first element,
 * in `core`). enums.ts re-exports them.
 */

/** The message for a value outside an allowed set (7.3, field notes): the badge route's 400s, and the elements' attributes. */
export function invalidValue(name: string, value: unknown, allowed: readonly (string | number)[]): string {
  return `Invalid ${name} "${String(value)}". Allowed: ${allowed.join(', ')}`;
}

/** Returns whether `value` is one of `set` (a type guard over a readonly tuple). */
export function isOneOf<T extends string | number>(set: readonly T[], value: unknown): value is T {
  return (set as readonly unknown[]).includes(value);
}
