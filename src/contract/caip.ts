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
