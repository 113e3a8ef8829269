import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BADGE_SIZES,
  MONITORING_CHANGES_PARAM_NAMES,
  TOKENOMICS_PARAM_NAMES,
  checkAssetLookup,
  TOKEN_QUERY_MESSAGES,
  checkNote,
  formatMonitoringChangesQuery,
  parseBadgeOptions,
  parseAssetsPageQuery,
  parseMonitoringChangesQuery,
  parseNotificationsQuery,
  parseTokenLookupQuery,
  parseTokenomicsQuery,
  servedBadgeSize,
} from '../../src/contract/index.js';
import { badgeUrl } from '../../src/elements/shared/badge-image.js';

const q = (s: string) => new URLSearchParams(s);

describe('contract: token lookup query (4.1 rules 1–2)', () => {
  it('accepts caip19, or address with optional chain_slug', () => {
    assert.deepEqual(parseTokenLookupQuery(q('caip19=eip155:1/erc20:0xabc')), { ok: true, value: { caip19: 'eip155:1/erc20:0xabc' } });
    assert.deepEqual(parseTokenLookupQuery(q('address=0xabc')), { ok: true, value: { address: '0xabc' } });
    assert.deepEqual(parseTokenLookupQuery(q('address=0xabc&chain_slug=base')), {
      ok: true,
      value: { address: '0xabc', chainSlug: 'base' },
    });
  });
  it('gives the field notes messages for missing, mixed and invalid parameters', () => {
    const msg = (s: string) => {
      const r = parseTokenLookupQuery(q(s));
      assert.equal(r.ok, false);
      return r.ok ? '' : r.message;
    };
    assert.equal(msg(''), TOKEN_QUERY_MESSAGES.missing);
    assert.equal(msg('caip19=eip155:1/erc20:0xabc&address=0xabc'), TOKEN_QUERY_MESSAGES.mixed);
    assert.equal(msg('chain_slug=base'), TOKEN_QUERY_MESSAGES.chainWithoutAddress);
    assert.equal(msg('caip19=nope'), TOKEN_QUERY_MESSAGES.caip19);
    assert.equal(msg('address=../../etc'), TOKEN_QUERY_MESSAGES.address);
    assert.match(msg('address=a&address=b'), /once/);
  });
});

describe('contract: asset lookup (account id, or chain with address)', () => {
  const input = (o: { accountId?: string; chain?: string; address?: string }) => ({
    accountId: o.accountId ?? null,
    chain: o.chain ?? null,
    address: o.address ?? null,
  });
  const rule = (o: Parameters<typeof input>[0]) => {
    const r = checkAssetLookup(input(o));
    return r.ok ? 'ok' : r.rule;
  };
  it('accepts a CAIP-10 account id, or a chain name with an address', () => {
    assert.deepEqual(checkAssetLookup(input({ accountId: 'eip155:1:0xAbC' })), { ok: true, value: { accountId: 'eip155:1:0xAbC' } });
    assert.deepEqual(checkAssetLookup(input({ chain: 'solana', address: 'EPjF_x.1' })), {
      ok: true,
      value: { chain: 'solana', address: 'EPjF_x.1' },
    });
  });
  it('names the rule each input breaks', () => {
    assert.equal(rule({}), 'missing');
    assert.equal(rule({ accountId: 'eip155:1:0xab', chain: 'solana' }), 'mixed');
    assert.equal(rule({ accountId: 'eip155:1:0xab', address: '0xab' }), 'mixed');
    assert.equal(rule({ chain: 'solana' }), 'chainAlone');
    assert.equal(rule({ address: '0xab' }), 'addressAlone');
    assert.equal(rule({ accountId: 'eip155:1' }), 'accountId');
    assert.equal(rule({ chain: 'Solana', address: '0xab' }), 'chain');
    assert.equal(rule({ chain: 'solana', address: '../x' }), 'address');
  });
  it('takes only account ids whose address can stand in the upstream path', () => {
    // CAIP-10 allows "%" in the address; a path segment of the Public API does not
    assert.equal(rule({ accountId: 'eip155:1:0xab%2F' }), 'accountId');
    assert.equal(rule({ accountId: 'eip155:1:a..b' }), 'accountId');
    // and the path form allows "_", which CAIP-10 does not
    assert.equal(rule({ accountId: 'eip155:1:a_b' }), 'accountId');
  });
});

