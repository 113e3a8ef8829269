/**
 * The asset lookup's rules (`checkAssetLookup`): the asset card checks its attributes with them
 * in the browser, the server piece a `POST /lookup` entry (`checkLookupEntry`, lookup-entries.ts). Apart
 * from queries.ts, so the lookup chunk every token-status page loads does not carry them: the asset
 * card's chunk does.
 */
import { broken, isAddress, isCaip10, isChainName, type RuleCheck } from './queries.js';

/** An asset lookup: a CAIP-10 account id, or a chain name with an address. */
export type AssetLookupQuery = { accountId: string } | { chain: string; address: string };

/** An asset lookup's three inputs; `null` when absent. */
export interface AssetLookupInput {
  accountId: string | null;
  chain: string | null;
  address: string | null;
}

/**
 * Which asset-lookup rule an input breaks (its 400 message: `ASSET_LOOKUP_RULES`), named as the
 * elements' words for it are (`assetCard.invalid.<rule>`), but for a chain or an address alone:
 * the element says what is missing (`missing`), a `POST /lookup` entry which field.
 */
export type AssetLookupRule = 'missing' | 'mixed' | 'chainAlone' | 'addressAlone' | 'accountId' | 'chain' | 'address';

/**
 * Each asset-lookup rule (`checkAssetLookup`): the field it is about and its 400 message (a
 * `POST /lookup` entry names its fields like these).
 */
export const ASSET_LOOKUP_RULES = {
  missing: ['accountId', 'Provide accountId, or chain with address'],
  mixed: ['accountId', 'Use either accountId, or chain with address, not both'],
  chainAlone: ['address', 'chain requires address'],
  addressAlone: ['chain', 'address requires chain (or give accountId)'],
  accountId: ['accountId', 'accountId must be a CAIP-10 account id "namespace:reference:address" with an address of A-Z, a-z, 0-9, "-" or "."'],
  chain: ['chain', 'chain must be a chain name such as solana or ethereum (a-z, 0-9, "-")'],
  address: ['address', 'address must be an address of 1–128 characters of A-Z, a-z, 0-9, "-", "_" or "."'],
} as const satisfies Record<AssetLookupRule, readonly [keyof AssetLookupInput, string]>;

/**
 * The asset lookup's rules: either `accountId`, or `chain` with `address`. The one copy:
 * the server piece checks `POST /lookup` entries with it, the elements their attributes.
 */
export function checkAssetLookup(input: AssetLookupInput): RuleCheck<AssetLookupQuery, AssetLookupRule> {
  const { accountId, chain, address } = input;
  if (accountId !== null) {
    if (chain !== null || address !== null) return broken('mixed');
    // CAIP-10, and its address one the Public API takes in a path (`isAddress`), since the
    // server piece forwards it as `/assets/{ns}/{ref}/{address}`
    return isCaip10(accountId) && isAddress(accountId.slice(accountId.lastIndexOf(':') + 1)) ? { ok: true, value: { accountId } } : broken('accountId');
  }
  if (chain === null) return broken(address !== null ? 'addressAlone' : 'missing');
  if (address === null) return broken('chainAlone');
  if (!isChainName(chain)) return broken('chain');
  return isAddress(address) ? { ok: true, value: { chain, address } } : broken('address');
}

