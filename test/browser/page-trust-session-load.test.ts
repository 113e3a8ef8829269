/**
 * A `<base href>` posted while the verify button's session code loads, on the first click:
 * the token endpoint the click chose must be where the token request goes, whatever the page
 * says by the time the code has arrived. A file of its own, with this one test: the session
 * code loads once per page, so only the page's first opening has that window.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import { loadedSession } from '../../src/elements/verify-button/drawer-loader.js';
import type { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';
import { EVIL_PREFIX, postUserContent, removeUserContent, watchEvil } from './helpers/evil.js';
import { testEnv } from './helpers/display.js';
import { frameSrcWithOwnToken, innerButton, signIn } from './helpers/verify-button.js';

const RUN = `${EVIL_PREFIX}session-${crypto.randomUUID()}`;

describe('a <base href> posted while the session code loads', () => {
  afterEach(() => {
    removeUserContent();
    resetConfig();
  });

  it('sends no token request to the foreign origin and opens no widget with its token', async () => {
    await signIn();
    const { widgetUrl, evilUrl } = await testEnv();
    configure({ widgetUrl });
    const evilSince = await watchEvil(RUN);
    const el = await fixture<KyiVerifyButton>(html`<kyi-verify-button></kyi-verify-button>`);
    // The premise: this click is what loads the session code.
    expect(loadedSession()).to.equal(undefined);
    const opened = oneEvent(el, 'kyi-open');
    innerButton(el).click();
    // In the click's task: the button has chosen its token endpoint and waits for its code.
    expect(loadedSession()).to.equal(undefined);
    postUserContent(`<base href="${evilUrl}${RUN}/">`);
    await opened;
    expect(frameSrcWithOwnToken(el).origin).to.equal(new URL(widgetUrl).origin);
    el.close();
    expect(await evilSince()).to.deep.equal([]);
  });
});
