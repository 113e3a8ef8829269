import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement, expectVisibleFocus, recordAnnouncements } from './helpers/a11y.js';
import '../../src/entries/define.js';
import { impactRank } from '../../src/contract/index.js';
import { safeHttpUrl } from '../../src/browser/config.js';
import type { KyiChangeFeed } from '../../src/elements/change-feed/change-feed.js';
import { stubProxy } from './helpers/display.js';
import { explorerSandbox, firstEvent, manualPollTimers, texts, expectLoadingThenReady, signInForMonitoring } from './helpers/explorer.js';
import { configure, resetConfig } from '../../src/browser/config.js';

const EMPTY = `/api/empty-feed-${crypto.randomUUID()}`;
const FEED = `/api/feed-${crypto.randomUUID()}`;
const LONG = `/api/long-feed-${crypto.randomUUID()}`;
const WORDS = `/api/words-feed-${crypto.randomUUID()}`;

/** `count` rows, newest first, the first numbered `from`. */
function stubRows(count: number, from = 1): object[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `row-${from + i}`,
    title: `Change ${from + i}`,
    detectedAt: new Date(Date.UTC(2026, 0, 1) + (from + i) * 60_000).toISOString(),
  })).reverse();
}

const root = (el: KyiChangeFeed) => el.shadowRoot!;
const rows = (el: KyiChangeFeed) => [...root(el).querySelectorAll<HTMLLIElement>('[part="change"]')];
/** The row in a change's place: the feed shows `changes` in their order. */
const rowOf = (el: KyiChangeFeed, id: string) => rows(el)[el.changes.findIndex((c) => c.id === id)];
/** The rows' headlines, as shown. */
const headlines = (el: KyiChangeFeed) => rows(el).map((r) => r.querySelector('[part="headline"]')!.textContent!.trim());
/** The row whose headline reads `text`. */
const rowHeadlined = (el: KyiChangeFeed, text: string) => rows(el)[headlines(el).indexOf(text)];

/** Records the query strings of the element's monitoring-changes requests. */
function watchRequests(): { queries: URLSearchParams[]; restore(): void } {
  const original = window.fetch;
  const queries: URLSearchParams[] = [];
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    if (url.pathname.endsWith('/explorer/me/monitoring/changes')) queries.push(url.searchParams);
    return original.call(window, input, init);
  } as typeof fetch;
  return { queries, restore: () => void (window.fetch = original) };
}

/** Clicks "Show more" until every row is rendered. */
async function showEverything(el: KyiChangeFeed): Promise<void> {
  for (let more = moreButton(el); more; more = moreButton(el)) {
    more.click();
    await el.updateComplete;
  }
}

function moreButton(el: KyiChangeFeed): HTMLButtonElement | null {
  return root(el).querySelector<HTMLButtonElement>('[part="more"] button');
}

async function load(template = html`<kyi-change-feed></kyi-change-feed>`): Promise<KyiChangeFeed> {
  const el = await fixture<KyiChangeFeed>(template);
  await el.settled;
  return el;
}

