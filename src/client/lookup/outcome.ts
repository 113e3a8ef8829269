/**
 * Answers, read as outcomes: relayed upstream answers become the statuses the elements
 * render. Bodies were checked against the contract by the server piece; here they are read
 * defensively (`readObject()`, ../read-body.ts), so an odd body renders a sensible state instead of
 * throwing. Each answer is read once, however many elements show it. (Element input is
 * checked before any request is made: lookup-element.ts.) Asset answers are read in asset.ts,
 * which only `<kyi-asset-card>` loads.
 */
import type { AssetRecord, TokenLookupResult } from '../../contract/index.js';
import { isAbortError, problemFromAnswer, toProblem, type KyiProblem } from '../errors.js';
import { isObject } from '../../contract/queries.js';
import { asBoolean, asString, listOf, objectOf, readObject } from '../read-body.js';
import { getLookupClient, type LookupOptions, type LookupRequest, type LookupResponse } from './batcher.js';

/** What `lookupToken` resolves to: a status, the token lookup result (`null` when invalid or failed) and the problem. */
export type TokenOutcome =
  | { status: 'verified' | 'unverified'; result: TokenLookupResult; error?: undefined }
  | { status: 'not-found'; result: TokenLookupResult; error?: undefined }
  | { status: 'invalid'; result: null; error: KyiProblem }
  | { status: 'error'; result: null; error: KyiProblem };

/** What `lookupAsset` (asset.ts) resolves to: a status, the asset record (`null` unless verified) and the problem. */
export type AssetOutcome =
  | { status: 'verified'; result: AssetRecord; error?: undefined }
  | { status: 'not-found'; result: null; error?: undefined }
  | { status: 'invalid'; result: null; error: KyiProblem }
  | { status: 'error'; result: null; error: KyiProblem };

// What the elements read of each body, typed as the contract says (other fields kept as sent).
const tokenMatch = objectOf({
  kyi_verified: asBoolean,
  token: (v) => readObject(v, { caip19: asString, caip2: asString, chain_slug: asString, address: asString }) ?? {},
  issuer: objectOf({ name: asString, kyb_verified: asBoolean }),
});

function readToken(body: unknown): TokenLookupResult | undefined {
  if (!isObject(body) || typeof body.kyi_verified !== 'boolean' || !Array.isArray(body.data)) return undefined;
  return readObject<TokenLookupResult>(body, { data: listOf(tokenMatch) });
}

/** @internal The problem of an answer whose body is not what its status promises (asset.ts too). */
export const unexpected = (status: number): KyiProblem => ({
  code: 'invalid_response',
  message: 'The verification service sent an unexpected answer',
  status,
});

/** @internal */
export const errorFrom = (response: LookupResponse): KyiProblem => problemFromAnswer(response.status, response.body);

// One outcome per answer object: the client hands the same answer to every element that
// asked for it (and to cache hits), so 500 elements over 100 tokens read 100 bodies.
const outcomes = new WeakMap<LookupResponse, TokenOutcome | AssetOutcome>();

/** @internal Reads an answer once, however many elements show it (asset.ts too). */
export function memo<O extends TokenOutcome | AssetOutcome>(response: LookupResponse, read: (r: LookupResponse) => O): O {
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

/**
 * A lookup through the shared client, read as an element's outcome. Rejects only with an
 * `AbortError`; every other failure is an `error` outcome.
 */
export type OutcomeLookup<K extends LookupRequest['kind'], O> = (
  proxyUrl: string,
  request: Extract<LookupRequest, { kind: K }>,
  options?: LookupOptions,
) => Promise<O>;

/** @internal A lookup through the shared client, read by `read` (asset.ts too). */
export function lookupReadBy<K extends LookupRequest['kind'], O extends TokenOutcome | AssetOutcome>(
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
