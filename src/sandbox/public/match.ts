/** Finding sandbox tokens by the Public API's identifiers. */
import { parseCaip19, type TokenLookupQuery } from '../../contract/index.js';
import { CHAINS, sameAddress } from '../data/chains.js';
import type { SeedToken } from '../data/types.js';

/** `/assets/{chain}/{address}`: the token on that chain name. */
export function byChainName(tokens: readonly SeedToken[], chain: string, address: string): SeedToken | undefined {
  const c = CHAINS[chain];
  return c ? tokens.find((t) => t.chain === chain && sameAddress(c, t.address, address)) : undefined;
}

/** `/assets/{namespace}/{reference}/{address}`: the token at that CAIP-10 account id. */
export function byAccountId(tokens: readonly SeedToken[], namespace: string, reference: string, address: string): SeedToken | undefined {
  const caip2 = `${namespace}:${reference}`;
  return tokens.find((t) => {
    const c = CHAINS[t.chain]!;
    return c.caip2 === caip2 && sameAddress(c, t.address, address);
  });
}

/** `/kyi/v1/tokens`: every indexed token the query names (an address can match on several chains). */
export function lookup(tokens: readonly SeedToken[], query: TokenLookupQuery): SeedToken[] {
  if ('caip19' in query) {
    const id = parseCaip19(query.caip19);
    if (id.tokenId !== undefined) return [];
    const caip2 = `${id.chainId.namespace}:${id.chainId.reference}`;
    return tokens.filter((t) => {
      const c = CHAINS[t.chain]!;
      return c.caip2 === caip2 && c.assetNamespace === id.assetNamespace && sameAddress(c, t.address, id.assetReference);
    });
  }
  return tokens.filter((t) => {
    const c = CHAINS[t.chain]!;
    return (query.chainSlug === undefined || t.chain === query.chainSlug) && sameAddress(c, t.address, query.address);
  });
}
