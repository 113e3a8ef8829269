/**
 * English strings of `<kyi-asset-card>`, added to the one table when the element's module
 * loads (with the error strings it may show). Its `invalid.*` words are in
 * locales/en-inputs.ts, with the lookup elements' input checks (see there why).
 */
import { addStrings } from '../../browser/strings.js';
import { enErrors } from '../../locales/en-errors.js';

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
    'accountType.multisig': 'Multisig',
    signers: 'Signers ({count})',
    copyAddress: 'Copy address {address}',
    attestation: 'Attestation address',
    'authorityType.mint_authority': 'Mint authority',
    'authorityType.freeze_authority': 'Freeze authority',
    'authorityType.update_authority': 'Update authority',
    'authorityType.upgrade_authority': 'Upgrade authority',
    'authorityType.creator': 'Creator',
    'authorityType.owner': 'Owner',
    authorityUnknown: 'Authority',
    showMore: 'Show more',
    showLess: 'Show less',
    showAllAuthorities: 'Show all {count} authorities',
    verifiedAsset: 'Verified asset',
    assetVerified: 'Asset verified',
  },
} as const;

addStrings('en', enErrors);
addStrings('en', enAssetCard);
