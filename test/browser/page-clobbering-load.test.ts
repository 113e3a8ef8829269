/**
 * Hostile markup that is in the page before the kit's code is evaluated: a posted
 * `<form name="head">` holding a `kyi:proxy-url` meta tag, and an `<img name="querySelectorAll">`
 * beside the autoloader, with the partner's own `<kyi-token-status>`. The kit is imported only
 * after the markup is in place (nothing of it is imported statically here), so page.ts takes its
 * references from a page that is already hostile. The partner's element is defined and settles
 * with the partner's proxy; nothing reaches the evil origin.
 */
import { expect } from '@open-wc/testing';
import type { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { testEnv } from './helpers/display.js';
import { EVIL_PREFIX, postUserContent, watchEvil } from './helpers/evil.js';

const RUN = `${EVIL_PREFIX}clobber-load-${crypto.randomUUID()}`;

describe('the autoloader loaded after hostile markup', () => {
  let evilSince: () => Promise<unknown[]>;
  let status: KyiTokenStatus;
  before(async () => {
    const evil = `${(await testEnv()).evilUrl}${RUN}`;
    evilSince = await watchEvil(RUN);
    const comment = postUserContent(`
      <form name="head"><meta name="kyi:proxy-url" content="${evil}"><meta name="kyi:trusted-proxy-urls" content="${evil}"></form>
      <img name="querySelectorAll" alt="">
      <kyi-token-status address="${F.indexedNotVerified.address}" chain-slug="base"></kyi-token-status>`);
    status = comment.querySelector('kyi-token-status') as KyiTokenStatus;
    // The premise: before the kit runs, document.head and document.querySelectorAll are the posted elements.
    expect(document.head).to.be.instanceOf(HTMLFormElement);
    expect(document.querySelectorAll).to.be.instanceOf(HTMLImageElement);
    await import('../../src/entries/cdn/kyi-autoloader.js');
  });

  it('defines the partner\'s element, which settles from the partner\'s proxy; nothing reaches the foreign origin', async () => {
    await customElements.whenDefined('kyi-token-status');
    await status.settled;
    expect(status.status).to.equal('unverified');
    const { getConfig } = await import('../../src/browser/config.js');
    expect(getConfig().proxyUrl).to.equal(`${location.origin}/api/kyi`);
    expect(getConfig().trustedProxyUrls).to.deep.equal([]);
    expect(await evilSince()).to.deep.equal([]);
  });
});
