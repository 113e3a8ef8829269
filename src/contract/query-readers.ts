/**
 * Readers of the service's query strings, with their 400 messages: the sandbox answers with
 * these results and the server piece validates with them before any upstream call. The rules
 * the browser also runs (token and asset lookup), with their messages, are written once in
 * `queries.ts` and only read here. Nothing here is for the browser: every top-level value is marked pure, so a
 * bundle that reaches this module through `queries.ts` drops all of it.
 */
import { BOOLEAN_FLAGS, MATERIALITIES, SORT_ORDERS, isOneOf } from './enums.js';
import { LIMITS } from './limits.js';
import {
  checkTokenLookup,
  TOKEN_LOOKUP_RULES,
  type QueryProblem,
  type QueryResult,
  type TokenLookupQuery,
} from './queries.js';
import { isUuid } from './uuid.js';
import type { MonitoringChangesQuery } from './monitoring-query.js';

const problem = (param: string, message: string, code: QueryProblem['code'] = 'invalid_parameter'): QueryProblem => ({
  ok: false,
  param,
  message,
  code,
});

/** Reads a parameter that may appear at most once. */
function single(params: URLSearchParams, name: string): string | null | QueryProblem {
  const all = params.getAll(name);
  if (all.length > 1) return problem(name, `${name} must be given once`);
  return all.length ? all[0]! : null;
}
const isProblem = (v: unknown): v is QueryProblem => typeof v === 'object' && v !== null && (v as QueryProblem).ok === false;

// ---------------------------------------------------------------- GET /kyi/v1/tokens (4.1)

/** The messages of a rule table, by rule. */
const messagesOf = <T extends Record<string, readonly [string, string]>>(rules: T) =>
  Object.fromEntries(Object.entries(rules).map(([rule, [, message]]) => [rule, message])) as { readonly [R in keyof T]: T[R][1] };

/** The 400 messages of the token lookup, by rule. */
export const TOKEN_QUERY_MESSAGES = /* @__PURE__ */ messagesOf(TOKEN_LOOKUP_RULES);

/** `checkTokenLookup` over a query string (each parameter at most once). */
export function parseTokenLookupQuery(params: URLSearchParams): QueryResult<TokenLookupQuery> {
  const caip19 = single(params, 'caip19');
  if (isProblem(caip19)) return caip19;
  const address = single(params, 'address');
  if (isProblem(address)) return address;
  const chainSlug = single(params, 'chain_slug');
  if (isProblem(chainSlug)) return chainSlug;
  const checked = checkTokenLookup({ caip19, address, chainSlug });
  if (checked.ok) return checked;
  const [field, message] = TOKEN_LOOKUP_RULES[checked.rule];
  return problem(field === 'chainSlug' ? 'chain_slug' : field, message);
}

// ---------------------------------------------------------------- parameter readers

/** Reads one parameter: its value, `undefined` when absent, or why it is refused. */
type ParamReader<T> = (params: URLSearchParams, name: string) => T | undefined | QueryProblem;

/** A reader of a single-valued parameter: `read` checks the raw text. */
const singleValued =
  <T>(read: (raw: string, name: string) => T | QueryProblem): ParamReader<T> =>
  (params, name) => {
    const raw = single(params, name);
    if (raw === null) return undefined;
    return isProblem(raw) ? raw : read(raw, name);
  };

const flag: ParamReader<boolean> = /* @__PURE__ */ singleValued((raw, name) =>
  isOneOf(BOOLEAN_FLAGS, raw) ? raw === 'true' : problem(name, `${name} must be true or false`),
);

/**
 * A whole number ≥ 1, at most `max` where the contract fixes one. Where it does not
 * (`page_size`, `days`), any size is forwarded and the service answers for its own limits.
 */
const positiveInt = (max?: number): ParamReader<number> =>
  singleValued((raw, name) =>
    !/^\d{1,6}$/.test(raw) || Number(raw) < 1 || (max !== undefined && Number(raw) > max)
      ? problem(name, max === undefined ? `${name} must be a whole number of 1 or more` : `${name} must be a whole number from 1 to ${max}`)
      : Number(raw),
  );

const oneOf = <T extends string>(values: readonly T[]): ParamReader<T> =>
  singleValued((raw, name) => (isOneOf(values, raw) ? raw : problem(name, `${name} must be one of ${values.join(', ')}`)));

const matching = (pattern: RegExp, message: string, code?: QueryProblem['code']): ParamReader<string> =>
  singleValued((raw, name) => (pattern.test(raw) ? raw : problem(name, message, code)));

/** The readers of a route's parameters, one per field of its query type (all optional). */
type ParamTable<Q> = { [K in keyof Required<Q>]: ParamReader<Required<Q>[K]> };

/**
 * Reads every parameter of `table`, in its order, keeping those given. Parameters outside
 * it are refused (the feeds never widen silently) unless `others` is `'ignore'`.
 */
