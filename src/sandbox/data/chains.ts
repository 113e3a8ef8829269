/** Chains the sandbox indexes: chain name (= chain slug), CAIP-2 id and token standard. */
export interface SandboxChain {
  name: string;
  caip2: string;
  /** Token standard, also the CAIP-19 asset namespace of its tokens (`token` for SPL). */
  standard: 'spl' | 'erc20';
  assetNamespace: 'token' | 'erc20';
}

const evm = (name: string, chainId: number): SandboxChain => ({
  name,
  caip2: `eip155:${chainId}`,
  standard: 'erc20',
  assetNamespace: 'erc20',
});

export const CHAINS: Record<string, SandboxChain> = {
  solana: { name: 'solana', caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', standard: 'spl', assetNamespace: 'token' },
  ethereum: evm('ethereum', 1),
  base: evm('base', 8453),
  plume: evm('plume', 98866),
  sepolia: evm('sepolia', 11155111),
  avalanche: evm('avalanche', 43114),
};

/** EVM addresses are hex and compare without case; everything else compares exactly. */
export function sameAddress(chain: SandboxChain, a: string, b: string): boolean {
  return chain.caip2.startsWith('eip155:') ? a.toLowerCase() === b.toLowerCase() : a === b;
}
