/**
 * The hostile data set (sandbox option `hostile: true`): markup and `javascript:` URLs in
 * fields, right-to-left overrides, 10 000-character names — served verbatim as JSON data,
 * parsed by the contract schemas, and escaped wherever the sandbox itself renders HTML.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assetRecordSchema, assetsPageSchema, checkContract, tokenLookupResultSchema } from '../../src/contract/index.js';
import { generateToken } from '../../src/server/generate-token.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/index.js';
import { publicGet, request, useSandbox } from './helpers/sandbox.js';

const sandbox = useSandbox({ hostile: true });
const H = F.hostile;

describe('hostile data set', () => {
  test('hostile: HTML and javascript: URLs are served verbatim in every kind of field', async () => {
    const body = (await publicGet(sandbox(), `/assets/${H.html.chain}/${H.html.address}`)).json();
    assert.match(body.token_details.token_name, /<img src=x onerror=/);
    assert.match(body.website_url, /^javascript:/);
    assert.match(body.whitepaper_url, /javascript:/i);
    assert.match(body.asset_url, /^javascript:/);
    assert.match(body.token_details.token_image, /^javascript:/);
    assert.match(body.business_details.business_name, /<iframe/);
  });

  test('hostile: right-to-left override characters in names and symbols', async () => {
    const body = (await publicGet(sandbox(), `/kyi/v1/tokens?address=${H.rtl.address}`)).json();
    assert.ok(body.data[0].asset.name.includes('\u202E'));
    assert.ok(body.data[0].asset.symbol.includes('\u202E'));
    assert.ok(body.data[0].issuer.name.includes('\u202E'));
  });

  test('hostile: 10 000-character names', async () => {
    const body = (await publicGet(sandbox(), `/assets/${H.long.chain}/${H.long.address}`)).json();
    assert.equal(body.token_details.token_name.length, 10_000);
    assert.equal(body.business_details.business_name.length, 10_000);
    assert.equal(body.token_details.token_ticker.length, 10_000);
  });

  test('hostile: every hostile body still parses with the contract schemas', async () => {
    assert.ok(checkContract(assetsPageSchema, (await publicGet(sandbox(), '/assets?page_size=100')).json()).ok);
    for (const h of Object.values(H)) {
      const record = checkContract(assetRecordSchema, (await publicGet(sandbox(), `/assets/${h.chain}/${h.address}`)).json());
      assert.ok(record.ok, record.ok ? '' : record.message);
      const lookup = checkContract(tokenLookupResultSchema, (await publicGet(sandbox(), `/kyi/v1/tokens?address=${h.address}`)).json());
      assert.ok(lookup.ok, lookup.ok ? '' : lookup.message);
    }
  });

  test('hostile: the sandbox verified page escapes hostile text', async () => {
    const res = await request(`${sandbox().info.verifiedUrl}/verified-assets/${H.html.address}/${H.html.chain}`);
    assert.equal(res.status, 200);
    assert.doesNotMatch(res.text, /<img src=x/);
    assert.doesNotMatch(res.text, /<iframe/);
    assert.match(res.text, /&#60;img src=x/);
  });

  test('hostile: the widget page escapes hostile text (no markup from data reaches the page)', async () => {
    const token = await generateToken({ issuer: sandbox().info.credentials.partnerId, secretKey: sandbox().info.credentials.secretKey, userId: '<b>user</b>' });
    const res = await request(`${sandbox().info.widgetUrl}/widget/kyi?token=${token}&embed=true`);
    assert.equal(res.status, 200);
    assert.doesNotMatch(res.text, /<b>user<\/b>/);
    assert.match(res.text, /&#60;b&#62;user/);
  });
});
