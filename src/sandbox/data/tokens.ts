/**
 * Sandbox tokens: the field notes' real examples (PYUSD and USDC on Solana, pUSD on Plume)
 * plus made-up tokens for every state a page has to render. `SANDBOX_FIXTURES` names them
 * by state so tests and the demo never copy addresses around.
 */
import type { SeedToken } from './types.js';
import seedTokens from './tokens.json' with { type: 'json' };

/** The orbit-dollar tokens' one address (tokens.json). */
const MULTI_CHAIN_ADDRESS = '0x5e1F4c3B2a1D0e9F8a7B6c5D4e3F2a1B0c9D8e7F';

// TypeScript reads a JSON string as `string`: every field is checked here but `image`, whose
// values ('generated', 'broken' or null) the cast below takes as they are.
const seeds: ReadonlyArray<Omit<SeedToken, 'image'> & { image: string | null }> = seedTokens;

/**
 * The tokens (tokens.json): verified ones first, then the indexed but not verified ones the
 * widget flow can verify (meridian-treasury, atlas-gold, kestrel-carbon), then one address on
 * three chains (orbit-dollar-*: verified on ethereum and base, indexed only on avalanche).
 */
export const SEED_TOKENS = seeds as readonly SeedToken[];

/** Tokens by the state they show, for tests and the demo. */
export const SANDBOX_FIXTURES = {
  /** Real example: PYUSD on Solana; verified, multisig mint authority, `token_image` null. */
  pyusd: { chain: 'solana', address: '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo', caip19: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo' },
  /** Real example: USDC on Solana (account id from the field notes). */
  usdc: {
    chain: 'solana',
    address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    accountId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    caip19: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  },
  /** Real example: pUSD on Plume; `owner` multisig, `whitepaper_url` "". */
  pusd: {
    chain: 'plume',
    address: '0xdddD73F5Df1F0DC31373357beAC77545dC5A6f3F',
    accountId: 'eip155:98866:0xdddD73F5Df1F0DC31373357beAC77545dC5A6f3F',
    caip19: 'eip155:98866/erc20:0xdddD73F5Df1F0DC31373357beAC77545dC5A6f3F',
  },
  /** Verified asset whose business is not verified. */
  businessNotVerified: { chain: 'ethereum', address: '0x3f1A9c2B7d4E5f60718293a4B5c6D7e8F9012345' },
  /** Every authority type, multisig mint and owner authorities. */
  allAuthorities: { chain: 'solana', address: 'LumenCreditMint7xQ9vR2sT4uW6yZ8aB3cD5eF7gH' },
  /** Verified, but its `token_image` link 404s (placeholder case). */
  brokenImage: { chain: 'avalanche', address: '0x2C4e6A8b0D2f4A6c8E0a2B4d6F8a0C2e4A6b8D0f' },
  /** Indexed but not verified: 200 with `kyi_verified: false`; the widget flow can verify these. */
  indexedNotVerified: { chain: 'base', address: '0x7aB3c9D2e1F0a4B5c6D7e8F90a1B2c3D4e5F6a7B' },
  indexedNotVerifiedNoIssuer: { chain: 'sepolia', address: '0x9C8b7A6d5E4f3A2b1C0d9E8f7A6b5C4d3E2f1A0b' },
  indexedNotVerifiedSolana: { chain: 'solana', address: 'KstrLCarbonCreditMint9xQ2vR4sT6uW8yZ1aB3cD' },
  /** One address on ethereum and base (verified) and avalanche (indexed only). */
  multiChain: { address: MULTI_CHAIN_ADDRESS, chains: ['ethereum', 'base', 'avalanche'], verifiedChains: ['ethereum', 'base'] },
  /** Not indexed anywhere: 404 `{kyi_verified:false,data:[]}`. */
  unknown: { chain: 'ethereum', address: '0x000000000000000000000000000000000000dEaD' },
  /** Hostile set (only with `hostile: true`). */
  hostile: {
    html: { chain: 'ethereum', address: '0x6666666666666666666666666666666666666601' },
    rtl: { chain: 'ethereum', address: '0x6666666666666666666666666666666666666602' },
    long: { chain: 'ethereum', address: '0x6666666666666666666666666666666666666603' },
    /** Issuer "Acme Ltd (business verified)", whose business is not verified. */
    kybImpostor: { chain: 'ethereum', address: '0x6666666666666666666666666666666666666604' },
    /** Issuer "Acme Ltd", business verified: the one the impostor imitates. */
    kybGenuine: { chain: 'ethereum', address: '0x6666666666666666666666666666666666666605' },
  },
} as const;
