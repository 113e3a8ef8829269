/**
 * `<kyi-verify-button>`: the drawer's code is not part of the page's load. It comes with the
 * first hover, focus or click of a button, and a prefetched click still opens the drawer
 * within the click's frame. (This file imports nothing of the drawer itself: the first test
 * sees the page as a partner's page loads it.)
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import { loadedSession } from '../../src/elements/verify-button/drawer-loader.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import { innerButton, signIn, signToken, testEnv } from './helpers/verify-button.js';

const drawerModulesFetched = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => /verify-button\/drawer(\.styles)?\.(ts|js)/.test(name));

describe('<kyi-verify-button>: the drawer on demand', () => {
  before(async () => {
    await signIn();
    configure({ widgetUrl: (await testEnv()).widgetUrl });
  });
  after(() => resetConfig());

  it('loads the drawer code on the first hover, not with the page; a prefetched click opens in the same frame', async () => {
    let tokens = 0;
    configure({ fetchAccessToken: async () => (tokens++, signToken({ exp: Math.floor(Date.now() / 1000) + 600 })) });
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button prefetch></kyi-verify-button>`);
    expect(loadedSession(), 'no drawer or token-request code with the page').to.equal(undefined);
    expect(drawerModulesFetched()).to.deep.equal([]);

    innerButton(el).dispatchEvent(new PointerEvent('pointerenter'));
    await waitUntil(() => loadedSession() !== undefined && tokens === 1, 'the hover loads the drawer and prefetches a token');
    expect(drawerModulesFetched().length).to.be.greaterThan(0);

    // Both ready: the click opens the drawer before the next animation frame.
    const atNextFrame = new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(el.shadowRoot!.querySelector('iframe') !== null)));
    const opened = oneEvent(el, 'kyi-open');
    innerButton(el).click();
    expect(await atNextFrame, 'iframe in the DOM within the click frame').to.equal(true);
    await opened;
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open).to.equal(true);
    // the drawer's styles came with its code: a fixed panel, not an unstyled box in the flow
    expect(getComputedStyle(dialog).position).to.equal('fixed');
    const closed = oneEvent(el, 'kyi-close');
    el.close();
    await closed;
  });

  it('a click with no hover before it (keyboard or touch) loads the code and opens', async () => {
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
    const opened = oneEvent(el, 'kyi-open');
    innerButton(el).click();
    await opened;
    expect(el.status).to.equal('open');
    const closed = oneEvent(el, 'kyi-close');
    el.close();
    await closed;
  });
});
