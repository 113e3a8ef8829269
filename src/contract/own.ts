/**
 * The one rule by which the kit reads what came from outside it (an answer, a thrown value, a
 * string table, a partner's error): own properties only. A key a script left on
 * `Object.prototype` is nobody's answer.
 */

/** `value[key]` when it is `value`'s own property, else `undefined` (`null` and primitives: none of note). */
export const own = (value: unknown, key: string): unknown => (Object.hasOwn(Object(value), key) ? (value as Record<string, unknown>)[key] : undefined);
