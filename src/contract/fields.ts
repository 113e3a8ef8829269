/**
 * The field shapes of the service's response bodies, read leniently (zod/mini): the spec
 * does not say which fields are required or nullable, so a field the kit can render without
 * may be a value, `null`, or missing.
 */
import * as z from 'zod/mini';

/** Free text, or an open set of values the kit shows as sent. */
export const text = z.nullish(z.string());
export const flag = z.nullish(z.boolean());
export const num = z.nullish(z.number());

/** A string enum read from a body: one of `known`, or any other string kept as sent. */
export const openEnum = <T extends string>(known: readonly T[]) =>
  z.string().check(z.meta({ description: `Known values: ${known.join(', ')}; others may come and are kept.` })) as unknown as z.ZodMiniType<
    T | (string & {})
  >;
