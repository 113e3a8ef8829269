/**
 * Query parameters of the service's routes, checked exactly once for everyone. This module
 * holds what the browser runs: the token and asset lookup rules the elements check their
 * attributes with, and the monitoring filters' query string. The readers of whole query
 * strings, with their 400 messages, are the server piece's and the sandbox's
 * (`query-readers.ts`, re-exported here), built on these same rules.
 */
import { isCaip10, isCaip19 } from './caip.js';
import type { Materiality, SortOrder } from './enums.js';
import { isAddress, isChainName } from './identifiers.js';

// The server-side readers (re-exported for existing importers). Every top-level value there
// is pure, so a browser bundle that imports this module keeps none of them.
export * from './query-readers.js';

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
