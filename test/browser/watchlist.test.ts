import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement, expectVisibleFocus, recordAnnouncements } from './helpers/a11y.js';
import '../../src/entries/define.js';
import { clearCapabilities } from '../../src/client/monitoring.js';
import type { KyiWatchlist } from '../../src/elements/watchlist/watchlist.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import {
  explorerSandbox,
  manualPollTimers,
  readOnlyProxy,
  recordEvents,
  texts,
  unwatchedAsset,
  expectLoadingThenReady,
  signInForMonitoring,
} from './helpers/explorer.js';

/** A proxy prefix of this file's own: answers what `answer` returns, forwards the rest to `/api/kyi`. */
function proxyOfOurOwn(prefix: string, answer: (method: string, path: string) => Response | undefined): { restore(): void } {
  const original = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(`${prefix}/`)) return original.call(window, input, init);
    const path = url.pathname.slice(prefix.length);
    const own = answer((init?.method ?? 'GET').toUpperCase(), path);
    if (own) return Promise.resolve(own);
    url.pathname = `/api/kyi${path}`;
    return original.call(window, url.href, init);
  } as typeof fetch;
  return { restore: () => void (window.fetch = original) };
}

/**
 * Holds the requests `match` picks at the browser boundary for good (they end only when
 * aborted, rejecting with the signal's reason); the others go to the real server piece.
 */
function holdRequests(match: (method: string, path: string) => boolean): {
  held: { path: string; signal: AbortSignal | undefined }[];
  /** Lets every held request go on to the server, as if the network had been slow. */
  release(): void;
  restore(): void;
} {
  const original = window.fetch;
  const held: { path: string; signal: AbortSignal | undefined }[] = [];
  const waiting: (() => void)[] = [];
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (!match((init?.method ?? 'GET').toUpperCase(), url.pathname)) return original.call(window, input, init);
    const signal = init?.signal ?? undefined;
    held.push({ path: url.pathname, signal });
    return new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason));
      waiting.push(() => original.call(window, input, init).then(resolve, reject));
    });
  } as typeof fetch;
  return { held, release: () => waiting.splice(0).forEach((go) => go()), restore: () => void (window.fetch = original) };
}

/** `count` watchlist items of a test's own, `item-1` (Asset 1) first. */
function stubItems(count: number): object[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `item-${i + 1}`,
    asset: { id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`, name: `Asset ${i + 1}`, symbol: `A${i + 1}` },
    state: 'ready',
    monitoringEnabled: true,
    note: null,
    addedAt: '2026-01-01T00:00:00Z',
  }));
}

/**
 * A writable watchlist of the test's own under a fresh prefix (the shared sandbox stays as it
 * is): `count` items, read, added (last) and removed (`DELETE` answers 204 and later reads leave
 * the item out).
 */
function ownWatchlist(count: number): { prefix: string; restore(): void } {
  const prefix = `/api/watchlist-own-${crypto.randomUUID()}`;
  let items = stubItems(count) as { id: string }[];
  const proxy = proxyOfOurOwn(prefix, (method, path) => {
    if (path === '/capabilities') return Response.json({ explorer: true, explorerWrites: true, widget: false });
    if (method === 'GET' && path === '/explorer/me/watchlist') return Response.json({ data: items, limit: 100, used: items.length });
    if (method === 'POST' && path === '/explorer/me/watchlist') {
      // the new item goes last: beyond the first page of a long list
      const [item] = stubItems(items.length + 1).slice(-1) as { id: string }[];
      items = [...items, item!];
      return Response.json(item, { status: 201 });
    }
    const id = /^\/explorer\/me\/watchlist\/([^/]+)$/.exec(path)?.[1];
    if (method === 'DELETE' && id) {
      items = items.filter((i) => i.id !== decodeURIComponent(id));
      return new Response(null, { status: 204 });
    }
    return Response.json({ code: 'not_found', message: `the test's proxy has no ${method} ${path}` }, { status: 404 });
  });
  configure({ trustedProxyUrls: [prefix] });
  return { prefix, restore: proxy.restore };
}

/** The elements of `scope` that Tab stops at. */
function tabStops(scope: ParentNode): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>('button, input, textarea, select, a[href], [tabindex]')].filter(
    (n) => n.tabIndex >= 0 && !(n as HTMLButtonElement).disabled && n.checkVisibility(),
  );
}

