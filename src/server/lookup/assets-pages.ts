/**
 * Every verified asset, page by page: a typed async iterator over `GET /assets` of the
 * Public API (field notes: `page_size`, 1-based `page_number`, `meta.total`). It goes
 * through the same upstream client as the proxy routes, so the raw key, timeouts, retries
 * with backoff, `Retry-After`, body validation and error codes are the proxy's.
 *
 * Fetch-API only (no `node:` imports).
 */
import type { AssetRecord, AssetsPage } from '../../contract/public-api.js';
import { KyiHttpError } from '../errors.js';
import type { KyiHandlerOptions } from '../options.js';
import { resolveOptions } from '../resolve-options.js';
import { PublicApiClient } from './public-api.js';

export interface AssetPagesOptions
  extends Pick<KyiHandlerOptions, 'publicApi' | 'fetch' | 'timeoutMs' | 'retries' | 'backoff' | 'clock' | 'onError'> {
  /** Records per request; default 100. */
  pageSize?: number;
  /** 1-based page to start from (to resume an interrupted walk); default 1. */
  startPage?: number;
  /** Stops the walk between pages. */
  signal?: AbortSignal;
}

function wholeNumber(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number of at least 1, got ${String(value)}`);
  return value;
}

/**
 * Yields each page of `GET /assets` in order, until `meta.total` records were covered or a
 * page comes back short or empty. Throws `KyiHttpError` (`code`, `status`) when a page
 * fails after the retries (e.g. 502 `upstream_auth` for a refused key), `KyiConfigError`
 * for bad options, `RangeError` for a bad `pageSize` / `startPage`.
 */
export async function* assetPages(options: AssetPagesOptions): AsyncGenerator<AssetsPage, void, undefined> {
  const pageSize = wholeNumber(options.pageSize, 'pageSize', 100);
  let pageNumber = wholeNumber(options.startPage, 'startPage', 1);
  const client = new PublicApiClient(resolveOptions({ ...options, cache: false }));
  for (;;) {
    options.signal?.throwIfAborted();
    const { value } = await client.lookup({ kind: 'assets', pageSize, pageNumber }, { fresh: true });
    if (value.status !== 200) {
      const { code, message } = value.body as { code: string; message: string };
      throw new KyiHttpError(value.status, code, message);
    }
    const page = value.body as AssetsPage;
    yield page;
    const size = page.meta.page_size || pageSize;
    if (page.data.length === 0 || page.data.length < size || pageNumber * size >= page.meta.total) return;
    pageNumber++;
  }
}

/** Every verified asset record, in the service's order (`assetPages` flattened). */
export async function* allAssets(options: AssetPagesOptions): AsyncGenerator<AssetRecord, void, undefined> {
  for await (const page of assetPages(options)) yield* page.data;
}
