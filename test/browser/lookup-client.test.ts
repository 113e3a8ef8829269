import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, getConfig, resetConfig } from '../../src/browser/config.js';
import { refreshLiveLookups } from '../../src/client/lookup/refresh.js';
import { LIMITS } from '../../src/contract/limits.js';
import { KyiRequestError } from '../../src/client/errors.js';
import { LookupClient, setLookupClient, TtlCache } from '../../src/client/lookup.js';
import { KyiTokenStatus } from '../../src/elements/token-status/token-status.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { countLookupPosts, freshLookups, randomAddress, sandbox, sandboxControl, testEnv } from './helpers/display.js';
import { holdLookupPosts } from './helpers/hold-lookups.js';
import { recordAnnouncements } from './helpers/a11y.js';

const PROXY = '/api/kyi';
/** The harness's server piece with a cache and clock of its own (only this file uses it). */
const CLOCKED = '/api/kyi-clocked';

async function advanceClockedProxy(advanceMs: number): Promise<void> {
  const r = await fetch('/__test/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs }) });
  if (!r.ok) throw new Error(`clock answered ${r.status}`);
}

/** A client whose flush the test triggers by hand. */
function manualClient() {
  let pending: (() => void) | undefined;
  const client = new LookupClient((flush) => void (pending = flush));
  return {
    client,
    flush() {
      const f = pending;
      pending = undefined;
      f?.();
    },
  };
}

/** Puts `replacement` in the page's `fetch` (where the client sends its batches) until the returned restore. */
function replaceFetch(replacement: (original: typeof fetch, input: RequestInfo | URL, init?: RequestInit) => Promise<Response>): () => void {
  const original = window.fetch;
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => replacement(original.bind(window), input, init)) as typeof fetch;
  return () => void (window.fetch = original);
}

