/**
 * Every way a page may look each seed token up, as `<kyi-token-status>` attributes: by address
 * and chain, by CAIP-19, then each address alone (an address on several chains once). What the
 * page-lookups benchmark and the layout-shift test render over realistic sandbox tokens.
 */
import { CHAINS } from './chains.js';
import { SEED_TOKENS } from './tokens.js';

export function seedLookups(): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const token of SEED_TOKENS) {
    const chain = CHAINS[token.chain]!;
    out.push({ address: token.address, 'chain-slug': token.chain });
    out.push({ caip19: `${chain.caip2}/${chain.assetNamespace}:${token.address}` });
  }
  for (const address of new Set(SEED_TOKENS.map((t) => t.address))) out.push({ address });
  return out;
}
