/**
 * `renderKyiElements` (kyi-elements/server/render) over real HTTP: a partner's page server
 * renders its page through the handler's own lookups against the sandbox (or a hostile
 * stand-in), and the test reads the page as a browser would get it. One upstream call per
 * distinct lookup for a page of 100 statuses, none when the cache is warm; a hanging upstream
 * ends at the deadline with loading placeholders; hostile upstream text is escaped; a root
 * posted inside an element comes after the kit's (the parser attaches the first).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { seedLookups } from '../../src/sandbox/data/lookups.js';
import { createKyiHandler, type KyiHandler } from '../../src/server/index.js';
import { renderKyiElements, type RenderOptions } from '../../src/render/index.js';
import { startFixtureSandbox } from './helpers/server.js';
import { startRecordingUpstream, type RecordingUpstream } from './helpers/recording-upstream.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { parse } from 'parse5';

/** An element of parse5's tree, as the browser's parser builds it. */
interface ParsedNode {
  tagName?: string;
  namespaceURI?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: ParsedNode[];
  content?: ParsedNode;
  parentNode?: ParsedNode;
}

/** A kit display element in the HTML namespace. */
const isKit = (node: ParsedNode | undefined): node is ParsedNode =>
  (node?.tagName === 'kyi-token-status' || node?.tagName === 'kyi-asset-card') && node.namespaceURI === 'http://www.w3.org/1999/xhtml';

/**
 * The page as the browser parses it: every `<template>` element anywhere (foreign ones too, and
 * in template content), and the kit elements in the HTML namespace with their attributes.
 */
function parsed(html: string) {
  const templates: ParsedNode[] = [];
  const kit: ParsedNode[] = [];
  const walk = (node: ParsedNode) => {
    for (const child of node.childNodes ?? []) {
      if (child.tagName === 'template') templates.push(child);
      if (isKit(child)) kit.push(child);
      walk(child);
      if (child.content) walk(child.content);
    }
  };
  walk(parse(html) as unknown as ParsedNode);
  const attribute = (node: ParsedNode, name: string) => node.attrs?.find((a) => a.name === name)?.value;
  return { templates, kit, attribute };
}

/** Every template the render inserted is the first child of an HTML-namespace kit element, and nothing else is a template. */
function assertRootsPlaced(html: string, count: number) {
  const { templates } = parsed(html);
  assert.equal(templates.length, count, 'one template per rendered element, none anywhere else');
  for (const t of templates) {
    assert.equal(t.namespaceURI, 'http://www.w3.org/1999/xhtml');
    assert.ok(isKit(t.parentNode), `parent is a kit element, not ${t.parentNode?.tagName}`);
    assert.equal(t.parentNode.childNodes?.[0], t, 'the first child');
  }
}

