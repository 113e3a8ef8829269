/**
 * Monitoring through the server piece against the sandbox (real HTTP on loopback): the seen
 * marker stays with the partner's server, bodies are read leniently, and limits the contract
 * does not have are left to the service. Browser reads go through the browser's own data
 * layer (`src/client/monitoring.ts`), as the elements make them.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ContractError } from '../../src/contract/index.js';
import { fetchChanges, fetchNotifications, mergeById } from '../../src/client/monitoring.js';
import { ExplorerClient } from '../../src/server/upstream/explorer-client.js';
import { sweepMonitoring } from '../../src/server/poll/index.js';
import { mount, type Mounted } from './helpers/server.js';
import { startVirtualSandbox, type VirtualSandbox } from './helpers/explorer-sandbox.js';
import { startRecordingUpstream, type RecordingUpstream } from './helpers/recording-upstream.js';

const MINUTE = 60_000;

describe('monitoring through the server piece', () => {
  let v: VirtualSandbox;
  let m: Mounted;
  before(async () => {
    v = await startVirtualSandbox();
    m = await mount(v.sandbox);
  });
  after(async () => {
    await m.close();
    await v.close();
  });
  beforeEach(() => {
    v.sandbox.reset();
    m.errors.length = 0;
  });

  const explorer = () => v.sandbox.state.explorer;
  const readyItem = () => explorer().watchlist.list().find((e) => e.state === 'ready' && e.monitoringEnabled)!;
  const browser = () => ({ proxyUrl: m.base });

  it('a server sweep still receives every new change after browsers polled for a long (virtual) time', async () => {
    const marker = explorer().seenAt;
    const detected: string[] = [];
    // Twelve virtual hours of browser polls every 10 minutes, asking for newOnly as older pages did.
    for (let i = 0; i < 72; i++) {
      explorer().advance(10 * MINUTE);
      if (i % 9 === 0) detected.push(explorer().detectChange(readyItem().id)!.change.body.id);
      const seen = await fetchChanges(browser(), new URLSearchParams({ newOnly: 'true', days: '3' }));
      for (const id of detected) assert.equal(seen.items.find((c) => c.id === id)?.isNew, true, 'the browser sees the row as new');
    }
    assert.equal(explorer().seenAt, marker, 'no browser read moved the marker');
    assert.ok(v.sandbox.stats.requests.filter((r) => r.route === 'explorer:changes').every((r) => !r.path.includes('newOnly')));

    const expected = explorer()
      .changes.records.filter((r) => r.at > marker && r.body.confirmed && !r.body.lowSignal)
      .map((r) => r.body.id);
    assert.ok(expected.length > detected.length, 'the clock brought scheduled detections too');
    const sweep = await sweepMonitoring({ client: v.client(), newOnly: true, days: 3 });
    assert.deepEqual(new Set(sweep.fresh.map((c) => c.id)), new Set(expected));
    assert.ok(explorer().seenAt > marker, 'the server sweep owns the marker');
  });

  it('forwards newOnly only when the partner turns it on', async () => {
    const allowing = await mount(v.sandbox, (d) => ({ ...d, explorer: { ...d.explorer!, forwardNewOnly: true } }));
    try {
      await fetchChanges({ proxyUrl: allowing.base }, new URLSearchParams({ newOnly: 'true' }));
      assert.match(v.sandbox.stats.requests.at(-1)!.path, /newOnly=true/);
    } finally {
      await allowing.close();
    }
  });

  it('keeps unknown kind, direction and materiality for the elements to show as "other"', async () => {
    const found = explorer().detectChange(readyItem().id, {
      template: 'disclosure_field',
      patch: { direction: 'reverses', materiality: 'seismic' },
      notificationPatch: { kind: 'kind_from_next_month' },
    })!;
    const changes = await fetchChanges(browser(), new URLSearchParams());
    const row = changes.items.find((c) => c.id === found.change.body.id)!;
    assert.deepEqual([row.direction, row.materiality], ['reverses', 'seismic']);
    const inbox = await fetchNotifications(browser());
    assert.equal(inbox.items.find((n) => n.id === found.notification!.body.id)?.kind, 'kind_from_next_month');
    assert.deepEqual(m.errors, []);
  });

  it('drops a row of the wrong shape with an onError report, and keeps its neighbours', async () => {
    const item = readyItem().id;
    const good = explorer().detectChange(item)!.change.body.id;
    const bad = explorer().detectChange(item, { patch: { title: 42 }, notificationPatch: { title: 42 } })!;
    const changes = await fetchChanges(browser(), new URLSearchParams());
    const ids = changes.items.map((c) => c.id);
    assert.ok(ids.includes(good));
    assert.ok(!ids.includes(bad.change.body.id));
    const inbox = await fetchNotifications(browser());
    assert.ok(!inbox.items.some((n) => n.id === bad.notification!.body.id));
    assert.ok(inbox.items.length > 0);
    const reported = m.errors.filter((e): e is ContractError => e instanceof ContractError);
    assert.deepEqual(reported.map((e) => e.path.replace(/\[\d+\]/, '[i]')), ['items[i].title', 'items[i].title']);

    // ExplorerClient reads the same way
    const seen: Error[] = [];
    const client = v.client({ onError: (e) => seen.push(e) });
    const direct = await client.monitoringChanges({});
    assert.ok(direct.items.some((c) => c.id === good) && !direct.items.some((c) => c.id === bad.change.body.id));
    assert.equal(seen.length, 1);
    assert.match(seen[0]!.message, /GET \/me\/monitoring\/changes: left out a row .*title/);
  });

  it('merges a re-read window by id: new rows added, changed rows replaced', async () => {
    const item = readyItem().id;
    const draft = explorer().detectChange(item, { confirmed: false })!.change.body.id;
    const first = await fetchChanges(browser(), new URLSearchParams());
    explorer().updateChange(draft, { confirmed: true });
    const added = explorer().detectChange(item)!.change.body.id;
    const second = await fetchChanges(browser(), new URLSearchParams());
    const merged = mergeById(first.items, second.items);
    assert.deepEqual(merged.added.map((c) => c.id), [added]);
    assert.deepEqual(merged.replaced.map((c) => [c.id, c.confirmed]), [[draft, true]]);
    assert.equal(merged.rows.find((c) => c.id === draft)?.confirmed, true);
    assert.equal(mergeById(second.items, second.items).rows, second.items, 'nothing changed: the same list');
  });

  it('leaves limits the contract does not have to the service, and says "at most 25 ids"', async () => {
    const days = await fetch(`${m.base}/explorer/me/monitoring/changes?days=400`);
    assert.equal(days.status, 400);
    // the kit's own message naming the parameter: the service's text never leaves verbatim
    assert.match(((await days.json()) as { message: string }).message, /refused a parameter: "days"/);
    assert.match(v.sandbox.stats.requests.at(-1)!.path, /days=400/, 'forwarded: the service answered');
    await fetch(`${m.base}/assets?page_size=101`);
    assert.equal(v.sandbox.stats.requests.at(-1)!.path, '/assets?page_size=101', 'page_size too: the service answers');
    const ids = Array.from({ length: 26 }, (_, i) => `4f1d2c3b-1111-4222-8333-${String(i).padStart(12, '0')}`);
    const before = v.sandbox.stats.requests.length;
    const items = await fetch(`${m.base}/explorer/me/monitoring/changes?item=${ids.join(',')}`);
    assert.equal(items.status, 400);
    assert.match(((await items.json()) as { message: string }).message, /at most 25 ids/);
    assert.equal(v.sandbox.stats.requests.length, before, 'refused before any upstream call');
    await assert.rejects(v.client().monitoringChanges({ days: 366 }), (e: { code: string; local: boolean; status: number }) => {
      assert.deepEqual([e.code, e.status, e.local], ['invalid_parameter', 400, false], 'the client forwards too');
      return true;
    });
  });

  it('reads the per-asset tokenomics body with one shape in the client and the proxy', async () => {
    const asset = explorer().tokenomics.all()[0]!.assetId as string;
    const direct = await v.client().assetTokenomicsChanges(asset, { limit: 5 });
    const proxied = (await (await fetch(`${m.base}/explorer/assets/${asset}/tokenomics/changes?limit=5`)).json()) as typeof direct;
    assert.ok(direct.items.length > 0);
    assert.deepEqual(proxied, direct);
    assert.equal(typeof direct.hasMore, 'boolean');
  });
});

describe('a /health that does not answer JSON', () => {
  let upstream: RecordingUpstream;
  let m: Mounted;
  let v: VirtualSandbox;
  before(async () => {
    v = await startVirtualSandbox();
    upstream = await startRecordingUpstream();
    upstream.respond = (r) => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: r.path === '/health' ? 'OK' : '{}' });
    const baseUrl = upstream.url;
    m = await mount(v.sandbox, (d) => ({ ...d, explorer: { ...d.explorer!, baseUrl } }));
  });
  after(async () => {
    await m.close();
    await upstream.close();
    await v.close();
  });

  it('is fine for the client and the proxy', async () => {
    const client = new ExplorerClient({ baseUrl: upstream.url, apiKey: v.sandbox.info.credentials.explorerKeys.full, budget: null });
    assert.deepEqual(await client.health(), { text: 'OK' });
    // the proxy says the service is up; the upstream's own text stays on the server
    const res = await fetch(`${m.base}/explorer/health`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {});
  });
});

describe('the per-asset tokenomics body, whose shape the spec does not show', () => {
  let upstream: RecordingUpstream;
  let m: Mounted;
  let v: VirtualSandbox;
  let baseUrl: string;
  const rev = (n: number) => ({ id: `rev-${n}`, revision: n, field: 'supply' });
  // One asset id per shape the service might answer with.
  const asset = (n: number) => `4f1d2c3b-1111-4222-8333-${String(n).padStart(12, '0')}`;
  const bodies: unknown[] = [
    { items: [rev(1)], nextCursor: 'c1', hasMore: false },
    [rev(1), rev(2)],
    { data: [rev(1)] },
    { data: [rev(1)], hasMore: true },
    {},
    { nextCursor: null, hasMore: false },
    { items: null },
    { data: [rev(1)], meta: { total: 1 } },
    [rev(1), { id: 7 }, rev(3)],
  ];
  const expected: unknown[] = [
    { items: [rev(1)], nextCursor: 'c1', hasMore: false },
    { items: [rev(1), rev(2)] },
    { items: [rev(1)] },
    { items: [rev(1)], hasMore: true },
    { items: [] },
    { items: [], nextCursor: null, hasMore: false },
    { items: [] },
    { items: [rev(1)] },
    { items: [rev(1), rev(3)] },
  ];

  before(async () => {
    v = await startVirtualSandbox();
    upstream = await startRecordingUpstream();
    upstream.respond = (r) => {
      const n = /^\/assets\/[^/]*-(\d{12})\/tokenomics\/changes/.exec(r.path)?.[1];
      // the feed keeps its contract: a body without `items` is not a page
      return { status: 200, body: JSON.stringify(n === undefined ? {} : bodies[Number(n)]) };
    };
    baseUrl = upstream.url;
    m = await mount(v.sandbox, (d) => ({ ...d, explorer: { ...d.explorer!, baseUrl } }));
  });
  after(async () => {
    await m.close();
    await upstream.close();
    await v.close();
  });
  beforeEach(() => {
    m.errors.length = 0;
  });

  it('the client and the proxy read a page, items optional, a bare array or { data: [...] } alike', async () => {
    const seen: Error[] = [];
    const client = new ExplorerClient({ baseUrl, apiKey: v.sandbox.info.credentials.explorerKeys.full, budget: null, onError: (e) => seen.push(e) });
    for (const [n, want] of expected.entries()) {
      const direct = await client.assetTokenomicsChanges(asset(n));
      assert.deepEqual(direct, want, `client, body ${JSON.stringify(bodies[n])}`);
      const res = await fetch(`${m.base}/explorer/assets/${asset(n)}/tokenomics/changes`);
      assert.equal(res.status, 200, `proxy, body ${JSON.stringify(bodies[n])}`);
      assert.deepEqual(await res.json(), want, `proxy, body ${JSON.stringify(bodies[n])}`);
    }
    // the row of the wrong shape in the bare array: left out and reported, by both
    assert.equal(seen.length, 1);
    assert.match(seen[0]!.message, /left out a row .*items\[1\]\.id/);
    const reported = m.errors.filter((e): e is ContractError => e instanceof ContractError);
    assert.deepEqual(reported.map((e) => e.path), ['items[1].id']);
  });

  it('the feed itself still needs its items', async () => {
    const client = new ExplorerClient({ baseUrl, apiKey: v.sandbox.info.credentials.explorerKeys.full, budget: null });
    await assert.rejects(client.tokenomicsChanges(), (e: { code: string }) => e.code === 'upstream_invalid');
    assert.equal((await fetch(`${m.base}/explorer/tokenomics/changes`)).status, 502);
  });
});
