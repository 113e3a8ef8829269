/**
 * English words of the token input problems (`tokenStatus.invalid.*`): `checkTokenInput()`
 * (elements/shared/lookup-element.ts, the lookup elements' base) gives them, so that module adds
 * them (a top-level call, kept whenever the module is: a bare import of a data module would be
 * dropped as side-effect free), and the badge's shared core carries none of them. The asset
 * card's are with its own check (elements/asset-card/input.ts): a token-status page carries none
 * of them (84 B gzip less; the page of four elements, 47 B more).
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
} as const;