describe('<kyi-change-feed>', function () {
  before(signInForMonitoring);
  // Every Explorer call goes through the server piece's 120-a-minute budget, shared with the
  // other monitoring test files running alongside: allow for queueing.
  this.timeout(30_000);

  let requests: ReturnType<typeof watchRequests>;
  beforeEach(() => (requests = watchRequests()));
  afterEach(() => requests.restore());
  // This file's stub proxies are ones the partner lists (a proxy-url names a proxy, not a path).
  beforeEach(() => configure({ trustedProxyUrls: [EMPTY, FEED, LONG, WORDS] }));
  afterEach(() => resetConfig());

  it('shows a loading state until the first read settles', async () => {
    await expectLoadingThenReady('kyi-change-feed', 'Loading changes…');
  });

  it('is accessible', async () => {
    const el = await load();
    expect(el.changes.length).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
  });

  it('defaults: the whole window, most recent first, with headline, what, why, before → after, direction and impact', async () => {
    const el = await load();
    expect(el.status).to.equal('ready');
    expect([...requests.queries[0]!.keys()]).to.deep.equal([]);
    const times = el.changes.map((c) => Date.parse(c.detectedAt));
    expect(times).to.deep.equal([...times].sort((a, b) => b - a));

    const withDelta = rows(el).find((r) => r.querySelector('[part="delta"]'))!;
    const change = el.changes[rows(el).indexOf(withDelta)]!;
    expect(withDelta.querySelector('[part="headline"]')!.textContent).to.equal(change.explanation?.headline ?? change.title);
    const delta = withDelta.querySelector('[part="delta"]')!;
    expect(delta.querySelector('del')!.textContent).to.not.equal('');
    expect(delta.querySelector('ins')!.textContent).to.not.equal('');
    expect(delta.textContent).to.match(/→/);
    expect(withDelta.querySelector('.direction')!.textContent).to.match(/Weakens|Mixed|Strengthens|Neutral|Not assessed/);
    if (change.explanation?.whyItMatters) expect(withDelta.textContent).to.include(change.explanation.whyItMatters);
    // material rows say so
    const material = rows(el).find((r) => r.querySelector('[data-materiality="material"]'));
    expect(material?.textContent).to.match(/Material/);
    // Rows carry no attribute only a test would read.
    expect(root(el).querySelector('[data-id]')).to.equal(null);
  });

  it('marks unconfirmed rows as provisional', async () => {
    const el = await load();
    await showEverything(el);
    const drafts = el.changes.filter((c) => c.confirmed === false);
    expect(drafts.length).to.be.greaterThan(0);
    for (const draft of drafts) {
      const r = rowOf(el, draft.id)!;
      expect(r.hasAttribute('data-provisional')).to.equal(true);
      expect(r.querySelector('.tag.provisional')!.textContent).to.equal('Provisional');
    }
    const confirmed = rows(el).find((n) => !n.hasAttribute('data-provisional'))!;
    expect(confirmed.querySelector('.tag.provisional')).to.equal(null);
  });

  it('show-all lists low-signal revisions, styled quieter', async () => {
    const el = await load();
    expect(el.changes.some((c) => c.lowSignal)).to.equal(false);
    root(el).querySelector<HTMLInputElement>('input[name="showAll"]')!.click();
    await el.settled;
    expect(el.showAll).to.equal(true);
    expect(el.hasAttribute('show-all')).to.equal(true);
    expect(requests.queries.at(-1)!.get('showAll')).to.equal('true');
    const quiet = rows(el).filter((r) => r.hasAttribute('data-low-signal'));
    expect(quiet.length).to.be.greaterThan(0);
    const loud = rows(el).find((r) => !r.hasAttribute('data-low-signal'))!;
    const [q, l] = [getComputedStyle(quiet[0]!), getComputedStyle(loud)];
    expect(q.color).to.not.equal(l.color);
    expect(parseFloat(q.fontSize)).to.be.lessThan(parseFloat(l.fontSize));
    expect(q.backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    expect(quiet[0]!.textContent).to.match(/Low signal/);
    await expect(el).to.be.accessible();
  });

  it('filters by materiality from the select', async () => {
    const el = await load();
    const select = root(el).querySelector<HTMLSelectElement>('#materiality')!;
    select.value = 'material';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await el.settled;
    expect(el.materiality).to.equal('material');
    expect(el.getAttribute('materiality')).to.equal('material');
    expect(requests.queries.at(-1)!.get('materiality')).to.equal('material');
    expect(el.changes.length).to.be.greaterThan(0);
    expect(el.changes.every((c) => c.materiality === 'material')).to.equal(true);
  });

  it('orders by impact: weakens, mixed, strengthens, neutral, unassessed, then newest', async () => {
    const el = await load(html`<kyi-change-feed sort="impact"></kyi-change-feed>`);
    expect(requests.queries.at(-1)!.get('sort')).to.equal('impact');
    const ranks = el.changes.map((c) => impactRank(c.direction));
    expect(ranks).to.deep.equal([...ranks].sort((a, b) => a - b));
    expect(root(el).querySelector<HTMLSelectElement>('#sort')!.value).to.equal('impact');
  });

  it('days and watched items narrow the window', async () => {
    const el = await load(html`<kyi-change-feed days="3"></kyi-change-feed>`);
    expect(requests.queries.at(-1)!.get('days')).to.equal('3');
    const cutoff = Date.now() - 4 * 86_400_000;
    expect(el.changes.every((c) => Date.parse(c.detectedAt) > cutoff)).to.equal(true);

    el.days = undefined;
    await el.settled;
    const box = root(el).querySelector<HTMLInputElement>('input[name="item"]')!;
    const itemId = box.value;
    box.click();
    await el.settled;
    expect(el.items).to.equal(itemId);
    expect(requests.queries.at(-1)!.get('item')).to.equal(itemId);
    expect(el.changes.every((c) => c.watchlistItemId === itemId)).to.equal(true);
  });

  for (const [attribute, value, param] of [
    ['materiality', 'bogus', 'materiality'],
    ['days', '0', 'days'],
    ['sort', 'loudest', 'sort'],
    ['items', 'not-a-uuid', 'item'],
    ['category', 'no_such_category', 'category'],
  ] as const) {
    it(`shows the 400 for a bad ${attribute} filter clearly, naming the parameter`, async () => {
      const el = document.createElement('kyi-change-feed') as KyiChangeFeed;
      el.setAttribute(attribute, value);
      const settled = firstEvent(el, ['kyi-error', 'kyi-changes']);
      document.body.append(el);
      try {
        const event = await settled;
        await el.settled;
        expect(event.type).to.equal('kyi-error');
        expect(event.detail).to.include({ code: 'invalid_parameter', status: 400 });
        expect(el.status).to.equal('error');
        const alert = root(el).querySelector('[part="error"]')!;
        expect(alert.textContent).to.match(/These filters were refused/);
        expect(alert.textContent).to.include(param);
        expect(alert.querySelector('button')).to.equal(null, 'no retry: the same request would fail again');
        expect(rows(el).length).to.equal(0, 'never a silently wider feed');
        await expect(el).to.be.accessible();
      } finally {
        el.remove();
      }
    });
  }

  it('shows a banner asking to narrow the window when the service truncated it', async () => {
    const el = await load(html`<kyi-change-feed days="365" show-all></kyi-change-feed>`);
    expect(el.truncated).to.equal(true);
    expect(el.changes.length).to.equal(200);
    const banner = root(el).querySelector('[part="truncated"]')!;
    expect(banner.textContent).to.match(/Only the first 200 changes are shown/);
    expect(banner.textContent).to.match(/narrow it/);
    el.days = 7;
    await el.settled;
    expect(root(el).querySelector('[part="truncated"]')).to.equal(null);
  });

  it('links only to http(s) sources', async () => {
    const el = await load();
    const links = [...root(el).querySelectorAll<HTMLAnchorElement>('[part="links"] a')];
    expect(links.length).to.be.greaterThan(0);
    for (const a of links) {
      expect(a.protocol).to.match(/^https?:$/);
      expect(a.rel).to.equal('noopener noreferrer');
    }
    expect(safeHttpUrl('javascript:alert(1)')).to.equal(undefined);
    expect(safeHttpUrl('data:text/html,x')).to.equal(undefined);
    expect(safeHttpUrl('/relative')).to.equal(undefined);
    expect(safeHttpUrl('https://issuer.example/a.pdf')).to.equal('https://issuer.example/a.pdf');
  });

  it('new-only shows the rows the service marks new, and never moves the seen marker', async () => {
    const snapshot = await explorerSandbox.state();
    const item = snapshot.watchlist.find((w) => w.state === 'ready' && w.monitoringEnabled)!;
    const detected = (await explorerSandbox.detect(item.id)).change!.id;
    const el = await load(html`<kyi-change-feed new-only></kyi-change-feed>`);
    expect(requests.queries.at(-1)!.get('newOnly')).to.equal(null);
    expect(el.changes.map((c) => c.id)).to.include(detected);
    expect(el.changes.every((c) => c.isNew === true)).to.equal(true);
    expect(rows(el).length).to.equal(Math.min(25, el.changes.length));
    await el.refresh(); // a second look: the marker did not move, so the row is still new
    expect(el.changes.map((c) => c.id)).to.include(detected);
    // "New only" filters what is shown; turning it off asks for nothing new
    const reads = requests.queries.length;
    el.newOnly = false;
    await el.updateComplete;
    expect(requests.queries.length).to.equal(reads);
    expect(el.changes.some((c) => c.isNew !== true)).to.equal(true);
    expect(rows(el).length).to.equal(Math.min(25, el.changes.length));
  });

  it('keyboard: a filter changed with the keys keeps focus where it was and its result is announced once', async () => {
    const said = recordAnnouncements();
    try {
      const el = await load();
      const select = root(el).querySelector<HTMLSelectElement>('#materiality')!;
      select.focus();
      await sendKeys({ press: 'ArrowDown' }); // All → the first materiality
      await waitUntil(() => el.materiality !== '', 'the select changed the filter');
      await el.settled;
      expect(deepActiveElement()).to.equal(select);
      expectVisibleFocus('the materiality select after its results loaded');
      const count = `${el.changes.length} changes`;
      await waitUntil(() => said.said.length > 0, 'the result was announced');
      expect(said.said).to.deep.equal([el.changes.length > 0 ? count : 'No changes in this window.']);

      // "New only" filters what is loaded: announced too, focus stays on the checkbox.
      const newOnly = root(el).querySelector<HTMLInputElement>('input[name="newOnly"]')!;
      newOnly.focus();
      await sendKeys({ press: 'Space' });
      await el.settled;
      expect(el.newOnly).to.equal(true);
      expect(deepActiveElement()).to.equal(newOnly);
      expectVisibleFocus('the New only checkbox');
      await waitUntil(() => said.said.length > 1, 'the new-only result was announced');
      expect(said.said[1]).to.equal(el.changes.length > 0 ? `${el.changes.length} changes` : 'No new changes since the last look.');
    } finally {
      said.stop();
    }
  });

  it('on a 390 px phone the filters fold behind a Filters button (a disclosure, by keyboard): the first change shows near the top; wide, no button', async () => {
    const box = await fixture<HTMLDivElement>(html`<div style="width: 390px"><kyi-change-feed days="90" materiality="material"></kyi-change-feed></div>`);
    const el = box.firstElementChild as KyiChangeFeed;
    await el.settled;
    const toggle = root(el).querySelector<HTMLButtonElement>('[part="filters-toggle"]')!;
    const filters = root(el).querySelector<HTMLElement>('[part="filters"]')!;
    expect(toggle.checkVisibility(), 'the Filters button shows').to.equal(true);
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(toggle.getAttribute('aria-controls')).to.equal(filters.id);
    expect(toggle.textContent!.trim()).to.equal('Filters (1 on)');
    expect(filters.checkVisibility(), 'the filters are folded').to.equal(false);
    // the feed's first change starts right below the header and the button, not below a panel of filters
    const first = root(el).querySelector<HTMLElement>('[part="change"]');
    if (first) expect(first.getBoundingClientRect().top - el.getBoundingClientRect().top).to.be.below(160);
    await expect(el).to.be.accessible();

    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(filters.checkVisibility(), 'Enter unfolds the filters').to.equal(true);
    expect(deepActiveElement()).to.equal(toggle);
    expectVisibleFocus('the Filters button');
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement(), 'Tab goes on into the filters').to.equal(root(el).querySelector('#materiality'));
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(filters.checkVisibility(), 'Space folds them again').to.equal(false);
    expect(deepActiveElement()).to.equal(toggle);

    box.style.width = '900px';
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    expect(toggle.checkVisibility(), 'wide: no button').to.equal(false);
    expect(filters.checkVisibility(), 'wide: the filters always shown').to.equal(true);
  });

  it('the feed title is a heading at heading-level (default 3), each change headline one below', async () => {
    const el = await load();
    const level = (selector: string) => root(el).querySelector(selector)!.getAttribute('aria-level');
    expect(root(el).querySelector('.heading')!.getAttribute('role')).to.equal('heading');
    expect([level('.heading'), level('[part="headline"]')]).to.deep.equal(['3', '4']);
    expect(root(el).querySelector('[part="headline"]')!.getAttribute('role')).to.equal('heading');
    el.headingLevel = 4;
    await el.updateComplete;
    expect([level('.heading'), level('[part="headline"]')]).to.deep.equal(['4', '5']);
  });

  it('new-only with nothing new shows its empty state', async () => {
    // A feed of this test's own: the shared sandbox's may gain changes from other files.
    const proxy = stubProxy(EMPTY, () => Response.json({ items: [], truncated: false }));
    try {
      const el = await load(html`<kyi-change-feed new-only hide-filters proxy-url=${EMPTY}></kyi-change-feed>`);
      expect(el.status).to.equal('ready');
      expect(root(el).querySelector('[part="empty"]')!.textContent).to.match(/No new changes since the last look/);
    } finally {
      proxy.restore();
    }
  });

  it('shows a direction and a materiality the contract does not list as "Other"', async () => {
    const snapshot = await explorerSandbox.state();
    const item = snapshot.watchlist.find((w) => w.state === 'ready' && w.monitoringEnabled)!;
    const detected = await explorerSandbox.detect(item.id, {
      template: 'disclosure_field',
      patch: { direction: 'reverses', materiality: 'seismic', impactAssessment: null },
    });
    const el = await load();
    const row = rowOf(el, detected.change!.id)!;
    expect(row.querySelector('.direction')!.textContent).to.match(/Other/);
    expect(row.querySelector('[data-materiality]')!.getAttribute('data-materiality')).to.equal('other');
    expect(row.querySelector('[data-materiality]')!.textContent!.trim()).to.equal('Other');
    expect(el.changes.find((c) => c.id === detected.change!.id)!.direction).to.equal('reverses', 'the value is kept as sent');
  });

  it('shows 25 rows at a time, with the count and "Show more"; focus goes to the first new row', async () => {
    const proxy = stubProxy(LONG, () => Response.json({ items: stubRows(60), truncated: false }));
    try {
      const el = await load(html`<kyi-change-feed hide-filters proxy-url=${LONG}></kyi-change-feed>`);
      expect(el.changes.length).to.equal(60);
      expect(rows(el).length).to.equal(25);
      expect(texts(el, '[part="more"] [role="status"]')[0]).to.equal('Showing 25 of 60');
      expect(moreButton(el)!.textContent!.trim()).to.equal('Show 25 more');
      await expect(el).to.be.accessible();
      moreButton(el)!.click();
      await el.updateComplete;
      expect(rows(el).length).to.equal(50);
      expect(root(el).activeElement).to.equal(rows(el)[25]!);
      expect(texts(el, '[part="more"] [role="status"]')[0]).to.equal('Showing 50 of 60');
      moreButton(el)!.click();
      await el.updateComplete;
      expect(rows(el).length).to.equal(60);
      expect(moreButton(el)).to.equal(null, 'nothing left to show');
      expect(texts(el, '[part="more"] [role="status"]')[0]).to.equal('Showing 60 of 60');
      el.newOnly = true; // another list: its first page
      await el.updateComplete;
      el.newOnly = false;
      await el.updateComplete;
      expect(rows(el).length).to.equal(25);
    } finally {
      proxy.restore();
    }
  });

  it('says each thing once: a direction, an impact that repeats it, a "what" that repeats the headline', async () => {
    const items = [
      { id: 'neutral', title: 'Contact changed', detail: 'Contact changed', detectedAt: '2026-01-03T00:00:00Z', direction: 'neutral', impact: 'Neutral' },
      { id: 'unassessed', title: 'Whitepaper revised', detectedAt: '2026-01-02T00:00:00Z', direction: 'unassessed', impact: 'Not assessed' },
      { id: 'weakens', title: 'Terms changed', detectedAt: '2026-01-01T00:00:00Z', direction: 'weakens', impact: 'Weakens holder protection' },
      { id: 'both', title: 'Custodian named', detectedAt: '2025-12-31T00:00:00Z', direction: 'neutral', impact: 'No action needed' },
    ];
    const proxy = stubProxy(WORDS, () => Response.json({ items, truncated: false }));
    try {
      const el = await load(html`<kyi-change-feed hide-filters proxy-url=${WORDS}></kyi-change-feed>`);
      const line = (headline: string) => rowHeadlined(el, headline)!.querySelector('.direction')!.parentElement!.textContent!.replace(/\s+/g, ' ').trim();
      expect(line('Contact changed')).to.equal('● Neutral');
      expect(line('Whitepaper revised')).to.equal('○ Not assessed');
      expect(line('Terms changed')).to.equal('▼ Weakens holder protection');
      expect(line('Custodian named')).to.equal('● Neutral — No action needed');
      const neutral = rowHeadlined(el, 'Contact changed')!;
      expect(neutral.textContent!.match(/Contact changed/g)!.length).to.equal(1, 'the detail repeats the headline: shown once');
    } finally {
      proxy.restore();
    }
  });

  it('lays the filters out in a grid: the fields share a row and a width, the watched assets show whole', async () => {
    const box = await fixture<HTMLDivElement>(html`<div style="width: 900px"><kyi-change-feed></kyi-change-feed></div>`);
    const el = box.firstElementChild as KyiChangeFeed;
    await el.settled;
    const fields = [...root(el).querySelectorAll<HTMLElement>('.filters .field')].map((f) => f.getBoundingClientRect());
    expect(fields.length).to.equal(3);
    expect(new Set(fields.map((r) => Math.round(r.top))).size).to.equal(1, 'one row');
    expect(new Set(fields.map((r) => Math.round(r.height))).size).to.equal(1, 'one height');
    expect(new Set(fields.map((r) => Math.round(r.width))).size).to.equal(1, 'one width');
    const choices = root(el).querySelector<HTMLElement>('.choices')!;
    expect(choices.querySelectorAll('label').length).to.be.greaterThan(3);
    expect(choices.scrollHeight).to.be.at.most(choices.clientHeight, 'no row clipped');
    const bottom = choices.getBoundingClientRect().bottom;
    for (const label of choices.querySelectorAll('label')) expect(label.getBoundingClientRect().bottom).to.be.at.most(bottom);
  });

  describe('refresh-interval', () => {
    let timers: ReturnType<typeof manualPollTimers>;
    beforeEach(() => (timers = manualPollTimers()));
    afterEach(() => timers.restore());

    it('polls the same window (no newOnly) and merges new rows on top', async () => {
      const el = await load(html`<kyi-change-feed refresh-interval="45"></kyi-change-feed>`);
      expect(timers.delays).to.deep.equal([45_000]);
      const before = el.changes.length;
      const snapshot = await explorerSandbox.state();
      const item = snapshot.watchlist.find((w) => w.state === 'ready' && w.monitoringEnabled)!;
      const detected = await explorerSandbox.detect(item.id);
      // The interval passes; other test files may detect changes on the shared sandbox too,
      // so every row the poll adds is counted.
      const polled = oneEvent(el, 'kyi-changes');
      expect(timers.fire()).to.equal(1);
      const event = await polled;
      await el.settled;
      el.refreshInterval = 0;
      const lastAdded = (event.detail.added as { id: string }[]).map((c) => c.id);
      expect(lastAdded).to.include(detected.change!.id);
      expect(el.changes.length).to.equal(before + lastAdded.length);
      // The rows of the poll are on top, in the service's order.
      expect(el.changes.slice(0, lastAdded.length).map((c) => c.id)).to.deep.equal(lastAdded);
      const ours = el.changes.findIndex((c) => c.id === detected.change!.id);
      expect(rows(el)[ours]!.querySelector('.tag.new')!.textContent).to.equal('New');
      const polls = requests.queries.slice(1);
      expect(polls.length).to.equal(1);
      expect(polls[0]!.get('newOnly')).to.equal(null);
    });

    it('replaces a row whose content changed: a draft confirmed later loses its provisional marker', async () => {
      const snapshot = await explorerSandbox.state();
      const item = snapshot.watchlist.find((w) => w.state === 'ready' && w.monitoringEnabled)!;
      const draft = (await explorerSandbox.detect(item.id, { confirmed: false })).change!.id;
      const el = await load(html`<kyi-change-feed refresh-interval="45"></kyi-change-feed>`);
      const row = () => rowOf(el, draft)!;
      expect(row().hasAttribute('data-provisional')).to.equal(true);
      await explorerSandbox.updateChange(draft, { confirmed: true, disposition: 'shown' });
      const polled = oneEvent(el, 'kyi-changes');
      expect(timers.fire()).to.equal(1);
      await polled;
      await el.settled;
      el.refreshInterval = 0;
      expect(el.changes.find((c) => c.id === draft)!.confirmed).to.equal(true, 'the poll replaced the row');
      expect(row().hasAttribute('data-provisional')).to.equal(false);
      expect(el.changes.filter((c) => c.id === draft).length).to.equal(1);
    });

    it('keeps every row it showed when a poll adds rows on top', async () => {
      let reads = 0;
      const proxy = stubProxy(LONG, () => {
        reads++;
        return Response.json({ items: stubRows(reads === 1 ? 30 : 33), truncated: false });
      });
      try {
        const el = await load(html`<kyi-change-feed hide-filters refresh-interval="45" proxy-url=${LONG}></kyi-change-feed>`);
        const before = headlines(el);
        expect(before.length).to.equal(25);
        const polled = oneEvent(el, 'kyi-changes');
        timers.fire();
        expect((await polled).detail.added.length).to.equal(3);
        await el.settled;
        el.refreshInterval = 0;
        const after = headlines(el);
        expect(after.length).to.equal(28);
        expect(after.slice(0, 3)).to.deep.equal(['Change 33', 'Change 32', 'Change 31']);
        expect(after.slice(3)).to.deep.equal(before);
        expect(texts(el, '[part="more"] [role="status"]')[0]).to.equal('Showing 28 of 33');
      } finally {
        proxy.restore();
      }
    });

    it('the site\'s configuration (not_configured): no Retry button, polling goes on, and the fixed server is read', async () => {
      // The partner fixes the server piece while the page stays open: the next poll reads it.
      let reads = 0;
      const proxy = stubProxy(FEED, () =>
        ++reads === 1
          ? Response.json({ code: 'not_configured', message: 'KYI_API_KEY is not set' }, { status: 503 })
          : Response.json({ items: [{ id: 'change-1', title: 'Change 1', detectedAt: new Date(Date.UTC(2026, 0, 1)).toISOString() }], truncated: false }),
      );
      try {
        const el = await load(html`<kyi-change-feed hide-filters refresh-interval="45" proxy-url=${FEED}></kyi-change-feed>`);
        expect(el.status).to.equal('error');
        expect(texts(el, '[part="error"]')[0]).to.match(/not configured on this site/);
        expect(root(el).querySelector('[part~="retry-button"]'), 'a Retry can only fail again').to.equal(null);
        await expect(el).to.be.accessible();
        expect(timers.delays).to.deep.equal([45_000], 'still polling');
        const recovered = oneEvent(el, 'kyi-changes');
        timers.fire();
        await recovered;
        await el.settled;
        expect(el.status).to.equal('ready');
        expect(el.changes.map((c) => c.id)).to.deep.equal(['change-1']);
        el.refreshInterval = 0;
      } finally {
        proxy.restore();
      }
    });

    it('backs off for the Retry-After of a 429 instead of polling on, then recovers', async () => {
      // A feed of this test's own: its second read is a 429 with Retry-After: 90.
      let reads = 0;
      const proxy = stubProxy(FEED, () => {
        reads++;
        if (reads === 2)
          return Response.json({ code: 'too_many_requests', message: 'Slow down' }, { status: 429, headers: { 'retry-after': '90' } });
        const detectedAt = new Date(Date.UTC(2026, 0, reads)).toISOString();
        return Response.json({ items: [{ id: `change-${reads}`, title: `Change ${reads}`, detectedAt, materiality: 'material' }], truncated: false });
      });
      try {
        const el = await load(html`<kyi-change-feed hide-filters refresh-interval="45" proxy-url=${FEED}></kyi-change-feed>`);
        expect(timers.delays).to.deep.equal([45_000]);
        const failed = oneEvent(el, 'kyi-error');
        timers.fire();
        expect((await failed).detail).to.include({ code: 'too_many_requests', status: 429 });
        await el.settled;
        expect(texts(el, '[part="error"]')[0]).to.match(/Too many requests/);
        expect(el.changes.map((c) => c.id)).to.deep.equal(['change-1'], 'the last good rows stay');
        expect(timers.delays).to.deep.equal([90_000], 'the next poll waits out Retry-After');
        expect(reads).to.equal(2);
        const recovered = oneEvent(el, 'kyi-changes');
        timers.fire();
        await recovered;
        await el.settled;
        expect(el.status).to.equal('ready');
        expect(el.changes.map((c) => c.id)).to.deep.equal(['change-3', 'change-1']);
        expect(timers.delays).to.deep.equal([45_000], 'back to the interval');
        el.refreshInterval = 0;
      } finally {
        proxy.restore();
      }
    });
  });
});
