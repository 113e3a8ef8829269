/**
 * The sandbox Public API against spec 4.1 (asset routes, token lookup), 5 (Public API rows),
 * 7.2 and the field notes. Real HTTP on loopback.
 */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import {
  TOKEN_QUERY_MESSAGES,
  assetRecordSchema,
  assetsPageSchema,
  checkContract,
  publicApiErrorSchema,
  tokenLookupResultSchema,
} from '../../src/contract/index.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/index.js';
import { publicGet, request, useSandbox } from './helpers/sandbox.js';

const sandbox = useSandbox();
const UNAUTHORIZED = { message: 'Unauthorized', error: 'Unauthorized', statusCode: 401 };
const INVALID_KEY = { message: 'Invalid API key', error: 'Unauthorized', statusCode: 401 };
const ASSET_NOT_FOUND = { message: 'Asset not found', error: 'Not Found', statusCode: 404 };
const KEYED_ROUTES = [
  `/assets`,
  `/assets/${F.pyusd.chain}/${F.pyusd.address}`,
  `/assets/solana/5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/${F.usdc.address}`,
  `/kyi/v1/tokens?address=${F.pyusd.address}`,
];

function assertContract(schema: Parameters<typeof checkContract>[0], body: unknown) {
  const r = checkContract(schema, body);
  assert.ok(r.ok, r.ok ? '' : r.message);
}

beforeEach(() => sandbox().reset());

describe('spec 5 / 7.2: Public API authentication', () => {
  for (const path of KEYED_ROUTES) {
    test(`5 Public API: raw key in Authorization is accepted on ${path.split('?')[0]}`, async () => {
      const res = await publicGet(sandbox(), path);
      assert.equal(res.status, 200);
    });
    test(`5 rule 1 / 7.2: missing Authorization → 401 {"message":"Unauthorized","error":"Unauthorized","statusCode":401} on ${path.split('?')[0]}`, async () => {
      const res = await publicGet(sandbox(), path, null);
      assert.equal(res.status, 401);
      assert.deepEqual(res.json(), UNAUTHORIZED);
    });
    test(`5 rule 1: wrong key → 401 on ${path.split('?')[0]}`, async () => {
      const res = await publicGet(sandbox(), path, 'kyi_wrong_key');
      assert.equal(res.status, 401);
      assert.deepEqual(res.json(), INVALID_KEY);
    });
    test(`5 / field notes: "Bearer <key>" prefix → 401 on ${path.split('?')[0]}`, async () => {
      const res = await publicGet(sandbox(), path, `Bearer ${sandbox().info.credentials.publicApiKey}`);
      assert.equal(res.status, 401);
      assert.deepEqual(res.json(), INVALID_KEY);
    });
  }

  test('5: the key is checked before the parameters (no key + bad parameters → 401, not 400)', async () => {
    const res = await publicGet(sandbox(), '/kyi/v1/tokens', null);
    assert.equal(res.status, 401);
  });

  test('7.2 401 body parses with the Public API error schema', async () => {
    const res = await publicGet(sandbox(), '/assets', null);
    assertContract(publicApiErrorSchema, res.json());
  });

  for (const [route, path] of [
    ['public:assets', KEYED_ROUTES[0]!],
    ['public:asset', KEYED_ROUTES[1]!],
    ['public:asset-caip10', KEYED_ROUTES[2]!],
    ['public:tokens', KEYED_ROUTES[3]!],
  ] as const) {
    test(`7.2 500 on keyed route ${path.split('?')[0]}: {message, error:"Internal Server Error", statusCode:500}`, async () => {
      sandbox().faults.set(route, { kind: 'status', status: 500 }, { times: 1 });
      const res = await publicGet(sandbox(), path);
      assert.equal(res.status, 500);
      const body = res.json();
      assert.equal(body.error, 'Internal Server Error');
      assert.equal(body.statusCode, 500);
      assert.equal(typeof body.message, 'string');
      assertContract(publicApiErrorSchema, body);
    });
  }

  test('7.2 502 on GET /kyi/v1/tokens when an upstream service is unavailable', async () => {
    sandbox().faults.set('public:tokens', { kind: 'status', status: 502 }, { times: 1 });
    const res = await publicGet(sandbox(), `/kyi/v1/tokens?address=${F.pyusd.address}`);
    assert.equal(res.status, 502);
    assertContract(publicApiErrorSchema, res.json());
  });
});

