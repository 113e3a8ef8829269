/**
 * Query parameters of the service's routes and the identifiers in them, checked exactly once
 * for everyone. This module holds what the browser runs on every lookup page: the identifiers
 * (chain names, addresses, CAIP ids), the token lookup's rules the elements check their
 * attributes with, and the monitoring filters' query string. The asset lookup's rules are in
 * asset-queries.ts (only the asset card checks them in the browser, so its chunk carries them,
 * not the one every token-status page loads); the server piece's check of a `POST /lookup` entry
 * and the upstream request it makes, with both lookups' rules, in lookup-entries.ts. The readers
 * of whole query strings are the server piece's and the sandbox's (`query-readers.ts`, which
 * imports this module, never the reverse), built on these same rules and messages.
 */

// ---------------------------------------------------------------- identifiers

/** A chain name such as `solana` (field notes) or a chain slug: lower-case, digits and `-`. */
export const CHAIN_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
/** A token or account address: ASCII letters, digits, `-`, `_`, `.`; 1–128 characters. */
export const ADDRESS_PATTERN = /^[A-Za-z0-9][-_.A-Za-z0-9]{0,127}$/;
// UUIDs are in uuid.ts: only the watchlist checks one in the browser, and a module this one
// imported would go wherever this one goes (the lookup chunk of every token-status page).

export function isChainName(value: unknown): value is string {
  return typeof value === 'string' && CHAIN_NAME_PATTERN.test(value);
}

/** An address safe to place in a path segment: the pattern, and never a `..` run. */
export function isAddress(value: unknown): value is string {
  return typeof value === 'string' && ADDRESS_PATTERN.test(value) && !value.includes('..');
}

/** A JSON object: not `null`, not an array (the one such check of both sides). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A rejected parameter: which one, why, and the Explorer code where one applies. */

// ---------------------------------------------------------------- CAIP identifiers

/**
 * Chain-agnostic identifiers, per the CAIP specifications:
 * CAIP-2 chain id `namespace:reference`, CAIP-10 account id `chain_id:account_address`,
 * CAIP-19 asset id `chain_id/asset_namespace:asset_reference[/token_id]`.
 */

export interface ChainId {
  namespace: string;
  reference: string;
}
export interface AccountId {
  chainId: ChainId;
  address: string;
}
export interface AssetId {
  chainId: ChainId;
  assetNamespace: string;
  assetReference: string;
  tokenId?: string;
}

/** Thrown by the `parse*` functions; the message names the identifier and the part that is wrong. */
export class CaipError extends Error {
  override readonly name = 'CaipError';
}

/**
 * Each part of an identifier, as a regular expression's source of one character class and a
 * length: `[…]{min,max}`. No part lets in the ":" or "/" that separate parts. The parsers'
 * messages say the same in words (`describe`).
 */
const PARTS = {
  namespace: '[-a-z0-9]{3,8}',
  reference: '[-_a-zA-Z0-9]{1,32}',
  address: '[-.%a-zA-Z0-9]{1,128}',
  'asset namespace': '[-a-z0-9]{3,8}',
  'asset reference': '[-.%a-zA-Z0-9]{1,128}',
  'token id': '[-.%a-zA-Z0-9]{1,78}',
} as const;
type PartName = keyof typeof PARTS;

/** A pattern of a whole value: `{part}` stands for that part's pattern; `:` and `/` match themselves. */
const whole = (shape: string) => new RegExp(`^${shape.replace(/\{([^}]+)\}/g, (_, name: PartName) => `(?:${PARTS[name]})`)}$`);

const CAIP2 = 'CAIP-2 chain id';
const CAIP10 = 'CAIP-10 account id';
const CAIP19 = 'CAIP-19 asset id';
/** The shape of a chain id, alone or inside a longer id. */
const CHAIN_SHAPE = 'namespace:reference';

/** `value` when it is a string, else a CaipError naming `what`. */
function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new CaipError(`${what} must be a string`);
  return value;
}

/**
 * `value` cut at `separator` into as many pieces as `shape` has (or one of `counts`), else
 * a CaipError: `${what} must look like "${shape}"`.
 */
function split(value: string, separator: string, what: string, shape: string, counts = [shape.split(separator).length]): string[] {
  const pieces = value.split(separator);
  if (!counts.includes(pieces.length)) throw new CaipError(`${what} must look like "${shape}"`);
  return pieces;
}

