import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { groupNotifications, pollNotifications, sweepDays, sweepMonitoring } from '../../src/server/poll/index.js';
import { MemoryStore } from '../../src/server/store/index.js';
import { suiteSandbox } from './helpers/explorer-sandbox.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('sweepDays', () => {
  it('covers the poll interval plus a margin, in whole days', () => {
    assert.equal(sweepDays(HOUR), 2, 'one hour + one day of margin');
    assert.equal(sweepDays(HOUR, 0), 1);
    assert.equal(sweepDays(DAY, 6 * HOUR), 2);
    assert.equal(sweepDays(7 * DAY), 8);
    assert.equal(sweepDays(1000 * DAY), 1001, 'the contract has no maximum: the service answers for its own');
    assert.throws(() => sweepDays(0), RangeError);
  });
});

describe('sweepMonitoring and pollNotifications against the sandbox', () => {
  const v = suiteSandbox();

  const changePaths = () => v.sandbox.stats.requests.filter((r) => r.route === 'explorer:changes').map((r) => r.path);

  it('sweeps a window of interval + margin and delivers each actionable change once', async () => {
    const client = v.client();
    const store = new MemoryStore();
    const delivered: string[] = [];
    const first = await sweepMonitoring({
      client,
      store,
      intervalMs: 60 * DAY,
      showAll: true,
      onChanges: (changes) => void delivered.push(...changes.map((c) => c.id)),
    });
    assert.equal(first.days, 61);
    assert.match(changePaths()[0]!, /days=61/);
    assert.match(changePaths()[0]!, /newOnly=false/);
    assert.ok(first.envelope.items.length > 0);
    // drafts and low-signal rows are listed but never delivered (4.2 rules 2–3)
    assert.ok(first.envelope.items.some((c) => c.confirmed === false || c.lowSignal === true), 'the window holds drafts or low-signal rows');
    assert.ok(first.fresh.every((c) => c.confirmed !== false && c.lowSignal !== true));
    assert.deepEqual(delivered, first.fresh.map((c) => c.id));

    // the next sweep overlaps the window: nothing is delivered twice
    const second = await sweepMonitoring({ client, store, intervalMs: 60 * DAY, showAll: true, onChanges: () => assert.fail('nothing new') });
    assert.equal(second.fresh.length, 0);

    // a new detection shows up exactly once
    const item = v.sandbox.state.explorer.watchlist.list().find((e) => e.state === 'ready' && e.monitoringEnabled)!;
    const detected = v.sandbox.state.explorer.detectChange(item.id)!;
    const third = await sweepMonitoring({ client, store, intervalMs: 6 * HOUR, onChanges: (c) => void delivered.push(...c.map((x) => x.id)) });
    assert.equal(third.days, 2, 'interval 6 h + margin 1 day');
    assert.deepEqual(third.fresh.map((c) => c.id), [detected.change.body.id]);
    assert.equal(new Set(delivered).size, delivered.length);
  });

  it('reads incrementally with newOnly and passes filters through', async () => {
    const client = v.client();
    const incremental = await sweepMonitoring({ client, newOnly: true, days: 30, materiality: 'material', sort: 'impact' });
    assert.equal(incremental.days, 30);
    const path = changePaths()[0]!;
    for (const part of ['newOnly=true', 'days=30', 'materiality=material', 'sort=impact']) assert.ok(path.includes(part), path);
    // the seen marker moved: an immediate second incremental read is empty
    const again = await sweepMonitoring({ client, newOnly: true, days: 30 });
    assert.equal(again.envelope.items.length, 0);
  });

  it('does not record ids when the consumer fails, so they come again', async () => {
    const client = v.client();
    const store = new MemoryStore();
    await assert.rejects(
      sweepMonitoring({ client, store, onChanges: () => Promise.reject(new Error('db down')) }),
      /db down/,
    );
    const retry = await sweepMonitoring({ client, store });
    assert.ok(retry.fresh.length > 0);
  });

  it('polls unread notifications, groups them by kind, and delivers each once', async () => {
    const client = v.client();
    const store = new MemoryStore();
    const seen: string[] = [];
    const first = await pollNotifications({ client, store, onNotifications: (n) => void seen.push(...n.map((x) => x.id)) });
    assert.match(v.sandbox.stats.requests.at(-1)!.path, /unread=true/);
    assert.ok(first.envelope.items.length > 0);
    assert.ok(first.envelope.items.every((n) => !n.readAt));
    assert.equal(seen.length, first.envelope.items.length);
    const grouped = first.groups.intake.length + first.groups.change_notices.length + first.groups.obligation_alerts.length;
    assert.equal(grouped + first.groups.other.length, first.envelope.items.length);
    assert.ok(first.groups.change_notices.every((n) => /change|disagreement/.test(n.kind)));

    // unread stays unread (marking read is done in the service's own interface): not delivered again
    const second = await pollNotifications({ client, store, onNotifications: () => assert.fail('nothing new') });
    assert.equal(second.fresh.length, 0);
    assert.equal(second.envelope.unread, first.envelope.unread);

    const all = await pollNotifications({ client, unread: false });
    assert.ok(!/unread=true/.test(v.sandbox.stats.requests.at(-1)!.path));
    assert.ok(all.envelope.items.length >= first.envelope.items.length);
    assert.deepEqual(groupNotifications([]), { intake: [], change_notices: [], obligation_alerts: [], other: [] });
  });
});
