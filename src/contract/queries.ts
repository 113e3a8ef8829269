/**
 * Query parameters of the service's routes and the identifiers in them, checked exactly once
 * for everyone. This module holds what the browser runs: the identifiers, the token and asset
 * lookup rules the elements check their attributes with, and the monitoring filters' query
 * string; and what the server piece runs of a lookup: the check of a `POST /lookup` entry and
 * the upstream request it makes (`checkLookupEntry`, `upstreamPath`), so that a lookup runs
 * this one module on either side. The readers of whole query strings, with their 400
 * messages, are the server piece's and the sandbox's (`query-readers.ts`, re-exported here),
 * built on these same rules.
 */
import { isCaip10, isCaip19 } from './caip.js';
import type { Materiality, SortOrder } from './enums.js';
import { ASSET_LOOKUP_RULES, TOKEN_LOOKUP_RULES } from './query-readers.js';

// The server-side readers (re-exported for existing importers). Every top-level value there
// is pure, so a browser bundle that imports this module keeps none of them.
export * from './query-readers.js';

// ---------------------------------------------------------------- identifiers

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

/** A rejected parameter: which one, why, and the Explorer code where one applies. */
export interface QueryProblem {
  ok: false;
  param: string;
  message: string;
  code: 'invalid_parameter' | 'invalid_cursor' | 'invalid_page';
}
export type QueryResult<T> = { ok: true; value: T } | QueryProblem;

/** A rule check's answer: the query, or the key of the rule the input breaks. */
export type RuleCheck<T, R extends string> = { ok: true; value: T } | { ok: false; rule: R };

const broken = <R extends string>(rule: R) => ({ ok: false as const, rule });

// ---------------------------------------------------------------- GET /kyi/v1/tokens (4.1)

export type TokenLookupQuery = { caip19: string } | { address: string; chainSlug?: string };

/** A token lookup's three inputs; `null` when absent. */
export interface TokenLookupInput {
  caip19: string | null;
  address: string | null;
  chainSlug: string | null;
}

/** Which token-lookup rule an input breaks (its 400 message: `TOKEN_LOOKUP_RULES`). */
export type TokenLookupRule = 'missing' | 'mixed' | 'chainSlugAlone' | 'badCaip19' | 'badAddress' | 'badChainSlug';

/**
 * Rules 1–2 of `GET /kyi/v1/tokens`: either `caip19`, or `address` with optional
 * `chain_slug`. The one copy of these rules: the server piece and the sandbox check query
 * strings with it (`parseTokenLookupQuery`), the elements their attributes.
 */