/** What a part must be, in words, read from its pattern: `[-a-z0-9]{3,8}` → `3–8 characters of a-z, 0-9 or "-"`. */
function describe(pattern: string): string {
  const [, chars, min, max] = /^\[(.*)\]\{(\d+),(\d+)\}$/.exec(pattern)!;
  const ranges = ['a-z', 'A-Z', '0-9'].filter((range) => chars!.includes(range));
  const others = [...ranges.reduce((rest, range) => rest.replace(range, ''), chars!)].map((c) => `"${c}"`);
  const all = [...ranges, ...others];
  return `${min}–${max} characters of ${all.slice(0, -1).join(', ')} or ${all.at(-1)}`;
}

const partPatterns: { [N in PartName]?: RegExp } = {};

/** `value` when it is a valid `name` part, else a CaipError: `${what}: ${name} must be …`. */
function part(what: string, name: PartName, value: string | undefined): string {
  if (value === undefined || !(partPatterns[name] ??= whole(`{${name}}`)).test(value)) throw new CaipError(`${what}: ${name} must be ${describe(PARTS[name])}`);
  return value;
}

function chainIdFromParts(namespace: string | undefined, reference: string | undefined, what: string): ChainId {
  return { namespace: part(what, 'namespace', namespace), reference: part(what, 'reference', reference) };
}

/** Parses a CAIP-2 chain id such as `eip155:1`. */
export function parseCaip2(value: string): ChainId {
  const [namespace, reference] = split(text(value, CAIP2), ':', CAIP2, CHAIN_SHAPE);
  return chainIdFromParts(namespace, reference, CAIP2);
}

/** Parses a CAIP-10 account id such as `eip155:1:0xab…`. */
export function parseCaip10(value: string): AccountId {
  const [namespace, reference, address] = split(text(value, CAIP10), ':', CAIP10, `${CHAIN_SHAPE}:address`);
  const chainId = chainIdFromParts(namespace, reference, CAIP10);
  return { chainId, address: part(CAIP10, 'address', address) };
}

/** Parses a CAIP-19 asset id such as `eip155:1/erc20:0xab…`. */
export function parseCaip19(value: string): AssetId {
  const what = `${CAIP19}: `;
  const [chain, assetType, tokenId] = split(text(value, CAIP19), '/', CAIP19, `${CHAIN_SHAPE}/asset_namespace:asset_reference`, [2, 3]);
  const [namespace, reference] = split(chain!, ':', `${what}chain id`, CHAIN_SHAPE);
  const chainId = chainIdFromParts(namespace, reference, CAIP19);
  const [assetNamespace, assetReference] = split(assetType!, ':', `${what}asset type`, 'asset_namespace:asset_reference');
  const asset: AssetId = {
    chainId,
    assetNamespace: part(CAIP19, 'asset namespace', assetNamespace),
    assetReference: part(CAIP19, 'asset reference', assetReference),
  };
  if (tokenId !== undefined) asset.tokenId = part(CAIP19, 'token id', tokenId);
  return asset;
}

/**
 * A check of a whole identifier against the same part patterns as its parser, without the
 * parser or its messages (the elements need only yes or no): since no part lets in a
 * separator, one pattern accepts exactly what the parser accepts.
 */
function validates(shape: string) {
  const pattern = whole(shape);
  return (value: unknown): value is string => typeof value === 'string' && pattern.test(value);
}
const CHAIN = '{namespace}:{reference}';
export const isCaip2 = /* @__PURE__ */ validates(CHAIN);
export const isCaip10 = /* @__PURE__ */ validates(`${CHAIN}:{address}`);
export const isCaip19 = /* @__PURE__ */ validates(`${CHAIN}/{asset namespace}:{asset reference}(?:/{token id})?`);

/** Formats a chain id (validating it). */
export function formatCaip2(chainId: ChainId): string {
  return `${chainIdFromParts(chainId.namespace, chainId.reference, CAIP2).namespace}:${chainId.reference}`;
}

/** Formats an account id (validating it). */
export function formatCaip10(account: AccountId): string {
  const s = `${formatCaip2(account.chainId)}:${account.address}`;
  parseCaip10(s);
  return s;
}

