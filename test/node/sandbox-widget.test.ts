/**
 * The sandbox widget pages: access-token checks (HS256 with the partner secret, exp, known
 * iss), a strict-CSP-friendly page, the simulated flow changing sandbox state, and the
 * "token expired once" control for the client's retry path.
 */
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { generateToken } from '../../src/server/generate-token.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/index.js';
import { publicGet, request, useSandbox } from './helpers/sandbox.js';

const sandbox = useSandbox();
beforeEach(() => sandbox().reset());

const mint = (opts: Partial<Parameters<typeof generateToken>[0]> = {}) =>
  generateToken({
    issuer: sandbox().info.credentials.partnerId,
    secretKey: sandbox().info.credentials.secretKey,
    userId: 'user-42',
    ...opts,
  });

const widget = (product: string, token?: string) =>
  request(`${sandbox().info.widgetUrl}/widget/${product}?${token === undefined ? '' : `token=${encodeURIComponent(token)}&`}embed=true`);

/** The error the page will post as `kyi:error` (read by its script from `data-error`). */
function pageError(html: string): string | null {
  const m = /<main id="kyi-widget"[^>]*data-state="error" data-error="([^"]*)"/.exec(html);
  return m ? m[1]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))) : null;
}

function pendingSlugs(html: string): string[] {
  return [...html.matchAll(/name="asset" value="([^"]+)"/g)].map((m) => m[1]!);
}

async function complete(token: string, asset: string, product = 'kyi') {
  return request(`${sandbox().origin}/widget/api/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, asset, product }),
  });
}

describe('widget pages: access token verification', () => {
  for (const product of ['kyi', 'assets', 'wallets']) {
    test(`widget /widget/${product}?token=…&embed=true with a generateToken token → 200 page that posts kyi:ready`, async () => {
      const res = await widget(product, await mint());
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/);
      assert.match(res.text, /data-state="ready"/);
      assert.match(res.text, /Signed in as <b>user-42<\/b>/);
    });
  }

  test('widget: no token → kyi:error "Access token is required"', async () => {
    const res = await widget('kyi');
    assert.equal(res.status, 401);
    assert.equal(pageError(res.text), 'Access token is required');
  });

  test('widget: a token signed with another secret → kyi:error "Invalid access token"', async () => {
    const res = await widget('kyi', await mint({ secretKey: 'not-the-partner-secret' }));
    assert.equal(pageError(res.text), 'Invalid access token');
  });

  test('widget: a string that is not a JWT → "Invalid access token"', async () => {
    assert.equal(pageError((await widget('kyi', 'abc.def')).text), 'Invalid access token');
  });

  test('widget: a token signed with another algorithm (HS512) → "Invalid access token"', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('user-42')
      .setIssuer(sandbox().info.credentials.partnerId)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(sandbox().info.credentials.secretKey));
    assert.equal(pageError((await widget('kyi', token)).text), 'Invalid access token');
  });

  test('widget: an unsigned token (alg none) → "Invalid access token"', async () => {
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${enc({ alg: 'none' })}.${enc({ sub: 'u', iss: sandbox().info.credentials.partnerId, iat: now, exp: now + 600 })}.`;
    assert.equal(pageError((await widget('kyi', token)).text), 'Invalid access token');
  });

  test('widget: a token whose exp has passed → "Access token expired"', async () => {
    const res = await widget('kyi', await mint({ expiresIn: -5 }));
    assert.equal(pageError(res.text), 'Access token expired');
  });

  test('widget: a token from an unknown issuer → "Unknown partner"', async () => {
    const res = await widget('kyi', await mint({ issuer: 'someone-else' }));
    assert.equal(pageError(res.text), 'Unknown partner');
  });

  test('widget: an unknown product path → 404', async () => {
    assert.equal((await widget('settings', await mint())).status, 404);
  });
});

