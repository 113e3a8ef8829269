/**
 * One error type on the server: every error class a partner can import from
 * `kyi-elements/server` (or `kyi-elements/server/postgres`) is a `KyiError` with a `code`,
 * so one `catch (e) { if (e instanceof KyiError) … e.code … }` covers everything the kit throws.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as server from '../../src/server/index.js';
import * as postgres from '../../src/server/postgres/index.js';

const { KyiError } = server;

function errorClasses(entry: Record<string, unknown>): [string, Function][] {
  return Object.entries(entry).filter(
    (pair): pair is [string, Function] => typeof pair[1] === 'function' && pair[1].prototype instanceof Error,
  );
}

describe('server error classes', () => {
  const exported = [...errorClasses(server), ...errorClasses(postgres)];

  it('finds the exported error classes', () => {
    const names = exported.map(([name]) => name);
    for (const name of ['KyiConfigError', 'ExplorerApiError', 'PollError', 'StoreCorruptError', 'StoreUnavailableError', 'LeaseLostError']) {
      assert.ok(names.includes(name), `${name} is exported`);
    }
  });

  for (const [name, cls] of exported) {
    if (cls === KyiError) continue;
    it(`${name} is a KyiError`, () => {
      assert.ok(cls.prototype instanceof KyiError, `${name}'s prototype chain includes KyiError`);
    });
  }

  it('PollError, StoreCorruptError and LeaseLostError carry their code, name and cause', () => {
    const cause = new Error('disk');
    const poll = new server.PollError('store_state_invalid', 'not poller state', { cause });
    assert.ok(poll instanceof KyiError);
    assert.deepEqual([poll.name, poll.code, poll.cause], ['PollError', 'store_state_invalid', cause]);
    const corrupt = new server.StoreCorruptError('unreadable', '/var/kyi/poll.json', { cause });
    assert.ok(corrupt instanceof KyiError);
    assert.deepEqual([corrupt.name, corrupt.code, corrupt.location, corrupt.cause], ['StoreCorruptError', 'store_corrupt', '/var/kyi/poll.json', cause]);
    const lost = new server.LeaseLostError('tokenomics', 'replica-a');
    assert.ok(lost instanceof KyiError);
    assert.deepEqual([lost.name, lost.code], ['LeaseLostError', 'lease_lost']);
    assert.match(lost.message, /another replica took over/);
  });
});
