/**
 * Turns relayed upstream answers into the statuses the elements render. Bodies were checked
 * against the contract by the server piece; here they are read defensively (`shape.ts`), so
 * an odd body renders a sensible state instead of throwing. Each answer is read once, however
 * many elements show it. Also checks element input before any request is made.
 */
import type { AssetRecord, TokenLookupResult } from '../contract/index.js';
import { checkAssetLookup, checkTokenLookup, type AssetLookupRule, type TokenLookupRule } from '../contract/queries.js';
import { addStrings, t, type StringKey } from '../browser/strings.js';
import { enInputs } from '../locales/en-inputs.js';
import { isAbortError, problemFromAnswer, toProblem, type KyiProblem } from './errors.js';
import { getLookupClient, type LookupOptions, type LookupRequest, type LookupResponse } from './lookup.js';
import { flag, isObject, listOf, shape, shapeOf, text } from './shape.js';

// The input problems' words ship with the checks that give them (not with every element).
addStrings('en', enInputs);

export type TokenOutcome =
  | { status: 'verified' | 'unverified'; result: TokenLookupResult; error?: undefined }
  | { status: 'not-found'; result: TokenLookupResult; error?: undefined }
  | { status: 'invalid'; result: null; error: KyiProblem }
  | { status: 'error'; result: null; error: KyiProblem };

export type AssetOutcome =
  | { status: 'verified'; result: AssetRecord; error?: undefined }
  | { status: 'not-found'; result: null; error?: undefined }
  | { status: 'invalid'; result: null; error: KyiProblem }
  | { status: 'error'; result: null; error: KyiProblem };

/** Token input as the element has it (attributes). */
export interface TokenInput {
  caip19?: string | null | undefined;
  address?: string | null | undefined;
  chainSlug?: string | null | undefined;
}

/** Asset input as the element has it (attributes). */
export interface AssetInput {
  accountId?: string | null | undefined;
  chain?: string | null | undefined;
  address?: string | null | undefined;
}

/** Why element input is unusable: a strings-table key suffix plus an English message. */
export interface InputProblem {
  reason: 'missing' | 'mixed' | 'chainWithoutAddress' | 'caip19' | 'address' | 'accountId' | 'chain';
  message: string;
}

export type InputCheck = { ok: true; request: LookupRequest } | { ok: false; empty: boolean; problem: InputProblem };

/** An attribute's value trimmed, `null` when absent or blank. */
const clean = (v: string | null | undefined): string | null => (typeof v === 'string' && v.trim()) || null;

function problem(section: 'tokenStatus' | 'assetCard', reason: InputProblem['reason'], empty = false): InputCheck {
  return { ok: false, empty, problem: { reason, message: t(`${section}.invalid.${reason}` as StringKey, undefined, 'en') } };
}

/**
 * Valid inputs already checked, with their request (a page shows the same token many times:
 * 500 statuses over 100 tokens check 100 inputs). Only valid ones: a problem's message comes
 * from the strings table, which may change. Bounded; requests are never modified.
 */
const validChecks = new Map<string, InputCheck>();

function rememberValid(key: string, check: () => InputCheck): InputCheck {
  const known = validChecks.get(key);
  if (known) return known;
  const result = check();
  if (result.ok) {
    if (validChecks.size >= 1000) validChecks.clear();
    validChecks.set(key, result);
  }
  return result;
}

/** The element's word for each token-lookup rule (the strings table's `tokenStatus.invalid.*`). */
const TOKEN_REASONS: Record<TokenLookupRule, InputProblem['reason']> = {
  missing: 'missing',
  mixed: 'mixed',
  chainSlugAlone: 'chainWithoutAddress',
  badCaip19: 'caip19',
  badAddress: 'address',
  badChainSlug: 'chain',
};

/** The token lookup's rules (`checkTokenLookup`), checked in the browser so a bad input costs no request. */
export function checkTokenInput(input: TokenInput): InputCheck {
  return rememberValid(`token\n${input.caip19 ?? ''}\n${input.address ?? ''}\n${input.chainSlug ?? ''}`, () => checkTokenInputNow(input));
}

function checkTokenInputNow(input: TokenInput): InputCheck {
  const caip19 = clean(input.caip19);
  const address = clean(input.address);
  const chainSlug = clean(input.chainSlug);
  if (!caip19 && !address && !chainSlug) return problem('tokenStatus', 'missing', true);
  const checked = checkTokenLookup({ caip19, address, chainSlug });
  if (!checked.ok) return problem('tokenStatus', TOKEN_REASONS[checked.rule]);
  return { ok: true, request: { kind: 'token', ...checked.value } };
}

/** The element's word for each asset-lookup rule (the strings table's `assetCard.invalid.*`). */
const ASSET_REASONS: Record<AssetLookupRule, InputProblem['reason']> = {
  missing: 'missing',
  mixed: 'mixed',
  chainAlone: 'missing',
  addressAlone: 'missing',
  badAccountId: 'accountId',
  badChain: 'chain',
  badAddress: 'address',
};