describe('widget pages: framing under a strict CSP', () => {
  test('widget page has no inline script or style and loads its JS and CSS from sandbox URLs', async () => {
    const res = await widget('kyi', await mint());
    assert.doesNotMatch(res.text, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline <script>');
    assert.doesNotMatch(res.text, /<style/i);
    assert.doesNotMatch(res.text, /\sstyle=/i);
    assert.doesNotMatch(res.text, /\son[a-z]+=/i, 'no inline event handlers');
    const script = /<script type="module" src="([^"]+)">/.exec(res.text)![1]!;
    const style = /<link rel="stylesheet" href="([^"]+)">/.exec(res.text)![1]!;
    // linked relative to the page (/widget/kyi), so a sandbox served under a path finds them too
    const page = `${sandbox().origin}/widget/kyi`;
    const js = await request(new URL(script, page).href);
    const css = await request(new URL(style, page).href);
    assert.match(js.headers.get('content-type') ?? '', /text\/javascript/);
    assert.match(css.headers.get('content-type') ?? '', /text\/css/);
    for (const type of ['kyi:ready', 'kyi:error', 'kyi:close']) assert.ok(js.text.includes(type), type);
  });

  test('widget page sends its own CSP (self-only scripts and styles, framed only by allowed pages) and no-store', async () => {
    const res = await widget('kyi', await mint());
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /style-src 'self'/);
    assert.match(csp, /frame-ancestors http:\/\/127\.0\.0\.1:5173 http:\/\/localhost:5173(;|$)/);
    assert.equal(res.headers.get('x-frame-options'), null);
    assert.equal(res.headers.get('cache-control'), 'no-store');
  });

  test('widget page offers a close button (kyi:close) on the flow and on the error screen', async () => {
    assert.match((await widget('kyi', await mint())).text, /data-action="close"/);
    assert.match((await widget('kyi')).text, /data-action="close"/);
  });
});

describe('widget flow: finishing it changes sandbox state', () => {
  test('widget flow lists the indexed, not-yet-verified tokens', async () => {
    const slugs = pendingSlugs((await widget('kyi', await mint())).text);
    assert.ok(slugs.includes('meridian-treasury'));
    assert.ok(slugs.includes('orbit-dollar-avalanche'));
    assert.ok(!slugs.includes('pyusd-solana'));
  });

  test('widget flow: Submit marks the chosen token verified; lookup and asset routes then say verified', async () => {
    const { address, chain } = F.indexedNotVerified;
    const before = (await publicGet(sandbox(), `/kyi/v1/tokens?address=${address}`)).json();
    assert.equal(before.kyi_verified, false);
    assert.equal((await publicGet(sandbox(), `/assets/${chain}/${address}`)).status, 404);

    const token = await mint();
    const res = await complete(token, 'meridian-treasury');
    assert.equal(res.status, 200);
    assert.equal(res.json().asset.slug, 'meridian-treasury');

    const after = (await publicGet(sandbox(), `/kyi/v1/tokens?address=${address}`)).json();
    assert.equal(after.kyi_verified, true);
    assert.equal(after.data[0].issuer.kyb_verified, true);
    assert.deepEqual(after.data[0].verifications, [{ method: 'admin_manual' }]);
    assert.equal(typeof after.data[0].token.verified_at, 'string');
    const asset = await publicGet(sandbox(), `/assets/${chain}/${address}`);
    assert.equal(asset.status, 200);
    assert.equal(asset.json().business_details.business_verified, true);
    assert.ok(!pendingSlugs((await widget('kyi', token)).text).includes('meridian-treasury'));
    assert.equal(sandbox().state.public.verifications().get('meridian-treasury')?.userId, 'user-42');
  });

  test('widget flow (wallets): records a wallet signature method for the chain', async () => {
    assert.equal((await complete(await mint(), 'kestrel-carbon', 'wallets')).status, 200);
    const body = (await publicGet(sandbox(), `/kyi/v1/tokens?address=${F.indexedNotVerifiedSolana.address}`)).json();
    assert.deepEqual(body.data[0].verifications, [{ method: 'solana_offchain_v0' }]);
  });

  test('widget flow: verifying one chain of a multi-chain address leaves the others as they were', async () => {
    assert.equal((await complete(await mint(), 'orbit-dollar-avalanche')).status, 200);
    const body = (await publicGet(sandbox(), `/kyi/v1/tokens?address=${F.multiChain.address}`)).json();
    assert.ok(body.data.every((d: any) => d.kyi_verified));
  });

  test('widget flow: submitting with an expired or foreign token → 401 with the protocol message, no state change', async () => {
    const expired = await complete(await mint({ expiresIn: -5 }), 'meridian-treasury');
    assert.deepEqual([expired.status, expired.json().message], [401, 'Access token expired']);
    const foreign = await complete(await mint({ secretKey: 'x' }), 'meridian-treasury');
    assert.deepEqual([foreign.status, foreign.json().message], [401, 'Invalid access token']);
    assert.equal((await publicGet(sandbox(), `/kyi/v1/tokens?address=${F.indexedNotVerified.address}`)).json().kyi_verified, false);
  });

  test('widget flow: an already verified or unknown asset is refused', async () => {
    const token = await mint();
    assert.equal((await complete(token, 'pyusd-solana')).status, 409);
    assert.equal((await complete(token, 'no-such-token')).status, 404);
    const bad = await request(`${sandbox().origin}/widget/api/complete`, { method: 'POST', body: 'not json' });
    assert.equal(bad.status, 400);
  });

  test('reset puts widget-verified tokens back to not verified', async () => {
    await complete(await mint(), 'meridian-treasury');
    sandbox().reset();
    assert.equal((await publicGet(sandbox(), `/kyi/v1/tokens?address=${F.indexedNotVerified.address}`)).json().kyi_verified, false);
  });
});

