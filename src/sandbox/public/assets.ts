/**
 * Asset routes (spec 4.1, field notes): `GET /assets` paged, `GET /assets/{chain}/{address}`
 * and `GET /assets/{namespace}/{reference}/{address}`. Only verified assets are listed; an
 * unknown asset or a wrong chain is 404 `Asset not found`. Every answer carries `Deprecation: true`.
 */
import { parseAssetsPageQuery } from '../../contract/index.js';
import { assetRecord, type RecordContext } from '../data/records.js';
import type { SeedToken } from '../data/types.js';
import { json, nestError } from '../http.js';
import { byAccountId, byChainName } from './match.js';

/** `page_size` when none is given (the service's own default is not shown). */
export const ASSETS_DEFAULT_PAGE_SIZE = 20;

/** Largest `page_size` the sandbox answers (the contract shows none: clients forward, the service answers). */
export const ASSETS_MAX_PAGE_SIZE = 100;

export const DEPRECATION = { deprecation: 'true' } as const;

const notFound = () => json({ message: 'Asset not found', error: 'Not Found', statusCode: 404 }, 404, DEPRECATION);

export function listAssets(url: URL, verified: readonly SeedToken[], ctx: RecordContext): Response {
  const q = parseAssetsPageQuery(url.searchParams);
  if (!q.ok) return nestError(400, q.message, DEPRECATION);
  if ((q.value.pageSize ?? 0) > ASSETS_MAX_PAGE_SIZE) {
    return nestError(400, `page_size must be a whole number from 1 to ${ASSETS_MAX_PAGE_SIZE}`, DEPRECATION);
  }
  const pageSize = q.value.pageSize ?? ASSETS_DEFAULT_PAGE_SIZE;
  const pageNumber = q.value.pageNumber ?? 1;
  const start = (pageNumber - 1) * pageSize;
  return json(
    {
      data: verified.slice(start, start + pageSize).map((t) => assetRecord(t, ctx)),
      meta: { total: verified.length, page_size: pageSize, page_number: pageNumber },
    },
    200,
    DEPRECATION,
  );
}

export function assetByChain(chain: string, address: string, verified: readonly SeedToken[], ctx: RecordContext): Response {
  const token = byChainName(verified, chain, address);
  return token ? json(assetRecord(token, ctx), 200, DEPRECATION) : notFound();
}

export function assetByAccountId(
  namespace: string,
  reference: string,
  address: string,
  verified: readonly SeedToken[],
  ctx: RecordContext,
): Response {
  const token = byAccountId(verified, namespace, reference, address);
  return token ? json(assetRecord(token, ctx), 200, DEPRECATION) : notFound();
}