describe('spec 4.1 GET /assets (paged, field notes)', () => {
  test('4.1 GET /assets: 200 {data, meta:{total,page_size,page_number}}, page_number defaults to 1', async () => {
    const res = await publicGet(sandbox(), '/assets');
    assert.equal(res.status, 200);
    const body = res.json();
    assertContract(assetsPageSchema, body);
    assert.equal(body.meta.page_number, 1);
    assert.ok(body.meta.total >= body.data.length);
    assert.ok(body.data.length > 0);
  });

  test('field notes: GET /assets pages 20 records by default, and page_number=1 is that first page', async () => {
    const total = (await publicGet(sandbox(), '/assets?page_size=100')).json().meta.total;
    const byDefault = (await publicGet(sandbox(), '/assets')).json();
    assert.deepEqual(byDefault.meta, { total, page_size: 20, page_number: 1 });
    assert.equal(byDefault.data.length, Math.min(20, total));
    assert.deepEqual((await publicGet(sandbox(), '/assets?page_number=1')).json(), byDefault);
    // With the default size, page 2 starts after record 20: empty for the seed data, still 200.
    const second = await publicGet(sandbox(), '/assets?page_number=2');
    assert.equal(second.status, 200);
    assert.equal(second.json().data.length, Math.max(0, Math.min(20, total - 20)));
  });

  test('4.1 GET /assets: page_size and page_number walk every verified asset exactly once', async () => {
    const first = (await publicGet(sandbox(), '/assets?page_size=3&page_number=1')).json();
    assert.equal(first.meta.page_size, 3);
    const seen: string[] = [];
    for (let page = 1; (page - 1) * 3 < first.meta.total; page++) {
      const body = (await publicGet(sandbox(), `/assets?page_size=3&page_number=${page}`)).json();
      assert.equal(body.meta.page_number, page);
      assert.ok(body.data.length <= 3);
      seen.push(...body.data.map((r: any) => r.token_details.account_id));
    }
    assert.equal(seen.length, first.meta.total);
    assert.equal(new Set(seen).size, seen.length);
  });

  test('4.1 GET /assets: lists verified assets only (indexed-but-not-verified are absent)', async () => {
    const body = (await publicGet(sandbox(), '/assets?page_size=100')).json();
    const addresses = body.data.map((r: any) => r.token_details.address);
    assert.ok(addresses.includes(F.pyusd.address));
    assert.ok(!addresses.includes(F.indexedNotVerified.address));
  });

  test('4.1 GET /assets: a page past the end → 200 with empty data and the real total', async () => {
    const res = await publicGet(sandbox(), '/assets?page_size=100&page_number=50');
    assert.equal(res.status, 200);
    const body = res.json();
    assert.deepEqual(body.data, []);
    assert.deepEqual([body.meta.page_size, body.meta.page_number], [100, 50]);
    assert.ok(body.meta.total > 0);
  });

  for (const bad of ['0', '-1', 'abc', '1.5', '101', '']) {
    test(`4.1 GET /assets: page_size=${JSON.stringify(bad)} → 400`, async () => {
      const res = await publicGet(sandbox(), `/assets?page_size=${bad}`);
      assert.equal(res.status, 400);
      assertContract(publicApiErrorSchema, res.json());
    });
  }
  for (const bad of ['0', 'x', '-2']) {
    test(`4.1 GET /assets: page_number=${JSON.stringify(bad)} → 400`, async () => {
      const res = await publicGet(sandbox(), `/assets?page_number=${bad}`);
      assert.equal(res.status, 400);
    });
  }

  test('field notes: GET /assets answers with Deprecation: true', async () => {
    const res = await publicGet(sandbox(), '/assets');
    assert.equal(res.headers.get('deprecation'), 'true');
  });
});

