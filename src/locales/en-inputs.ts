/**
 * English words of the lookup input problems (`tokenStatus.invalid.*`, `assetCard.invalid.*`):
 * `checkLookupInput()` (elements/shared/lookup-element.ts, the lookup elements' base) gives
 * them, so that module adds them (a top-level call, kept whenever the module is: a bare import
 * of a data module would be dropped as side-effect free), and the badge's shared core carries
 * none of them. The asset card's five stay beside the token's although only its check
 * (elements/asset-card/input.ts) gives them: in the card's chunk they cost the page of four
 * elements 47 B gzip more than they save a token-status page (84 B), more than its budget holds.
 */
export const enInputs = {
  tokenStatus: {
    'invalid.missing': 'Provide caip19, or address with optional chain-slug.',
    'invalid.mixed': 'Use either caip19, or address with optional chain-slug, not both.',
    'invalid.chainWithoutAddress': 'chain-slug requires address.',
    'invalid.caip19': 'caip19 must be a valid CAIP-19 identifier.',
    'invalid.address': 'address must be a token address.',
    'invalid.chain': 'chain-slug must be a chain slug such as ethereum.',
  },
  assetCard: {
    'invalid.missing': 'Provide account-id (CAIP-10), or chain and address.',
    'invalid.mixed': 'Use either account-id, or chain and address, not both.',
    'invalid.accountId': 'account-id must be a valid CAIP-10 account ID.',
    'invalid.chain': 'chain must be a chain name such as solana or ethereum.',
    'invalid.address': 'address must be an account address.',
  },
} as const;