/** Formats an asset id (validating it). */
export function formatCaip19(asset: AssetId): string {
  let s = `${formatCaip2(asset.chainId)}/${asset.assetNamespace}:${asset.assetReference}`;
  if (asset.tokenId !== undefined) s += `/${asset.tokenId}`;
  parseCaip19(s);
  return s;
}

/**
 * The path form of a CAIP-10 account id used by `GET /assets/{namespace}/{reference}/{address}`:
 * the `:` separators replaced by `/` (spec 4.1). Throws `CaipError` on an invalid id.
 */
export function caip10ToPath(accountId: string): string {
  const { chainId, address } = parseCaip10(accountId);
  return `${chainId.namespace}/${chainId.reference}/${address}`;
}

export interface QueryProblem {
  ok: false;
  param: string;
  message: string;
  code: 'invalid_parameter' | 'invalid_cursor' | 'invalid_page';
}
export type QueryResult<T> = { ok: true; value: T } | QueryProblem;

/** A rule check's answer: the query, or the key of the rule the input breaks. */
export type RuleCheck<T, R extends string> = { ok: true; value: T } | { ok: false; rule: R };

export const broken = <R extends string>(rule: R) => ({ ok: false as const, rule });

// ---------------------------------------------------------------- GET /kyi/v1/tokens (4.1)

export type TokenLookupQuery = { caip19: string } | { address: string; chainSlug?: string };

/** A token lookup's three inputs; `null` when absent. */
export interface TokenLookupInput {
  caip19: string | null;
  address: string | null;
  chainSlug: string | null;
}

/**
 * Which token-lookup rule an input breaks (its 400 message: `TOKEN_LOOKUP_RULES`), named as the
 * elements' words for it are (`tokenStatus.invalid.<rule>`).
 */
export type TokenLookupRule = 'missing' | 'mixed' | 'chainWithoutAddress' | 'caip19' | 'address' | 'chain';

/**
 * Each token-lookup rule (`checkTokenLookup`): the input it is about (`chainSlug` is the
 * query's `chain_slug`) and its 400 message (field notes).
 */
export const TOKEN_LOOKUP_RULES = {
  missing: ['caip19', 'Provide caip19, or address with optional chain_slug'],
  mixed: ['caip19', 'Use either caip19, or address with optional chain_slug, not both'],
  chainWithoutAddress: ['chainSlug', 'chain_slug requires address'],
  caip19: ['caip19', 'caip19 must be a valid CAIP-19 identifier'],
  address: ['address', 'address must be a token address (1–128 characters of A-Z, a-z, 0-9, "-", "_" or ".")'],
  chain: ['chainSlug', 'chain_slug must be a chain slug (lower-case letters, digits and "-")'],
} as const satisfies Record<TokenLookupRule, readonly [keyof TokenLookupInput, string]>;

/**
 * Rules 1–2 of `GET /kyi/v1/tokens`: either `caip19`, or `address` with optional
 * `chain_slug`. The one copy of these rules: the server piece and the sandbox check query
 * strings with it (`parseTokenLookupQuery`), the elements their attributes.
 */
export function checkTokenLookup(input: TokenLookupInput): RuleCheck<TokenLookupQuery, TokenLookupRule> {
  const { caip19, address, chainSlug } = input;
  if (caip19 !== null && address !== null) return broken('mixed');
  if (caip19 !== null) {
    if (chainSlug !== null) return broken('chainWithoutAddress');
    return isCaip19(caip19) ? { ok: true, value: { caip19 } } : broken('caip19');
  }
  if (address === null) return broken(chainSlug !== null ? 'chainWithoutAddress' : 'missing');
  if (!isAddress(address)) return broken('address');
  if (chainSlug === null) return { ok: true, value: { address } };
  return isChainName(chainSlug) ? { ok: true, value: { address, chainSlug } } : broken('chain');
}

/** The query string of a token lookup (what the server piece sends upstream: checked and written in one module). */
export function formatTokenLookupQuery(q: TokenLookupQuery): URLSearchParams {
  if ('caip19' in q) return new URLSearchParams({ caip19: q.caip19 });
  const p = new URLSearchParams({ address: q.address });
  if (q.chainSlug) p.set('chain_slug', q.chainSlug);
  return p;
}