function readParams<Q>(params: URLSearchParams, table: ParamTable<Q>, others: 'refuse' | 'ignore' = 'refuse'): QueryResult<Q> {
  const names = Object.keys(table) as Array<keyof Q & string>;
  if (others === 'refuse') {
    for (const name of new Set(params.keys()))
      if (!(names as string[]).includes(name)) return problem(name, `unknown parameter ${name}; allowed: ${names.join(', ')}`);
  }
  const value: Partial<Q> = {};
  for (const name of names) {
    const read = table[name](params, name);
    if (isProblem(read)) return read;
    if (read !== undefined) value[name] = read;
  }
  return { ok: true, value: value as Q };
}

// ---------------------------------------------------------------- GET /assets (field notes)

export interface AssetsPageQuery {
  pageSize?: number;
  pageNumber?: number;
}

export function parseAssetsPageQuery(params: URLSearchParams): QueryResult<AssetsPageQuery> {
  // other parameters are the server piece's to refuse (`readQuery`)
  const read = readParams<{ page_size?: number; page_number?: number }>(
    params,
    { page_size: positiveInt(), page_number: positiveInt() },
    'ignore',
  );
  return read.ok ? { ok: true, value: { pageSize: read.value.page_size, pageNumber: read.value.page_number } } : read;
}

// ---------------------------------------------------------------- GET /me/monitoring/changes (4.2)

/** `item`: watchlist item ids, the parameter repeated or comma-separated. */
const itemIds: ParamReader<string[]> = (params, name) => {
  const items = params.getAll(name).flatMap((v) => v.split(','));
  if (!items.length) return undefined;
  if (items.length > LIMITS.itemFilterMax) return problem(name, `item must list at most ${LIMITS.itemFilterMax} ids (watchlist item ids)`);
  return items.every(isUuid) ? items : problem(name, 'item must list watchlist item ids (UUIDs)');
};

const MONITORING_CHANGES_PARAMS: ParamTable<MonitoringChangesQuery> = {
  newOnly: flag,
  showAll: flag,
  materiality: /* @__PURE__ */ oneOf(MATERIALITIES),
  days: /* @__PURE__ */ positiveInt(),
  item: itemIds,
  sort: /* @__PURE__ */ oneOf(SORT_ORDERS),
  category: /* @__PURE__ */ matching(/^[a-z][a-z0-9_]{0,63}$/, 'category must be a category name such as disclosure_field'),
};

/** The parameters `GET /me/monitoring/changes` takes. */
export const MONITORING_CHANGES_PARAM_NAMES = /* @__PURE__ */ Object.keys(MONITORING_CHANGES_PARAMS) as Array<keyof MonitoringChangesQuery>;

/**
 * Filters of `GET /me/monitoring/changes`. Unknown parameters and values are rejected
 * (4.2 rule 1: the feed never widens silently). `item` may repeat or be comma-separated.
 */
export function parseMonitoringChangesQuery(params: URLSearchParams): QueryResult<MonitoringChangesQuery> {
  return readParams(params, MONITORING_CHANGES_PARAMS);
}

// ---------------------------------------------------------------- GET /me/notifications (4.2)

export interface NotificationsQuery {
  unread?: boolean;
}
export function parseNotificationsQuery(params: URLSearchParams): QueryResult<NotificationsQuery> {
  return readParams(params, { unread: flag });
}

// ---------------------------------------------------------------- GET /tokenomics/changes (4.2)

export interface TokenomicsQuery {
  since?: string;
  limit?: number;
  page?: string;
}
/** Shape of service-issued cursors and page tokens (field notes: `tfc1_…`, `tfp1_…`). */
const TOKEN_CHARS = /^[A-Za-z0-9_-]{1,512}$/;

const TOKENOMICS_PARAMS: ParamTable<TokenomicsQuery> = {
  since: /* @__PURE__ */ matching(TOKEN_CHARS, 'since must be a cursor issued by the service', 'invalid_cursor'),
  limit: /* @__PURE__ */ positiveInt(LIMITS.tokenomicsPageMax),
  page: /* @__PURE__ */ matching(TOKEN_CHARS, 'page must be a page token issued by the service', 'invalid_page'),
};

/** The parameters the tokenomics feeds take. */
export const TOKENOMICS_PARAM_NAMES = /* @__PURE__ */ Object.keys(TOKENOMICS_PARAMS) as Array<keyof TokenomicsQuery>;

/**
 * Parameters of the tokenomics feeds. Only the shape of `since` and `page` is checked
 * here; whether the service issued them is for the service to say (`invalid_cursor`, `invalid_page`).
 */
export function parseTokenomicsQuery(params: URLSearchParams): QueryResult<TokenomicsQuery> {
  return readParams(params, TOKENOMICS_PARAMS);
}

export function formatTokenomicsQuery(q: TokenomicsQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.since) p.set('since', q.since);
  if (q.page) p.set('page', q.page);
  if (q.limit !== undefined) p.set('limit', String(q.limit));
  return p;
}