/** The asset lookup's rules (`checkAssetLookup`): `account-id` (CAIP-10), or `chain` + `address`. */
export function checkAssetInput(input: AssetInput): InputCheck {
  return rememberValid(`asset\n${input.accountId ?? ''}\n${input.chain ?? ''}\n${input.address ?? ''}`, () => checkAssetInputNow(input));
}

function checkAssetInputNow(input: AssetInput): InputCheck {
  const accountId = clean(input.accountId);
  const chain = clean(input.chain);
  const address = clean(input.address);
  if (!accountId && !chain && !address) return problem('assetCard', 'missing', true);
  const checked = checkAssetLookup({ accountId, chain, address });
  if (!checked.ok) return problem('assetCard', ASSET_REASONS[checked.rule]);
  return { ok: true, request: { kind: 'asset', ...checked.value } };
}

// What the elements read of each body, typed as the contract says (other fields kept as sent).
const tokenMatch = shapeOf({
  kyi_verified: flag,
  token: (v) => shape(v, { caip19: text, caip2: text, chain_slug: text, address: text }) ?? {},
  issuer: shapeOf({ name: text, kyb_verified: flag }),
});
const authority = shapeOf({
  authority_type: text,
  address: text,
  verified: flag,
  account_type: text,
  multisig_signers: (v) => listOf(text)(v),
});
const assetFields = {
  token_details: shapeOf({
    chain: text,
    address: text,
    token_name: text,
    token_ticker: text,
    token_image: text,
    authorities: listOf(authority),
  }),
  business_details: shapeOf({ business_name: text, business_verified: flag, business_description: text }),
  website_url: text,
  whitepaper_url: text,
  asset_url: text,
  attestation_address: text,
};

function readToken(body: unknown): TokenLookupResult | undefined {
  if (!isObject(body) || typeof body.kyi_verified !== 'boolean' || !Array.isArray(body.data)) return undefined;
  return shape<TokenLookupResult>(body, { data: listOf(tokenMatch) });
}

function readAsset(body: unknown): AssetRecord | undefined {
  const record = shape<AssetRecord>(body, assetFields);
  return record?.token_details ? record : undefined;
}

const unexpected = (status: number): KyiProblem => ({
  code: 'invalid_response',
  message: 'The verification service sent an unexpected answer',
  status,
});

const errorFrom = (response: LookupResponse): KyiProblem => problemFromAnswer(response.status, response.body);

// One outcome per answer object: the client hands the same answer to every element that
// asked for it (and to cache hits), so 500 elements over 100 tokens read 100 bodies.
const outcomes = new WeakMap<LookupResponse, TokenOutcome | AssetOutcome>();

function memo<O extends TokenOutcome | AssetOutcome>(response: LookupResponse, read: (r: LookupResponse) => O): O {
  let outcome = outcomes.get(response) as O | undefined;
  if (!outcome) outcomes.set(response, (outcome = read(response)));
  return outcome;
}

/** Maps a relayed `GET /kyi/v1/tokens` answer to a status. */
export function tokenOutcome(response: LookupResponse): TokenOutcome {
  return memo(response, ({ status, body }): TokenOutcome => {
    if (status === 200) {
      const result = readToken(body);
      if (!result) return { status: 'error', result: null, error: unexpected(200) };
      return { status: result.kyi_verified ? 'verified' : 'unverified', result };
    }
    if (status === 404) return { status: 'not-found', result: readToken(body) ?? { kyi_verified: false, data: [] } };
    return { status: status === 400 ? 'invalid' : 'error', result: null, error: errorFrom(response) };
  });
}

/** Maps a relayed asset-route answer to a status (404 = not verified on this chain). */
export function assetOutcome(response: LookupResponse): AssetOutcome {
  return memo(response, ({ status, body }): AssetOutcome => {
    if (status === 200) {
      const result = readAsset(body);
      return result ? { status: 'verified', result } : { status: 'error', result: null, error: unexpected(200) };
    }
    if (status === 404) return { status: 'not-found', result: null };
    return { status: status === 400 ? 'invalid' : 'error', result: null, error: errorFrom(response) };
  });
}

/**
 * A lookup through the shared client, read as an element's outcome. Rejects only with an
 * `AbortError`; every other failure is an `error` outcome.
 */
export type OutcomeLookup<K extends LookupRequest['kind'], O> = (
  proxyUrl: string,
  request: Extract<LookupRequest, { kind: K }>,
  options?: LookupOptions,
) => Promise<O>;

function lookupReadBy<K extends LookupRequest['kind'], O extends TokenOutcome | AssetOutcome>(
  read: (response: LookupResponse) => O,
): OutcomeLookup<K, O> {
  return async (proxyUrl, request, options) => {
    try {
      return read(await getLookupClient().lookup(proxyUrl, request, options));
    } catch (error) {
      if (isAbortError(error)) throw error;
      return { status: 'error', result: null, error: toProblem(error) } as O;
    }
  };
}

/** Looks a token up through the shared client (see `OutcomeLookup`). */
export const lookupToken: OutcomeLookup<'token', TokenOutcome> = lookupReadBy(tokenOutcome);

/** Looks an asset up through the shared client (see `OutcomeLookup`). */
export const lookupAsset: OutcomeLookup<'asset', AssetOutcome> = lookupReadBy(assetOutcome);
