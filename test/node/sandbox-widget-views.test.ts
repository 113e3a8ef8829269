/**
 * The sandbox widget, closer to the live one: an allow-list of partner page origins (an
 * empty frame for any other page, through `frame-ancestors` and the `Referer`), and the
 * `assets` / `wallets` pages as list views of what the signed-in user verified.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { beforeEach, describe, test } from 'node:test';
import { generateToken } from '../../src/server/generate-token.js';
import { DEFAULT_WIDGET_ORIGINS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SEED_TOKENS } from '../../src/sandbox/data/tokens.js';
import { renderListPage } from '../../src/sandbox/widget/page.js';
import { request, useSandbox } from './helpers/sandbox.js';

const PARTNER_PAGE = 'https://partner.example';
const sandbox = useSandbox({ widgetOrigins: [PARTNER_PAGE] });
beforeEach(() => sandbox().reset());

const mint = (userId = 'user-42', sb: Sandbox = sandbox()) =>
  generateToken({ issuer: sb.info.credentials.partnerId, secretKey: sb.info.credentials.secretKey, userId });

function widget(product: string, token: string, headers: Record<string, string> = {}, sb: Sandbox = sandbox()) {
  return request(`${sb.info.widgetUrl}/widget/${product}?token=${encodeURIComponent(token)}&embed=true`, { headers });
}

async function complete(token: string, asset: string) {
  const res = await request(`${sandbox().origin}/widget/api/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, asset }),
  });
  assert.equal(res.status, 200, res.text);
}

/** The texts of the list rows of a list view, in order. */
function rows(html: string): string[] {
  return [...html.matchAll(/<li class="row">(.*?)<\/li>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))));
}

describe('widget allow-list of partner page origins', () => {
  test('the CSP lets only the allowed origins frame any widget page (flow, list views, error page)', async () => {
    const token = await mint();
    for (const res of [await widget('kyi', token), await widget('assets', token), await widget('wallets', token), await widget('kyi', 'bad')]) {
      assert.match(res.headers.get('content-security-policy') ?? '', /(^|; )frame-ancestors https:\/\/partner\.example(;|$)/);
    }
  });

  test('a frame request from an allowed page (Referer) gets the widget', async () => {
    for (const referer of [`${PARTNER_PAGE}/listing/42?x=1`, `${PARTNER_PAGE}/`]) {
      const res = await widget('kyi', await mint(), { referer, 'sec-fetch-dest': 'iframe' });
      assert.equal(res.status, 200);
      assert.match(res.text, /data-state="ready"/);
    }
  });

  test('a frame request from any other page gets an empty frame: no widget, no script, no message, no token check', async () => {
    for (const referer of ['https://evil.example/', 'https://partner.example.evil.example/', 'http://partner.example/', 'not a url']) {
      for (const token of [await mint(), 'not-a-token']) {
        const res = await widget('kyi', token, { referer, 'sec-fetch-dest': 'iframe' });
        assert.equal(res.status, 403, referer);
        assert.doesNotMatch(res.text, /<script|kyi-widget|kyi:/);
        assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors https:\/\/partner\.example/);
      }
    }
  });

  test('by default the allow-list is the demo page origin; an origin can be added at run time; reset keeps it', async () => {
    const sb = await startSandbox({ port: 0 });
    try {
      assert.deepEqual([...sb.widgetOrigins], [...DEFAULT_WIDGET_ORIGINS]);
      assert.deepEqual(DEFAULT_WIDGET_ORIGINS, ['http://127.0.0.1:5173', 'http://localhost:5173']);
      const token = await mint('u', sb);
      assert.equal((await widget('kyi', token, { referer: 'http://localhost:5173/' }, sb)).status, 200);
      assert.equal((await widget('kyi', token, { referer: 'http://localhost:8000/' }, sb)).status, 403);
      sb.allowWidgetOrigin('http://localhost:8000');
      sb.reset();
      assert.equal((await widget('kyi', token, { referer: 'http://localhost:8000/' }, sb)).status, 200);
    } finally {
      await sb.close();
    }
  });

  test('an empty allow-list refuses every page: frame-ancestors none', async () => {
    const sb = await startSandbox({ port: 0, widgetOrigins: [] });
    try {
      const res = await widget('kyi', await mint('u', sb), {}, sb);
      assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    } finally {
      await sb.close();
    }
  });

  test('anything but an http(s) origin is refused with an error naming it', async () => {
    for (const bad of ['partner.example', 'https://partner.example/page', 'javascript:alert(1)', 'ftp://partner.example']) {
      assert.throws(() => sandbox().allowWidgetOrigin(bad), { message: `Widget origin "${bad}" is not an http(s) origin like https://partner.example` });
      await assert.rejects(startSandbox({ port: 0, widgetOrigins: [bad] }), { message: new RegExp(`"${bad.replace(/[.*+?()[\]\\/]/g, '\\$&')}"`) });
    }
    assert.deepEqual([...sandbox().widgetOrigins], [PARTNER_PAGE]);
  });
});

