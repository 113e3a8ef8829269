/** The sandbox's own token description, from which both Public API shapes are built. */
export interface SeedAuthority {
  type: string;
  address: string;
  accountType: string;
  signers: string[];
  threshold: number | null;
  verified: boolean;
}

export interface SeedIssuer {
  name: string;
  description: string;
  did: string | null;
  kybVerified: boolean;
}

export interface SeedToken {
  /** Unique id in the sandbox; also `asset.slug` of the token lookup. */
  slug: string;
  /** Chain name, as in `/assets/{chain}/…` and `chain_slug`. */
  chain: string;
  address: string;
  decimals: number;
  name: string;
  symbol: string;
  description: string;
  websiteUrl: string;
  whitepaperUrl: string;
  /** `generated`: a sandbox-served image; `broken`: a link that 404s; a string: used as is; null: none. */
  image: 'generated' | 'broken' | null | { url: string };
  assetDid: string | null;
  issuer: SeedIssuer | null;
  authorities: SeedAuthority[];
  copyrightConfirmed: boolean;
  attestationAddress: string | null;
  /** KYI verified: listed on the asset routes and `kyi_verified: true` on the lookup. */
  verified: boolean;
  verifiedAt: string | null;
  /** Verification methods (field notes), shown when verified. */
  verifications: string[];
  observedAt: string;
  /** Replaces the `asset_url` built from the verified page (hostile data only). */
  assetUrl?: string;
}
