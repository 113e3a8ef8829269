/**
 * The lookup path at page scale: a cold `POST /lookup` batch fans out up to the key's
 * in-flight cap, the default cache holds a page of thousands of tokens, and a cached value
 * keeps the answer's text, not its parsed body. Upstream is a fetch stand-in that holds or
 * counts calls (no network, no timers).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createKyiHandler, type KyiHandlerOptions } from '../../src/server/fetch.js';
import { resolveOptions } from '../../src/server/resolve-options.js';
import { PublicApiClient } from '../../src/server/lookup/public-api.js';
import { closeAfter } from './helpers/closing.js';

const NOT_FOUND = '{"kyi_verified":false,"data":[]}';
const notFound = () => new Response(NOT_FOUND, { status: 404, headers: { 'content-type': 'application/json' } });
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const options = (fetch: typeof globalThis.fetch, extra: Partial<KyiHandlerOptions> = {}): KyiHandlerOptions => ({
  publicApi: { baseUrl: 'http://upstream.test', apiKey: 'key' },
  clientBudget: false,
  onError: () => {},
  fetch,
  ...extra,
});

function batch(from: number, count: number): Request {
  const requests = Array.from({ length: count }, (_, i) => ({ kind: 'token', address: address(from + i), chainSlug: 'ethereum' }));
  return new Request('http://partner.test/api/kyi/lookup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ requests }) });
}

/** Turns of the event loop until `count()` stops changing (the batch sent all it will send for now). */
async function settled(count: () => number): Promise<number> {
  let last = -1;
  for (let same = 0; same < 20; ) {
    await new Promise((resolve) => setImmediate(resolve));
    same = count() === last ? same + 1 : 0;
    last = count();
  }
  return last;
}

describe('lookups at page scale', () => {
  it('a cold batch of 100 sends as many upstream calls at once as maxInFlight allows (default 32)', async () => {
    for (const maxInFlight of [undefined, 50]) {
      const held: Array<() => void> = [];
      const fetch = (() => new Promise<Response>((resolve) => held.push(() => resolve(notFound())))) as typeof globalThis.fetch;
      const handler = closeAfter(createKyiHandler(options(fetch, maxInFlight ? { maxInFlight } : {})));
      const answer = handler(batch(0, 100));
      assert.equal(await settled(() => held.length), maxInFlight ?? 32);
      let done = false;
      void answer.then(() => (done = true));
      while (!done) {
        for (const release of held.splice(0)) release();
        await settled(() => held.length);
      }
      const { results } = (await (await answer).json()) as { results: Array<{ status: number }> };
      assert.equal(results.length, 100);
      assert.ok(results.every((r) => r.status === 404));
    }
  });

  it('the default cache keeps a page of 5,000 distinct tokens: reloading it calls upstream no more', async () => {
    let calls = 0;
    const handler = closeAfter(createKyiHandler(options((async () => (calls++, notFound())) as typeof fetch)));
    for (let pass = 0; pass < 2; pass++) {
      for (let from = 0; from < 5000; from += 100) await (await handler(batch(from, 100))).arrayBuffer();
      assert.equal(calls, 5000, `after load ${pass + 1}`);
    }
  });

  it('a cached answer keeps its JSON text; the body is parsed from it when asked for', async () => {
    const client = new PublicApiClient(resolveOptions(options((async () => notFound()) as typeof fetch)));
    const { value } = await client.lookup({ kind: 'tokens', query: { address: address(1), chainSlug: 'ethereum' } });
    assert.equal(value.text, NOT_FOUND);
    assert.equal(Object.hasOwn(value, 'body'), false, 'no parsed copy is kept beside the text');
    assert.deepEqual(value.body, JSON.parse(NOT_FOUND));
  });
});
