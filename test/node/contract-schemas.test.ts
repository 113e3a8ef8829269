import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ContractError,
  IMPACT_ORDER,
  NOTIFICATION_KINDS,
  assetRecordSchema,
  assetsPageSchema,
  changesEnvelopeSchema,
  checkContract,
  explorerErrorSchema,
  impactRank,
  notificationGroupOf,
  notificationsEnvelopeSchema,
  parseContract,
  publicApiErrorSchema,
  revisionKey,
  tokenLookupResultSchema,
  tokenomicsPageSchema,
  unwrapEnvelope,
  watchlistItemSchema,
  watchlistResponseSchema,
} from '../../src/contract/index.js';

/** The PYUSD record as the field notes describe it (nulls where the live service sends them). */
const pyusd = {
  token_details: {
    chain: 'solana',
    address: '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo',
    asset_did: null,
    token_name: 'PayPal USD',
    token_ticker: 'PYUSD',
    authorities: [
      { authority_type: 'mint_authority', address: 'Mint111', verified: true, account_type: 'multisig', multisig_signers: ['S1', 'S2', 'S3'], asset_authority_id: 'a1' },
      { authority_type: 'freeze_authority', address: 'Frz111', verified: false, account_type: 'regular', multisig_signers: [], asset_authority_id: 'a2' },
      { authority_type: 'a_type_nobody_listed', address: 'X', verified: false, account_type: 'program', multisig_signers: null, asset_authority_id: 'a3' },
    ],
    token_image: null,
    copyright_confirmed: false,
    account_id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo',
  },
  business_details: { issuer_did: null, business_verified: true, business_name: 'Paxos', business_description: 'Issuer' },
  website_url: 'https://paxos.com',
  whitepaper_url: '',
  asset_url: 'https://verified.example/verified-assets/2b1k/solana',
  attestation_address: null,
  a_field_added_later: { kept: true },
};

describe('contract: Public API schemas (2.1, 2.2, 7.2)', () => {
  it('accepts the field notes records: nulls, empty whitepaper, open authority types, unknown fields kept', () => {
    const r = checkContract(assetRecordSchema, pyusd);
    assert.ok(r.ok);
    assert.deepEqual((r.data as Record<string, unknown>)['a_field_added_later'], { kept: true });
    assert.equal(r.data.token_details.authorities?.[2]?.authority_type, 'a_type_nobody_listed');
    assert.ok(checkContract(assetsPageSchema, { data: [pyusd], meta: { total: 1, page_size: 20, page_number: 1 } }).ok);
  });
  it('rejects a malformed record with a message naming the field', () => {
    const bad = structuredClone(pyusd) as Record<string, any>;
    bad['token_details'].address = 42;
    const r = checkContract(assetRecordSchema, bad);
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.message, /^token_details\.address: expected string/);
    const bad2 = structuredClone(pyusd) as Record<string, any>;
    bad2['token_details'].authorities[0].multisig_signers = [1];
    assert.throws(() => parseContract(assetRecordSchema, bad2), (e: unknown) => e instanceof ContractError && /token_details\.authorities\[0\]\.multisig_signers\[0\]/.test(e.message));
  });
  it('accepts the token lookup result shape of the field notes and the 404 body', () => {
    const body = {
      kyi_verified: true,
      data: [
        {
          kyi_verified: true,
          token: { caip19: 'eip155:98866/erc20:0xdddD73F5Df1F0DC31373357beAC77545dC5A6f3F', caip2: 'eip155:98866', chain_slug: 'plume', address: '0xdddD73F5Df1F0DC31373357beAC77545dC5A6f3F', standard: 'erc20', decimals: 6, verified_at: '2025-01-01T00:00:00Z' },
          asset: { slug: 'pusd', name: 'Plume USD', symbol: 'pUSD', description: null, website_url: 'https://plume.org', whitepaper_url: '' },
          issuer: null,
          authorities: [{ type: 'owner', address: '0x1', account_type: 'multisig', signers: ['0x2'], threshold: 2, observed_at: '2025-01-01T00:00:00Z' }],
          verifications: [{ method: 'eip712' }, { method: 'admin_manual' }],
        },
      ],
    };
    assert.ok(checkContract(tokenLookupResultSchema, body).ok);
    assert.ok(checkContract(tokenLookupResultSchema, { kyi_verified: false, data: [] }).ok);
    const r = checkContract(tokenLookupResultSchema, { kyi_verified: 'yes', data: [] });
    assert.match(r.ok ? '' : r.message, /^kyi_verified/);
  });
  it('accepts both Public API error bodies (with and without `error`)', () => {
    assert.ok(checkContract(publicApiErrorSchema, { message: 'Unauthorized', statusCode: 401 }).ok);
    assert.ok(checkContract(publicApiErrorSchema, { message: 'Asset not found', error: 'Not Found', statusCode: 404 }).ok);
  });
});