const root = (el: KyiWatchlist) => el.shadowRoot!;
const itemRows = (el: KyiWatchlist) => [...root(el).querySelectorAll<HTMLLIElement>('[part="item"]')];

async function load(template = html`<kyi-watchlist></kyi-watchlist>`): Promise<KyiWatchlist> {
  const el = await fixture<KyiWatchlist>(template);
  await el.settled;
  return el;
}

/** The `<li>` of an item, found by the asset name it shows. */
function row(el: KyiWatchlist, name: string): HTMLLIElement {
  const li = [...root(el).querySelectorAll<HTMLLIElement>('[part="item"]')].find(
    (n) => n.querySelector('.title')?.textContent?.includes(name),
  );
  if (!li) throw new Error(`no row for ${name}`);
  return li;
}

/** An item's monitoring switch. */
function toggle(el: KyiWatchlist, name: string): HTMLButtonElement {
  const sw = row(el, name).querySelector<HTMLButtonElement>('[role="switch"]');
  if (!sw) throw new Error(`no switch for ${name}`);
  return sw;
}

function button(scope: ParentNode, label: RegExp): HTMLButtonElement {
  const b = [...scope.querySelectorAll<HTMLButtonElement>('button')].find(
    (n) => label.test((n.textContent ?? '').trim()) || label.test(n.getAttribute('aria-label') ?? ''),
  );
  if (!b) throw new Error(`no button ${label}`);
  return b;
}

/** Types an asset id into the add form and submits it; resolves with the event that settles it. */
async function addById(el: KyiWatchlist, id: string): Promise<CustomEvent> {
  const input = root(el).querySelector<HTMLInputElement>('#add-asset')!;
  input.value = id;
  input.dispatchEvent(new Event('input'));
  await el.updateComplete;
  const settled = new Promise<CustomEvent>((resolve) => {
    const done = (e: Event) => {
      el.removeEventListener('kyi-watchlist-change', done);
      el.removeEventListener('kyi-error', done);
      resolve(e as CustomEvent);
    };
    el.addEventListener('kyi-watchlist-change', done);
    el.addEventListener('kyi-error', done);
  });
  button(root(el), /^\s*Add\s*$/).click();
  const event = await settled;
  await el.updateComplete;
  return event;
}

