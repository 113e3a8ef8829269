/** `fetchAssetsPage`: one page of `GET /assets` through the real server piece at /api/kyi. */
import { expect } from '@open-wc/testing';
import { configure, resetConfig } from '../../src/browser/config.js';
import { fetchAssetsPage } from '../../src/client/assets.js';
import { KyiRequestError } from '../../src/client/errors.js';

describe('fetchAssetsPage', () => {
  afterEach(() => resetConfig());

  it('reads one page through the proxy: records and meta, pages numbered from 1', async () => {
    const first = await fetchAssetsPage({ pageSize: 3 });
    expect(first.data).to.have.length(3);
    expect(first.meta.page_size).to.equal(3);
    expect(first.meta.page_number).to.equal(1);
    expect(first.meta.total).to.be.greaterThan(3);
    for (const record of first.data) expect(record.token_details.address).to.be.a('string');
    const second = await fetchAssetsPage({ pageSize: 3, pageNumber: 2 });
    expect(second.meta.page_number).to.equal(2);
    const ids = (p: typeof first) => p.data.map((r) => r.token_details.account_id);
    expect(ids(second).some((id) => ids(first).includes(id))).to.equal(false);
  });

  it('without parameters: the service default of 20 per page, page 1', async () => {
    const page = await fetchAssetsPage();
    expect([page.meta.page_size, page.meta.page_number]).to.deep.equal([20, 1]);
  });

  it('a page past the end is an empty page, not an error', async () => {
    const page = await fetchAssetsPage({ pageSize: 50, pageNumber: 40 });
    expect(page.data).to.deep.equal([]);
    expect(page.meta.page_number).to.equal(40);
  });

  it('refuses a bad page size or number before any request, naming it', async () => {
    configure({ proxyUrl: 'http://127.0.0.1:9/never' });
    for (const [options, name] of [
      [{ pageSize: 0 }, 'page_size'],
      [{ pageSize: 2.5 }, 'page_size'],
      [{ pageNumber: -1 }, 'page_number'],
    ] as const) {
      const error = await fetchAssetsPage(options).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(RangeError);
      expect((error as Error).message).to.contain(name);
    }
  });

  it('a server piece error rejects with its code and status', async () => {
    const error = await fetchAssetsPage({ proxyUrl: '/api/kyi/no-such-mount' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(KyiRequestError);
    expect((error as KyiRequestError).status).to.equal(404);
  });
});