describe('npm run sandbox -- --widget-origin', () => {
  test('adds partner page origins to the allow-list beside the demo page; a bad one stops it with a message naming it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--widget-origin', 'http://localhost:3000'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const [first] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
      const info = JSON.parse(first) as Sandbox['info'];
      const token = await generateToken({ issuer: info.credentials.partnerId, secretKey: info.credentials.secretKey, userId: 'u' });
      const page = (referer: string) => request(`${info.widgetUrl}/widget/kyi?token=${token}&embed=true`, { headers: { referer } });
      assert.equal((await page('http://localhost:3000/')).status, 200);
      assert.equal((await page('http://localhost:5173/')).status, 200);
      assert.equal((await page('http://localhost:3001/')).status, 403);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    const bad = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--widget-origin=partner.example'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    bad.stderr!.on('data', (chunk) => (stderr += chunk));
    const [code] = (await once(bad, 'exit')) as [number];
    assert.equal(code, 2, 'a usage mistake');
    assert.match(stderr, /Widget origin "partner\.example" is not an http\(s\) origin/);
  });
});

describe('widget list views: /widget/assets and /widget/wallets', () => {
  test('they are lists, not forms, and post the same protocol (kyi:ready, close buttons)', async () => {
    for (const product of ['assets', 'wallets']) {
      const res = await widget(product, await mint());
      assert.equal(res.status, 200);
      assert.match(res.text, /data-state="ready"/);
      assert.match(res.text, /data-action="close"/);
      assert.doesNotMatch(res.text, /<form|<input|type="submit"/);
    }
  });

  test('a user who verified nothing sees empty lists', async () => {
    assert.match((await widget('assets', await mint())).text, /You have no verified assets yet\./);
    assert.match((await widget('wallets', await mint())).text, /You have no verified wallets yet\./);
    assert.deepEqual(rows((await widget('assets', await mint())).text), []);
  });

  test("the assets view lists the user's own verified assets, oldest first, and no one else's", async () => {
    await complete(await mint('user-42'), 'meridian-treasury');
    await complete(await mint('someone-else'), 'orbit-dollar-avalanche');
    await complete(await mint('user-42'), 'kestrel-carbon');
    const mine = rows((await widget('assets', await mint('user-42'))).text);
    const byName = (slug: string) => SEED_TOKENS.find((t) => t.slug === slug)!;
    assert.equal(mine.length, 2);
    for (const [row, slug] of [[mine[0]!, 'meridian-treasury'], [mine[1]!, 'kestrel-carbon']] as const) {
      const t = byName(slug);
      assert.ok(row.includes(`${t.name} (${t.symbol})`), row);
      assert.ok(row.includes(`${t.chain} · ${t.address}`), row);
      assert.match(row, /Verified \d{4}-\d\d-\d\dT/);
    }
    const theirs = rows((await widget('assets', await mint('someone-else'))).text);
    assert.equal(theirs.length, 1);
    assert.ok(theirs[0]!.includes(byName('orbit-dollar-avalanche').name));
  });

  test("the wallets view lists the authority wallets the user's verifications proved, with the chain's signature method", async () => {
    await complete(await mint('user-42'), 'kestrel-carbon');
    const token = SEED_TOKENS.find((t) => t.slug === 'kestrel-carbon')!;
    assert.ok(token.authorities.length > 0);
    const listed = rows((await widget('wallets', await mint('user-42'))).text);
    const distinct = new Set(token.authorities.map((a) => a.address));
    assert.equal(listed.length, distinct.size);
    for (const address of distinct) assert.ok(listed.some((r) => r.startsWith(address) && r.includes(`${token.chain} ·`)), address);
    const method = token.chain === 'solana' ? 'solana_offchain_v0' : 'eip191';
    assert.ok(listed.every((r) => r.includes(`Signature: ${method}`)));
    assert.deepEqual(rows((await widget('wallets', await mint('someone-else'))).text), []);
  });

  test('list rows are escaped text', () => {
    const name = '<img src=x onerror="alert(1)">Evil';
    const html = renderListPage('assets', '<b>u</b>', 'p&q', [{ title: name, details: ['"quoted" & <i>'] }]);
    assert.ok(!html.includes(name) && !html.includes('<i>') && !html.includes('<b>u</b>'));
    assert.deepEqual(rows(html), [`${name} "quoted" & <i>`]);
  });
});
