/**
 * Query parameters of the service's routes, checked exactly once for everyone:
 * the sandbox answers with these results, the server piece validates with them before
 * any upstream call, and the elements check their filters with them.
 */
import { BOOLEAN_FLAGS, MATERIALITIES, SORT_ORDERS, isOneOf, type Materiality, type SortOrder } from './enums.js';
import { isCaip10, isCaip19 } from './caip.js';
import { isAddress, isChainName, isUuid } from './identifiers.js';
import { LIMITS } from './limits.js';

/** A rejected parameter: which one, why, and the Explorer code where one applies. */
export interface QueryProblem {
  ok: false;
  param: string;
  message: string;
  code: 'invalid_parameter' | 'invalid_cursor' | 'invalid_page';
}
export type QueryResult<T> = { ok: true; value: T } | QueryProblem;

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

export type TokenLookupQuery = { caip19: string } | { address: string; chainSlug?: string };

/**
 * Each token-lookup rule: the input it is about (`chainSlug` is the query's `chain_slug`)
 * and its 400 message (field notes).
 */
export const TOKEN_LOOKUP_RULES = {
  missing: ['caip19', 'Provide caip19, or address with optional chain_slug'],
  mixed: ['caip19', 'Use either caip19, or address with optional chain_slug, not both'],
  chainSlugAlone: ['chainSlug', 'chain_slug requires address'],
  badCaip19: ['caip19', 'caip19 must be a valid CAIP-19 identifier'],
  badAddress: ['address', 'address must be a token address (1–128 characters of A-Z, a-z, 0-9, "-", "_" or ".")'],
  badChainSlug: ['chainSlug', 'chain_slug must be a chain slug (lower-case letters, digits and "-")'],
} as const satisfies Record<string, readonly [keyof TokenLookupInput, string]>;

/** Which token-lookup rule an input breaks (a key of `TOKEN_LOOKUP_RULES`). */
export type TokenLookupRule = keyof typeof TOKEN_LOOKUP_RULES;

/** The messages of a rule table, by rule. */
const messagesOf = <T extends Record<string, readonly [string, string]>>(rules: T) =>
  Object.fromEntries(Object.entries(rules).map(([rule, [, message]]) => [rule, message])) as { readonly [R in keyof T]: T[R][1] };

/** The 400 messages of the token lookup, by rule. */
export const TOKEN_QUERY_MESSAGES = messagesOf(TOKEN_LOOKUP_RULES);

/** A token lookup's three inputs; `null` when absent. */
export interface TokenLookupInput {
  caip19: string | null;
  address: string | null;
  chainSlug: string | null;
}

/**
 * Rules 1–2 of `GET /kyi/v1/tokens`: either `caip19`, or `address` with optional
 * `chain_slug`. The one copy of these rules: the server piece and the sandbox check query
 * strings with it (`parseTokenLookupQuery`), the elements their attributes.
 */
export function checkTokenLookup(input: TokenLookupInput): { ok: true; value: TokenLookupQuery } | { ok: false; rule: TokenLookupRule } {
  const { caip19, address, chainSlug } = input;
  const broken = (rule: TokenLookupRule) => ({ ok: false as const, rule });
  if (caip19 !== null && address !== null) return broken('mixed');
  if (caip19 !== null) {
    if (chainSlug !== null) return broken('chainSlugAlone');
    return isCaip19(caip19) ? { ok: true, value: { caip19 } } : broken('badCaip19');
  }
  if (address === null) return broken(chainSlug !== null ? 'chainSlugAlone' : 'missing');
  if (!isAddress(address)) return broken('badAddress');
  if (chainSlug === null) return { ok: true, value: { address } };
  return isChainName(chainSlug) ? { ok: true, value: { address, chainSlug } } : broken('badChainSlug');
}

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

/** The query string of a token lookup. */
export function formatTokenLookupQuery(q: TokenLookupQuery): URLSearchParams {
  if ('caip19' in q) return new URLSearchParams({ caip19: q.caip19 });
  const p = new URLSearchParams({ address: q.address });
  if (q.chainSlug) p.set('chain_slug', q.chainSlug);
  return p;
}

// ---------------------------------------------------------------- asset lookup (4.1, POST /lookup)

/** An asset lookup: a CAIP-10 account id, or a chain name with an address. */
export type AssetLookupQuery = { accountId: string } | { chain: string; address: string };

/**
 * Each asset-lookup rule: the field it is about and its 400 message (a `POST /lookup`
 * entry names its fields like these).
 */
