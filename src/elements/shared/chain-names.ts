/**
 * Chains by the names people know them by, not their slugs ("avalanche" reads "Avalanche
 * C-Chain"). A slug or CAIP-2 id not in the table is shown as it came (as text).
 */
const CHAIN_NAMES: Readonly<Record<string, string>> = {
  ethereum: 'Ethereum',
  'eip155:1': 'Ethereum',
  base: 'Base',
  'eip155:8453': 'Base',
  avalanche: 'Avalanche C-Chain',
  'eip155:43114': 'Avalanche C-Chain',
  plume: 'Plume',
  'eip155:98866': 'Plume',
  sepolia: 'Sepolia testnet',
  'eip155:11155111': 'Sepolia testnet',
  polygon: 'Polygon',
  'eip155:137': 'Polygon',
  arbitrum: 'Arbitrum One',
  'eip155:42161': 'Arbitrum One',
  optimism: 'OP Mainnet',
  'eip155:10': 'OP Mainnet',
  bsc: 'BNB Smart Chain',
  'eip155:56': 'BNB Smart Chain',
  solana: 'Solana',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana',
};

/** The name people know a chain by, from its slug or CAIP-2 id; the value itself when unknown. */
export function chainName(slugOrCaip2: unknown): string {
  if (typeof slugOrCaip2 !== 'string') return slugOrCaip2 == null ? '' : String(slugOrCaip2); // upstream data is hostile
  const key = slugOrCaip2.toLowerCase();
  return Object.hasOwn(CHAIN_NAMES, key) ? CHAIN_NAMES[key]! : slugOrCaip2;
}