describe('widget control: "token expired" once', () => {
  test('fault token-expired on route widget: the next load reports "Access token expired", the one after works', async () => {
    sandbox().faults.set('widget', { kind: 'token-expired' }, { times: 1 });
    const token = await mint();
    assert.equal(pageError((await widget('kyi', token)).text), 'Access token expired');
    const second = await widget('kyi', token);
    assert.equal(second.status, 200);
    assert.equal(pageError(second.text), null);
  });

  test('the same control over HTTP: POST /__sandbox/faults {route:"widget", fault:{kind:"token-expired"}, times:1}', async () => {
    const set = await request(`${sandbox().origin}/__sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ route: 'widget', fault: { kind: 'token-expired' }, times: 1 }),
    });
    assert.equal(set.status, 201);
    assert.equal(pageError((await widget('assets', await mint())).text), 'Access token expired');
    assert.equal((await widget('assets', await mint())).status, 200);
  });

  test('token-expired never touches other routes', async () => {
    sandbox().faults.set('*', { kind: 'token-expired' }, { times: 1 });
    assert.equal((await publicGet(sandbox(), `/kyi/v1/tokens?address=${F.pyusd.address}`)).status, 200);
    assert.equal(pageError((await widget('kyi', await mint())).text), 'Access token expired');
  });
});

describe('widget: sandbox clock', () => {
  test('the sandbox clock decides expiry (a token valid now is expired two hours later)', async () => {
    const { startSandbox } = await import('../../src/sandbox/index.js');
    let clock = Date.now();
    const sb = await startSandbox({ now: () => clock });
    try {
      const token = await generateToken({ issuer: sb.info.credentials.partnerId, secretKey: sb.info.credentials.secretKey, userId: 'u' });
      const url = `${sb.info.widgetUrl}/widget/kyi?token=${token}&embed=true`;
      assert.equal((await request(url)).status, 200);
      clock += 2 * 3600_000;
      assert.equal(pageError((await request(url)).text), 'Access token expired');
    } finally {
      await sb.close();
    }
  });
});
