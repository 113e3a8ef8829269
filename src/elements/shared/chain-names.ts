/**
 * Chains by the names people know them by, not their slugs ("avalanche" reads "Avalanche
 * C-Chain"). A slug or CAIP-2 id not in the table is shown as it came (as text).
 */
const CHAINS: ReadonlyArray<readonly [slug: string, caip2: string, name: string]> = [
  ['ethereum', 'eip155:1', 'Ethereum'],
  ['base', 'eip155:8453', 'Base'],
  ['avalanche', 'eip155:43114', 'Avalanche C-Chain'],
  ['plume', 'eip155:98866', 'Plume'],
  ['sepolia', 'eip155:11155111', 'Sepolia testnet'],
  ['polygon', 'eip155:137', 'Polygon'],
  ['arbitrum', 'eip155:42161', 'Arbitrum One'],
  ['optimism', 'eip155:10', 'OP Mainnet'],
  ['bsc', 'eip155:56', 'BNB Smart Chain'],
  ['solana', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana'],
];

/** Names by slug and by CAIP-2 id, each key lower-cased as `chainName` looks it up (Solana's id is mixed case). */
const CHAIN_NAMES = new Map(CHAINS.flatMap(([slug, caip2, name]) => [[slug, name], [caip2.toLowerCase(), name]]));

/** The name people know a chain by, from its slug or CAIP-2 id; the value itself when unknown. */
export function chainName(slugOrCaip2: unknown): string {
  if (typeof slugOrCaip2 !== 'string') return slugOrCaip2 == null ? '' : String(slugOrCaip2); // upstream data is hostile
  return CHAIN_NAMES.get(slugOrCaip2.toLowerCase()) ?? slugOrCaip2;
}