export function checkTokenLookup(input: TokenLookupInput): RuleCheck<TokenLookupQuery, TokenLookupRule> {
  const { caip19, address, chainSlug } = input;
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

/** The query string of a token lookup (what the server piece sends upstream: checked and written in one module). */
export function formatTokenLookupQuery(q: TokenLookupQuery): URLSearchParams {
  if ('caip19' in q) return new URLSearchParams({ caip19: q.caip19 });
  const p = new URLSearchParams({ address: q.address });
  if (q.chainSlug) p.set('chain_slug', q.chainSlug);
  return p;
}

// ---------------------------------------------------------------- asset lookup (4.1, POST /lookup)

/** An asset lookup: a CAIP-10 account id, or a chain name with an address. */
export type AssetLookupQuery = { accountId: string } | { chain: string; address: string };

/** An asset lookup's three inputs; `null` when absent. */
export interface AssetLookupInput {
  accountId: string | null;
  chain: string | null;
  address: string | null;
}

/** Which asset-lookup rule an input breaks (its 400 message: `ASSET_LOOKUP_RULES`). */
export type AssetLookupRule = 'missing' | 'mixed' | 'chainAlone' | 'addressAlone' | 'badAccountId' | 'badChain' | 'badAddress';

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
export function checkAssetLookup(input: AssetLookupInput): RuleCheck<AssetLookupQuery, AssetLookupRule> {
  const { accountId, chain, address } = input;
  if (accountId !== null) {
    if (chain !== null || address !== null) return broken('mixed');
    return isAssetAccountId(accountId) ? { ok: true, value: { accountId } } : broken('badAccountId');
  }
  if (chain === null) return broken(address !== null ? 'addressAlone' : 'missing');
  if (address === null) return broken('chainAlone');
  if (!isChainName(chain)) return broken('badChain');
  return isAddress(address) ? { ok: true, value: { chain, address } } : broken('badAddress');
}

// ---------------------------------------------------------------- POST /lookup entries and the requests upstream

/** One Public API request the server piece forwards, checked and normalized (its `upstreamPath` is its cache key). */
export type PublicTarget =
  | { kind: 'assets'; pageSize?: number; pageNumber?: number }
  | { kind: 'asset'; chain: string; address: string }
  | { kind: 'asset-caip10'; namespace: string; reference: string; address: string }
  | { kind: 'tokens'; query: TokenLookupQuery };

/** The upstream path (and query) of a target, each segment encoded. */
export function upstreamPath(target: PublicTarget): string {
  const e = encodeURIComponent;
  switch (target.kind) {
    case 'assets': {
      const q = new URLSearchParams();
      if (target.pageSize !== undefined) q.set('page_size', String(target.pageSize));
      if (target.pageNumber !== undefined) q.set('page_number', String(target.pageNumber));
      const s = q.toString();
      return s ? `/assets?${s}` : '/assets';
    }
    case 'asset':
      return `/assets/${e(target.chain)}/${e(target.address)}`;
    case 'asset-caip10':
      return `/assets/${e(target.namespace)}/${e(target.reference)}/${e(target.address)}`;
    case 'tokens':
      return `/kyi/v1/tokens?${formatTokenLookupQuery(target.query).toString()}`;
  }
}

/** A checked `POST /lookup` entry: the request it makes upstream and that request's `upstreamPath`. */
export interface LookupEntry {
  target: PublicTarget;
  path: string;
}

/**
 * What CAIP-19 lets into an id and the server piece does not forward: percent-encoding and dot
 * segments (the single route refuses them too, with every parameter's generic checks).
 */
const UNFORWARDED_CAIP19 = /%|\.\.|\/\.$/;

/**
 * Checks entry `index` of a `POST /lookup` body by the elements' rules (`checkTokenLookup`,
 * `checkAssetLookup`, with their messages): the request it makes upstream, or the problem
 * naming its field (`requests[3].chainSlug`). A token entry's `chain_slug` is read as `chainSlug`.
 */
export function checkLookupEntry(entry: unknown, index: number): QueryResult<LookupEntry> {
  const at = `requests[${index}]`;
  const refuse = (field: string, message: string): QueryProblem => ({
    ok: false,
    param: field ? `${at}.${field}` : at,
    message,
    code: 'invalid_parameter',
  });
  const found = (target: PublicTarget): QueryResult<LookupEntry> => ({ ok: true, value: { target, path: upstreamPath(target) } });
  if (!isObject(entry)) return refuse('', 'must be an object with a kind of "token" or "asset"');
  /** The first field read that is neither absent (`null`, `undefined`) nor a string. */
  let notText: string | undefined;
  const text = (name: string): string | null => {
    const v = entry[name];
    if (typeof v === 'string') return v;
    if (v !== undefined && v !== null) notText ??= name;
    return null;
  };
  if (entry['kind'] === 'token') {
    const input = { caip19: text('caip19'), address: text('address'), chainSlug: text('chainSlug') ?? text('chain_slug') };
    if (notText) return refuse(notText, 'must be a string');
    const checked = checkTokenLookup(input);
    if (!checked.ok) return refuse(TOKEN_LOOKUP_RULES[checked.rule][0], TOKEN_LOOKUP_RULES[checked.rule][1]);
    const query = checked.value;
    if ('caip19' in query && UNFORWARDED_CAIP19.test(query.caip19)) return refuse('caip19', 'must not contain percent-encoding or dot segments');
    return found({ kind: 'tokens', query });
  }
  if (entry['kind'] === 'asset') {
    const input = { accountId: text('accountId'), chain: text('chain'), address: text('address') };
    if (notText) return refuse(notText, 'must be a string');
    const checked = checkAssetLookup(input);
    if (!checked.ok) return refuse(ASSET_LOOKUP_RULES[checked.rule][0], ASSET_LOOKUP_RULES[checked.rule][1]);
    const query = checked.value;
    if ('chain' in query) return found({ kind: 'asset', ...query });
    // a checked account id: `namespace:reference:address`, none of them holding a ":"
    const [namespace, reference, address] = query.accountId.split(':') as [string, string, string];
    return found({ kind: 'asset-caip10', namespace, reference, address });
  }
  return refuse('kind', 'must be "token" or "asset"');
}

// ---------------------------------------------------------------- GET /me/monitoring/changes (4.2)

/** Filters of `GET /me/monitoring/changes` (read by `parseMonitoringChangesQuery`). */
export interface MonitoringChangesQuery {
  newOnly?: boolean;
  showAll?: boolean;
  materiality?: Materiality;
  days?: number;
  item?: string[];
  sort?: SortOrder;
  category?: string;
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
