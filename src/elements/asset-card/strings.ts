/**
 * English strings of `<kyi-asset-card>`, added to the one table when the element's module
 * loads, and wherever its input check (input.ts) is: its `invalid.*` words are that check's. (The
 * error words it may show come with the lookup elements' base, shared/lookup-element.ts.)
 */
import { addStrings } from '../../browser/strings.js';

/**
 * The keys whose English the card spells without a string: an authority or account type's words
 * are its value made readable (`humanize`, shared/foreign-text.ts: `mint_authority` reads "Mint
 * authority", `multisig` "Multisig"), the same words a string would hold. The table (string-table.ts) names them for
 * the other languages, which `tMaybe` finds first; test/node/strings-config.test.ts holds the
 * table's English to `humanize`'s.
 */
export type EnglishByHumanize =
  | `authorityType.${'mint_authority' | 'freeze_authority' | 'update_authority' | 'upgrade_authority' | 'creator' | 'owner'}`
  | 'accountType.multisig';

export const enAssetCard = {
  common: {
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Could not copy',
  },
  assetCard: {
    loading: 'Loading asset…',
    notFound: 'Not verified on this chain',
    notFoundDetail:
      'No verified asset record exists for this address on {chain}. It may be verified on another chain.',
    invalid: 'Invalid asset identifier',
    invalidHelp: 'This asset can’t be shown: the page doesn’t identify it correctly.',
    // the input problems `checkAssetInput` (input.ts) gives, for the partner's console
    'invalid.missing': 'Provide account-id (CAIP-10), or chain and address.',
    'invalid.mixed': 'Use either account-id, or chain and address, not both.',
    'invalid.accountId': 'account-id must be a valid CAIP-10 account ID.',
    'invalid.chain': 'chain must be a chain name such as solana or ethereum.',
    'invalid.address': 'address must be an account address.',
    error: 'Could not load this asset',
    untitled: 'Unnamed token',
    imageAlt: '',
    chain: 'Chain',
    ticker: 'Ticker',
    issuer: 'Issuer',
    unknownIssuer: 'Issuer not disclosed',
    businessVerified: 'Business verified',
    businessNotVerified: 'Business not verified',
    description: 'Description',
    links: 'Links',
    website: 'Website',
    whitepaper: 'Whitepaper',
    verifiedPage: 'View verified page',
    authorities: 'Authorities',
    noAuthorities: 'No authorities listed.',
    authorityVerified: 'Verified',
    authorityNotVerified: 'Not verified',
    accountType: 'Account type',
    'accountType.regular': 'Regular account',
    signers: 'Signers ({count})',
    copyAddress: 'Copy address {address}',
    attestation: 'Attestation address',
    authorityUnknown: 'Authority',
    showMore: 'Show more',
    showLess: 'Show less',
    showAllAuthorities: 'Show all {count} authorities',
    verifiedAsset: 'Verified asset',
    assetVerified: 'Asset verified',
  },
} as const;

addStrings('en', enAssetCard);