describe('lookup client', () => {
  let badgeBaseUrl: string;
  before(async () => void (badgeBaseUrl = (await testEnv()).badgeBaseUrl));
  beforeEach(() => {
    configure({ badgeBaseUrl });
    freshLookups();
  });
  afterEach(() => resetConfig());

  it('500 <kyi-token-status> over 100 distinct tokens make at most 2 requests to the proxy', async () => {
    const tokens = [
      { address: F.pyusd.address, chainSlug: 'solana' },
      { address: F.usdc.address, chainSlug: 'solana' },
      { address: F.multiChain.address, chainSlug: '' },
      { address: F.indexedNotVerifiedSolana.address, chainSlug: 'solana' },
      ...Array.from({ length: 96 }, () => ({ address: randomAddress(), chainSlug: 'ethereum' })),
    ];
    const posts = countLookupPosts();
    try {
      const page = await fixture<HTMLDivElement>(html`<div>
        ${Array.from({ length: 500 }, (_, i) => {
          const t = tokens[i % 100]!;
          return html`<kyi-token-status compact address=${t.address} chain-slug=${t.chainSlug}></kyi-token-status>`;
        })}
      </div>`);
      const elements = [...page.querySelectorAll('kyi-token-status')] as KyiTokenStatus[];
      expect(elements.length).to.equal(500);
      await Promise.all(elements.map((el) => el.settled));
      expect(posts.count).to.be.at.most(2);
      expect(posts.entries).to.equal(100);
      const statuses = new Set(elements.map((el) => el.status));
      expect([...statuses].sort()).to.deep.equal(['not-found', 'unverified', 'verified']);
      expect(elements[0]!.status).to.equal('verified');
      expect(elements[99]!.status).to.equal('not-found');
    } finally {
      posts.restore();
    }
  });

  it('answers from the shared cache: a second element for a known token makes no request', async () => {
    const first = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.usdc.caip19}></kyi-token-status>`);
    await first.settled;
    const posts = countLookupPosts();
    try {
      const second = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.usdc.caip19}></kyi-token-status>`);
      await second.settled;
      expect(second.status).to.equal('verified');
      expect(posts.count).to.equal(0);
    } finally {
      posts.restore();
    }
  });

  it('deduplicates lookups asked for in the same frame', async () => {
    const { client, flush } = manualClient();
    const posts = countLookupPosts();
    try {
      const request = { kind: 'token' as const, caip19: F.pyusd.caip19 };
      const answers = Promise.all([client.lookup(PROXY, request), client.lookup(PROXY, request), client.lookup(PROXY, { ...request })]);
      flush();
      const [a, b, c] = await answers;
      expect(a!.status).to.equal(200);
      expect(b).to.equal(a);
      expect(c).to.equal(a);
      expect(posts.count).to.equal(1);
      expect(posts.entries).to.equal(1);
    } finally {
      posts.restore();
    }
  });

  it('sends the first lookups of a frame right after the asking task; later ones of the frame together', async () => {
    // start at a frame of our own: a request an earlier test sent this frame makes ours wait for the next
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const client = new LookupClient();
    const posts = countLookupPosts();
    try {
      const ask = () => client.lookup(PROXY, { kind: 'token', address: randomAddress(), chainSlug: 'ethereum' });
      const first = [ask(), ask()];
      await Promise.resolve(); // the microtasks of the asking task (where Lit renders) run first
      await Promise.resolve();
      expect(posts.count).to.equal(1, 'sent before the browser lays out the page');
      expect(posts.entries).to.equal(2);
      // Asked from later tasks: gathered into one more request at the frame, never one each.
      const later = await new Promise<Promise<unknown>[]>((resolve) => setTimeout(() => resolve([ask(), ask()]), 0));
      const last = await new Promise<Promise<unknown>>((resolve) => setTimeout(() => resolve(ask()), 0));
      await Promise.all([...first, ...later, last]);
      expect(posts.count).to.be.at.most(3);
      expect(posts.entries).to.equal(5);
    } finally {
      posts.restore();
    }
  });

  it('splits a batch at the server piece limit, 500 lookups: 5,000 distinct tokens make 10 requests', async () => {
    expect(LIMITS.lookupBatchMax).to.equal(500);
    const bodies: number[] = [];
    // The batching alone is under test: the page's fetch answers every entry 404 itself.
    const restore = replaceFetch(async (_original, _url, init) => {
      const { requests } = JSON.parse(String(init?.body)) as { requests: unknown[] };
      bodies.push(requests.length);
      return Response.json({ results: requests.map(() => ({ status: 404, body: { kyi_verified: false, data: [] } })) });
    });
    try {
      const { client, flush } = manualClient();
      const all = Promise.all(
        Array.from({ length: 5000 }, (_, i) => client.lookup(PROXY, { kind: 'token', address: `0x${i.toString(16).padStart(40, '0')}`, chainSlug: 'ethereum' })),
      );
      flush();
      const answers = await all;
      expect(answers.every((a) => a.status === 404)).to.equal(true);
      expect(bodies).to.deep.equal(Array.from({ length: 10 }, () => 500));
      // The default cache holds them all: asking again sends nothing.
      await Promise.all(Array.from({ length: 5000 }, (_, i) => client.lookup(PROXY, { kind: 'token', address: `0x${i.toString(16).padStart(40, '0')}`, chainSlug: 'ethereum' })));
      expect(bodies.length).to.equal(10);
    } finally {
      restore();
    }
  });

  it('a batch of 500 is one request the server piece accepts', async () => {
    const { client, flush } = manualClient();
    const posts = countLookupPosts();
    try {
      const all = Promise.all(
        Array.from({ length: 500 }, () => client.lookup(PROXY, { kind: 'token', address: randomAddress(), chainSlug: 'ethereum' })),
      );
      flush();
      const answers = await all;
      expect(answers.every((a) => a.status === 404)).to.equal(true);
      expect(posts.count).to.equal(1);
      expect(posts.entries).to.equal(500);
    } finally {
      posts.restore();
    }
  });

  it('a failing batch fails only its own entries', async () => {
    const { client, flush } = manualClient();
    const good = client.lookup(PROXY, { kind: 'token', caip19: F.pyusd.caip19 });
    const bad = client.lookup('/api/no-such-proxy', { kind: 'token', caip19: F.pyusd.caip19 });
    flush();
    expect((await good).status).to.equal(200);
    const error = await bad.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(KyiRequestError);
    expect((error as KyiRequestError).status).to.equal(404);
  });

  it('one failing entry does not fail its neighbours', async () => {
    const { client, flush } = manualClient();
    const posts = countLookupPosts();
    try {
      // The proxy rejects this entry alone (400); the one beside it in the same batch is answered.
      const broken = client.lookup(PROXY, { kind: 'token', address: 'not an address!' });
      const fine = client.lookup(PROXY, { kind: 'token', caip19: F.usdc.caip19 });
      flush();
      const [b, f] = await Promise.all([broken, fine]);
      expect(b.status).to.equal(400);
      expect(f.status).to.equal(200);
      expect([posts.count, posts.entries]).to.deep.equal([1, 2]);
    } finally {
      posts.restore();
    }
  });

  it('a lookup nobody waits for any more is dropped before it is sent', async () => {
    const { client, flush } = manualClient();
    const posts = countLookupPosts();
    try {
      const controller = new AbortController();
      const pending = client.lookup(PROXY, { kind: 'token', caip19: F.pyusd.caip19 }, { signal: controller.signal });
      controller.abort();
      const error = await pending.catch((e: unknown) => e);
      expect((error as Error).name).to.equal('AbortError');
      flush();
      expect(posts.count).to.equal(0);
    } finally {
      posts.restore();
    }
  });

  it('an in-flight batch is aborted once every waiter has gone, not before', async () => {
    const signals: AbortSignal[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const restore = replaceFetch(async (original, input, init) => {
      signals.push(init!.signal!);
      await gate;
      return original(input, init);
    });
    try {
      const { client, flush } = manualClient();
      const one = new AbortController();
      const two = new AbortController();
      const request = { kind: 'token' as const, caip19: F.pyusd.caip19 };
      const p1 = client.lookup(PROXY, request, { signal: one.signal }).catch((e: unknown) => e);
      const p2 = client.lookup(PROXY, request, { signal: two.signal }).catch((e: unknown) => e);
      flush();
      expect(signals.length).to.equal(1);
      one.abort();
      expect(signals[0]!.aborted).to.equal(false, 'another caller still waits');
      two.abort();
      expect(signals[0]!.aborted).to.equal(true);
      release();
      expect(((await p1) as Error).name).to.equal('AbortError');
      expect(((await p2) as Error).name).to.equal('AbortError');
    } finally {
      restore();
    }
  });

  it('20 elements asking about 5 tokens at once send one batch and all settle', async () => {
    const posts = countLookupPosts();
    try {
      const tokens = Array.from({ length: 5 }, () => randomAddress());
      const page = await fixture<HTMLDivElement>(html`<div>
        ${Array.from({ length: 20 }, (_, i) => html`<kyi-token-status address=${tokens[i % 5]!} chain-slug="ethereum"></kyi-token-status>`)}
      </div>`);
      const elements = [...page.querySelectorAll('kyi-token-status')] as KyiTokenStatus[];
      await Promise.all(elements.map((el) => el.settled));
      expect(elements.every((el) => el.status === 'not-found')).to.equal(true);
      expect(posts.count).to.equal(1);
      expect(posts.entries).to.equal(5, 'one entry per distinct token');
    } finally {
      posts.restore();
    }
  });

  it('a replaced lookup is dropped before it is sent', async () => {
    const { client, flush } = manualClient();
    const previous = setLookupClient(client);
    const posts = countLookupPosts();
    try {
      const el = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.pusd.caip19}></kyi-token-status>`);
      el.caip19 = F.pyusd.caip19; // replaces the run before its lookup left
      await el.updateComplete;
      flush();
      await el.settled;
      expect(posts.count).to.equal(1);
      expect(posts.entries).to.equal(1, 'only the new lookup is sent');
      expect(el.status).to.equal('verified');
      expect(el.result?.data[0]?.token.caip19).to.equal(F.pyusd.caip19);
    } finally {
      posts.restore();
      setLookupClient(previous!);
    }
  });

  it('removing an element while its lookup is pending abandons it', async () => {
    const { client, flush } = manualClient();
    const previous = setLookupClient(client);
    const posts = countLookupPosts();
    try {
      const el = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.pusd.caip19}></kyi-token-status>`);
      expect(el.status).to.equal('loading');
      el.remove();
      flush();
      expect(posts.count).to.equal(0);
    } finally {
      posts.restore();
      setLookupClient(previous!);
    }
  });

  it('an element moved in the DOM while loading still settles', async () => {
    const el = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.pusd.caip19}></kyi-token-status>`);
    expect(el.status).to.equal('loading');
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await el.settled;
    expect(el.status).to.equal('verified');
  });

  it('bypassCache skips the cache and asks the proxy for a fresh answer', async () => {
    const seen: { headers: Headers; body: unknown }[] = [];
    const restore = replaceFetch((original, input, init) => {
      seen.push({ headers: new Headers(init!.headers), body: JSON.parse(String(init!.body)) });
      return original(input, init);
    });
    try {
      const { client, flush } = manualClient();
      const request = { kind: 'token' as const, caip19: F.pyusd.caip19 };
      const first = client.lookup(PROXY, request);
      flush();
      await first;
      await client.lookup(PROXY, request); // cached
      expect(seen.length).to.equal(1);
      const fresh = client.lookup(PROXY, request, { bypassCache: true });
      flush();
      expect((await fresh).status).to.equal(200);
      expect(seen.length).to.equal(2);
      // `fresh` is the batch's contract (openapi/proxy.json); a POST needs no cache header
      expect((seen[1]!.body as { fresh?: boolean }).fresh).to.equal(true);
      expect((seen[0]!.body as { fresh?: boolean }).fresh).to.equal(undefined);
    } finally {
      restore();
    }
  });

  it('refreshLiveLookups re-checks every live element and reports a change', async () => {
    // A token of this test's own (nobody else verifies it), through a server piece whose
    // cache and clock no other file shares.
    const token = { chain: 'sepolia', address: randomAddress() };
    await sandboxControl('POST', 'index', token);
    configure({ trustedProxyUrls: [CLOCKED] });
    const page = await fixture<HTMLDivElement>(html`<div>
      <kyi-token-status proxy-url=${CLOCKED} address=${token.address} chain-slug=${token.chain}></kyi-token-status>
      <kyi-token-status proxy-url=${CLOCKED} caip19=${F.pyusd.caip19}></kyi-token-status>
      <kyi-asset-card proxy-url=${CLOCKED} account-id=${`eip155:11155111:${token.address}`}></kyi-asset-card>
    </div>`);
    const status = page.querySelector('kyi-token-status') as KyiTokenStatus;
    const cardEl = page.querySelector('kyi-asset-card')!;
    await status.settled;
    await cardEl.settled;
    expect(status.status).to.equal('unverified');
    expect(cardEl.status).to.equal('not-found');
    await sandbox.verify(token.chain, token.address);
    // The proxy serves a bypass from its cache when the entry is under a second old (so
    // "no-cache" can never flood upstream): move that proxy's clock past it.
    await advanceClockedProxy(1100);
    const posts = countLookupPosts();
    try {
      const result = await refreshLiveLookups();
      expect(result.changed).to.equal(true);
      expect(posts.count).to.equal(1, 'all re-checks in one batch');
    } finally {
      posts.restore();
    }
    expect(status.status).to.equal('verified');
    expect(cardEl.status).to.equal('verified');
    await advanceClockedProxy(1100);
    expect((await refreshLiveLookups()).changed).to.equal(false);
  });

  it('announces a status that changed after the verify flow once, and none of 500 statuses settling at load', async () => {
    // A token of this test's own (nobody else verifies it), through the server piece whose
    // clock this file moves; 500 statuses beside it, over 100 tokens.
    const token = { chain: 'sepolia', address: randomAddress() };
    await sandboxControl('POST', 'index', token);
    configure({ trustedProxyUrls: [CLOCKED] });
    const others = [F.pyusd, F.usdc, F.pusd, F.businessNotVerified].map((t) => ({ address: t.address, chain: t.chain }));
    configure({ trustedProxyUrls: [CLOCKED] });
    const said = recordAnnouncements();
    try {
      const page = await fixture<HTMLDivElement>(html`<div>
        <kyi-token-status proxy-url=${CLOCKED} address=${token.address} chain-slug=${token.chain}></kyi-token-status>
        ${Array.from({ length: 500 }, (_, i) => {
          const t = others[i % others.length]!;
          return i % 5 === 0
            ? html`<kyi-token-status compact proxy-url=${CLOCKED} address=${randomAddress()} chain-slug="ethereum"></kyi-token-status>`
            : html`<kyi-token-status compact proxy-url=${CLOCKED} address=${t.address} chain-slug=${t.chain}></kyi-token-status>`;
        })}
      </div>`);
      const elements = [...page.querySelectorAll('kyi-token-status')] as KyiTokenStatus[];
      await Promise.all(elements.map((el) => el.settled));
      expect(elements[0]!.status).to.equal('unverified');

      await sandbox.verify(token.chain, token.address);
      await advanceClockedProxy(1100);
      expect((await refreshLiveLookups()).changed).to.equal(true);
      expect(elements[0]!.status).to.equal('verified');
      await waitUntil(() => said.said.length > 0, 'the change was announced');
      // Said in order: anything the 500 had said at load would come first.
      const asset = elements[0]!.result!.data[0]!.asset!;
      expect(said.said).to.deep.equal([`${asset.name} (${asset.symbol}): KYI verified`], 'once, naming the token');
    } finally {
      said.stop();
    }
  });

  it('TtlCache expires entries and keeps its bound, least recently used first', () => {
    let now = 0;
    const cache = new TtlCache<number>(100, 2, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).to.equal(1); // a is now most recent
    cache.set('c', 3);
    // Two kept: b, the least recently used, went.
    expect([cache.get('b'), cache.get('a'), cache.get('c')]).to.deep.equal([undefined, 1, 3]);
    now = 100;
    expect(cache.get('a')).to.equal(undefined);
    expect(cache.get('c')).to.equal(undefined);
  });
});

/** Resolves once the element's loading view is visible on screen (checked each frame; fails after 5 s). */
async function loadingOnScreen(el: HTMLElement): Promise<void> {
  const started = performance.now();
  for (;;) {
    const busy = el.shadowRoot!.querySelector('[aria-busy="true"]');
    if (busy && getComputedStyle(busy).visibility === 'visible') return;
    if (performance.now() - started > 5000) throw new Error('the loading view never showed');
    await new Promise((r) => requestAnimationFrame(r));
  }
}

describe('the loading state', () => {
  let badgeBaseUrl: string;
  let held: ReturnType<typeof holdLookupPosts> | undefined;
  before(async () => void (badgeBaseUrl = (await testEnv()).badgeBaseUrl));
  // A client of each test's own: no answer cached by another test.
  beforeEach(() => {
    configure({ badgeBaseUrl });
    freshLookups();
  });
  afterEach(() => {
    held?.restore();
    held = undefined;
    resetConfig();
  });

  /** From now on, every lookup request is held until `release()`. */
  function holdAnswers(): () => void {
    held = holdLookupPosts();
    return held.release;
  }

  it('while the answer is on its way the element shows its loading view, then the result', async () => {
    const release = holdAnswers();
    const el = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    await loadingOnScreen(el);
    expect(el.status).to.equal('loading');
    release();
    await el.settled;
    expect(el.status).to.equal('verified');
    expect(el.shadowRoot!.querySelector('[aria-busy="true"]')).to.equal(null);
  });

  it('a new lookup swaps the previous result for the loading view, then shows the new result', async () => {
    const el = await fixture<KyiTokenStatus>(html`<kyi-token-status caip19=${F.pyusd.caip19}></kyi-token-status>`);
    await el.settled;
    const release = holdAnswers();
    el.setAttribute('caip19', F.usdc.caip19);
    await el.updateComplete;
    expect(el.status).to.equal('loading');
    await loadingOnScreen(el);
    release();
    await el.settled;
    expect(el.status).to.equal('verified');
    expect(el.shadowRoot!.querySelector('[aria-busy="true"]')).to.equal(null);
  });
});

describe('configuration', () => {
  const metas: HTMLMetaElement[] = [];
  function meta(name: string, content: string) {
    const m = document.createElement('meta');
    m.name = name;
    m.content = content;
    document.head.append(m);
    metas.push(m);
  }
  beforeEach(() => freshLookups());
  afterEach(() => {
    metas.splice(0).forEach((m) => m.remove());
    resetConfig();
  });

  it('defaults, resolved against the page and stored absolute', () => {
    const c = getConfig();
    expect(c.proxyUrl).to.equal(`${location.origin}/api/kyi`);
    expect(c.tokenEndpoint).to.equal(`${location.origin}/api/kyi/token`);
    expect(c.trustedProxyUrls).to.deep.equal([]);
  });

  it('a configured URL is resolved against the page\'s address as the URL parser does, authority or not', () => {
    const page = location.href;
    // `http:x` on an http(s) page of the same scheme is a path on the page's origin; `scheme://` has its own.
    for (const url of [`${location.protocol}api/kyi`, `${location.protocol}//other.example/api`, '/api/kyi', 'api/kyi', '//cdn.example/x', 'HTTPS://Other.Example/api', 'https:\\\\other.example/api']) {
      configure({ proxyUrl: url });
      expect(getConfig().proxyUrl, url).to.equal(new URL(url, page).href.replace(/\/+$/, ''));
    }
    resetConfig();
  });

  it('reads <meta> tags in <head> when read first and on configure(); configure() wins; a trusted proxy-url attribute wins over both for that element', () => {
    getConfig();
    meta('kyi:proxy-url', '/meta-proxy/');
    meta('kyi:badge-base-url', 'https://badges.example');
    meta('kyi:widget-url', 'https://widget.example');
    meta('kyi:trusted-proxy-urls', '/attr-proxy, https://kyi.example/api/kyi/');
    // Read once, then held: a tag added later counts from the next configure().
    expect(getConfig().proxyUrl).to.equal(`${location.origin}/api/kyi`);
    configure({});
    expect(getConfig().proxyUrl).to.equal(`${location.origin}/meta-proxy`);
    expect(getConfig().tokenEndpoint).to.equal(`${location.origin}/meta-proxy/token`);
    expect(getConfig().badgeBaseUrl).to.equal('https://badges.example');
    expect(getConfig().widgetUrl).to.equal('https://widget.example');
    expect(getConfig().trustedProxyUrls).to.deep.equal([`${location.origin}/attr-proxy`, 'https://kyi.example/api/kyi']);
    configure({ proxyUrl: '/configured' });
    expect(getConfig().proxyUrl).to.equal(`${location.origin}/configured`);
    const el = document.createElement('kyi-token-status') as unknown as KyiTokenStatus & { proxyChoice(): { proxyUrl: string } };
    el.setAttribute('proxy-url', '/attr-proxy');
    expect(el.proxyChoice().proxyUrl).to.equal(`${location.origin}/attr-proxy`);
    // The token endpoint never follows an attribute: it is page-wide configuration only.
    expect(getConfig().tokenEndpoint).to.equal(`${location.origin}/configured/token`);
    meta('kyi:token-endpoint', '/session/token');
    configure({});
    expect(getConfig().tokenEndpoint).to.equal(`${location.origin}/session/token`);
  });

  it('a URL that is not one is the partner\'s mistake: configure() throws, a meta tag is ignored with a warning', () => {
    expect(() => configure({ proxyUrl: 'http://[' })).to.throw(TypeError, /configure: proxyUrl must be a URL/);
    expect(() => configure({ trustedProxyUrls: ['/api/kyi?x=1'] })).to.throw(TypeError, /trustedProxyUrls: "\/api\/kyi\?x=1" is not a proxy URL: it has a query/);
    expect(() => configure({ trustedProxyUrls: '/api/kyi' as unknown as string[] })).to.throw(TypeError, /must be an array/);
    const original = console.warn;
    const warnings: string[] = [];
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      meta('kyi:widget-url', 'http://[');
      meta('kyi:trusted-proxy-urls', '/api/a#b /api/ok');
      configure({});
      expect(getConfig().widgetUrl).to.equal('');
      expect(getConfig().trustedProxyUrls).to.deep.equal([`${location.origin}/api/ok`]);
      configure({});
      getConfig();
      expect(warnings).to.have.length(2);
      // The same words as configure()'s errors, and whose mistake it is.
      expect(warnings[0]).to.contain('<meta name="kyi:widget-url"> must be a URL (got "http://[")');
      expect(warnings[1]).to.contain('<meta name="kyi:trusted-proxy-urls">: "/api/a#b" is not a proxy URL: it has a fragment');
      for (const warning of warnings) expect(warning).to.contain('ignored (the page\'s configuration)');
    } finally {
      console.warn = original;
    }
  });

  it('an element with proxy-url sends its lookups there', async () => {
    const posts: string[] = [];
    const original = window.fetch;
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      posts.push(String(input));
      return original.call(window, input, init);
    }) as typeof fetch;
    try {
      configure({ trustedProxyUrls: ['/api/elsewhere'] });
      const el = await fixture<KyiTokenStatus>(
        html`<kyi-token-status proxy-url="/api/elsewhere" caip19=${F.pyusd.caip19}></kyi-token-status>`,
      );
      await el.settled;
      expect(posts).to.deep.equal([`${location.origin}/api/elsewhere/lookup`]);
      expect(el.status).to.equal('error');
      await expect(el).to.be.accessible();
      // a framework setting the property instead of the attribute
      el.proxyUrl = '/api/kyi';
      await el.settled;
      expect(posts).to.deep.equal([`${location.origin}/api/elsewhere/lookup`, `${location.origin}/api/kyi/lookup`]);
      expect(el.status).to.equal('verified');
    } finally {
      window.fetch = original;
    }
  });
});