describe('contract: badge options (4.1, 7.3)', () => {
  it('fills the spec defaults and accepts every allowed value', () => {
    assert.deepEqual(parseBadgeOptions('kyi_verified', {}), {
      ok: true,
      value: { credential: 'kyi_verified', variant: 'icon', theme: 'dark', format: 'svg', size: 24 },
    });
    for (const size of BADGE_SIZES) assert.equal(parseBadgeOptions('proof_of_collateral', { size: String(size) }).ok, true);
    assert.equal(servedBadgeSize(64), 32);
  });
  it('rejects values with the 7.3 messages, and webp with 415', () => {
    const bad = (cred: string, o: Record<string, string>) => {
      const r = parseBadgeOptions(cred, o);
      assert.equal(r.ok, false);
      return r.ok ? { status: 0, message: '' } : r;
    };
    assert.equal(bad('kyc', {}).message, 'Invalid credential type "kyc". Allowed: kyi_verified, proof_of_collateral');
    assert.equal(bad('kyi_verified', { theme: 'x' }).message, 'Invalid theme "x". Allowed: dark, light');
    assert.equal(bad('kyi_verified', { variant: 'x' }).message, 'Invalid variant "x". Allowed: icon, full');
    assert.equal(bad('kyi_verified', { format: 'gif' }).message, 'Invalid format "gif". Allowed: svg, png, webp');
    assert.equal(bad('kyi_verified', { size: '48' }).message, 'Invalid size "48". Allowed: 16, 24, 32, 64');
    assert.equal(bad('kyi_verified', { size: '024' }).status, 400);
    const webp = bad('kyi_verified', { format: 'webp' });
    assert.equal(webp.status, 415);
  });
  it('builds badge URLs that write every parameter explicitly, the defaults included', () => {
    const checked = parseBadgeOptions('kyi_verified', {});
    assert.ok(checked.ok);
    const url = new URL(badgeUrl('https://api.example.com/', checked.value));
    assert.equal(url.pathname, '/api/v1/badges/kyi_verified');
    assert.deepEqual([...url.searchParams.keys()].sort(), ['format', 'size', 'theme', 'variant']);
    assert.equal(url.searchParams.get('theme'), 'dark');
    assert.equal(url.searchParams.get('size'), '24');
  });
});

describe('contract: monitoring changes filters (4.2 rule 1)', () => {
  it('accepts every documented filter and formats it back', () => {
    const id = '4f1d2c3b-1111-4222-8333-944455556666';
    const r = parseMonitoringChangesQuery(q(`newOnly=true&showAll=false&materiality=material&days=30&item=${id}&sort=impact&category=disclosure_field`));
    assert.ok(r.ok);
    assert.deepEqual(r.value, { newOnly: true, showAll: false, materiality: 'material', days: 30, item: [id], sort: 'impact', category: 'disclosure_field' });
    assert.deepEqual(parseMonitoringChangesQuery(formatMonitoringChangesQuery(r.value)), r);
  });
  it('rejects unknown parameters and values, never widening silently', () => {
    for (const s of ['materiality=huge', 'newOnly=yes', 'days=0', 'days=1.5', 'sort=oldest', 'item=not-a-uuid', 'color=red', 'category=Bad Cat', 'days=1234567']) {
      const r = parseMonitoringChangesQuery(q(s));
      assert.equal(r.ok, false, s);
      if (!r.ok) assert.equal(r.code, 'invalid_parameter');
    }
  });
  it('names the parameters it takes when refusing another', () => {
    const r = parseMonitoringChangesQuery(q('newOnly=true&color=red'));
    assert.deepEqual(r, {
      ok: false,
      param: 'color',
      code: 'invalid_parameter',
      message: 'unknown parameter color; allowed: newOnly, showAll, materiality, days, item, sort, category',
    });
    assert.deepEqual(MONITORING_CHANGES_PARAM_NAMES, ['newOnly', 'showAll', 'materiality', 'days', 'item', 'sort', 'category']);
    assert.deepEqual(TOKENOMICS_PARAM_NAMES, ['since', 'limit', 'page']);
    assert.equal(parseTokenomicsQuery(q('cursor=x')).ok, false);
    assert.deepEqual(parseNotificationsQuery(q('')), { ok: true, value: {} });
    const twice = parseMonitoringChangesQuery(q('sort=impact&sort=impact'));
    assert.equal(!twice.ok && twice.message, 'sort must be given once');
  });
  it('limits item to 25 ids', () => {
    const ids = Array.from({ length: 26 }, (_, i) => `4f1d2c3b-1111-4222-8333-${String(i).padStart(12, '0')}`);
    assert.equal(parseMonitoringChangesQuery(q(`item=${ids.slice(0, 25).join(',')}`)).ok, true);
    const r = parseMonitoringChangesQuery(q(`item=${ids.join(',')}`));
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.message, /at most 25 ids/);
  });
  it('has no upper limit where the contract has none: days and page_size go to the service', () => {
    assert.deepEqual(parseMonitoringChangesQuery(q('days=366')), { ok: true, value: { days: 366 } });
    assert.deepEqual(parseAssetsPageQuery(q('page_size=101&page_number=3')), { ok: true, value: { pageSize: 101, pageNumber: 3 } });
    assert.equal(parseAssetsPageQuery(q('page_size=0')).ok, false);
  });
  it('checks notification and tokenomics parameters', () => {
    assert.deepEqual(parseNotificationsQuery(q('unread=true')), { ok: true, value: { unread: true } });
    assert.equal(parseNotificationsQuery(q('unread=1')).ok, false);
    assert.deepEqual(parseTokenomicsQuery(q('since=tfc1_abc&limit=200')), { ok: true, value: { since: 'tfc1_abc', limit: 200 } });
    const tooBig = parseTokenomicsQuery(q('limit=201'));
    assert.equal(tooBig.ok, false);
    const badCursor = parseTokenomicsQuery(q('since=a%2Fb'));
    assert.equal(!badCursor.ok && badCursor.code, 'invalid_cursor');
  });
  it('limits notes to 500 characters; null clears', () => {
    assert.deepEqual(checkNote(null), { ok: true, value: null });
    assert.equal(checkNote('x'.repeat(500)).ok, true);
    assert.equal(checkNote('x'.repeat(501)).ok, false);
    assert.equal(checkNote(5).ok, false);
  });
});
