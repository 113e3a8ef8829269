/**
 * The asset card's input: the asset lookup's rules (`checkAssetLookup`) checked in the browser,
 * so a bad input costs no request; the words of their problems (`assetCard.invalid.*`) are the
 * card's (./strings.ts), added wherever this check is (a token-status page carries neither).
 */
import { checkAssetLookup, type AssetLookupRule } from '../../contract/asset-queries.js';
import { checkLookupInput, type InputCheck, type InputProblem } from '../shared/lookup-element.js';
import './strings.js'; // the words of the problems (`assetCard.invalid.*`), with the card's


/** Asset input as the element has it (attributes). */
export interface AssetInput {
  accountId?: string | null | undefined;
  chain?: string | null | undefined;
  address?: string | null | undefined;
}

/** The rules whose words are another's: a chain or an address alone is input missing (`assetCard.invalid.missing`). */
const ASSET_REASONS = { chainAlone: 'missing', addressAlone: 'missing' } as const satisfies Record<Exclude<AssetLookupRule, InputProblem['reason']>, InputProblem['reason']>;

/** The asset lookup's rules (`checkAssetLookup`): `account-id` (CAIP-10), or `chain` + `address`. */
export function checkAssetInput({ accountId, chain, address }: AssetInput): InputCheck {
  return checkLookupInput('asset', 'assetCard', { accountId, chain, address }, checkAssetLookup, ASSET_REASONS);
}
