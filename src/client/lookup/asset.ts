/**
 * Asset answers, read as outcomes (outcome.ts reads token answers): in a module of their own,
 * which the lookup barrel (../lookup.ts) does not re-export, so a token-status page's lookup chunk
 * carries no asset record reader; `<kyi-asset-card>` and the npm entries import it from here.
 */
import type { AssetRecord } from '../../contract/index.js';
import { asBoolean, asString, listOf, objectOf, readObject } from '../read-body.js';
import type { LookupResponse } from './batcher.js';
import { errorFrom, lookupReadBy, memo, unexpected, type AssetOutcome, type OutcomeLookup } from './outcome.js';

// What the asset card reads of a record, typed as the contract says (other fields kept as sent).
const authority = objectOf({
  authority_type: asString,
  address: asString,
  verified: asBoolean,
  account_type: asString,
  multisig_signers: listOf(asString),
});
const assetFields = {
  token_details: objectOf({
    chain: asString,
    address: asString,
    token_name: asString,
    token_ticker: asString,
    token_image: asString,
    authorities: listOf(authority),
  }),
  business_details: objectOf({ business_name: asString, business_verified: asBoolean, business_description: asString }),
  website_url: asString,
  whitepaper_url: asString,
  asset_url: asString,
  attestation_address: asString,
};

/** Maps a relayed asset-route answer to a status (404 = not verified on this chain). */
export function assetOutcome(response: LookupResponse): AssetOutcome {
  return memo(response, ({ status, body }): AssetOutcome => {
    if (status === 200) {
      // a record: an object with its token's details
      const result = readObject<AssetRecord>(body, assetFields);
      return result?.token_details ? { status: 'verified', result } : { status: 'error', result: null, error: unexpected(200) };
    }
    if (status === 404) return { status: 'not-found', result: null };
    return { status: status === 400 ? 'invalid' : 'error', result: null, error: errorFrom(response) };
  });
}

/** Looks an asset up through the shared client (see `OutcomeLookup`). */
export const lookupAsset: OutcomeLookup<'asset', AssetOutcome> = lookupReadBy(assetOutcome);
