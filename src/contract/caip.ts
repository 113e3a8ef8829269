/**
 * Chain-agnostic identifiers, per the CAIP specifications:
 * CAIP-2 chain id `namespace:reference`, CAIP-10 account id `chain_id:account_address`,
 * CAIP-19 asset id `chain_id/asset_namespace:asset_reference[/token_id]`.
 */

const NAMESPACE = /^[-a-z0-9]{3,8}$/;
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/;
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/;
const ASSET_NAMESPACE = /^[-a-z0-9]{3,8}$/;
const ASSET_REFERENCE = /^[-.%a-zA-Z0-9]{1,128}$/;
const TOKEN_ID = /^[-.%a-zA-Z0-9]{1,78}$/;

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

function chainIdFromParts(namespace: string | undefined, reference: string | undefined, what: string): ChainId {
  if (namespace === undefined || !NAMESPACE.test(namespace))
    throw new CaipError(`${what}: namespace must be 3–8 characters of a-z, 0-9 or "-"`);
  if (reference === undefined || !REFERENCE.test(reference))
    throw new CaipError(`${what}: reference must be 1–32 characters of a-z, A-Z, 0-9, "-" or "_"`);
  return { namespace, reference };
}

/** Parses a CAIP-2 chain id such as `eip155:1`. */
export function parseCaip2(value: string): ChainId {
  if (typeof value !== 'string') throw new CaipError('CAIP-2 chain id must be a string');
  const parts = value.split(':');
  if (parts.length !== 2) throw new CaipError(`CAIP-2 chain id must look like "namespace:reference"`);
  return chainIdFromParts(parts[0], parts[1], 'CAIP-2 chain id');
}

/** Parses a CAIP-10 account id such as `eip155:1:0xab…`. */
export function parseCaip10(value: string): AccountId {
  if (typeof value !== 'string') throw new CaipError('CAIP-10 account id must be a string');
  const parts = value.split(':');
  if (parts.length !== 3) throw new CaipError(`CAIP-10 account id must look like "namespace:reference:address"`);
  const chainId = chainIdFromParts(parts[0], parts[1], 'CAIP-10 account id');
  const address = parts[2]!;
  if (!ACCOUNT_ADDRESS.test(address))
    throw new CaipError('CAIP-10 account id: address must be 1–128 characters of a-z, A-Z, 0-9, "-", "." or "%"');
  return { chainId, address };
}

/** Parses a CAIP-19 asset id such as `eip155:1/erc20:0xab…`. */
export function parseCaip19(value: string): AssetId {
  if (typeof value !== 'string') throw new CaipError('CAIP-19 asset id must be a string');
  const segments = value.split('/');
  if (segments.length !== 2 && segments.length !== 3)
    throw new CaipError('CAIP-19 asset id must look like "namespace:reference/asset_namespace:asset_reference"');
  const chainParts = segments[0]!.split(':');
  if (chainParts.length !== 2) throw new CaipError('CAIP-19 asset id: chain id must look like "namespace:reference"');
  const chainId = chainIdFromParts(chainParts[0], chainParts[1], 'CAIP-19 asset id');
  const assetParts = segments[1]!.split(':');
  if (assetParts.length !== 2)
    throw new CaipError('CAIP-19 asset id: asset type must look like "asset_namespace:asset_reference"');
  const [assetNamespace, assetReference] = assetParts as [string, string];
  if (!ASSET_NAMESPACE.test(assetNamespace))
    throw new CaipError('CAIP-19 asset id: asset namespace must be 3–8 characters of a-z, 0-9 or "-"');
  if (!ASSET_REFERENCE.test(assetReference))
    throw new CaipError('CAIP-19 asset id: asset reference must be 1–128 characters of a-z, A-Z, 0-9, "-", "." or "%"');
  const asset: AssetId = { chainId, assetNamespace, assetReference };
  if (segments.length === 3) {
    const tokenId = segments[2]!;
    if (!TOKEN_ID.test(tokenId))
      throw new CaipError('CAIP-19 asset id: token id must be 1–78 characters of a-z, A-Z, 0-9, "-", "." or "%"');
    asset.tokenId = tokenId;
  }
  return asset;
}

function validates(parse: (v: string) => unknown) {
  return (value: unknown): value is string => {
    if (typeof value !== 'string') return false;
    try {
      parse(value);
      return true;
    } catch {
      return false;
    }
  };
}
export const isCaip2 = validates(parseCaip2);
export const isCaip10 = validates(parseCaip10);
export const isCaip19 = validates(parseCaip19);

/** Formats a chain id (validating it). */
export function formatCaip2(chainId: ChainId): string {
  return `${chainIdFromParts(chainId.namespace, chainId.reference, 'CAIP-2 chain id').namespace}:${chainId.reference}`;
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
