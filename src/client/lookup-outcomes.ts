/**
 * Turns relayed upstream answers into the statuses the elements render, validating bodies
 * with the contract schemas. Also checks element input before any request is made.
 */
import {
  assetRecordSchema,
  checkContract,
  isAddress,
  isCaip10,
  isCaip19,
  isChainName,
  tokenLookupResultSchema,
  type AssetRecord,
  type TokenLookupResult,
} from '../contract/index.js';
import { getLookupClient, isAbortError, LookupError, statusCode, type LookupOptions, type LookupRequest, type LookupResponse } from './lookup.js';

/** Why a lookup could not be answered. */
export interface OutcomeError {
  code: string;
  message: string;
  status?: number;
}

export type TokenOutcome =
  | { status: 'verified' | 'unverified'; result: TokenLookupResult; error?: undefined }
  | { status: 'not-found'; result: TokenLookupResult; error?: undefined }
  | { status: 'invalid'; result: null; error: OutcomeError }
  | { status: 'error'; result: null; error: OutcomeError };

export type AssetOutcome =
  | { status: 'verified'; result: AssetRecord; error?: undefined }
  | { status: 'not-found'; result: null; error?: undefined }
  | { status: 'invalid'; result: null; error: OutcomeError }
  | { status: 'error'; result: null; error: OutcomeError };

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

const clean = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '');

/** Rules 1–2 of the token lookup, checked in the browser so a bad input costs no request. */
export function checkTokenInput(input: TokenInput): InputCheck {
  const caip19 = clean(input.caip19);
  const address = clean(input.address);
  const chainSlug = clean(input.chainSlug);
  if (!caip19 && !address && !chainSlug)
    return { ok: false, empty: true, problem: { reason: 'missing', message: 'Provide caip19, or address with optional chain-slug' } };
  if (caip19 && address)
    return { ok: false, empty: false, problem: { reason: 'mixed', message: 'Use either caip19, or address with optional chain-slug, not both' } };
  if (caip19 && chainSlug)
    return { ok: false, empty: false, problem: { reason: 'chainWithoutAddress', message: 'chain-slug requires address' } };
  if (caip19) {
    if (!isCaip19(caip19))
      return { ok: false, empty: false, problem: { reason: 'caip19', message: 'caip19 must be a valid CAIP-19 identifier' } };
    return { ok: true, request: { kind: 'token', caip19 } };
  }
  if (!address)
    return { ok: false, empty: false, problem: { reason: 'chainWithoutAddress', message: 'chain-slug requires address' } };
  if (!isAddress(address))
    return { ok: false, empty: false, problem: { reason: 'address', message: 'address must be a token address' } };
  if (chainSlug && !isChainName(chainSlug))
    return { ok: false, empty: false, problem: { reason: 'chain', message: 'chain-slug must be a chain slug' } };
  return { ok: true, request: { kind: 'token', address, ...(chainSlug ? { chainSlug } : {}) } };
}

/** `account-id` (CAIP-10), or `chain` + `address`. */
export function checkAssetInput(input: AssetInput): InputCheck {
  const accountId = clean(input.accountId);
  const chain = clean(input.chain);
  const address = clean(input.address);
  if (!accountId && !chain && !address)
    return { ok: false, empty: true, problem: { reason: 'missing', message: 'Provide account-id, or chain and address' } };
  if (accountId && (chain || address))
    return { ok: false, empty: false, problem: { reason: 'mixed', message: 'Use either account-id, or chain and address, not both' } };
  if (accountId) {
    if (!isCaip10(accountId))
      return { ok: false, empty: false, problem: { reason: 'accountId', message: 'account-id must be a valid CAIP-10 account ID' } };
    return { ok: true, request: { kind: 'asset', accountId } };
  }
  if (!chain || !address)
    return { ok: false, empty: false, problem: { reason: 'missing', message: 'Provide account-id, or chain and address' } };
  if (!isChainName(chain))
    return { ok: false, empty: false, problem: { reason: 'chain', message: 'chain must be a chain name' } };
  if (!isAddress(address))
    return { ok: false, empty: false, problem: { reason: 'address', message: 'address must be an account address' } };
  return { ok: true, request: { kind: 'asset', chain, address } };
}

function errorFrom(response: LookupResponse): OutcomeError {
  const body = response.body as { code?: unknown; message?: unknown } | null | undefined;
  const code = typeof body?.code === 'string' && body.code ? body.code : statusCode(response.status);
  const rawMessage = body?.message;
  const message =
    typeof rawMessage === 'string' && rawMessage
      ? rawMessage
      : Array.isArray(rawMessage)
        ? rawMessage.filter((m) => typeof m === 'string').join('; ')
        : `The verification service answered ${response.status}`;
  return { code, message, status: response.status };
}

/** Maps a relayed `GET /kyi/v1/tokens` answer to a status. */
export function tokenOutcome(response: LookupResponse): TokenOutcome {
  if (response.status === 200) {
    const parsed = checkContract(tokenLookupResultSchema, response.body);
    if (!parsed.ok)
      return { status: 'error', result: null, error: { code: 'invalid_response', message: parsed.message, status: 200 } };
    return { status: parsed.data.kyi_verified ? 'verified' : 'unverified', result: parsed.data };
  }
  if (response.status === 404) {
    const parsed = checkContract(tokenLookupResultSchema, response.body);
    return { status: 'not-found', result: parsed.ok ? parsed.data : { kyi_verified: false, data: [] } };
  }
  if (response.status === 400) return { status: 'invalid', result: null, error: errorFrom(response) };
  return { status: 'error', result: null, error: errorFrom(response) };
}

/** Maps a relayed asset-route answer to a status (404 = not verified on this chain). */
export function assetOutcome(response: LookupResponse): AssetOutcome {
  if (response.status === 200) {
    const parsed = checkContract(assetRecordSchema, response.body);
    if (!parsed.ok)
      return { status: 'error', result: null, error: { code: 'invalid_response', message: parsed.message, status: 200 } };
    return { status: 'verified', result: parsed.data };
  }
  if (response.status === 404) return { status: 'not-found', result: null };
  if (response.status === 400) return { status: 'invalid', result: null, error: errorFrom(response) };
  return { status: 'error', result: null, error: errorFrom(response) };
}

function failure(error: unknown): OutcomeError {
  if (error instanceof LookupError)
    return { code: error.code, message: error.message, ...(error.status ? { status: error.status } : {}) };
  return { code: 'network', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Looks a token up through the shared client. Rejects only with an `AbortError`; every
 * other failure is an `error` outcome.
 */
export async function lookupToken(
  proxyUrl: string,
  request: Extract<LookupRequest, { kind: 'token' }>,
  options?: LookupOptions,
): Promise<TokenOutcome> {
  try {
    return tokenOutcome(await getLookupClient().lookup(proxyUrl, request, options));
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { status: 'error', result: null, error: failure(error) };
  }
}

/** Looks an asset up through the shared client (see `lookupToken`). */
export async function lookupAsset(
  proxyUrl: string,
  request: Extract<LookupRequest, { kind: 'asset' }>,
  options?: LookupOptions,
): Promise<AssetOutcome> {
  try {
    return assetOutcome(await getLookupClient().lookup(proxyUrl, request, options));
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { status: 'error', result: null, error: failure(error) };
  }
}