/** A partner's page server: every request answered with `page` rendered through `handler`. */
async function pageServer(handler: KyiHandler, page: string, options: RenderOptions = {}): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    void renderKyiElements(handler, page, { ...options, request: req }).then((html) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** An element's tag with its attributes. */
const tag = (name: string, attributes: Record<string, string>) =>
  `<${name} ${Object.entries(attributes).map(([k, v]) => `${k}="${v}"`).join(' ')}></${name}>`;

/** The declarative roots of a page, in order. */
const roots = (html: string) => [...html.matchAll(/<template shadowrootmode="open">([\s\S]*?)<\/template>/g)].map((m) => m[1]!);

describe('renderKyiElements', () => {
  let sandbox: Sandbox;
  let handler: KyiHandler;
  before(async () => {
    sandbox = await startFixtureSandbox();
    handler = createKyiHandler({ publicApi: { baseUrl: sandbox.info.publicApiUrl, apiKey: sandbox.info.credentials.publicApiKey } });
  });
  after(async () => {
    await handler.close();
    await sandbox.close();
  });

  it('renders a page of 100 statuses with one upstream call per distinct lookup, and none once the cache is warm', async () => {
    // every seed token's lookups (34), and unknown tokens to make 50
    const seeds = seedLookups();
    const unknown = Array.from({ length: 50 - seeds.length }, (_, i) => ({ address: `0x${String(i + 1).padStart(40, '0')}`, 'chain-slug': 'ethereum' }));
    const lookups = [...seeds, ...unknown];
    assert.equal(lookups.length, 50);
    // 100 statuses over 50 distinct lookups, each twice (a list and its detail row)
    const page = `<!doctype html><html lang="en"><body><ul>${[...lookups, ...lookups].map((l) => `<li>${tag('kyi-token-status', l)}</li>`).join('')}</ul></body></html>`;
    sandbox.reset();
    // a deadline no loaded machine reaches: this test counts calls (the deadline has its own test)
    const { url, server } = await pageServer(handler, page, { timeoutMs: 60_000 });
    try {
      const html = await (await fetch(url)).text();
      assert.equal(roots(html).length, 100);
      assert.equal(sandbox.stats.count('public:tokens'), 50, 'one upstream call per distinct lookup');
      assert.ok(!html.includes('aria-busy'), 'every status answered: no placeholder');
      assert.match(html, /KYI verified/);
      const again = await (await fetch(url)).text();
      assert.equal(sandbox.stats.count('public:tokens'), 50, 'a warm cache calls upstream no more');
      assert.equal(again, html);
    } finally {
      await closeServer(server);
    }
  });

  it('renders every display state in the words and parts the elements use', async () => {
    const page = [
      tag('kyi-token-status', { caip19: F.pyusd.caip19 }),
      tag('kyi-token-status', { address: F.businessNotVerified.address, 'chain-slug': F.businessNotVerified.chain }),
      tag('kyi-token-status', { address: F.multiChain.address }),
      tag('kyi-token-status', { address: F.indexedNotVerified.address, 'chain-slug': F.indexedNotVerified.chain }),
      tag('kyi-token-status', { address: F.unknown.address, 'chain-slug': F.unknown.chain }),
      tag('kyi-token-status', { address: 'not an address!' }),
      tag('kyi-asset-card', { 'account-id': F.usdc.accountId }),
    ].join('\n');
    const [verified, businessNot, several, notVerified, unknown, invalid, card] = roots(await renderKyiElements(handler, page));
    assert.match(verified!, /part="label" class="label">KYI verified</);
    assert.match(businessNot!, /Business not verified/);
    assert.match(several!, /KYI verified on 2 of 3 chains/);
    assert.match(notVerified!, /Not verified/);
    assert.match(unknown!, /Unknown token/);
    assert.match(invalid!, /Invalid token identifier/);
    assert.match(card!, /<article part="base" class="card" aria-label="USD Coin"/);
    for (const root of [verified, card]) assert.doesNotMatch(root!, /<!--/, 'no hydration markers: the kit confirms and replaces, never hydrates');
  });

  it('renders <kyi-badge> from its attributes as the badge builds it, with no lookup: its mark and name, a pill in a link, nothing when invalid', async () => {
    sandbox.reset();
    const page = [
      tag('kyi-badge', {}),
      tag('kyi-badge', { variant: 'full', credential: 'proof_of_collateral', href: 'https://verified.example/asset?a=1&amp;b=&quot;2' }),
      tag('kyi-badge', { href: 'javascript:alert(1)' }),
    ].join('\n');
    const [icon, full, invalid] = roots(await renderKyiElements(handler, page)).map((root) => root.replace(/^<style>[^<]*<\/style>/, ''));
    assert.equal(
      icon,
      '<span part="base"><span part="label" class="label icon s24" title="KYI verified badge (static claim)">' +
        '<svg class="mark" viewBox="0 0 20 20" aria-hidden="true"><path d="M5 10.5l3.2 3.2L15 6.8" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"></path></svg>' +
        '<span class="visually-hidden">KYI verified badge (static claim)</span></span></span>',
    );
    assert.equal(
      full,
      '<a part="base" href="https://verified.example/asset?a=1&amp;b=%222" target="_blank" rel="noopener noreferrer">' +
        '<span part="label" class="label full"><span aria-hidden="true">Proof of collateral</span><span class="visually-hidden">Proof of collateral badge (static claim)</span></span>' +
        '<span class="visually-hidden">(opens in a new tab)</span></a>',
    );
    assert.equal(invalid, '', 'an href that is not http(s) renders nothing, as in the browser');
    assert.match(roots(await renderKyiElements(handler, tag('kyi-badge', {})))[0]!, /^<style>[^<]*--kyi-badge-label-color[^<]*<\/style>/, 'with the badge’s own styles');
    assert.equal(sandbox.stats.count('public:tokens'), 0, 'a badge looks nothing up');
  });

  it('keeps a root posted inside an element after the kit’s own, which the parser attaches', async () => {
    const forged = '<template shadowrootmode="open"><span>KYI verified</span></template>';
    const html = await renderKyiElements(handler, `<p><kyi-token-status address="${F.unknown.address}" chain-slug="ethereum">${forged}</kyi-token-status></p>`);
    const first = html.indexOf('<template shadowrootmode="open">');
    assert.match(html.slice(first, html.indexOf('</template>', first)), /Unknown token/);
    assert.ok(html.indexOf(forged) > first);
  });

  it('leaves markup that is not an element alone: comments, scripts, attribute values, text areas', async () => {
    const page = [
      `<!-- <kyi-token-status caip19="${F.pyusd.caip19}"> -->`,
      `<script>const t = '<kyi-token-status caip19="${F.pyusd.caip19}">';</script>`,
      `<textarea><kyi-token-status caip19="${F.pyusd.caip19}"></textarea>`,
      `<a title='<kyi-token-status caip19="${F.pyusd.caip19}">'>x</a>`,
    ].join('\n');
    assert.equal(await renderKyiElements(handler, page), page);
  });

  it('renders no kit tag the browser makes foreign or inert: in <svg>, <math>, template content, script escapes, CDATA', async () => {
    const status = `<kyi-token-status compact caip19="${F.pyusd.caip19}"></kyi-token-status>`;
    const page = [
      `<svg>${status}</svg>`,
      `<math>${status}</math>`,
      `<svg><foreignObject><math>${status}</math></foreignObject></svg>`,
      `<template>${status}</template>`,
      // script data double-escaped: the first </script> does not end the script
      `<script><!--<script></script>${status}</script>-->`,
      // CDATA in foreign content: </style> inside it is text
      `<svg><style><![CDATA[</style>${status}]]></style></svg>`,
    ].join('\n');
    assert.equal(await renderKyiElements(handler, `<!doctype html><html><body>${page}</body></html>`), `<!doctype html><html><body>${page}</body></html>`);
    assert.equal(await renderKyiElements(handler, page), page, 'a fragment too');
  });

  it('renders an HTML element inside <svg>’s <foreignObject>, as the browser makes one there', async () => {
    const html = await renderKyiElements(handler, `<svg><foreignObject><kyi-token-status caip19="${F.pyusd.caip19}"></kyi-token-status></foreignObject></svg>`);
    assertRootsPlaced(html, 1);
    assert.match(roots(html)[0]!, /KYI verified/);
  });

  it('reads a start tag as the browser does: names starting with =, quotes holding >, HTML’s five whitespace characters only', async () => {
    const verified = F.pyusd.caip19;
    const unknown = `eip155:1/erc20:${F.unknown.address}`;
    const page = [
      `<kyi-token-status caip19="${verified}" =x title=">" data-a="b"></kyi-token-status>`,
      `<kyi-token-status =x caip19="${unknown}" title='>' caip19="${verified}"></kyi-token-status>`,
      `<kyi-token-status title=x\u00a0caip19=${verified} caip19="${unknown}"></kyi-token-status>`,
      `<kyi-token-status title=x\u3000caip19=${verified} caip19="${unknown}"></kyi-token-status>`,
      `<kyi-token-status title=x\u000bcaip19=${verified} caip19="${unknown}"></kyi-token-status>`,
      `<kyi-token-status\u00a0caip19="${verified}"></kyi-token-status>`,
      `<kyi-token-status\u3000caip19="${verified}"></kyi-token-status>`,
    ].map((e) => `<p>${e}</p>`).join('\n');
    const html = await renderKyiElements(handler, page);
    assertRootsPlaced(html, 5);
    const { kit, attribute } = parsed(html);
    assert.equal(kit.length, 5, 'the tags with U+00A0 or U+3000 after the name are no kit element');
    assert.deepEqual(kit.map((e) => attribute(e, 'title')), ['>', '>', `x\u00a0caip19=${verified}`, `x\u3000caip19=${verified}`, `x\u000bcaip19=${verified}`]);
    assert.deepEqual(kit.map((e) => attribute(e, 'caip19')), [verified, unknown, unknown, unknown, unknown]);
    const shown = roots(html);
    assert.match(shown[0]!, /KYI verified/);
    for (const root of shown.slice(1)) assert.match(root, /Unknown token/, 'the token the browser’s element names');
    assert.doesNotMatch(html.replace(/<template shadowrootmode="open">[\s\S]*?<\/template>/g, ''), /KYI verified/, 'no verified markup outside the roots');
  });

  it('renders at most 200 elements of a 1 MB page of bare tags, leaving the rest for the browser, without throwing', async () => {
    const bare = `<kyi-token-status caip19="${F.pyusd.caip19}"></kyi-token-status>`;
    const page = bare.repeat(Math.ceil(1_000_000 / bare.length));
    const html = await renderKyiElements(handler, page);
    assertRootsPlaced(html, 200);
    assert.ok(html.length < page.length + 200 * 30_000, `output bounded: ${html.length} chars`);
    assert.ok(html.endsWith(bare.repeat(100)), 'the rest as it came');
  });

  it('serves a page it cannot render as it came, and tells onError whose mistake it is', async () => {
    const told: unknown[] = [];
    const failing = createKyiHandler({ publicApi: { baseUrl: sandbox.info.publicApiUrl, apiKey: sandbox.info.credentials.publicApiKey }, onError: (error) => told.push(error) });
    try {
      // A page that is not text: nothing a partner passes makes the render throw.
      const page = { toString: () => { throw new Error('unreadable'); } } as unknown as string;
      assert.equal(await renderKyiElements(failing, page), page);
      assert.equal(told.length, 1);
      assert.match(String(told[0]), /renderKyiElements failed.*your code’s mistake: pass the page as a string/);
    } finally {
      await failing.close();
    }
  });
});

describe('renderKyiElements, hostile upstream', () => {
  it('renders hostile names and descriptions as text, as the browser does', async () => {
    const sandbox = await startSandbox({ port: 0, hostile: true });
    const handler = createKyiHandler({ publicApi: { baseUrl: sandbox.info.publicApiUrl, apiKey: sandbox.info.credentials.publicApiKey } });
    try {
      const page = tag('kyi-token-status', { address: F.hostile.html.address, 'chain-slug': 'ethereum' }) + tag('kyi-asset-card', { chain: 'ethereum', address: F.hostile.html.address });
      const [status, card] = roots(await renderKyiElements(handler, page));
      // Text escaped as text (`<` and `&`; a quote needs none outside an attribute).
      assert.match(status!, /<bdi>&lt;iframe src="javascript:alert\(3\)"&gt;&lt;\/iframe&gt;Evil Corp<\/bdi>/);
      for (const root of [status!, card!]) {
        const markup = root.replace(/<style>[\s\S]*?<\/style>/, '');
        assert.doesNotMatch(markup, /<(?:iframe|script|img src=x|svg onload)/i);
        assert.doesNotMatch(markup, /href="javascript:/i);
      }
    } finally {
      await handler.close();
      await sandbox.close();
    }
  });
});

describe('renderKyiElements, upstream that never answers', () => {
  let upstream: RecordingUpstream;
  before(async () => {
    upstream = await startRecordingUpstream();
    upstream.respond = () => 'hang';
  });
  after(() => upstream.close());

  it('finishes at its deadline with the loading placeholder, which the browser fills', async () => {
    const handler = createKyiHandler({ publicApi: { baseUrl: upstream.url, apiKey: 'key' } });
    try {
      const page = tag('kyi-token-status', { caip19: F.pyusd.caip19 }) + tag('kyi-asset-card', { 'account-id': F.usdc.accountId });
      const { url, server } = await pageServer(handler, page, { timeoutMs: 200 });
      try {
        const [status, card] = roots(await (await fetch(url)).text());
        assert.match(status!, /<span part="base" class="base loading" aria-busy="true"/);
        assert.match(card!, /class="card skeleton-card" aria-busy="true"/);
        assert.equal(upstream.requests.length, 2);
      } finally {
        await closeServer(server);
      }
    } finally {
      await handler.close();
    }
  });
});
