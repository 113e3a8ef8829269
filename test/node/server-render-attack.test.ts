/**
 * Attack round "views", on the server: a hostile upstream (the vendor's service, over real HTTP)
 * answers every text field with markup that would end the rendered root or its style
 * (`</template>`, `</style>`), open a comment, start a script or an element, with NUL, a lone
 * surrogate, CR and a very long value, and every URL with a scheme or form that must not become
 * a link or an image. The render (`renderKyiElements`) writes the elements' views as HTML: the
 * page the browser parses holds exactly the kit's roots, only the kit's tags and attribute names
 * in them, the hostile values only as text and attribute values, and no link or image that is
 * not absolute http(s).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'parse5';
import { createKyiHandler, type KyiHandler } from '../../src/server/index.js';
import { renderKyiElements } from '../../src/render/index.js';
import { startRecordingUpstream, type RecordingUpstream } from './helpers/recording-upstream.js';

const MARKUP = '</template></style></bdi></span><!--<script>alert(1)</script>--><img src=x onerror=alert(2)><kyi-token-status caip19="eip155:1/erc20:0x1"><template shadowrootmode="open">KYI verified</template>';
/** Every text field's value: markup, quotes, an entity, NUL, a lone surrogate, CR LF, and length. */
const HOSTILE = `${MARKUP}"'&amp;\u0000\uD800\r\n${'x'.repeat(20_000)}`;
const URLS = ['javascript:alert(1)', '//evil.example/x', '/account/logout', 'data:text/html,<script>alert(1)</script>', ' JaVaScRiPt:alert(1)', 'https://ok.example/"><script>alert(1)</script>'];

const ADDRESS = '0x1111111111111111111111111111111111111111';
const tokenBody = {
  kyi_verified: true,
  data: [
    { kyi_verified: true, token: { caip19: HOSTILE, caip2: HOSTILE, chain_slug: HOSTILE, address: HOSTILE }, asset: { name: HOSTILE, symbol: HOSTILE }, issuer: { name: HOSTILE, kyb_verified: false } },
    { kyi_verified: false, token: { caip19: HOSTILE, chain_slug: `${HOSTILE}2`, address: HOSTILE }, asset: { name: HOSTILE, symbol: HOSTILE }, issuer: { name: HOSTILE, kyb_verified: true } },
  ],
};
const assetBody = (i: number) => ({
  token_details: {
    chain: HOSTILE,
    address: HOSTILE,
    token_name: HOSTILE,
    token_ticker: HOSTILE,
    token_image: URLS[i % URLS.length],
    authorities: [{ authority_type: HOSTILE, address: HOSTILE, verified: true, account_type: HOSTILE, multisig_signers: [HOSTILE, HOSTILE] }],
  },
  business_details: { business_name: HOSTILE, business_verified: true, business_description: HOSTILE },
  website_url: URLS[(i + 1) % URLS.length],
  whitepaper_url: URLS[(i + 2) % URLS.length],
  asset_url: URLS[(i + 3) % URLS.length],
  attestation_address: HOSTILE,
});

/** The kit's own vocabulary in a rendered root: tags and attribute names its views use. */
const TAGS = new Set(['style', 'span', 'svg', 'path', 'circle', 'bdi', 'button', 'div', 'article', 'header', 'img', 'p', 'section', 'ul', 'li', 'a', 'details', 'summary', 'slot', 'picture', 'source']);
const ATTRIBUTES = new Set([
  'part', 'class', 'role', 'aria-level', 'aria-label', 'aria-hidden', 'aria-busy', 'aria-expanded', 'aria-describedby', 'title', 'viewBox', 'd', 'cx', 'cy', 'r',
  'fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-dasharray', 'type', 'id', 'name', 'href', 'target', 'rel', 'src', 'alt', 'width',
  'height', 'loading', 'decoding', 'referrerpolicy', 'data-kyi-rendered', 'lang',
]);

interface Node5 {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node5[];
  content?: Node5;
  value?: string;
  data?: string;
}

/** Every node under `node`, template content included, with whether it is inside a rendered root. */
function* walk(node: Node5, inRoot = false): Generator<{ node: Node5; inRoot: boolean }> {
  for (const child of node.childNodes ?? []) {
    yield { node: child, inRoot };
    yield* walk(child, inRoot);
    if (child.content) yield* walk(child.content, true);
  }
}

describe('renderKyiElements, a hostile upstream in every field', () => {
  let upstream: RecordingUpstream;
  let handler: KyiHandler;
  before(async () => {
    upstream = await startRecordingUpstream();
    upstream.respond = (r) => {
      if (r.path.startsWith('/kyi/v1/tokens')) return { status: 200, body: tokenBody };
      const i = Number(/0x(\d)/.exec(r.path.split('/').at(-1) ?? '')?.[1] ?? 0);
      return { status: 200, body: assetBody(i) };
    };
    handler = createKyiHandler({ publicApi: { baseUrl: upstream.url, apiKey: 'key' } });
  });
  after(async () => {
    await handler.close();
    await upstream.close();
  });

  it('writes only the kit’s tags and attribute names, hostile text as text, and links and images only when absolute http(s)', async () => {
    const cards = URLS.map((_, i) => `<kyi-asset-card chain="ethereum" address="0x${i}${'2'.repeat(39)}"></kyi-asset-card>`).join('');
    const page = `<!doctype html><html><body><p>before</p><kyi-token-status address="${ADDRESS}" chain-slug="ethereum"></kyi-token-status><kyi-token-status compact address="${ADDRESS}" chain-slug="ethereum"></kyi-token-status>${cards}<p>after</p></body></html>`;
    const out = await renderKyiElements(handler, page, { timeoutMs: 5000 });
    assert.equal(upstream.requests.length, 1 + URLS.length, 'every element answered');
    const tree = parse(out) as unknown as Node5;
    const templates: Node5[] = [];
    let texts = '';
    for (const { node, inRoot } of walk(tree)) {
      if (node.nodeName === '#comment') assert.fail(`a comment ${inRoot ? 'in a root' : 'in the page'}: ${node.data?.slice(0, 60)}`);
      if (!node.tagName) {
        if (inRoot && node.nodeName === '#text') texts += node.value;
        continue;
      }
      if (node.tagName === 'template') templates.push(node);
      if (!inRoot) {
        assert.ok(['html', 'head', 'body', 'p', 'kyi-token-status', 'kyi-asset-card', 'template'].includes(node.tagName), `page element ${node.tagName}`);
        continue;
      }
      assert.ok(TAGS.has(node.tagName), `a tag the kit does not write: <${node.tagName.slice(0, 40)}>`);
      for (const { name, value } of node.attrs ?? []) {
        assert.ok(ATTRIBUTES.has(name), `an attribute the kit does not write: ${name.slice(0, 40)} on <${node.tagName}>`);
        if (name === 'href' || name === 'src') assert.match(value, /^https?:\/\/[^\s"<>]+$/, `${name} is absolute http(s): ${value.slice(0, 60)}`);
      }
    }
    assert.equal(templates.length, 2 + URLS.length, 'one root per element, no other template');
    // The hostile words are there, as text: the markup read as characters, NUL dropped as the parser drops it.
    assert.ok(texts.includes(MARKUP), 'the markup shows as the characters it is');
    // The only links are the one absolute https URL, escaped in its attribute, never the others.
    const hrefs = [...walk(tree)].flatMap(({ node }) => (node.attrs ?? []).filter((a) => a.name === 'href' || a.name === 'src').map((a) => a.value));
    assert.ok(hrefs.length > 0 && hrefs.every((h) => h.startsWith('https://ok.example/')), hrefs.join(' '));
  });
});
