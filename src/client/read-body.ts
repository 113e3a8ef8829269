/**
 * Defensive reading of JSON from the server piece, without a schema library (the lookup's
 * answers, lookup/outcome.ts, and the monitoring and assets reads). What only those reads use is
 * theirs (client/monitoring.ts): this module loads with every lookup element.
 *
 * The server piece checks every upstream body against the contract (and answers 502
 * `upstream_invalid` otherwise); the browser only talks to it. Still, the elements must
 * never throw while rendering an odd body, so bodies are read through `readObject()`: each
 * listed field keeps its value only when it has the expected type (else `undefined`),
 * unlisted fields are kept as they are. Render code can then trust the contract's types.
 */
import { isObject } from '../contract/queries.js';

export type Reader = (value: unknown) => unknown;
type Obj = Record<string, unknown>;

/** A string, else `undefined`. */
export const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
/** A boolean, else `undefined`. */
export const asBoolean = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

/** An array read item by item; items `read` rejects (`undefined`) are dropped. Not an array: `[]`. */
export const listOf =
  (read: Reader) =>
  (value: unknown): unknown[] =>
    Array.isArray(value) ? value.map(read).filter((item) => item !== undefined) : [];

/**
 * An object whose listed fields are read with their reader, in place; `undefined` when not an
 * object. It is the kit's own parse of an answer, whose objects have no prototype
 * (proxy-answer.ts), so each field is the answer's own; and the readers are `fields`' own keys.
 */
export function readObject<T = Obj>(value: unknown, fields: Record<string, Reader>): T | undefined {
  if (!isObject(value)) return undefined;
  for (const key of Object.keys(fields)) value[key] = fields[key]!(value[key]);
  return value as T;
}

/** `readObject` as a reader, for nested objects. */
export const objectOf =
  (fields: Record<string, Reader>) =>
  (value: unknown): unknown =>
    readObject(value, fields);