export const ASSET_LOOKUP_RULES = {
  missing: ['accountId', 'Provide accountId, or chain with address'],
  mixed: ['accountId', 'Use either accountId, or chain with address, not both'],
  chainAlone: ['address', 'chain requires address'],
  addressAlone: ['chain', 'address requires chain (or give accountId)'],
  badAccountId: ['accountId', 'accountId must be a CAIP-10 account id "namespace:reference:address" with an address of A-Z, a-z, 0-9, "-" or "."'],
  badChain: ['chain', 'chain must be a chain name such as solana or ethereum (a-z, 0-9, "-")'],
  badAddress: ['address', 'address must be an address of 1–128 characters of A-Z, a-z, 0-9, "-", "_" or "."'],
} as const satisfies Record<string, readonly [keyof AssetLookupInput, string]>;

/** Which asset-lookup rule an input breaks (a key of `ASSET_LOOKUP_RULES`). */
export type AssetLookupRule = keyof typeof ASSET_LOOKUP_RULES;

/** An asset lookup's three inputs; `null` when absent. */
export interface AssetLookupInput {
  accountId: string | null;
  chain: string | null;
  address: string | null;
}

/**
 * The account id of an asset lookup: CAIP-10, and its address one the Public API takes in a
 * path (`isAddress`), since the server piece forwards it as `/assets/{ns}/{ref}/{address}`.
 */
function isAssetAccountId(value: string): boolean {
  return isCaip10(value) && isAddress(value.slice(value.lastIndexOf(':') + 1));
}

/**
 * The asset lookup's rules: either `accountId`, or `chain` with `address`. The one copy:
 * the server piece checks `POST /lookup` entries with it, the elements their attributes.
 */
export function checkAssetLookup(input: AssetLookupInput): { ok: true; value: AssetLookupQuery } | { ok: false; rule: AssetLookupRule } {
  const { accountId, chain, address } = input;
  const broken = (rule: AssetLookupRule) => ({ ok: false as const, rule });
  if (accountId !== null) {
    if (chain !== null || address !== null) return broken('mixed');
    return isAssetAccountId(accountId) ? { ok: true, value: { accountId } } : broken('badAccountId');
  }
  if (chain === null) return broken(address !== null ? 'addressAlone' : 'missing');
  if (address === null) return broken('chainAlone');
  if (!isChainName(chain)) return broken('badChain');
  return isAddress(address) ? { ok: true, value: { chain, address } } : broken('badAddress');
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

const flag: ParamReader<boolean> = singleValued((raw, name) =>
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

export interface MonitoringChangesQuery {
  newOnly?: boolean;
  showAll?: boolean;
  materiality?: Materiality;
  days?: number;
  item?: string[];
  sort?: SortOrder;
  category?: string;
}

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
  materiality: oneOf(MATERIALITIES),
  days: positiveInt(),
  item: itemIds,
  sort: oneOf(SORT_ORDERS),
  category: matching(/^[a-z][a-z0-9_]{0,63}$/, 'category must be a category name such as disclosure_field'),
};

/** The parameters `GET /me/monitoring/changes` takes. */
export const MONITORING_CHANGES_PARAM_NAMES = Object.keys(MONITORING_CHANGES_PARAMS) as Array<keyof MonitoringChangesQuery>;

/**
 * Filters of `GET /me/monitoring/changes`. Unknown parameters and values are rejected
 * (4.2 rule 1: the feed never widens silently). `item` may repeat or be comma-separated.
 */
export function parseMonitoringChangesQuery(params: URLSearchParams): QueryResult<MonitoringChangesQuery> {
  return readParams(params, MONITORING_CHANGES_PARAMS);
}

/** The query string for a monitoring changes request (`item` comma-joined). */
export function formatMonitoringChangesQuery(q: MonitoringChangesQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.newOnly !== undefined) p.set('newOnly', String(q.newOnly));
  if (q.showAll !== undefined) p.set('showAll', String(q.showAll));
  if (q.materiality) p.set('materiality', q.materiality);
  if (q.days !== undefined) p.set('days', String(q.days));
  if (q.item?.length) p.set('item', q.item.join(','));
  if (q.sort) p.set('sort', q.sort);
  if (q.category) p.set('category', q.category);
  return p;
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
  since: matching(TOKEN_CHARS, 'since must be a cursor issued by the service', 'invalid_cursor'),
  limit: positiveInt(LIMITS.tokenomicsPageMax),
  page: matching(TOKEN_CHARS, 'page must be a page token issued by the service', 'invalid_page'),
};

/** The parameters the tokenomics feeds take. */
export const TOKENOMICS_PARAM_NAMES = Object.keys(TOKENOMICS_PARAMS) as Array<keyof TokenomicsQuery>;

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