describe('<kyi-watchlist>', function () {
  before(signInForMonitoring);
  // Every Explorer call goes through the server piece's 120-a-minute budget, shared with the
  // other monitoring test files running alongside: allow for queueing.
  this.timeout(30_000);

  // Remove waits out its undo delay on these timers: a test says "the delay passed".
  let timers: ReturnType<typeof manualPollTimers>;
  beforeEach(() => (timers = manualPollTimers()));
  // The proxies this file points elements at are ones the partner lists (a proxy-url names a proxy, not a path).
  beforeEach(() => configure({ trustedProxyUrls: ['/api/kyi-readonly', '/api/kyi-missing'] }));
  afterEach(() => {
    timers.restore();
    clearCapabilities();
    resetConfig();
  });

  /** Removes an item for good: Remove, then the undo delay passes; resolves with the change event. */
  async function removeNow(el: KyiWatchlist, name: string): Promise<CustomEvent> {
    button(row(el, name), /^Remove/).click();
    await el.updateComplete;
    const removed = oneEvent(el, 'kyi-watchlist-change');
    expect(timers.fire()).to.be.greaterThan(0);
    const event = await removed;
    await el.updateComplete;
    return event;
  }

  it('shows a loading state until the first read settles', async () => {
    await expectLoadingThenReady('kyi-watchlist', 'Loading the watchlist…');
  });

  it('is accessible, with its write controls', async () => {
    const el = await load();
    expect(el.canWrite).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('shows every item with its asset, state, monitoring, note and the used / limit count', async () => {
    const el = await load();
    // An item of its own in intake: the seeded ones finish a minute or two into the run.
    const gathering = await unwatchedAsset();
    expect((await addById(el, gathering.id)).type).to.equal('kyi-watchlist-change');
    try {
      const snapshot = await explorerSandbox.state();
      expect(el.status).to.equal('ready');
      expect(el.items.length).to.equal(snapshot.watchlist.length);
      expect(texts(el, '[part="usage"]')[0]).to.equal(`${snapshot.watchlist.length} of ${snapshot.watchlistCap} used`);

      const states = texts(el, '[part="state"]');
      expect(states.some((s) => s === 'Ready')).to.equal(true);
      expect(row(el, gathering.name).querySelector('[part="state"]')!.textContent).to.match(/^Gathering data: [A-Z][a-z ]+$/);
      const unresolved = snapshot.watchlist.find((w) => w.state === 'unresolved')!;
      const unresolvedRow = row(el, unresolved.asset.name);
      expect(unresolvedRow.querySelector('[part="state"]')!.textContent).to.match(/^Unresolved: .+/);

      const paused = snapshot.watchlist.find((w) => !w.monitoringEnabled)!;
      expect(toggle(el, paused.asset.name).getAttribute('aria-checked')).to.equal('false');
      expect(row(el, paused.asset.name).querySelector('.monitoring-state')!.textContent!.trim()).to.equal('paused');
      const noted = snapshot.watchlist.find((w) => w.note)!;
      expect(row(el, noted.asset.name).querySelector('.note-text')!.textContent).to.equal(noted.note);
      expect(row(el, noted.asset.name).textContent).to.match(/Watched since/);
    } finally {
      await removeNow(el, gathering.name);
    }
  });

  it('adds an asset by id, fires kyi-watchlist-change, and removes it again', async () => {
    const el = await load();
    const asset = await unwatchedAsset();
    const events = recordEvents(el, ['kyi-watchlist-change', 'kyi-error']);
    const said = recordAnnouncements();
    await addById(el, asset.id);
    expect(events.map((e) => e.type)).to.deep.equal(['kyi-watchlist-change']);
    expect(events[0]!.detail.action).to.equal('add');
    const itemId = events[0]!.detail.itemId as string;
    expect(el.items.some((i) => i.id === itemId)).to.equal(true);
    await waitUntil(() => said.said.some((t) => t === `${asset.name} was added to the watchlist.`), 'the addition was announced');
    said.stop();

    const removed = await removeNow(el, asset.name);
    expect(removed.detail).to.deep.equal({ action: 'remove', itemId, item: null });
    expect(el.items.some((i) => i.id === itemId)).to.equal(false);
  });

  it('checks the asset id before sending it', async () => {
    const el = await load();
    const input = root(el).querySelector<HTMLInputElement>('#add-asset')!;
    input.value = 'not-a-uuid';
    input.dispatchEvent(new Event('input'));
    await el.updateComplete;
    button(root(el), /^\s*Add\s*$/).click();
    await el.updateComplete;
    const alert = root(el).querySelector('[part="add-form"] [role="alert"]')!;
    expect(alert.textContent).to.match(/registry id: a UUID/);
    // The field itself says it is wrong and why, and takes focus.
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-describedby')).to.equal(alert.id);
    expect(root(el).activeElement).to.equal(input);
    await expect(el).to.be.accessible();
  });

  it('keeps focus on a named, visible control through a keyboard journey: add, switch twice, note Escape / Save / Cancel, remove and undo expiry', async () => {
    const el = await load();
    const asset = await unwatchedAsset();
    const changes = recordEvents(el, ['kyi-watchlist-change', 'kyi-error']);
    const changed = async (count: number) => {
      await waitUntil(() => changes.length >= count, `${count} change events`, { timeout: 15_000 });
      expect(changes.map((e) => e.type)).to.deep.equal(Array(count).fill('kyi-watchlist-change'));
      await el.updateComplete;
    };
    // Add: type the id, Enter; focus comes back to the emptied field.
    await sendKeys({ press: 'Tab' });
    root(el).querySelector<HTMLInputElement>('#add-asset')!.focus();
    await sendKeys({ type: asset.id });
    await sendKeys({ press: 'Enter' });
    expectVisibleFocus('while adding');
    await changed(1);
    expect(deepActiveElement()).to.equal(root(el).querySelector('#add-asset'));
    expectVisibleFocus('after Add');

    // The switch stays focused while its change is saved; a second press flips it back.
    toggle(el, asset.name).focus();
    await sendKeys({ press: 'Space' });
    expect(deepActiveElement()).to.equal(toggle(el, asset.name));
    expectVisibleFocus('switch while saving');
    await sendKeys({ press: 'Space' });
    await changed(3);
    await waitUntil(() => el.items.find((i) => i.asset.id === asset.id)?.monitoringEnabled === true, 'flipped back on');
    await el.updateComplete;
    expect(toggle(el, asset.name).getAttribute('aria-checked')).to.equal('true');
    expect(deepActiveElement()).to.equal(toggle(el, asset.name));
    expectVisibleFocus('switch after two presses');

    // Edit note → Escape cancels, focus back on Edit note.
    const edit = () => button(row(el, asset.name), /^Edit note/);
    edit().focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(deepActiveElement()?.localName).to.equal('textarea');
    await sendKeys({ type: 'draft' });
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(row(el, asset.name).querySelector('textarea')).to.equal(null);
    expect(deepActiveElement()).to.equal(edit());
    expectVisibleFocus('after Escape in the note editor');

    // Save: focus back on Edit note once saved.
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    await sendKeys({ type: 'Kept' });
    await sendKeys({ press: 'Tab' }); // Save note
    await sendKeys({ press: 'Enter' });
    expectVisibleFocus('while the note is saved');
    await changed(4);
    expect(row(el, asset.name).querySelector('.note-text')!.textContent).to.equal('Kept');
    expect(deepActiveElement()).to.equal(edit());
    expectVisibleFocus('after Save');

    // Cancel: focus back on Edit note.
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    await sendKeys({ press: 'Tab' }); // Save note
    await sendKeys({ press: 'Tab' }); // Cancel
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(deepActiveElement()).to.equal(edit());
    expectVisibleFocus('after Cancel');

    // Remove: focus on Undo; the delay passes: focus moves to a control of another row (or the Add field).
    await sendKeys({ press: 'Tab' }); // Remove
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect((deepActiveElement() as HTMLElement).textContent!.trim()).to.equal('Undo');
    expectVisibleFocus('on Undo');
    expect(timers.fire()).to.be.greaterThan(0);
    expectVisibleFocus('as the removal is sent');
    await changed(5);
    expect(el.items.some((i) => i.asset.id === asset.id)).to.equal(false);
    const after = expectVisibleFocus('after the undo row expired');
    expect(after.closest('[part="item"], [part="add-form"]'), 'on another row or the Add field').to.not.equal(null);
  });

  it('keeps focus on the next row once the undo delay passes: its own switch, never a node re-used for the row after it', async () => {
    const own = ownWatchlist(5);
    try {
      const el = await load(html`<kyi-watchlist proxy-url=${own.prefix}></kyi-watchlist>`);
      expect(itemRows(el).map((r) => r.dataset['id'])).to.deep.equal(['item-1', 'item-2', 'item-3', 'item-4', 'item-5']);
      const removeSecond = itemRows(el)[1]!.querySelector<HTMLButtonElement>('.remove')!;
      removeSecond.focus();
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect((deepActiveElement() as HTMLElement).textContent!.trim()).to.equal('Undo');
      const removed = oneEvent(el, 'kyi-watchlist-change');
      expect(timers.fire()).to.equal(1, 'the undo delay passes');
      expect((await removed).detail.itemId).to.equal('item-2');
      // the removed row leaves the list (its "removing" mark is dropped after the write): the re-render settles
      await waitUntil(() => !root(el).querySelector('[data-removing]'), 'the removed row is gone');
      await el.updateComplete;
      expect(itemRows(el).map((r) => r.dataset['id'])).to.deep.equal(['item-1', 'item-3', 'item-4', 'item-5']);
      const focused = expectVisibleFocus('after the undo delay');
      expect(focused.getAttribute('role')).to.equal('switch');
      expect(focused.closest<HTMLElement>('[part="item"]')!.dataset['id']).to.equal('item-3', 'the row that was third');
      expect(focused.textContent!.replace(/\s+/g, ' ')).to.match(/Monitoring (on|paused) for Asset 3/);
    } finally {
      own.restore();
    }
  });

  it('shows 25 items at a time, with the count and "Show more"; focus goes to the first new item', async () => {
    const own = ownWatchlist(50);
    try {
      const el = await load(html`<kyi-watchlist proxy-url=${own.prefix}></kyi-watchlist>`);
      expect(el.items.length).to.equal(50);
      expect(itemRows(el).length).to.equal(25);
      expect(texts(el, '[part="usage"]')[0]).to.equal('50 of 100 used');
      expect(texts(el, '[part="more"] [role="status"]')[0]).to.equal('Showing 25 of 50');
      const more = () => root(el).querySelector<HTMLButtonElement>('[part="more"] button');
      expect(more()!.textContent!.trim()).to.equal('Show 25 more');
      // Tab stops: the Add field and button, three per shown item (switch, Edit note, Remove), Show more.
      expect(tabStops(root(el)).length).to.equal(2 + 3 * 25 + 1);
      await expect(el).to.be.accessible();

      more()!.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => itemRows(el).length === 50, 'the next page shows');
      await el.updateComplete;
      expect(root(el).activeElement).to.equal(itemRows(el)[25]!, 'the first new item');
      expect(itemRows(el)[25]!.dataset['id']).to.equal('item-26');
      expectVisibleFocus('after Show more');
      expect(more()).to.equal(null, 'nothing left to show');
      expect(texts(el, '[part="more"] [role="status"]')[0]).to.equal('Showing 50 of 50');
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()!.getAttribute('role')).to.equal('switch', 'Tab goes on into the new item');
      expect(deepActiveElement()!.closest<HTMLElement>('[part="item"]')!.dataset['id']).to.equal('item-26');
    } finally {
      own.restore();
    }
  });

  it('shows an item added beyond the first page, and keeps every item shown before', async () => {
    const own = ownWatchlist(30);
    try {
      const el = await load(html`<kyi-watchlist proxy-url=${own.prefix}></kyi-watchlist>`);
      expect(itemRows(el).length).to.equal(25);
      await addById(el, '00000000-0000-4000-8000-000000000031');
      expect(el.items.at(-1)!.id).to.equal('item-31', 'the list puts it last');
      expect(itemRows(el).map((r) => r.dataset['id'])).to.include('item-31');
      expect(itemRows(el).slice(0, 25).map((r) => r.dataset['id'])).to.deep.equal(stubItems(25).map((i) => (i as { id: string }).id));
    } finally {
      own.restore();
    }
  });

  it('explains a 404: the asset id is not in the public registry', async () => {
    const el = await load();
    const events = recordEvents(el, ['kyi-error']);
    await addById(el, '00000000-0000-4000-8000-000000000000');
    expect(texts(el, '[part="add-form"] [role="alert"]')[0]).to.match(/No asset with this id is in the public registry/);
    expect(events[0]!.detail).to.include({ code: 'not_found', status: 404 });
  });

  it('explains a 409: the watchlist is full', async () => {
    const el = await load();
    const before = await explorerSandbox.state();
    await explorerSandbox.settings({ watchlistCap: before.watchlist.length });
    try {
      await el.refresh();
      expect(texts(el, '[part="usage"]')[0]).to.equal(`${before.watchlist.length} of ${before.watchlist.length} used`);
      await addById(el, (await unwatchedAsset()).id);
      expect(texts(el, '[part="add-form"] [role="alert"]')[0]).to.match(
        new RegExp(`The watchlist is full \\(${before.watchlist.length} assets, unresolved ones included\\)\\. Remove an asset`),
      );
    } finally {
      await explorerSandbox.settings({ watchlistCap: before.watchlistCap });
    }
  });

  it('turns monitoring off and on with a switch', async () => {
    const el = await load();
    const asset = await unwatchedAsset();
    await addById(el, asset.id);
    try {
      const sw = toggle(el, asset.name);
      expect(sw.getAttribute('aria-checked')).to.equal('true');
      // Its name is its visible words, then the asset (WCAG 2.5.3): "Monitoring on for <asset>".
      expect(sw.hasAttribute('aria-label')).to.equal(false);
      expect(sw.textContent!.replace(/\s+/g, ' ').trim()).to.equal(`Monitoring on for ${asset.name}`);
      expect(sw.querySelector('.visually-hidden')!.textContent!.trim()).to.equal(`for ${asset.name}`);
      expect(sw.querySelector('.monitoring-state')!.hasAttribute('aria-hidden')).to.equal(false);
      expect(sw.querySelector('.monitoring-state')!.textContent!.trim()).to.equal('on');
      sw.click();
      const paused = await oneEvent(el, 'kyi-watchlist-change');
      expect(paused.detail.action).to.equal('update');
      expect(paused.detail.item.monitoringEnabled).to.equal(false);
      await el.updateComplete;
      expect(toggle(el, asset.name).getAttribute('aria-checked')).to.equal('false');
      expect(toggle(el, asset.name).querySelector('.monitoring-state')!.textContent!.trim()).to.equal('paused');
      await expect(el).to.be.accessible();
      toggle(el, asset.name).click();
      await oneEvent(el, 'kyi-watchlist-change');
      await el.updateComplete;
      expect(toggle(el, asset.name).getAttribute('aria-checked')).to.equal('true');
    } finally {
      await removeNow(el, asset.name);
    }
  });

  it('offers undo before a removal is sent: nothing leaves the watchlist until the delay passes', async () => {
    const el = await load();
    const asset = await unwatchedAsset();
    await addById(el, asset.id);
    const itemId = el.items.find((i) => i.asset.id === asset.id)!.id;
    const events = recordEvents(el, ['kyi-watchlist-change']);
    button(row(el, asset.name), /^Remove/).click();
    await el.updateComplete;
    const removing = root(el).querySelector<HTMLElement>(`[part="item"][data-id="${itemId}"]`)!;
    expect(removing.hasAttribute('data-removing')).to.equal(true);
    expect(removing.textContent!.replace(/\s+/g, ' ').trim()).to.equal(`Removed ${asset.name}. Undo`);
    const undo = button(removing, /^Undo/);
    expect(root(el).activeElement).to.equal(undo, 'focus moves to Undo');
    expect(timers.delays).to.deep.equal([5000]);
    await expect(el).to.be.accessible();

    undo.click();
    await el.updateComplete;
    expect(timers.delays).to.deep.equal([], 'undone: no removal is sent');
    expect(events).to.deep.equal([]);
    expect((await explorerSandbox.state()).watchlist.some((w) => w.asset.id === asset.id)).to.equal(true);
    expect(root(el).activeElement).to.equal(button(row(el, asset.name), /^Remove/), 'focus back on Remove');

    const removed = await removeNow(el, asset.name);
    expect(removed.detail.action).to.equal('remove');
    expect((await explorerSandbox.state()).watchlist.some((w) => w.asset.id === asset.id)).to.equal(false);
  });

  it('edits the note with a 500-character counter; an empty note clears it', async () => {
    const el = await load();
    const asset = await unwatchedAsset();
    await addById(el, asset.id);
    try {
      button(row(el, asset.name), /^Edit note/).click();
      await el.updateComplete;
      const textarea = row(el, asset.name).querySelector('textarea')!;
      expect(root(el).activeElement).to.equal(textarea);
      const save = () => button(row(el, asset.name), /^Save note/);
      const counter = () => row(el, asset.name).querySelector('.counter')!;

      // The counter is announced when it crosses a band (50 left, over the limit), not per key.
      const said = recordAnnouncements();
      for (const length of [10, 11, 449, 450, 451, 499, 500, 501]) {
        textarea.value = 'é'.repeat(length);
        textarea.dispatchEvent(new Event('input'));
      }
      await el.updateComplete;
      await waitUntil(() => said.said.length > 0, 'the counter was announced');
      said.stop();
      // (said with whatever else the element announced in the same moment, e.g. the addition)
      const counts = said.said.join(' ').match(/\d+ \/ 500 characters( — \d+ too many)?/g);
      expect(counts).to.deep.equal(['450 / 500 characters', '501 / 500 characters — 1 too many']);
      expect(counter().textContent!.replace(/\s+/g, ' ').trim()).to.equal('501 / 500 characters — 1 too many');
      expect(textarea.getAttribute('aria-invalid')).to.equal('true');
      expect(save().disabled).to.equal(true);
      await expect(el).to.be.accessible();

      textarea.value = 'Check the Q3 reserve report';
      textarea.dispatchEvent(new Event('input'));
      await el.updateComplete;
      expect(counter().textContent!.trim()).to.equal('27 / 500 characters');
      save().click();
      const saved = await oneEvent(el, 'kyi-watchlist-change');
      expect(saved.detail.item.note).to.equal('Check the Q3 reserve report');
      await el.updateComplete;
      expect(row(el, asset.name).querySelector('.note-text')!.textContent).to.equal('Check the Q3 reserve report');

      button(row(el, asset.name), /^Edit note/).click();
      await el.updateComplete;
      const again = row(el, asset.name).querySelector('textarea')!;
      again.value = '   ';
      again.dispatchEvent(new Event('input'));
      await el.updateComplete;
      save().click();
      const cleared = await oneEvent(el, 'kyi-watchlist-change');
      expect(cleared.detail.item.note ?? null).to.equal(null);
      await el.updateComplete;
      expect(row(el, asset.name).querySelector('.note')!.textContent!.trim()).to.equal('No note');
    } finally {
      await removeNow(el, asset.name);
    }
  });

  it('explains a 404 on an item removed elsewhere, and shows the list as it is now', async () => {
    const el = await load();
    const asset = await unwatchedAsset();
    await addById(el, asset.id);
    const item = el.items.find((i) => i.asset.id === asset.id)!;
    // removed by someone else, behind the element's back
    const r = await fetch(`/api/kyi/explorer/me/watchlist/${item.id}`, { method: 'DELETE' });
    expect(r.status).to.equal(204);
    toggle(el, asset.name).click();
    const error = await oneEvent(el, 'kyi-error');
    expect(error.detail).to.include({ code: 'not_found', status: 404 });
    await waitUntil(() => !el.items.some((i) => i.id === item.id), 'the list is refreshed', { timeout: 8000 });
    expect(texts(el, '[role="alert"]').join(' ')).to.match(/no longer on the watchlist/);
  });

  it('aborts the read after an add when it leaves the page; nothing is written after', async () => {
    const el = await load();
    const before = el.items.length;
    const asset = await unwatchedAsset();
    // The add reaches the server; the list read after it is held until aborted.
    let added = false;
    const hold = holdRequests((method, path) => {
      if (method === 'POST' && path.endsWith('/me/watchlist')) added = true;
      return added && method === 'GET' && path.endsWith('/me/watchlist');
    });
    try {
      const seen = recordEvents(el, ['kyi-watchlist-change', 'kyi-error']);
      const input = root(el).querySelector<HTMLInputElement>('#add-asset')!;
      input.value = asset.id;
      input.dispatchEvent(new Event('input'));
      await el.updateComplete;
      button(root(el), /^\s*Add\s*$/).click();
      await waitUntil(() => hold.held.length === 1, 'the read after the add left', { timeout: 8000 });
      el.remove();
      expect(hold.held[0]!.signal?.aborted, 'the read is aborted by the removal').to.equal(true);
      await el.settled;
      expect(seen, 'no event from a detached element').to.deep.equal([]);
      expect(el.items.length, 'the list it held is as it was').to.equal(before);
      expect(el.isUpdatePending).to.equal(false);
    } finally {
      hold.restore();
    }
  });

  it("writes of two items both land, each item busy until its own write settles: the second does not cancel the first's", async () => {
    const el = await load();
    const [first, second] = el.items.filter((i) => i.state === 'ready' || i.state === 'gathering');
    if (!first || !second) throw new Error('two watched items needed');
    const hold = holdRequests((method, path) => method === 'PATCH' && path.endsWith(`/me/watchlist/${first.id}`));
    try {
      const seen = recordEvents(el, ['kyi-watchlist-change', 'kyi-error']);
      toggle(el, first.asset.name ?? '').click();
      await waitUntil(() => hold.held.length === 1, 'the first write left');
      const busy = (item: { id: string }) =>
        el.shadowRoot!.querySelector(`[part="item"][data-id="${item.id}"]`)!.getAttribute('aria-busy');
      toggle(el, second.asset.name ?? '').click();
      await el.updateComplete;
      expect(busy(first), 'the first item stays busy when the second starts').to.equal('true');
      await waitUntil(() => seen.length === 1, 'the second write landed');
      expect(hold.held[0]!.signal?.aborted ?? false, 'the first write is not aborted by the second').to.equal(false);
      await el.updateComplete;
      expect(busy(first), 'the first item stays busy after the second landed').to.equal('true');
      expect(busy(second)).to.equal('false');
      hold.release();
      await el.settled;
      await waitUntil(() => seen.length === 2, 'the first write landed');
      await el.updateComplete;
      expect(busy(first)).to.equal('false');
      expect(seen.map((e) => [e.type, e.detail.itemId])).to.deep.equal([
        ['kyi-watchlist-change', second.id],
        ['kyi-watchlist-change', first.id],
      ]);
      expect(toggle(el, first.asset.name ?? '').getAttribute('aria-checked')).to.equal(String(first.monitoringEnabled !== true));
      expect(toggle(el, second.asset.name ?? '').getAttribute('aria-checked')).to.equal(String(second.monitoringEnabled !== true));
    } finally {
      hold.restore();
      // Both items as they were (the sandbox is shared by the files running beside this one).
      for (const item of [first, second]) {
        const back = await fetch(`/api/kyi/explorer/me/watchlist/${item.id}`, {
          method: 'PATCH',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ monitoringEnabled: item.monitoringEnabled === true }),
        });
        expect(back.ok).to.equal(true);
      }
    }
  });

  it('shows a failed write in words and keeps the list', async () => {
    // A proxy of this test's own whose writes meet a bare 502 (the shared sandbox stays as it is).
    const prefix = `/api/watchlist-502-${crypto.randomUUID()}`;
    const proxy = proxyOfOurOwn(prefix, (method) => (method === 'PATCH' ? new Response(null, { status: 502 }) : undefined));
    configure({ trustedProxyUrls: [prefix] });
    try {
      const el = await load(html`<kyi-watchlist proxy-url=${prefix}></kyi-watchlist>`);
      const target = el.items.find((i) => i.state === 'ready')!;
      toggle(el, target.asset.name ?? '').click();
      const error = await oneEvent(el, 'kyi-error');
      expect(error.detail.code).to.equal('upstream_unavailable');
      await el.updateComplete;
      expect(texts(el, '[part="item"] [role="alert"]')[0]).to.match(/unavailable/);
      expect(el.items.length).to.be.greaterThan(0);
      expect(toggle(el, target.asset.name ?? '').getAttribute('aria-checked')).to.equal(String(target.monitoringEnabled));
    } finally {
      proxy.restore();
    }
  });

  it('hides every write control when the server piece does not allow writes', async () => {
    const restore = readOnlyProxy('/api/kyi-readonly');
    try {
      const el = await load(html`<kyi-watchlist proxy-url="/api/kyi-readonly"></kyi-watchlist>`);
      expect(el.status).to.equal('ready');
      expect(el.items.length).to.be.greaterThan(0);
      expect(el.canWrite).to.equal(false);
      expect(root(el).querySelector('[part="add-form"]')).to.equal(null);
      expect(root(el).querySelectorAll('[part="item"] button').length).to.equal(0);
      expect(root(el).textContent).to.match(/Changes to the watchlist are turned off on this site/);
      await expect(el).to.be.accessible();
    } finally {
      restore();
    }
  });

  it('shows a load failure (shown, not announced) and fires kyi-error; a server piece not mounted (404) has no Retry: the site must fix it', async () => {
    const el = document.createElement('kyi-watchlist') as KyiWatchlist;
    el.setAttribute('proxy-url', '/api/kyi-missing');
    const errored = oneEvent(el, 'kyi-error');
    document.body.append(el);
    try {
      const event = await errored;
      expect(event.detail.status).to.equal(404);
      await el.settled;
      expect(el.status).to.equal('error');
      const alert = root(el).querySelector('[part="error"]')!;
      expect(root(el).querySelector('[role="alert"]')).to.equal(null);
      expect(alert.textContent).to.match(/Could not load the watchlist/);
      expect(alert.textContent).to.match(/not configured on this site/);
      expect(alert.querySelector('button'), 'a Retry can only fail again').to.equal(null);
      await expect(el).to.be.accessible();
      el.removeAttribute('proxy-url');
      await el.settled;
      expect(el.status).to.equal('ready');
    } finally {
      el.remove();
    }
  });

  it('titles itself with a heading at heading-level, its items one below, and leaves the title to a partner who labels the region (items at the level)', async () => {
    const el = await load();
    const heading = root(el).querySelector('.heading')!;
    expect([heading.getAttribute('role'), heading.getAttribute('aria-level'), heading.textContent!.trim()]).to.deep.equal(['heading', '3', 'Watchlist']);
    expect(root(el).querySelector('.title')!.getAttribute('aria-level')).to.equal('4');
    const labelled = await load(html`<kyi-watchlist role="region" aria-label="Assets you follow" heading-level="4"></kyi-watchlist>`);
    expect(root(labelled).querySelector('.heading')).to.equal(null);
    expect(root(labelled).querySelector('.title')!.getAttribute('aria-level')).to.equal('4');
    await expect(labelled).to.be.accessible();
  });

  it('fires no change event because code set a property', async () => {
    const el = await load();
    const events = recordEvents(el, ['kyi-watchlist-change']);
    el.proxyUrl = '/api/kyi';
    el.refreshInterval = 60;
    await el.refresh();
    expect(events).to.deep.equal([]);
  });
});
