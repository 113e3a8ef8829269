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
export type Authority = z.infer<typeof authoritySchema>;

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
export type TokenDetails = z.infer<typeof tokenDetailsSchema>;

/** `business_details` of an asset record (2.1). */
export const businessDetailsSchema = z.looseObject({
  issuer_did: text,
  business_verified: flag,
  business_name: text,
  business_description: text,
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

/** Asset lookup record (2.1), body of the single-asset routes. */
export const assetRecordSchema = z.looseObject({
  token_details: tokenDetailsSchema,
  business_details: z.nullish(businessDetailsSchema),
  website_url: text,
  whitepaper_url: text,
  asset_url: text,
  attestation_address: text,
});
export type AssetRecord = z.infer<typeof assetRecordSchema>;

/** Body of `GET /assets` (field notes: `page_size` / `page_number` paging). */
export const assetsPageSchema = z.looseObject({
  data: z.array(assetRecordSchema),
  meta: z.looseObject({
    total: z.number(),
    page_size: z.number(),
    page_number: z.number(),
  }),
});
export type AssetsPage = z.infer<typeof assetsPageSchema>;

/** One authority discovered for an indexed token (field notes, `/kyi/v1/tokens`). */
export const tokenAuthoritySchema = z.looseObject({
  type: text,
  address: text,
  account_type: text,
  signers: z.nullish(z.array(z.string())),
  threshold: num,
  observed_at: text,
});

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
export type TokenMatch = z.infer<typeof tokenMatchSchema>;

/** Body of `GET /kyi/v1/tokens` (2.2): 200 when tokens match, 404 `{kyi_verified:false,data:[]}` when none. */
export const tokenLookupResultSchema = z.looseObject({
  kyi_verified: z.boolean(),
  data: z.array(tokenMatchSchema),
});
export type TokenLookupResult = z.infer<typeof tokenLookupResultSchema>;

/** The 404 body of the token lookup (4.1 rule 4). */
export const TOKEN_NOT_FOUND_BODY: TokenLookupResult = Object.freeze({ kyi_verified: false, data: [] }) as TokenLookupResult;
