import type * as z from 'zod/mini';

/** Result of checking a value against a contract schema. */
export type ContractResult<T> = { ok: true; data: T } | { ok: false; message: string; path: string };

/** Formats a schema failure as one line naming the field, e.g. `token_details.address: expected string`. */
export function describeIssue(issue: { path: PropertyKey[]; message: string; code?: string; expected?: unknown }): {
  path: string;
  message: string;
} {
  const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[');
  const detail = issue.code === 'invalid_type' && issue.expected ? `expected ${String(issue.expected)}` : issue.message;
  return { path: path || '(root)', message: `${path || '(root)'}: ${detail}` };
}

/** Checks `value` against `schema`; on failure the message names the first offending field. */
export function checkContract<S extends z.ZodMiniType>(schema: S, value: unknown): ContractResult<z.infer<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data as z.infer<S> };
  const first = result.error.issues[0];
  const { path, message } = first ? describeIssue(first) : { path: '(root)', message: 'invalid value' };
  return { ok: false, message, path };
}

/** Thrown by `parseContract` when a body does not match the contract. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  constructor(
    message: string,
    /** Dotted path of the offending field. */
    readonly path: string,
  ) {
    super(message);
  }
}

/** Like `checkContract` but throws `ContractError` naming the field. */
export function parseContract<S extends z.ZodMiniType>(schema: S, value: unknown, what = 'body'): z.infer<S> {
  const r = checkContract(schema, value);
  if (!r.ok) throw new ContractError(`${what} does not match the contract: ${r.message}`, r.path);
  return r.data;
}
