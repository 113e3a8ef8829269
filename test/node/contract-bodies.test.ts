import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ContractError,
  EXPLORER_BODIES,
  LIMITS,
  checkNote,
  droppedRowError,
  parseWatchlistAddBody,
  parseWatchlistPatchBody,
  readExplorerBody,
} from '../../src/contract/index.js';

const uuid = '6f1c2d3e-aaaa-4bbb-8ccc-0123456789ab';
const notification = (id: string, kind: string) => ({ id, kind, title: 't', createdAt: '2026-11-01T00:00:00Z', readAt: null });

describe('contract: reading Explorer bodies leniently', () => {
  it('drops rows of the wrong shape, keeps their neighbours, and names what was wrong', () => {
    const body = { items: [notification('n1', 'intake_ready'), { id: 'n2', kind: 'intake_ready', createdAt: 42 }, 'not a row', notification('n4', 'new_kind')], unread: 4 };
    const r = readExplorerBody(EXPLORER_BODIES.notifications, body);
    assert.ok(r.ok);
    assert.deepEqual(r.data.items.map((n) => n.id), ['n1', 'n4']);
    assert.equal(r.data.items[1]!.kind, 'new_kind', 'an unknown kind is kept');
    assert.equal(r.data.unread, 4);
    assert.deepEqual(r.dropped.map((d) => [d.index, d.id, d.path]), [[1, 'n2', 'items[1].createdAt'], [2, undefined, 'items[2]']]);
    assert.match(r.dropped[0]!.message, /^items\[1\]\.createdAt: expected string/);
    const error = droppedRowError('GET /me/notifications', r.dropped[0]!);
    assert.ok(error instanceof ContractError);
    assert.match(error.message, /GET \/me\/notifications: left out a row .*items\[1\]\.createdAt/);
  });

  it('still refuses an envelope of the wrong shape, bare or wrapped', () => {
    const r = readExplorerBody(EXPLORER_BODIES.changes, { items: [], since: null, seenAt: null, truncated: 'no' });
    assert.equal(r.ok, false);
    assert.equal(r.ok ? '' : r.path, 'truncated');
    assert.equal(readExplorerBody(EXPLORER_BODIES.watchlist, { data: 'x' }).ok, false);
    const wrapped = readExplorerBody(EXPLORER_BODIES.watchlist, { data: [{ id: 'broken' }], meta: { limit: 50, used: 1 }, errors: [] });
    assert.ok(wrapped.ok);
    assert.deepEqual([wrapped.data.data.length, wrapped.data.limit, wrapped.dropped.length], [0, 50, 1]);
  });
});

describe('contract: watchlist write bodies (written once for sandbox, server piece, client and element)', () => {
  it('POST: assetId only, a UUID', () => {
    assert.deepEqual(parseWatchlistAddBody({ assetId: uuid }), { ok: true, value: { assetId: uuid } });
    const cases: Array<[unknown, string, RegExp]> = [
      [null, 'body', /JSON object with assetId/],
      [[uuid], 'body', /JSON object/],
      [{ assetId: 'nope' }, 'assetId', /UUID/],
      [{ assetId: uuid, extra: 1 }, 'extra', /unknown body field extra; allowed: assetId/],
      [{ assetId: uuid, 'bad key!': 1 }, 'body', /unknown body field; allowed/],
    ];
    for (const [body, param, message] of cases) {
      const r = parseWatchlistAddBody(body);
      assert.equal(r.ok, false, JSON.stringify(body));
      if (!r.ok) assert.deepEqual([r.param, r.code, message.test(r.message)], [param, 'invalid_parameter', true], r.message);
    }
  });

  it('PATCH: monitoringEnabled and/or note (≤ 500 characters, null clears), nothing else', () => {
    assert.deepEqual(parseWatchlistPatchBody({ monitoringEnabled: false }), { ok: true, value: { monitoringEnabled: false } });
    assert.deepEqual(parseWatchlistPatchBody({ note: null }), { ok: true, value: { note: null } });
    assert.ok(parseWatchlistPatchBody({ note: '🙂'.repeat(LIMITS.noteMaxLength) }).ok, 'counted in characters');
    const cases: Array<[unknown, string]> = [
      [{}, 'body'],
      [{ monitoringEnabled: 'yes' }, 'monitoringEnabled'],
      [{ note: 'n'.repeat(LIMITS.noteMaxLength + 1) }, 'note'],
      [{ note: 5 }, 'note'],
      [{ note: 'x', paused: true }, 'paused'],
    ];
    for (const [body, param] of cases) {
      const r = parseWatchlistPatchBody(body);
      assert.equal(r.ok ? '' : r.param, param, JSON.stringify(body));
    }
    assert.equal(checkNote('n'.repeat(LIMITS.noteMaxLength + 1)).ok, false);
  });
});