describe('spec 4.1 GET /assets/{chain}/{account_address}', () => {
  test('4.1 asset by chain name: 200 with the asset lookup record (2.1)', async () => {
    const res = await publicGet(sandbox(), `/assets/${F.pyusd.chain}/${F.pyusd.address}`);
    assert.equal(res.status, 200);
    const body = res.json();
    assertContract(assetRecordSchema, body);
    assert.equal(body.token_details.chain, 'solana');
    assert.equal(body.token_details.address, F.pyusd.address);
    for (const key of ['token_details', 'business_details', 'website_url', 'whitepaper_url', 'asset_url', 'attestation_address'])
      assert.ok(key in body, key);
    for (const key of ['chain', 'address', 'asset_did', 'token_name', 'token_ticker', 'authorities', 'token_image', 'copyright_confirmed', 'account_id'])
      assert.ok(key in body.token_details, key);
    for (const key of ['issuer_did', 'business_verified', 'business_name', 'business_description'])
      assert.ok(key in body.business_details, key);
    for (const key of ['authority_type', 'address', 'verified', 'account_type', 'multisig_signers', 'asset_authority_id'])
      assert.ok(key in body.token_details.authorities[0], key);
  });

  test('field notes: asset routes answer with Deprecation: true (200 and 404)', async () => {
    const ok = await publicGet(sandbox(), `/assets/${F.pyusd.chain}/${F.pyusd.address}`);
    const missing = await publicGet(sandbox(), `/assets/ethereum/${F.unknown.address}`);
    assert.equal(ok.headers.get('deprecation'), 'true');
    assert.equal(missing.headers.get('deprecation'), 'true');
  });

  test('field notes: unknown asset → 404 {"message":"Asset not found","error":"Not Found","statusCode":404}', async () => {
    const res = await publicGet(sandbox(), `/assets/${F.unknown.chain}/${F.unknown.address}`);
    assert.equal(res.status, 404);
    assert.deepEqual(res.json(), ASSET_NOT_FOUND);
  });

  test('field notes: a verified asset asked on the wrong chain → 404 Asset not found', async () => {
    const res = await publicGet(sandbox(), `/assets/ethereum/${F.pyusd.address}`);
    assert.equal(res.status, 404);
    assert.deepEqual(res.json(), ASSET_NOT_FOUND);
  });

  test('field notes: an unknown chain name → 404 Asset not found', async () => {
    const res = await publicGet(sandbox(), `/assets/bitcoin/${F.pyusd.address}`);
    assert.deepEqual([res.status, res.json()], [404, ASSET_NOT_FOUND]);
  });

  test('field notes: indexed but not verified → 404 on the asset route (not verified)', async () => {
    const res = await publicGet(sandbox(), `/assets/${F.indexedNotVerified.chain}/${F.indexedNotVerified.address}`);
    assert.equal(res.status, 404);
  });

  test('4.1 asset route: EVM addresses match without regard to case', async () => {
    const res = await publicGet(sandbox(), `/assets/${F.pusd.chain}/${F.pusd.address.toLowerCase()}`);
    assert.equal(res.status, 200);
    assert.equal(res.json().token_details.address, F.pusd.address);
  });

  test('field notes: every chain name seen (solana, ethereum, base, plume, avalanche) resolves a sandbox asset', async () => {
    const body = (await publicGet(sandbox(), '/assets?page_size=100')).json();
    const chains = new Set(body.data.map((r: any) => r.token_details.chain));
    for (const c of ['solana', 'ethereum', 'base', 'plume', 'avalanche']) assert.ok(chains.has(c), c);
  });
});

describe('spec 4.1 GET /assets/{namespace}/{reference}/{account_address} (CAIP-10 path form)', () => {
  test('4.1 CAIP-10 route: the account id with ":" → "/" gives 200 and the same account_id', async () => {
    const path = '/assets/' + F.usdc.accountId.split(':').join('/');
    const res = await publicGet(sandbox(), path);
    assert.equal(res.status, 200);
    const body = res.json();
    assertContract(assetRecordSchema, body);
    assert.equal(body.token_details.account_id, F.usdc.accountId);
  });

  test('4.1 CAIP-10 route: EVM chain (pUSD on eip155:98866)', async () => {
    const res = await publicGet(sandbox(), '/assets/' + F.pusd.accountId.split(':').join('/'));
    assert.equal(res.status, 200);
    assert.equal(res.json().token_details.account_id, F.pusd.accountId);
  });

  test('4.1 CAIP-10 route: wrong reference → 404 Asset not found', async () => {
    const res = await publicGet(sandbox(), `/assets/eip155/1/${F.pusd.address}`);
    assert.deepEqual([res.status, res.json()], [404, ASSET_NOT_FOUND]);
  });

  test('4.1 CAIP-10 route: unknown namespace → 404 Asset not found', async () => {
    const res = await publicGet(sandbox(), `/assets/cosmos/cosmoshub-4/${F.pusd.address}`);
    assert.deepEqual([res.status, res.json()], [404, ASSET_NOT_FOUND]);
  });

  test('field notes: the CAIP-10 route also sends Deprecation: true', async () => {
    const res = await publicGet(sandbox(), '/assets/' + F.usdc.accountId.split(':').join('/'));
    assert.equal(res.headers.get('deprecation'), 'true');
  });
});

