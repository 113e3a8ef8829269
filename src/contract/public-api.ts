/**
 * Public API resources (spec 2.1, 2.2, 4.1) as zod/mini schemas.
 * The spec does not say which fields are required or nullable, so everything the kit can
 * render without is `nullish`, unknown fields are kept (`looseObject`), and open sets
 * (authority types, account types, verification methods) are plain strings.
 */
import * as z from 'zod/mini';
import { flag, num, text } from './fields.js';

/** One authority of a token (2.1). `authority_type` is an open set. */
export const authoritySchema = z.looseObject({
  authority_type: text,
  address: text,
  verified: flag,
  account_type: text,
  multisig_signers: z.nullish(z.array(z.string())),
  asset_authority_id: text,
});
/** One authority of a token (2.1): an account that can act on it. */
export interface Authority {
  /** What the authority may do (mint, freeze, upgrade…); an open set, shown as sent. */
  authority_type?: string | null | undefined;
  /** The authority's account address. */
  address?: string | null | undefined;
  /** Whether the service verified this authority. */
  verified?: boolean | null | undefined;
  /** The kind of account (e.g. a multisig); an open set. */
  account_type?: string | null | undefined;
  /** The signers' addresses when the authority is a multisig. */
  multisig_signers?: string[] | null | undefined;
  /** The service's id of this authority record. */
  asset_authority_id?: string | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** `token_details` of an asset record (2.1). Chain and address identify the token, so they are required. */
export const tokenDetailsSchema = z.looseObject({
  chain: z.string(),
  address: z.string(),
  asset_did: text,
  token_name: text,
  token_ticker: text,
  authorities: z.nullish(z.array(authoritySchema)),
  token_image: text,
  copyright_confirmed: flag,
  account_id: text,
});
/** `token_details` of an asset record (2.1): the token itself. */
export interface TokenDetails {
  /** The chain the token lives on (e.g. `ethereum`). */
  chain: string;
  /** The token's contract address on that chain. */
  address: string;
  /** The asset's decentralized identifier. */
  asset_did?: string | null | undefined;
  /** The token's name. */
  token_name?: string | null | undefined;
  /** The token's ticker (symbol). */
  token_ticker?: string | null | undefined;
  /** The accounts that can act on the token. */
  authorities?: Authority[] | null | undefined;
  /** URL of the token's image. */
  token_image?: string | null | undefined;
  /** Whether the issuer confirmed the rights to the token image. */
  copyright_confirmed?: boolean | null | undefined;
  /** The asset's account id (`chain:address` form of the service). */
  account_id?: string | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** `business_details` of an asset record (2.1). */
export const businessDetailsSchema = z.looseObject({
  issuer_did: text,
  business_verified: flag,
  business_name: text,
  business_description: text,
});
/** `business_details` of an asset record (2.1): the issuing business. */
export interface BusinessDetails {
  /** The issuer's decentralized identifier. */
  issuer_did?: string | null | undefined;
  /** Whether the service verified the business (KYB). */
  business_verified?: boolean | null | undefined;
  /** The business's name. */
  business_name?: string | null | undefined;
  /** The business's description, as text. */
  business_description?: string | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** Asset lookup record (2.1), body of the single-asset routes. */
export const assetRecordSchema = z.looseObject({
  token_details: tokenDetailsSchema,
  business_details: z.nullish(businessDetailsSchema),
  website_url: text,
  whitepaper_url: text,
  asset_url: text,
  attestation_address: text,
});
/** Asset lookup record (2.1): what `<kyi-asset-card>` shows and `lookupAsset` answers with. */
export interface AssetRecord {
  /** The token: chain, address, name, ticker, image and authorities. */
  token_details: TokenDetails;
  /** The issuing business, when the service has it. */
  business_details?: BusinessDetails | null | undefined;
  /** The asset's website. */
  website_url?: string | null | undefined;
  /** The asset's whitepaper. */
  whitepaper_url?: string | null | undefined;
  /** The asset's page on the service. */
  asset_url?: string | null | undefined;
  /** The address of the on-chain attestation. */
  attestation_address?: string | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** Body of `GET /assets` (field notes: `page_size` / `page_number` paging). */
export const assetsPageSchema = z.looseObject({
  data: z.array(assetRecordSchema),
  meta: z.looseObject({
    total: z.number(),
    page_size: z.number(),
    page_number: z.number(),
  }),
});
/** Body of `GET /assets`: a page of asset records. */
export interface AssetsPage {
  /** The records of this page. */
  data: AssetRecord[];
  /** Paging: the total count, the page size and this page's number. */
  meta: {
    total: number;
    page_size: number;
    page_number: number;
    [field: string]: unknown;
  };
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** One authority discovered for an indexed token (field notes, `/kyi/v1/tokens`). */
export const tokenAuthoritySchema = z.looseObject({
  type: text,
  address: text,
  account_type: text,
  signers: z.nullish(z.array(z.string())),
  threshold: num,
  observed_at: text,
});
/** One authority discovered for an indexed token (field notes). */
export interface TokenAuthority {
  /** What the authority may do (mint, freeze…); an open set, shown as sent. */
  type?: string | null | undefined;
  /** The authority's account address. */
  address?: string | null | undefined;
  /** The kind of account (e.g. a multisig); an open set. */
  account_type?: string | null | undefined;
  /** The signers' addresses when the authority is a multisig. */
  signers?: string[] | null | undefined;
  /** How many signers a multisig needs. */
  threshold?: number | null | undefined;
  /** When the service observed the authority (ISO 8601). */
  observed_at?: string | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** One element of `data` in the token lookup result (shape from the field notes). */
export const tokenMatchSchema = z.looseObject({
  kyi_verified: z.boolean(),
  token: z.looseObject({
    caip19: text,
    caip2: text,
    chain_slug: text,
    address: text,
    standard: text,
    decimals: num,
    verified_at: text,
  }),
  asset: z.nullish(
    z.looseObject({
      slug: text,
      name: text,
      symbol: text,
      description: text,
      website_url: text,
      whitepaper_url: text,
    }),
  ),
  issuer: z.nullish(z.looseObject({ name: text, kyb_verified: flag })),
  authorities: z.nullish(z.array(tokenAuthoritySchema)),
  verifications: z.nullish(z.array(z.looseObject({ method: text }))),
});
/** One token the lookup matched (an element of `data` in the token lookup result). */
export interface TokenMatch {
  /** Whether this token is KYI verified. */
  kyi_verified: boolean;
  /** The token's identifiers on its chain. */
  token: {
    /** CAIP-19 asset id. */
    caip19?: string | null | undefined;
    /** CAIP-2 chain id. */
    caip2?: string | null | undefined;
    /** The service's chain slug (e.g. `ethereum`). */
    chain_slug?: string | null | undefined;
    /** The token's contract address. */
    address?: string | null | undefined;
    /** The token standard (e.g. `erc20`). */
    standard?: string | null | undefined;
    /** Decimal places of the token's amounts. */
    decimals?: number | null | undefined;
    /** When the token was verified (ISO 8601). */
    verified_at?: string | null | undefined;
    [field: string]: unknown;
  };
  /** The asset the token belongs to, when known. */
  asset?:
    | {
        slug?: string | null | undefined;
        name?: string | null | undefined;
        symbol?: string | null | undefined;
        description?: string | null | undefined;
        website_url?: string | null | undefined;
        whitepaper_url?: string | null | undefined;
        [field: string]: unknown;
      }
    | null
    | undefined;
  /** The issuer, when known: its name and whether the business is verified (KYB). */
  issuer?: { name?: string | null | undefined; kyb_verified?: boolean | null | undefined; [field: string]: unknown } | null | undefined;
  /** The accounts that can act on the token. */
  authorities?: TokenAuthority[] | null | undefined;
  /** How the token was verified (one entry per method). */
  verifications?: { method?: string | null | undefined; [field: string]: unknown }[] | null | undefined;
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** Body of `GET /kyi/v1/tokens` (2.2): 200 when tokens match, 404 `{kyi_verified:false,data:[]}` when none. */
export const tokenLookupResultSchema = z.looseObject({
  kyi_verified: z.boolean(),
  data: z.array(tokenMatchSchema),
});
/**
 * Body of `GET /kyi/v1/tokens` (2.2): what `<kyi-token-status>` shows and `lookupToken`
 * answers with. A lookup that matches nothing is `{ kyi_verified: false, data: [] }`.
 */
export interface TokenLookupResult {
  /** Whether the token looked up is KYI verified. */
  kyi_verified: boolean;
  /** The tokens that matched the lookup. */
  data: TokenMatch[];
  /** Fields the contract does not name are kept as sent. */
  [field: string]: unknown;
}

/** The 404 body of the token lookup (4.1 rule 4). */
export const TOKEN_NOT_FOUND_BODY: TokenLookupResult = Object.freeze({ kyi_verified: false, data: [] }) as TokenLookupResult;
