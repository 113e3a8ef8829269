import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/entries/define.js';
import { notificationGroupOf } from '../../src/contract/index.js';
import { KyiMonitoringElement } from '../../src/elements/shared/monitoring-element.js';
import type { KyiNotifications } from '../../src/elements/notifications/notifications.js';
import { stubProxy } from './helpers/display.js';
import { explorerSandbox, firstEvent, manualPollTimers, texts, expectLoadingThenReady, signInForMonitoring } from './helpers/explorer.js';
import { configure, resetConfig } from '../../src/browser/config.js';

const EMPTY = `/api/empty-inbox-${crypto.randomUUID()}`;
const SIGNED_OUT = `/api/signed-out-${crypto.randomUUID()}`;
const LONG = `/api/long-inbox-${crypto.randomUUID()}`;
const WORDS = `/api/words-inbox-${crypto.randomUUID()}`;
const DOWN = `/api/down-inbox-${crypto.randomUUID()}`;

/** `count` unread notifications of `kind`, newest first. */
function stubNotifications(count: number, kind: string, from = 1): object[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${kind}-${from + i}`,
    kind,
    title: `Notice ${from + i}`,
    createdAt: new Date(Date.UTC(2026, 0, 1) + (from + i) * 60_000).toISOString(),
    readAt: null,
  })).reverse();
}

function moreButton(el: KyiNotifications): HTMLButtonElement | null {
  return root(el).querySelector<HTMLButtonElement>('[part="more"] button');
}

/** Clicks "Show more" until every notification is rendered. */
async function showEverything(el: KyiNotifications): Promise<void> {
  for (let more = moreButton(el); more; more = moreButton(el)) {
    more.click();
    await el.updateComplete;
  }
}

const root = (el: KyiNotifications) => el.shadowRoot!;
const groups = (el: KyiNotifications) => [...root(el).querySelectorAll<HTMLElement>('[part="group"]')];
/** A group's name as its heading says it ("Change notices (3)": "Change notices"). */
const groupName = (group: HTMLElement) => group.querySelector('[role="heading"]')!.textContent!.replace(/\s*\(.*\)\s*$/, '').trim();
/** The group a reader finds under `heading`. */
const groupHeaded = (el: KyiNotifications, heading: string) => groups(el).find((g) => groupName(g) === heading);
/** The titles of the rows in `scope`, as shown. */
const rowTitles = (scope: ParentNode) => [...scope.querySelectorAll('[part="notification"] .title')].map((t) => t.textContent!.trim());
/** The row whose title reads `title`. */
const rowTitled = (scope: ParentNode, title: string) =>
  [...scope.querySelectorAll<HTMLElement>('[part="notification"]')].find((r) => r.querySelector('.title')!.textContent!.trim() === title);

async function load(template = html`<kyi-notifications></kyi-notifications>`): Promise<KyiNotifications> {
  const el = await fixture<KyiNotifications>(template);
  await el.settled;
  return el;
}

describe('<kyi-notifications>', function () {
  before(signInForMonitoring);
  // This file's stub proxies are ones the partner lists (a proxy-url names a proxy, not a path).
  beforeEach(() => configure({ trustedProxyUrls: [EMPTY, SIGNED_OUT, LONG, WORDS, DOWN] }));
  afterEach(() => resetConfig());
  // Every Explorer call goes through the server piece's 120-a-minute budget, shared with the
  // other monitoring test files running alongside: allow for queueing.
  this.timeout(30_000);

  it('shows a loading state until the first read settles', async () => {
    await expectLoadingThenReady('kyi-notifications', 'Loading notifications…');
  });

  it('is accessible', async () => {
    const el = await load();
    expect(el.notifications.length).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
  });

  it('shows the unread count and groups items by kind group, under their headings', async () => {
    const el = await load();
    await showEverything(el);
    expect(el.status).to.equal('ready');
    expect(texts(el, '[part="unread"]')[0]).to.equal(`${el.unread} unread`);
    const headings: Record<string, string> = {
      intake: 'Intake',
      change_notices: 'Change notices',
      obligation_alerts: 'Obligation alerts',
    };
    const groups = [...root(el).querySelectorAll<HTMLElement>('[part="group"]')];
    expect(groups.length).to.be.greaterThan(1);
    // The groups a reader sees, by their headings, in the groups' order.
    const order = groups.map((g) => groupName(g));
    expect(order).to.deep.equal(Object.values(headings).filter((h) => order.includes(h)));
    for (const [group, heading] of Object.entries(headings)) {
      const node = groupHeaded(el, heading);
      const expected = el.notifications.filter((n) => notificationGroupOf(n.kind) === group).map((n) => n.title);
      if (!node) {
        expect(expected).to.deep.equal([]);
        continue;
      }
      expect(node.querySelector('.title[role="heading"]')!.textContent).to.include(`(${expected.length})`);
      expect(rowTitles(node)).to.deep.equal(expected, `the ${heading} group shows its notifications, in order`);
    }
    expect(root(el).querySelectorAll('[part="notification"]').length).to.equal(el.notifications.length);
    // unread items carry a marker; read ones do not
    expect(root(el).querySelectorAll('[part="notification"][data-unread]').length).to.equal(
      el.notifications.filter((n) => !n.readAt).length,
    );
    // Rows and groups carry no attribute only a test would read.
    expect(root(el).querySelector('[data-kind], [data-group]')).to.equal(null);
  });

  it('puts a kind the contract does not list (through the real proxy) in the "Other" group', async () => {
    const snapshot = await explorerSandbox.state();
    const item = snapshot.watchlist.find((w) => w.state === 'ready' && w.monitoringEnabled)!;
    const detected = await explorerSandbox.detect(item.id, { notificationPatch: { kind: 'kind_from_next_month' } });
    const el = await load();
    await showEverything(el); // the "Other" group comes last
    const ours = el.notifications.find((n) => n.id === detected.notification!.id)!;
    expect(ours.kind).to.equal('kind_from_next_month');
    const other = groupHeaded(el, 'Other')!;
    expect(groups(el).at(-1)).to.equal(other, 'last');
    expect(rowTitles(other)).to.include(ours.title);
  });

  it('unread-only asks the service for unread notifications only', async () => {
    const el = await load(html`<kyi-notifications unread-only></kyi-notifications>`);
    await showEverything(el);
    expect(el.notifications.length).to.be.greaterThan(0);
    expect(el.notifications.every((n) => !n.readAt)).to.equal(true);
    expect(root(el).querySelectorAll('[part="notification"]:not([data-unread])').length).to.equal(0);
    await expect(el).to.be.accessible();
  });

  it('says that marking read happens in the service and links there (http(s) only)', async () => {
    const el = await load(html`<kyi-notifications inbox-url="https://explorer.example/inbox"></kyi-notifications>`);
    const note = root(el).querySelector('[part="read-note"]')!;
    expect(note.textContent).to.match(/marked as read in the monitoring service’s own interface, not here/);
    expect(note.querySelector('a')!.href).to.equal('https://explorer.example/inbox');

    el.inboxUrl = 'javascript:alert(1)';
    await el.updateComplete;
    const fallback = root(el).querySelector<HTMLAnchorElement>('[part="read-note"] a');
    if (fallback) expect(fallback.protocol).to.match(/^https?:$/);
    for (const a of root(el).querySelectorAll<HTMLAnchorElement>('a')) {
      expect(a.protocol).to.match(/^https?:$/);
      expect(a.rel).to.equal('noopener noreferrer');
    }
  });

  it('a relative inbox-url (the partner\'s own) is resolved against the page, not a posted <base>', async () => {
    const base = document.createElement('base');
    base.href = 'https://elsewhere.example/';
    document.head.append(base);
    try {
      const el = await load(html`<kyi-notifications inbox-url="/inbox"></kyi-notifications>`);
      expect(root(el).querySelector('[part="read-note"] a')!.getAttribute('href')).to.equal(`${location.origin}/inbox`);
    } finally {
      base.remove();
    }
  });

  it('after marking everything read, unread-only shows only what arrived since', async () => {
    const marked = Date.now();
    await explorerSandbox.markRead();
    const el = await load(html`<kyi-notifications unread-only></kyi-notifications>`);
    expect(el.unread).to.equal(el.notifications.length);
    // other test files may add notifications meanwhile: anything shown is newer than the mark
    expect(el.notifications.every((n) => Date.parse(n.createdAt) >= marked - 1000)).to.equal(true);
  });

  it('shows a sign-in notice, not an error, to a visitor the partner does not let in', async () => {
    const proxy = stubProxy(SIGNED_OUT, () =>
      Response.json({ code: 'session_required', message: 'Sign in to use this route' }, { status: 401 }),
    );
    try {
      const el = await load(html`<kyi-notifications proxy-url=${SIGNED_OUT}></kyi-notifications>`);
      expect(root(el).querySelector('[part="sign-in"]')!.textContent).to.equal('Sign in to see your notifications.');
      expect(root(el).querySelector('[role="alert"]')).to.equal(null);
      await expect(el).to.be.accessible();
    } finally {
      proxy.restore();
    }
  });

  it('shows the empty state when nothing is unread', async () => {
    // An inbox of this test's own: the shared sandbox's may gain notifications from other files.
    const proxy = stubProxy(EMPTY, () => Response.json({ items: [], unread: 0 }));
    try {
      const el = await load(html`<kyi-notifications unread-only proxy-url=${EMPTY}></kyi-notifications>`);
      expect(el.status).to.equal('ready');
      expect(root(el).querySelector('[part="empty"]')!.textContent).to.match(/No unread notifications/);
      expect(texts(el, '[part="unread"]')[0]).to.equal('0 unread');
      await expect(el).to.be.accessible();
    } finally {
      proxy.restore();
    }
  });

  it('shows 25 at a time down the groups, with the count and "Show more"; focus goes to the first new one', async () => {
    const items = [...stubNotifications(20, 'intake_ready'), ...stubNotifications(40, 'disclosure_change')];
    const proxy = stubProxy(LONG, () => Response.json({ items, unread: items.length }));
    try {
      const el = await load(html`<kyi-notifications proxy-url=${LONG}></kyi-notifications>`);
      const shown = () => [...root(el).querySelectorAll<HTMLElement>('[part="notification"]')];
      expect(shown().length).to.equal(25);
      expect(texts(el, '[part="group"] .title[role="heading"]')).to.deep.equal(['Intake (20)', 'Change notices (5 of 40)']);
      expect(texts(el, '[part="more"] [role="status"]')[0]).to.equal('Showing 25 of 60');
      await expect(el).to.be.accessible();
      moreButton(el)!.click();
      await el.updateComplete;
      expect(shown().length).to.equal(50);
      expect(root(el).activeElement).to.equal(shown()[25]!);
      expect(texts(el, '[part="group"] .title[role="heading"]')[1]).to.equal('Change notices (30 of 40)');
      moreButton(el)!.click();
      await el.updateComplete;
      expect(shown().length).to.equal(60);
      expect(moreButton(el)).to.equal(null);
    } finally {
      proxy.restore();
    }
  });

  it('says each thing once: no body restating the headline, no kind or asset the title already names', async () => {
    const items = [
      {
        id: 'n1',
        kind: 'disclosure_change',
        title: 'Disclosure change: Harbor Treasury Note',
        assetName: 'Harbor Treasury Note',
        headline: 'Redemption now takes up to 5 business days',
        body: 'Harbor Treasury Note (HATN): Redemption now takes up to 5 business days.',
        createdAt: '2026-01-02T00:00:00Z',
        readAt: null,
      },
      {
        id: 'n2',
        kind: 'intake_ready',
        title: 'Monitoring ready',
        assetName: 'Cobalt Treasury Note',
        headline: 'Monitoring ready',
        body: 'Changes will appear in your feed from now on.',
        createdAt: '2026-01-01T00:00:00Z',
        readAt: '2026-01-01T01:00:00Z',
      },
    ];
    const proxy = stubProxy(WORDS, () => Response.json({ items, unread: 1 }));
    try {
      const el = await load(html`<kyi-notifications proxy-url=${WORDS}></kyi-notifications>`);
      const [change, intake] = ['Disclosure change: Harbor Treasury Note', 'Monitoring ready'].map((t) => rowTitled(root(el), t)!);
      const said = (node: HTMLElement, text: string) => node.textContent!.split(text).length - 1;
      expect(said(change!, 'Redemption now takes up to 5 business days')).to.equal(1);
      expect(said(change!, 'Disclosure change')).to.equal(1, 'the kind tag is in the title already');
      expect(said(change!, 'Harbor Treasury Note')).to.equal(1, 'the asset is in the title already');
      expect(said(intake!, 'Monitoring ready')).to.equal(1, 'a headline equal to the title is not repeated');
      expect(intake!.textContent).to.include('Cobalt Treasury Note');
      expect(intake!.textContent).to.include('Intake ready');
      expect(intake!.textContent).to.include('Changes will appear in your feed from now on.');
    } finally {
      proxy.restore();
    }
  });

  describe('refresh-interval', () => {
    let timers: ReturnType<typeof manualPollTimers>;
    beforeEach(() => (timers = manualPollTimers()));
    afterEach(() => timers.restore());

    it('re-reads at its cadence and shows what is new', async () => {
      const el = await load(html`<kyi-notifications unread-only refresh-interval="45"></kyi-notifications>`);
      expect(timers.delays).to.deep.equal([45_000]);
      const before = new Set(el.notifications.map((n) => n.id));
      const snapshot = await explorerSandbox.state();
      const item = snapshot.watchlist.find((w) => w.state === 'ready' && w.monitoringEnabled)!;
      const detected = await explorerSandbox.detect(item.id, { template: 'disclosure_field' });
      expect(detected.notification).to.not.equal(null);
      const polled = oneEvent(el, 'kyi-notifications');
      expect(timers.fire()).to.equal(1); // the interval passed
      const event = await polled;
      expect(event.detail.items.map((n: { id: string }) => n.id)).to.include(detected.notification!.id);
      expect(event.detail.unread).to.be.greaterThan(0);
      await el.settled;
      expect(timers.delays).to.deep.equal([45_000], 'the next poll is scheduled');
      const fresh = el.notifications.filter((n) => !before.has(n.id));
      expect(fresh.map((n) => n.id)).to.include(detected.notification!.id);
      const node = groupHeaded(el, 'Change notices')!;
      expect(node.textContent).to.include(fresh.find((n) => n.id === detected.notification!.id)!.title!);
      el.refreshInterval = 0;
      await el.updateComplete;
      expect(timers.delays).to.deep.equal([]);
    });

    it('never polls faster than minRefreshSeconds', async () => {
      const el = await load(html`<kyi-notifications refresh-interval="1"></kyi-notifications>`);
      expect(timers.delays).to.deep.equal([KyiMonitoringElement.minRefreshSeconds * 1000]);
      el.refreshInterval = 0;
    });
  });

  it('shows a load failure (shown, not announced) with a retry, and fires kyi-error', async () => {
    // A passing failure (a bare 502 of a load balancer): a Retry may help.
    const proxy = stubProxy(DOWN, () => new Response('', { status: 502 }));
    const el = document.createElement('kyi-notifications') as KyiNotifications;
    el.setAttribute('proxy-url', DOWN);
    const settled = firstEvent(el, ['kyi-error', 'kyi-notifications']);
    document.body.append(el);
    try {
      const event = await settled;
      expect(event.type).to.equal('kyi-error');
      await el.settled;
      const alert = root(el).querySelector('[part="error"]')!;
      expect(root(el).querySelector('[role="alert"]')).to.equal(null);
      expect(alert.textContent).to.match(/Could not load notifications/);
      const retry = alert.querySelector('button')!;
      expect(retry.textContent!.trim()).to.equal('Retry');
      await expect(el).to.be.accessible();
      const again = oneEvent(el, 'kyi-error');
      retry.click();
      await again;
    } finally {
      el.remove();
      proxy.restore();
    }
  });
});