describe('field notes: example records and nullability', () => {
  test('field notes: PYUSD — mint authority multisig with 3 signers and verified; freeze and update regular; token_image null; copyright false; business verified', async () => {
    const body = (await publicGet(sandbox(), `/assets/solana/${F.pyusd.address}`)).json();
    const byType = Object.fromEntries(body.token_details.authorities.map((a: any) => [a.authority_type, a]));
    assert.equal(byType.mint_authority.account_type, 'multisig');
    assert.equal(byType.mint_authority.multisig_signers.length, 3);
    assert.equal(byType.mint_authority.verified, true);
    assert.equal(byType.freeze_authority.account_type, 'regular');
    assert.equal(byType.update_authority.account_type, 'regular');
    assert.equal(body.token_details.token_image, null);
    assert.equal(body.token_details.copyright_confirmed, false);
    assert.equal(body.business_details.business_verified, true);
  });

  test('field notes: USDC on Solana — account id and multisig mint authority', async () => {
    const body = (await publicGet(sandbox(), `/assets/solana/${F.usdc.address}`)).json();
    assert.equal(body.token_details.account_id, F.usdc.accountId);
    const mint = body.token_details.authorities.find((a: any) => a.authority_type === 'mint_authority');
    assert.equal(mint.account_type, 'multisig');
  });

  test('field notes: pUSD on Plume — owner authority (multisig), whitepaper_url ""', async () => {
    const body = (await publicGet(sandbox(), `/assets/plume/${F.pusd.address}`)).json();
    assert.equal(body.whitepaper_url, '');
    assert.deepEqual(
      body.token_details.authorities.map((a: any) => [a.authority_type, a.account_type]),
      [['owner', 'multisig']],
    );
  });

  test('field notes: asset_url is {verified_url}/verified-assets/{address}/{chain} and the page exists', async () => {
    const body = (await publicGet(sandbox(), `/assets/solana/${F.pyusd.address}`)).json();
    assert.equal(body.asset_url, `${sandbox().info.verifiedUrl}/verified-assets/${F.pyusd.address}/solana`);
    const page = await request(body.asset_url);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  });

  test('field notes: asset_did, issuer_did, token_image and attestation_address can be null', async () => {
    const body = (await publicGet(sandbox(), '/assets?page_size=100')).json();
    const records = body.data as any[];
    assert.ok(records.some((r) => r.token_details.asset_did === null));
    assert.ok(records.some((r) => r.business_details.issuer_did === null));
    assert.ok(records.some((r) => r.token_details.token_image === null));
    assert.ok(records.some((r) => r.attestation_address === null));
  });

  test('field notes: authority_type covers every type seen; account_type regular and multisig', async () => {
    const body = (await publicGet(sandbox(), `/assets/${F.allAuthorities.chain}/${F.allAuthorities.address}`)).json();
    const types = new Set(body.token_details.authorities.map((a: any) => a.authority_type));
    for (const t of ['mint_authority', 'freeze_authority', 'update_authority', 'upgrade_authority', 'creator', 'owner'])
      assert.ok(types.has(t), t);
    const accounts = new Set(body.token_details.authorities.map((a: any) => a.account_type));
    assert.deepEqual([...accounts].sort(), ['multisig', 'regular']);
  });

  test('sandbox data: a verified asset whose business is not verified', async () => {
    const body = (await publicGet(sandbox(), `/assets/${F.businessNotVerified.chain}/${F.businessNotVerified.address}`)).json();
    assert.equal(body.business_details.business_verified, false);
  });

  test('field notes: token_image is a signed sandbox link that loads; an expired or broken link does not', async () => {
    const body = (await publicGet(sandbox(), `/assets/solana/${F.usdc.address}`)).json();
    const image = await request(body.token_details.token_image);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/svg+xml');
    const expired = new URL(body.token_details.token_image);
    expired.searchParams.set('expires', '1000');
    assert.equal((await request(expired.href)).status, 403);
    const broken = (await publicGet(sandbox(), `/assets/${F.brokenImage.chain}/${F.brokenImage.address}`)).json();
    assert.equal((await request(broken.token_details.token_image)).status, 404);
  });
});

