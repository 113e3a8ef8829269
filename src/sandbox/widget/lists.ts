/**
 * What the `assets` and `wallets` list views show: the tokens the signed-in user verified
 * through the widget flow, and the authority wallets those verifications proved control of.
 */
import { CHAINS } from '../data/chains.js';
import type { SeedToken } from '../data/types.js';
import type { PublicState } from '../state.js';
import type { ListRow } from './page.js';

/** The wallet-signature method the sandbox records for a chain (field notes' method names). */
export function signatureMethod(chain: string): string {
  return CHAINS[chain]?.standard === 'spl' ? 'solana_offchain_v0' : 'eip191';
}

/** Tokens verified through the widget by `userId`, oldest first. */
function verifiedBy(state: PublicState, userId: string): SeedToken[] {
  return [...state.verifications()]
    .filter(([, v]) => v.userId === userId)
    .sort(([, a], [, b]) => a.at - b.at)
    .flatMap(([slug]) => state.bySlug(slug) ?? []);
}

export function userAssetRows(state: PublicState, userId: string): ListRow[] {
  return verifiedBy(state, userId).map((t) => ({
    title: `${t.name} (${t.symbol})`,
    details: [`${t.chain} · ${t.address}`, `Verified ${t.verifiedAt ?? ''}`.trim()],
  }));
}

export function userWalletRows(state: PublicState, userId: string): ListRow[] {
  const seen = new Set<string>();
  const rows: ListRow[] = [];
  for (const token of verifiedBy(state, userId)) {
    for (const authority of token.authorities) {
      const key = `${token.chain}:${authority.address}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({
        title: authority.address,
        details: [`${token.chain} · ${authority.type} of ${token.symbol}`, `Signature: ${signatureMethod(token.chain)}`],
      });
    }
  }
  return rows;
}
