import { fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/entries/define.js';
import { configure } from '../../src/browser/config.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
let n = 0;
async function ax(el: Element) { const m = `d${++n}`; el.setAttribute('data-ax', m); const r = await executeServerCommand('ax-node', { marker: m }); el.removeAttribute('data-ax'); return r; }
it('debug', async () => {
  configure({ trustedProxyUrls: ['/api/not-mounted'] });
  for (const t of [html`<kyi-token-status compact address=${F.unknown.address} chain-slug="ethereum"></kyi-token-status>`, html`<kyi-token-status compact caip19="nope"></kyi-token-status>`, html`<kyi-token-status proxy-url="/api/not-mounted" caip19=${F.pyusd.caip19}></kyi-token-status>`]) {
    const el: any = await fixture(t); await el.settled;
    console.log(el.status, el.shadowRoot.innerHTML.replace(/<!--[^>]*-->/g,'').slice(0, 900));
    for (const e of el.shadowRoot.querySelectorAll('svg, button, span')) console.log(e.localName, e.getAttribute('part'), JSON.stringify(await ax(e)));
  }
});