describe('spec 4.1 GET /kyi/v1/tokens', () => {
  const q = (s: string) => `/kyi/v1/tokens?${s}`;

  test('4.1 tokens rule 1: caip19 mode → 200 with the token', async () => {
    const res = await publicGet(sandbox(), q(`caip19=${encodeURIComponent(F.pusd.caip19)}`));
    assert.equal(res.status, 200);
    const body = res.json();
    assert.equal(body.data.length, 1);
    assert.equal(body.data[0].token.caip19, F.pusd.caip19);
  });

  test('4.1 tokens rule 1: address mode → 200', async () => {
    const res = await publicGet(sandbox(), q(`address=${F.pyusd.address}`));
    assert.equal(res.status, 200);
    assert.equal(res.json().data[0].token.address, F.pyusd.address);
  });

  test('4.1 tokens rule 1: address with chain_slug narrows to that chain', async () => {
    const res = await publicGet(sandbox(), q(`address=${F.multiChain.address}&chain_slug=base`));
    assert.equal(res.status, 200);
    const body = res.json();
    assert.deepEqual(body.data.map((d: any) => d.token.chain_slug), ['base']);
  });

  const rule2: Array<[string, string, string]> = [
    ['no parameters', '', TOKEN_QUERY_MESSAGES.missing],
    ['caip19 and address together', `caip19=${encodeURIComponent(F.pusd.caip19)}&address=${F.pusd.address}`, TOKEN_QUERY_MESSAGES.mixed],
    ['chain_slug alone', 'chain_slug=solana', TOKEN_QUERY_MESSAGES.chainWithoutAddress],
    ['caip19 with chain_slug', `caip19=${encodeURIComponent(F.pusd.caip19)}&chain_slug=plume`, TOKEN_QUERY_MESSAGES.chainWithoutAddress],
    ['an invalid caip19', 'caip19=not-a-caip19', TOKEN_QUERY_MESSAGES.caip19],
    ['a caip19 missing its asset part', 'caip19=eip155%3A1', TOKEN_QUERY_MESSAGES.caip19],
    ['an invalid address', 'address=%3Cscript%3E', TOKEN_QUERY_MESSAGES.address],
    ['an invalid chain_slug', `address=${F.pyusd.address}&chain_slug=Sol%20ana`, TOKEN_QUERY_MESSAGES.chain],
  ];
  for (const [what, query, message] of rule2) {
    test(`4.1 tokens rule 2: ${what} → 400 "${message}"`, async () => {
      const res = await publicGet(sandbox(), q(query));
      assert.equal(res.status, 400);
      const body = res.json();
      assert.equal(body.message, message);
      assert.equal(body.statusCode, 400);
      assertContract(publicApiErrorSchema, body);
    });
  }

  test('4.1 tokens rule 2: a parameter given twice → 400', async () => {
    const res = await publicGet(sandbox(), q(`address=${F.pyusd.address}&address=${F.usdc.address}`));
    assert.equal(res.status, 400);
  });

  test('4.1 tokens rule 3: matches → 200 with the token lookup result (2.2, field-notes element shape)', async () => {
    const res = await publicGet(sandbox(), q(`address=${F.pyusd.address}`));
    const body = res.json();
    assertContract(tokenLookupResultSchema, body);
    assert.equal(body.kyi_verified, true);
    const el = body.data[0];
    assert.equal(el.kyi_verified, true);
    for (const key of ['caip19', 'caip2', 'chain_slug', 'address', 'standard', 'decimals', 'verified_at']) assert.ok(key in el.token, key);
    for (const key of ['slug', 'name', 'symbol', 'description', 'website_url', 'whitepaper_url']) assert.ok(key in el.asset, key);
    assert.deepEqual(Object.keys(el.issuer).sort(), ['kyb_verified', 'name']);
    for (const key of ['type', 'address', 'account_type', 'signers', 'threshold', 'observed_at']) assert.ok(key in el.authorities[0], key);
    assert.ok(el.verifications.length > 0 && typeof el.verifications[0].method === 'string');
    assert.equal(el.token.standard, 'spl');
    assert.equal(el.token.caip19, F.pyusd.caip19);
  });

  test('4.1 tokens rule 5: 401, 500 and 502 as part 7 describes them', async () => {
    const path = q(`address=${F.pyusd.address}`);
    assert.equal((await publicGet(sandbox(), path, null)).status, 401);
    sandbox().faults.set('public:tokens', { kind: 'status', status: 500 }, { times: 1 });
    assert.equal((await publicGet(sandbox(), path)).status, 500);
    sandbox().faults.set('public:tokens', { kind: 'status', status: 502 }, { times: 1 });
    assert.equal((await publicGet(sandbox(), path)).status, 502);
    assert.equal((await publicGet(sandbox(), path)).status, 200);
  });

  test('4.1 tokens rule 4: no indexed match → 404 {kyi_verified:false,data:[]}', async () => {
    const res = await publicGet(sandbox(), q(`address=${F.unknown.address}`));
    assert.equal(res.status, 404);
    assert.deepEqual(res.json(), { kyi_verified: false, data: [] });
    assertContract(tokenLookupResultSchema, res.json());
  });

  test('4.1 tokens rule 4: an indexed address on a chain where it is not indexed → 404', async () => {
    const res = await publicGet(sandbox(), q(`address=${F.pyusd.address}&chain_slug=ethereum`));
    assert.deepEqual([res.status, res.json()], [404, { kyi_verified: false, data: [] }]);
  });

  test('4.1 tokens rule 4: a caip19 naming another asset namespace → 404', async () => {
    const res = await publicGet(sandbox(), q(`caip19=${encodeURIComponent(`eip155:98866/erc721:${F.pusd.address}`)}`));
    assert.equal(res.status, 404);
  });

  test('field notes: an address can match the same address on several chains', async () => {
    const res = await publicGet(sandbox(), q(`address=${F.multiChain.address}`));
    assert.equal(res.status, 200);
    const body = res.json();
    assert.deepEqual(body.data.map((d: any) => d.token.chain_slug).sort(), [...F.multiChain.chains].sort());
    const verified = body.data.filter((d: any) => d.kyi_verified).map((d: any) => d.token.chain_slug).sort();
    assert.deepEqual(verified, [...F.multiChain.verifiedChains].sort());
    assert.equal(body.kyi_verified, true);
  });

  test('field notes: indexed but not verified → 200 with kyi_verified false', async () => {
    const res = await publicGet(sandbox(), q(`address=${F.indexedNotVerified.address}`));
    assert.equal(res.status, 200);
    const body = res.json();
    assert.equal(body.kyi_verified, false);
    assert.equal(body.data[0].kyi_verified, false);
    assert.equal(body.data[0].token.verified_at, null);
    assertContract(tokenLookupResultSchema, body);
  });

  test('field notes: an indexed token with no issuer on record has issuer null', async () => {
    const body = (await publicGet(sandbox(), q(`address=${F.indexedNotVerifiedNoIssuer.address}`))).json();
    assert.equal(body.data[0].issuer, null);
  });

  test('field notes: business not verified shows issuer.kyb_verified false', async () => {
    const body = (await publicGet(sandbox(), q(`address=${F.businessNotVerified.address}`))).json();
    assert.equal(body.data[0].issuer.kyb_verified, false);
  });

  test('field notes: EVM standard erc20 and CAIP-19 with the erc20 namespace', async () => {
    const body = (await publicGet(sandbox(), q(`address=${F.pusd.address}`))).json();
    assert.equal(body.data[0].token.standard, 'erc20');
    assert.equal(body.data[0].token.caip2, 'eip155:98866');
    assert.equal(body.data[0].token.caip19, F.pusd.caip19);
  });
});

describe('contract: every Public API body of the sandbox parses with the contract schemas', () => {
  test('every asset record (list and single routes) and every token lookup parses', async () => {
    const page = (await publicGet(sandbox(), '/assets?page_size=100')).json();
    assertContract(assetsPageSchema, page);
    for (const record of page.data) {
      const single = await publicGet(sandbox(), `/assets/${record.token_details.chain}/${record.token_details.address}`);
      assertContract(assetRecordSchema, single.json());
      const caip10 = await publicGet(sandbox(), '/assets/' + record.token_details.account_id.split(':').join('/'));
      assertContract(assetRecordSchema, caip10.json());
      const lookup = await publicGet(sandbox(), `/kyi/v1/tokens?address=${encodeURIComponent(record.token_details.address)}`);
      assertContract(tokenLookupResultSchema, lookup.json());
    }
  });
});
