/**
 * `assetPages` / `allAssets` from `kyi-elements/server`: every verified asset of `GET /assets`,
 * page by page, over real HTTP against the sandbox, through the proxy's upstream client.
 */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { KyiHttpError, allAssets, assetPages, type AssetPagesOptions } from '../../src/server/index.js';
import { publicGet, useSandbox } from './helpers/sandbox.js';

const sandbox = useSandbox();
beforeEach(() => sandbox().reset());

const options = (extra: Partial<AssetPagesOptions> = {}): AssetPagesOptions => ({
  publicApi: { baseUrl: sandbox().info.publicApiUrl, apiKey: sandbox().info.credentials.publicApiKey },
  clock: { now: () => Date.now(), sleep: async () => {} },
  ...extra,
});

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const accountIds = (records: Array<{ token_details: { account_id?: string | null } }>) => records.map((r) => r.token_details.account_id);

describe('assetPages over GET /assets', () => {
  test('walks every verified asset exactly once, one request per page, pages numbered from 1', async () => {
    const everything = (await publicGet(sandbox(), '/assets?page_size=100')).json();
    sandbox().stats.reset();
    const pages = await collect(assetPages(options({ pageSize: 3 })));
    const total = everything.meta.total as number;
    assert.ok(total > 3);
    assert.equal(pages.length, Math.ceil(total / 3));
    assert.deepEqual(pages.map((p) => p.meta.page_number), pages.map((_, i) => i + 1));
    assert.deepEqual(accountIds(pages.flatMap((p) => p.data)), accountIds(everything.data));
    assert.equal(sandbox().stats.count('public:assets'), pages.length);
  });

  test('allAssets yields the records themselves; the default page size needs one request here', async () => {
    const everything = (await publicGet(sandbox(), '/assets?page_size=100')).json();
    sandbox().stats.reset();
    const records = await collect(allAssets(options()));
    assert.deepEqual(accountIds(records), accountIds(everything.data));
    assert.equal(sandbox().stats.count('public:assets'), 1);
  });

  test('startPage resumes a walk; a page past the end is one empty page, then the end', async () => {
    const all = await collect(allAssets(options({ pageSize: 2 })));
    const resumed = await collect(allAssets(options({ pageSize: 2, startPage: 2 })));
    assert.deepEqual(accountIds(resumed), accountIds(all.slice(2)));
    const past = await collect(assetPages(options({ pageSize: 2, startPage: 99 })));
    assert.equal(past.length, 1);
    assert.deepEqual(past[0]!.data, []);
  });

  test('a 5xx on the way is retried with backoff and the walk goes on', async () => {
    sandbox().faults.set('public:assets', { kind: 'status', status: 500 }, { times: 1 });
    const sleeps: number[] = [];
    const all = await collect(allAssets(options({ pageSize: 3, clock: { now: () => Date.now(), sleep: async (ms: number) => void sleeps.push(ms) } })));
    assert.equal(all.length, (await publicGet(sandbox(), '/assets?page_size=100')).json().meta.total);
    assert.equal(sleeps.length, 1);
  });

  test('a refused key fails at once with the proxy error (502 upstream_auth), naming no key', async () => {
    sandbox().stats.reset();
    const walk = collect(assetPages(options({ publicApi: { baseUrl: sandbox().info.publicApiUrl, apiKey: 'kyi_wrong_key' } })));
    await assert.rejects(walk, (error: unknown) => {
      assert.ok(error instanceof KyiHttpError);
      assert.deepEqual([error.status, error.code], [502, 'upstream_auth']);
      assert.doesNotMatch(error.message, /kyi_wrong_key/);
      return true;
    });
    assert.equal(sandbox().stats.count('public:assets'), 1);
  });

  test('bad options are refused before any request, naming the option', async () => {
    sandbox().stats.reset();
    await assert.rejects(collect(assetPages(options({ pageSize: 0 }))), { name: 'RangeError', message: 'pageSize must be a whole number of at least 1, got 0' });
    await assert.rejects(collect(assetPages(options({ startPage: 1.5 }))), { name: 'RangeError', message: 'startPage must be a whole number of at least 1, got 1.5' });
    await assert.rejects(collect(assetPages(options({ publicApi: { baseUrl: 'not a url', apiKey: 'k' } }))), { name: 'KyiConfigError' });
    assert.equal(sandbox().stats.count('public:assets'), 0);
  });

  test('an aborted signal stops the walk between pages', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    await assert.rejects(
      (async () => {
        for await (const page of assetPages(options({ pageSize: 2, signal: controller.signal }))) {
          seen.push(page.meta.page_number);
          controller.abort();
        }
      })(),
      { name: 'AbortError' },
    );
    assert.deepEqual(seen, [1]);
  });
});
