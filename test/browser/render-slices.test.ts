import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/define.js';
import { renderInSlice, SLICE_MS } from '../../src/elements/shared/render-scheduler.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import { LookupClient, setLookupClient } from '../../src/client/lookup.js';
import { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { holdLookupPosts } from './helpers/hold-lookups.js';
import { randomAddress, testEnv } from './helpers/display.js';

/** Busy for `ms` of script (a render that costs that much). */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * Counts the page's tasks from now on: a message posted to itself again and again, each one
 * a task between any two others that were queued the same way (a slice's continuation is one).
 */
function taskCounter(): { readonly task: number; stop(): void } {
  const channel = new MessageChannel();
  let task = 0;
  let running = true;
  channel.port1.onmessage = () => {
    task++;
    if (running) channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
  return {
    get task() {
      return task;
    },
    stop: () => void (running = false),
  };
}

/** A task of its own: no slice ran in it yet (a slice of an earlier test's renders may have used the current one). */
const freshTask = () => new Promise((r) => setTimeout(r, 0));

/** A box in view, or one far below the viewport. */
async function box(where: 'in view' | 'below'): Promise<HTMLElement> {
  return fixture<HTMLElement>(
    where === 'in view' ? html`<div style="height: 20px"></div>` : html`<div style="position: absolute; top: ${innerHeight + 5000}px; height: 20px"></div>`,
  );
}

describe('render slices', () => {
  it('renders asked for together: the first slice runs in the asking task and stops at half its time, the rest go on in later tasks', async () => {
    const el = await box('in view');
    await freshTask();
    const tasks = taskCounter();
    const ran: number[] = [];
    const renderMs = 2;
    const started = tasks.task;
    const all = Array.from({ length: 40 }, () => renderInSlice(el, () => (busy(renderMs), ran.push(tasks.task))));
    // Microtasks only: still the asking task.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const inFirst = ran.length;
    // (half a slice in the asking task, which did other work first: an answer's body and outcomes)
    expect(inFirst).to.be.within(1, Math.ceil(SLICE_MS / 2 / renderMs), 'the first slice ran at once and stopped at its time');
    expect(ran.every((t) => t === started)).to.equal(true);
    await Promise.all(all);
    tasks.stop();
    expect(ran.length).to.equal(40);
    const perTask = new Map<number, number>();
    for (const t of ran) perTask.set(t, (perTask.get(t) ?? 0) + 1);
    expect(perTask.size).to.be.greaterThan(1, 'the renders went on in later tasks');
  });

  it('a few renders cost no extra task', async () => {
    const el = await box('in view');
    await freshTask();
    const ran: string[] = [];
    const all = [renderInSlice(el, () => ran.push('a')), renderInSlice(el, () => ran.push('b'))];
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(ran).to.deep.equal(['a', 'b']);
    await Promise.all(all);
  });

  it('elements in view render before those out of view, each group in the order asked', async () => {
    const [below1, seen1, below2, seen2] = await Promise.all([box('below'), box('in view'), box('below'), box('in view')]);
    const ran: string[] = [];
    await Promise.all([
      renderInSlice(below1!, () => ran.push('below 1')),
      renderInSlice(seen1!, () => ran.push('seen 1')),
      renderInSlice(below2!, () => ran.push('below 2')),
      renderInSlice(seen2!, () => ran.push('seen 2')),
    ]);
    expect(ran).to.deep.equal(['seen 1', 'seen 2', 'below 1', 'below 2']);
  });

  it('renders asked for while others wait: those in view go first', async () => {
    const [below, seen] = await Promise.all([box('below'), box('in view')]);
    await freshTask();
    const ran: string[] = [];
    // Enough waiting renders to outlast the first slice.
    const waiting = Array.from({ length: 20 }, (_, i) => renderInSlice(below!, () => (busy(2), ran.push(`waiting ${i}`))));
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const before = ran.length;
    expect(before).to.be.lessThan(20);
    const late = [renderInSlice(below!, () => ran.push('late below')), renderInSlice(seen!, () => ran.push('late seen'))];
    await Promise.all([...waiting, ...late]);
    expect(ran[before]).to.equal('late seen', 'the render in view went before every waiting one');
    expect(ran.at(-1)).to.equal('late below', 'the one out of view after them');
  });

  it('a render that throws rejects its own promise only; the others run', async () => {
    const el = await box('in view');
    const ran: string[] = [];
    const boom = new Error('render failed');
    const results = await Promise.allSettled([
      renderInSlice(el, () => ran.push('a')),
      renderInSlice(el, () => {
        throw boom;
      }),
      renderInSlice(el, () => ran.push('c')),
    ]);
    expect(results.map((r) => r.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).to.equal(boom);
    expect(ran).to.deep.equal(['a', 'c']);
  });
});

describe('statuses answered at once render in slices', function () {
  this.timeout(30_000);
  let previous: LookupClient | undefined;
  before(async () => configure({ badgeBaseUrl: (await testEnv()).badgeBaseUrl }));
  after(() => resetConfig());
  beforeEach(() => (previous = setLookupClient(new LookupClient())));
  afterEach(() => setLookupClient(previous!));

  it('300 statuses on one answer: every one settles and announces it, over more than one task when they take longer than a slice, the ones in view first', async () => {
    // Each unknown token its own answer: statuses showing the same answer show copies of one view
    // (token-status.ts), and hundreds of those fit in one slice.
    const tokens = Array.from({ length: 300 }, (_, i) => (i % 30 === 0 ? F.pyusd.caip19 : `eip155:1/erc20:${randomAddress()}`));
    const held = holdLookupPosts();
    const tasks = taskCounter();
    try {
      // The first 20 in view (stacked at the top), the rest far below.
      const page = await fixture<HTMLElement>(html`<div>
        ${Array.from({ length: 300 }, (_, i) => html`<kyi-token-status caip19=${tokens[i % tokens.length]} style=${`position: absolute; left: 0; top: ${i < 20 ? 0 : innerHeight + 3000 + i * 60}px`}></kyi-token-status>`)}
      </div>`);
      const statuses = [...page.querySelectorAll<KyiTokenStatus>('kyi-token-status')];
      const announced: { index: number; task: number; rendered: boolean; at: number }[] = [];
      statuses.forEach((el, index) =>
        el.addEventListener('kyi-status', () =>
          // The event follows the element's render: what it says is on screen.
          announced.push({ index, task: tasks.task, rendered: !el.shadowRoot!.querySelector('[aria-busy="true"]'), at: performance.now() }),
        ),
      );
      await Promise.all(statuses.map((el) => el.updateComplete));
      expect(statuses.every((el) => el.status === 'loading')).to.equal(true);
      held.release();
      await Promise.all(statuses.map((el) => el.settled));
      expect(announced.length).to.equal(300);
      expect(announced.every((a) => a.rendered)).to.equal(true, 'each announced its status once it showed it');
      expect(statuses.filter((el) => el.status === 'verified').length).to.equal(10);
      expect(statuses.filter((el) => el.status === 'not-found').length).to.equal(290);
      // Renders that took longer than two slices were spread over tasks (how long 300 take depends on the machine).
      const rendering = announced.at(-1)!.at - announced[0]!.at;
      if (rendering > 2 * SLICE_MS) expect(new Set(announced.map((a) => a.task)).size).to.be.greaterThan(1, `the renders (${rendering} ms) were spread over tasks`);
      expect(announced.slice(0, 20).map((a) => a.index).sort((a, b) => a - b)).to.deep.equal(
        Array.from({ length: 20 }, (_, i) => i),
        'the statuses in view settled first',
      );
    } finally {
      tasks.stop();
      held.restore();
    }
  });
});
