/**
 * `GET /assets` through the server piece, one page: the verified assets list (field notes:
 * `page_size` default 20, `page_number` 1-based, an empty page is 200). Parameters are
 * checked with the contract's rule before anything is sent; the body is read leniently.
 */
import { getConfig } from '../browser/config.js';
import { parseAssetsPageQuery } from '../contract/query-readers.js';
import type { AssetRecord } from '../contract/public-api.js';
import { asFiniteNumber, call, type MonitoringCallOptions } from './monitoring.js';
import { isObject } from '../contract/queries.js';
import { listOf, objectOf } from './read-body.js';

/** One page of verified assets. Records are the Public API's asset lookup records (spec 2.1). */
export interface AssetsPageResult {
  data: AssetRecord[];
  meta: { total?: number; page_size?: number; page_number?: number };
}

/** Options of `fetchAssetsPage`: which page, and the server piece to ask. */
export interface FetchAssetsPageOptions extends Partial<MonitoringCallOptions> {
  /** Records per page, a whole number from 1; the service's default (20) when absent. */
  pageSize?: number;
  /** 1-based page number; 1 when absent. */
  pageNumber?: number;
}

/** A record is kept when it has its `token_details`; anything else in the list is dropped. */
const record = (value: unknown) => (isObject(value) && isObject(value['token_details']) ? value : undefined);
/**
 * A page read leniently. Built per read, not when the module loads: a call at the top of the
 * module would keep it, and the monitoring client it takes `asFiniteNumber` from, in every
 * bundle of the root entry (a bundler keeps a top-level call it cannot prove pure).
 */
const readPage = (body: unknown) =>
  objectOf({ data: listOf(record), meta: (v) => objectOf({ total: asFiniteNumber, page_size: asFiniteNumber, page_number: asFiniteNumber })(v) ?? {} })(body);

/**
 * One page of `GET /assets` through the server piece (`proxyUrl`, default the configured
 * one). Throws a `RangeError` naming a bad `pageSize` / `pageNumber` before any request;
 * rejects with `KyiRequestError` (`code`, `status`) when the server piece answers an error.
 */
export function fetchAssetsPage(options: FetchAssetsPageOptions = {}): Promise<AssetsPageResult> {
  // Own options only (`{}` inherits): a polluted `Object.prototype.proxyUrl` sends no read elsewhere.
  options = { __proto__: null, ...options } as FetchAssetsPageOptions;
  const query = new URLSearchParams();
  if (options.pageSize !== undefined) query.set('page_size', String(options.pageSize));
  if (options.pageNumber !== undefined) query.set('page_number', String(options.pageNumber));
  const checked = parseAssetsPageQuery(query);
  if (!checked.ok) return Promise.reject(new RangeError(checked.message));
  const proxyUrl = options.proxyUrl ?? getConfig().proxyUrl;
  return call<AssetsPageResult>({ ...options, proxyUrl }, '/assets', { query }, readPage);
}
