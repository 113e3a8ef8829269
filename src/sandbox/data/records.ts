/** Builds the two Public API shapes (asset record 2.1, token lookup element) from a sandbox token. */
import type { AssetRecord, TokenMatch } from '../../contract/index.js';
import { CHAINS } from './chains.js';
import type { SeedToken } from './types.js';
import { createHash } from 'node:crypto';

export interface RecordContext {
  /** Sandbox origin, for sandbox-served token images. */
  origin: string;
  /** `{verified_url}`: asset pages live at `{verified_url}/verified-assets/{address}/{chain}`. */
  verifiedUrl: string;
  /** Sandbox clock, ms. */
  now: number;
}

/** Token image links are signed for an hour, like the live object-store links (field notes). */
export const TOKEN_IMAGE_LIFETIME_S = 3600;

/** A UUID-shaped id derived from a name, so ids stay the same on every run. */
export function stableUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function caip2Of(token: SeedToken): string {
  return CHAINS[token.chain]!.caip2;
}

export function caip19Of(token: SeedToken): string {
  const chain = CHAINS[token.chain]!;
  return `${chain.caip2}/${chain.assetNamespace}:${token.address}`;
}

export function tokenImageUrl(token: SeedToken, ctx: RecordContext): string | null {
  if (token.image === null) return null;
  if (typeof token.image === 'object') return token.image.url;
  // The link expires an hour after it was handed out, in whole hours so bodies stay stable within an hour.
  const expires = (Math.floor(ctx.now / 3_600_000) + 2) * 3600;
  const name = token.image === 'broken' ? `${token.slug}-missing` : token.slug;
  return `${ctx.origin}/images/tokens/${encodeURIComponent(name)}.svg?expires=${expires}`;
}

export function assetUrlOf(token: SeedToken, ctx: RecordContext): string {
  return token.assetUrl ?? `${ctx.verifiedUrl}/verified-assets/${encodeURIComponent(token.address)}/${token.chain}`;
}

/** Asset lookup record (2.1), as the asset routes return it. */
export function assetRecord(token: SeedToken, ctx: RecordContext): AssetRecord {
  const chain = CHAINS[token.chain]!;
  return {
    token_details: {
      chain: token.chain,
      address: token.address,
      asset_did: token.assetDid,
      token_name: token.name,
      token_ticker: token.symbol,
      authorities: token.authorities.map((a) => ({
        authority_type: a.type,
        address: a.address,
        verified: a.verified,
        account_type: a.accountType,
        multisig_signers: a.signers,
        asset_authority_id: stableUuid(`${token.slug}/${a.type}/${a.address}`),
      })),
      token_image: tokenImageUrl(token, ctx),
      copyright_confirmed: token.copyrightConfirmed,
      account_id: `${chain.caip2}:${token.address}`,
    },
    business_details: {
      issuer_did: token.issuer?.did ?? null,
      business_verified: token.issuer?.kybVerified ?? false,
      business_name: token.issuer?.name ?? '',
      business_description: token.issuer?.description ?? '',
    },
    website_url: token.websiteUrl,
    whitepaper_url: token.whitepaperUrl,
    asset_url: assetUrlOf(token, ctx),
    attestation_address: token.attestationAddress,
  };
}

/** One element of `data` in the token lookup result (field notes shape). */
export function tokenMatch(token: SeedToken): TokenMatch {
  const chain = CHAINS[token.chain]!;
  return {
    kyi_verified: token.verified,
    token: {
      caip19: caip19Of(token),
      caip2: chain.caip2,
      chain_slug: token.chain,
      address: token.address,
      standard: chain.standard,
      decimals: token.decimals,
      verified_at: token.verified ? token.verifiedAt : null,
    },
    asset: {
      slug: token.slug,
      name: token.name,
      symbol: token.symbol,
      description: token.description,
      website_url: token.websiteUrl,
      whitepaper_url: token.whitepaperUrl,
    },
    issuer: token.issuer ? { name: token.issuer.name, kyb_verified: token.issuer.kybVerified } : null,
    authorities: token.authorities.map((a) => ({
      type: a.type,
      address: a.address,
      account_type: a.accountType,
      signers: a.signers,
      threshold: a.threshold,
      observed_at: token.observedAt,
    })),
    verifications: token.verified ? token.verifications.map((method) => ({ method })) : [],
  };
}