const asset = { id: '0b9a3c55-7d2e-4c1f-9a7b-2f6d8e1c4b3a', name: 'Plume USD', symbol: 'pUSD', issuerName: 'Plume', chain: 'plume', chainId: 98866, contractAddress: '0xdddD' };
const item = { id: '6f1c2d3e-aaaa-4bbb-8ccc-0123456789ab', asset, state: 'unresolved', stateReason: 'No filings found', intakeStatus: null, monitoringEnabled: true, note: null, addedAt: '2026-01-01T00:00:00Z' };

describe('contract: Explorer schemas (2.3–2.7, 7.1)', () => {
  it('accepts watchlist items in each state and the list with limit/used', () => {
    for (const state of ['gathering', 'ready', 'unresolved']) assert.ok(checkContract(watchlistItemSchema, { ...item, state }).ok);
    assert.ok(checkContract(watchlistResponseSchema, { data: [item], limit: 50, used: 1 }).ok);
    // a state the spec does not list is kept as sent (elements show it as "other"); a non-string is not
    const r = checkContract(watchlistItemSchema, { ...item, state: 'paused' });
    assert.equal(r.ok && r.data.state, 'paused');
    assert.match(checkContract(watchlistItemSchema, { ...item, state: 3 }).ok ? '' : 'state', /^state/);
  });
  it('accepts changes with explanation and impact assessment; unknown materiality and direction kept', () => {
    const change = {
      id: 'c1', category: 'disclosure_field', watchlistItemId: item.id, asset, detectedAt: '2026-11-01T00:00:00Z', title: 'Redemption fee raised', detail: 'd', materiality: 'material', sourceUrl: 'https://x', href: 'https://y', isNew: true, fieldGroup: 'fees', changeKind: 'value_changed', before: '0.1%', after: '0.5%', quote: 'q', priorQuote: 'p', sourceHash: 'h', priorSourceUrl: null, confirmed: true, lowSignal: false, impact: 'Holders pay more', direction: 'weakens', disposition: 'shown',
      explanation: { kind: 'value_changed', headline: 'Fee up', what: 'w', whatDetail: 'wd', field: { name: 'fee', label: 'Fee', meaning: 'm', stake: 's' }, previous: { label: 'Before', value: '0.1%', note: null }, current: { label: 'After', value: '0.5%', note: null }, whyItMatters: 'why', impact: 'i' },
      impactAssessment: { id: 'ia', direction: 'weakens', status: 'assessed', disposition: 'shown', dimensions: [{ kind: 'participant_protection', direction: 'weakens' }], reason: 'r', whatThisMeansForHolders: 'x', method: 'deterministic', confidence: 0.9, isFallback: false, retryRequired: false, rulesVersion: 'impact-v1', evidence: { old: { quote: 'a', artifactId: 'b', observationSha256: 'c' }, new: { quote: 'd', artifactId: 'e', observationSha256: 'f' } }, inputFingerprint: 'fp', groupId: 'g', childEventIds: ['e1'], assessedAt: '2026-11-01T00:00:00Z' },
    };
    assert.ok(checkContract(changesEnvelopeSchema, { items: [change], since: '2026-08-01T00:00:00Z', seenAt: '2026-11-01T00:00:00Z', truncated: false }).ok);
    const odd = { ...change, materiality: 'huge', direction: 'sideways', impactAssessment: { ...change.impactAssessment, direction: 'sideways' } };
    const r = checkContract(changesEnvelopeSchema, { items: [odd], since: null, seenAt: null, truncated: false });
    assert.ok(r.ok);
    assert.deepEqual([r.data.items[0]!.materiality, r.data.items[0]!.direction, r.data.items[0]!.impactAssessment?.direction], ['huge', 'sideways', 'sideways']);
    const wrongType = checkContract(changesEnvelopeSchema, { items: [{ ...change, materiality: 7 }], since: null, seenAt: null, truncated: false });
    assert.match(wrongType.ok ? '' : wrongType.message, /^items\[0\]\.materiality/);
    assert.deepEqual([...IMPACT_ORDER], ['weakens', 'mixed', 'strengthens', 'neutral', 'unassessed']);
    assert.ok(impactRank('weakens') < impactRank('unassessed') && impactRank('unassessed') < impactRank('whatever'));
  });
  it('accepts notifications of every kind of part 6, each in its group', () => {
    const items = NOTIFICATION_KINDS.map((kind, i) => ({ id: `n${i}`, kind, title: 't', body: 'b', href: null, assetName: 'a', headline: 'h', impact: null, changeHref: null, createdAt: '2026-11-01T00:00:00Z', readAt: null }));
    assert.ok(checkContract(notificationsEnvelopeSchema, { items, unread: items.length }).ok);
    assert.equal(notificationGroupOf('intake_partial'), 'intake');
    assert.equal(notificationGroupOf('tokenomics_disagreement'), 'change_notices');
    assert.equal(notificationGroupOf('obligation_regime_added'), 'obligation_alerts');
    assert.equal(NOTIFICATION_KINDS.length, 11);
    const later = checkContract(notificationsEnvelopeSchema, { items: [{ ...items[0], kind: 'kind_added_next_month' }], unread: 1 });
    assert.equal(later.ok && later.data.items[0]!.kind, 'kind_added_next_month');
    assert.equal(notificationGroupOf('kind_added_next_month'), undefined);
  });
  it('keeps unknown tokenomics revision fields and dedupes on (id, revision)', () => {
    const r = checkContract(tokenomicsPageSchema, { items: [{ id: 't1', revision: 2, supply: '1000' }], nextCursor: 'tfc1_x', hasMore: false });
    assert.ok(r.ok);
    assert.equal((r.data.items[0] as Record<string, unknown>)['supply'], '1000');
    assert.notEqual(revisionKey({ id: 't1', revision: 1 }), revisionKey({ id: 't1', revision: 2 }));
    assert.equal(checkContract(tokenomicsPageSchema, { items: [{ id: 't1' }], hasMore: false }).ok, false);
    assert.ok(checkContract(tokenomicsPageSchema, { items: [] }).ok, 'hasMore may be missing');
  });
  it('accepts both bare bodies and the { data, meta, errors } envelope', () => {
    const bare = { data: [item], limit: 50, used: 1 };
    assert.deepEqual(unwrapEnvelope(bare), bare);
    const wrapped = unwrapEnvelope({ data: [item], meta: { request_id: 'r', fetched_at: 'now' }, errors: [] });
    assert.ok(checkContract(watchlistResponseSchema, wrapped).ok);
    const page = { items: [], nextCursor: null, hasMore: false };
    assert.deepEqual(unwrapEnvelope({ data: page, meta: {}, errors: [] }), page);
    const err = unwrapEnvelope({ data: null, meta: {}, errors: [{ code: 'not_found', message: 'x' }] });
    assert.ok(checkContract(explorerErrorSchema, err).ok);
  });
});
