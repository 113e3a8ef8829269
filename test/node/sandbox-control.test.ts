/**
 * Sandbox control surface: faults per route and `*`, stats, reset, the
 * `/__sandbox/*` routes with open CORS, and `npm run sandbox` printing SandboxInfo first.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { beforeEach, describe, test } from 'node:test';
import { checkContract, explorerErrorSchema, publicApiErrorSchema } from '../../src/contract/index.js';
import { SANDBOX_FIXTURES as F, startSandbox, type SandboxInfo } from '../../src/sandbox/index.js';
import { publicGet, request, useSandbox } from './helpers/sandbox.js';

const sandbox = useSandbox();
beforeEach(() => sandbox().reset());

const tokensPath = `/kyi/v1/tokens?address=${F.pyusd.address}`;
/** A page on this machine (as the browser tests' pages are): the control API grants it CORS. */
const PAGE = 'http://localhost:5173';
const control = (path: string, init: RequestInit = {}) =>
  request(`${sandbox().origin}/__sandbox/${path}`, { ...init, headers: { origin: PAGE, ...(init.headers as Record<string, string> | undefined) } });
const post = (path: string, body: unknown) => control(path, { method: 'POST', body: JSON.stringify(body) });

function assertSandboxInfo(info: SandboxInfo, origin: string) {
  assert.deepEqual(Object.keys(info).sort(), ['badgeBaseUrl', 'credentials', 'explorerUrl', 'publicApiUrl', 'verifiedUrl', 'widgetUrl']);
  assert.equal(info.publicApiUrl, origin);
  assert.equal(info.badgeBaseUrl, origin);
  assert.equal(info.widgetUrl, origin);
  assert.equal(info.explorerUrl, `${origin}/explorer`);
  assert.equal(info.verifiedUrl, `${origin}/verified`);
  assert.deepEqual(Object.keys(info.credentials).sort(), ['explorerKeys', 'partnerId', 'publicApiKey', 'secretKey']);
  assert.deepEqual(Object.keys(info.credentials.explorerKeys).sort(), ['full', 'monitoringRead', 'revoked', 'tokenomicsRead', 'watchlistWrite']);
  for (const key of Object.values(info.credentials.explorerKeys)) assert.match(key, /^bx_live_[A-Za-z0-9]{43}$/);
}

describe('sandbox: startup and info', () => {
  test('startSandbox listens on 127.0.0.1 with port 0 and describes itself (SandboxInfo)', () => {
    assert.match(sandbox().origin, /^http:\/\/127\.0\.0\.1:\d+$/);
    assertSandboxInfo(sandbox().info, sandbox().origin);
  });

  test('GET /__sandbox/info returns SandboxInfo, with CORS for a page on this machine', async () => {
    const res = await control('info');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), PAGE);
    assert.deepEqual(res.json(), sandbox().info);
  });

  test('OPTIONS preflight on a control route → 204 with CORS for a page on this machine, for POST and DELETE', async () => {
    const res = await control('faults', { method: 'OPTIONS', headers: { origin: PAGE, 'access-control-request-method': 'POST' } });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), PAGE);
    assert.match(res.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(res.headers.get('access-control-allow-methods') ?? '', /DELETE/);
  });

  test('GET /__sandbox/fixtures names the tokens of every state', async () => {
    const body = (await control('fixtures')).json();
    assert.equal(body.unknown.address, F.unknown.address);
  });

  test('unknown paths → 404 JSON', async () => {
    assert.equal((await request(`${sandbox().origin}/nope`)).status, 404);
    assert.equal((await control('nope')).status, 404);
  });

  test('npm run sandbox: --port 0 prints SandboxInfo JSON as the first stdout line and serves it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const lines = createInterface({ input: child.stdout! });
      const [first] = (await once(lines, 'line')) as [string];
      const info = JSON.parse(first) as SandboxInfo;
      const origin = info.publicApiUrl;
      assert.match(origin, /^http:\/\/127\.0\.0\.1:\d+$/);
      assertSandboxInfo(info, origin);
      const res = await request(`${origin}/__sandbox/info`);
      assert.deepEqual(res.json(), info);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  test('npm run sandbox: SANDBOX_PORT is honoured when --port is absent', async () => {
    const probe = await startSandbox({ port: 0 });
    const port = Number(new URL(probe.origin).port);
    await probe.close();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SANDBOX_PORT: String(port) },
    });
    try {
      const [first] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
      assert.equal(JSON.parse(first).publicApiUrl, `http://127.0.0.1:${port}`);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});

describe('kyi-sandbox command line', () => {
  /** Runs the CLI to its exit; for flags that must not start a server. */
  async function runToExit(args: string[]) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, stdout, stderr };
  }

  test('--help prints the usage, naming every flag, and starts nothing', async () => {
    const { code, stdout } = await runToExit(['--help']);
    assert.equal(code, 0);
    assert.match(stdout, /^Usage: kyi-sandbox/);
    for (const flag of ['--port', '--widget-origin', '--hostile', '--help']) assert.ok(stdout.includes(flag), flag);
  });

  test('an unknown flag exits 2 naming it (a typo never starts a server on the default port)', async () => {
    const { code, stdout, stderr } = await runToExit(['--widget-orgin', 'http://localhost:3000']);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /--widget-orgin/);
    assert.match(stderr, /kyi-sandbox --help/);
  });

  test('the first human line names the page origins the widget opens on, the added one included', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--widget-origin', 'http://localhost:3000'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const [first] = (await once(createInterface({ input: child.stderr! }), 'line')) as [string];
      assert.match(first, /widget opens on pages from .*http:\/\/localhost:3000/);
      assert.match(first, /--widget-origin/);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});

describe('sandbox faults (off unless asked)', () => {
  test('no fault armed: routes answer normally', async () => {
    assert.deepEqual(sandbox().faults.list(), []);
    assert.equal((await publicGet(sandbox(), tokensPath)).status, 200);
  });

  for (const status of [500, 502] as const) {
    test(`fault status ${status} on public:tokens → ${status} in the Public API error shape, then back to normal (times: 1)`, async () => {
      sandbox().faults.set('public:tokens', { kind: 'status', status }, { times: 1 });
      const res = await publicGet(sandbox(), tokensPath);
      assert.equal(res.status, status);
      assert.ok(checkContract(publicApiErrorSchema, res.json()).ok);
      assert.equal((await publicGet(sandbox(), tokensPath)).status, 200);
    });
  }

  test('fault rate-limit → 429 with Retry-After', async () => {
    sandbox().faults.set('public:asset', { kind: 'rate-limit', retryAfterSeconds: 7 });
    const res = await publicGet(sandbox(), `/assets/solana/${F.pyusd.address}`);
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '7');
    assert.equal(res.json().statusCode, 429);
  });

  test('fault malformed → the body no longer parses as JSON', async () => {
    sandbox().faults.set('public:tokens', { kind: 'malformed' }, { times: 1 });
    const res = await publicGet(sandbox(), tokensPath);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.throws(() => res.json(), SyntaxError);
  });

  test('fault malformed on a badge → image bytes cut short', async () => {
    const url = `${sandbox().origin}/api/v1/badges/kyi_verified?variant=icon&theme=dark&format=svg&size=24`;
    const good = await request(url);
    sandbox().faults.set('badge', { kind: 'malformed' }, { times: 1 });
    const bad = await request(url);
    assert.ok(bad.bytes.length < good.bytes.length);
  });

  test('fault slow → the normal reply, once the injected sleep of delayMs is over', async () => {
    const sleeps: number[] = [];
    let wake!: () => void;
    const sb = await startSandbox({
      sleep: (ms) => {
        sleeps.push(ms);
        return new Promise<void>((r) => (wake = r));
      },
    });
    try {
      sb.faults.set('public:tokens', { kind: 'slow', delayMs: 30_000 }, { times: 1 });
      let settled = false;
      const pending = publicGet(sb, tokensPath).finally(() => (settled = true));
      while (sleeps.length === 0) await new Promise((r) => setImmediate(r));
      assert.deepEqual(sleeps, [30_000]);
      assert.equal(settled, false, 'no reply while the sleep lasts');
      wake();
      const res = await pending;
      assert.equal(res.status, 200);
      assert.equal(res.json().kyi_verified, true);
    } finally {
      await sb.close();
    }
  });

  test('fault slow never holds the sandbox open: close() cuts a pending slow reply short', async () => {
    const sb = await startSandbox();
    sb.faults.set('badge', { kind: 'slow', delayMs: 600_000 });
    const pending = fetch(`${sb.origin}/api/v1/badges/kyi_verified`).then(
      (r) => r.status,
      () => 'aborted',
    );
    await new Promise((r) => setImmediate(r));
    await sb.close();
    assert.ok(['aborted', 200].includes(await pending as never));
  });

  test('fault on "*" hits every counted route; a route\'s own fault wins over "*"', async () => {
    sandbox().faults.set('*', { kind: 'status', status: 500 });
    sandbox().faults.set('public:asset', { kind: 'status', status: 502 });
    assert.equal((await publicGet(sandbox(), tokensPath)).status, 500);
    assert.equal((await publicGet(sandbox(), `/assets/solana/${F.pyusd.address}`)).status, 502);
    assert.equal((await request(`${sandbox().origin}/api/v1/badges/kyi_verified`)).status, 500);
    const explorer = await request(`${sandbox().info.explorerUrl}/health`);
    assert.equal(explorer.status, 500);
    assert.deepEqual(explorer.json().code, 'internal_error');
    assert.ok(checkContract(explorerErrorSchema, explorer.json()).ok);
  });

  test('fault times: N → exactly N requests are hit', async () => {
    sandbox().faults.set('public:tokens', { kind: 'status', status: 500 }, { times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await publicGet(sandbox(), tokensPath)).status);
    assert.deepEqual(statuses, [500, 500, 200]);
  });

  test('fault rate-limit on an Explorer route → 429 too_many_requests with Retry-After', async () => {
    sandbox().faults.set('explorer:watchlist', { kind: 'rate-limit', retryAfterSeconds: 3 }, { times: 1 });
    const res = await request(`${sandbox().info.explorerUrl}/me/watchlist`, {
      headers: { authorization: `Bearer ${sandbox().info.credentials.explorerKeys.full}` },
    });
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '3');
    assert.equal(res.json().code, 'too_many_requests');
  });

  test('POST /__sandbox/faults arms a fault; GET lists it; DELETE clears all', async () => {
    const set = await post('faults', { route: 'public:tokens', fault: { kind: 'status', status: 502 } });
    assert.equal(set.status, 201);
    assert.equal(set.headers.get('access-control-allow-origin'), PAGE);
    assert.deepEqual((await control('faults')).json().faults, [{ route: 'public:tokens', fault: { kind: 'status', status: 502 }, remaining: null }]);
    assert.equal((await publicGet(sandbox(), tokensPath)).status, 502);
    const cleared = await control('faults', { method: 'DELETE' });
    assert.equal(cleared.status, 200);
    assert.equal((await publicGet(sandbox(), tokensPath)).status, 200);
  });

  test('DELETE /__sandbox/faults?route=… clears one route only', async () => {
    sandbox().faults.set('public:tokens', { kind: 'status', status: 500 });
    sandbox().faults.set('badge', { kind: 'status', status: 500 });
    await control('faults?route=public:tokens', { method: 'DELETE' });
    assert.deepEqual(sandbox().faults.list().map((f) => f.route), ['badge']);
  });

  for (const [what, body] of [
    ['an unknown route', { route: 'public:nope', fault: { kind: 'malformed' } }],
    ['an unknown kind', { route: 'badge', fault: { kind: 'explode' } }],
    ['a status other than 500/502', { route: 'badge', fault: { kind: 'status', status: 503 } }],
    ['times 0', { route: 'badge', fault: { kind: 'malformed' }, times: 0 }],
    ['no JSON', 'nope'],
  ] as const) {
    test(`POST /__sandbox/faults with ${what} → 400`, async () => {
      const res = await control('faults', { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
      assert.equal(res.status, 400);
    });
  }
});

describe('sandbox stats', () => {
  test('stats count requests per route with method, path, time and the raw Authorization', async () => {
    await publicGet(sandbox(), tokensPath);
    await publicGet(sandbox(), tokensPath, 'Bearer x');
    await publicGet(sandbox(), '/assets?page_size=2');
    await request(`${sandbox().origin}/api/v1/badges/kyi_verified`);
    const stats = sandbox().stats;
    assert.equal(stats.count('public:tokens'), 2);
    assert.equal(stats.count('public:assets'), 1);
    assert.equal(stats.count('badge'), 1);
    assert.equal(stats.count(), 4);
    const [first, second] = stats.requests;
    assert.deepEqual({ ...first, at: 0 }, { route: 'public:tokens', method: 'GET', path: tokensPath, at: 0, key: sandbox().info.credentials.publicApiKey });
    assert.equal(typeof first!.at, 'number');
    assert.equal(second!.key, 'Bearer x');
  });

  test('stats count faulted requests too (a request that got a 500 still reached the service)', async () => {
    sandbox().faults.set('public:tokens', { kind: 'status', status: 500 }, { times: 1 });
    await publicGet(sandbox(), tokensPath);
    assert.equal(sandbox().stats.count('public:tokens'), 1);
  });

  test('Explorer requests are counted under their route ids', async () => {
    await request(`${sandbox().info.explorerUrl}/health`);
    assert.equal(sandbox().stats.count('explorer:health'), 1);
  });

  test('control routes, widget static files and token images are not counted', async () => {
    await control('info');
    await request(`${sandbox().origin}/widget/static/widget.js`);
    assert.equal(sandbox().stats.count(), 0);
  });

  test('GET /__sandbox/stats returns total, per-route counts and the request log', async () => {
    await publicGet(sandbox(), tokensPath);
    const body = (await control('stats')).json();
    assert.equal(body.total, 1);
    assert.deepEqual(body.counts, { 'public:tokens': 1 });
    assert.equal(body.requests[0].route, 'public:tokens');
  });

  test('stats.reset() empties the log', async () => {
    await publicGet(sandbox(), tokensPath);
    sandbox().stats.reset();
    assert.equal(sandbox().stats.count(), 0);
  });
});

describe('sandbox reset', () => {
  test('POST /__sandbox/reset clears faults, stats and state changes', async () => {
    sandbox().faults.set('badge', { kind: 'status', status: 500 });
    await publicGet(sandbox(), tokensPath);
    await post('verify', F.indexedNotVerified);
    assert.equal((await publicGet(sandbox(), `/kyi/v1/tokens?address=${F.indexedNotVerified.address}`)).json().kyi_verified, true);
    const res = await post('reset', {});
    assert.equal(res.status, 200);
    assert.deepEqual(sandbox().faults.list(), []);
    assert.equal(sandbox().stats.count(), 0);
    assert.equal((await publicGet(sandbox(), `/kyi/v1/tokens?address=${F.indexedNotVerified.address}`)).json().kyi_verified, false);
  });

  test('POST /__sandbox/verify marks an indexed token verified (as the widget flow does); unknown → 404', async () => {
    assert.equal((await post('verify', F.indexedNotVerifiedNoIssuer)).status, 200);
    assert.equal((await publicGet(sandbox(), `/assets/${F.indexedNotVerifiedNoIssuer.chain}/${F.indexedNotVerifiedNoIssuer.address}`)).status, 200);
    assert.equal((await post('verify', F.unknown)).status, 404);
  });

  test('POST /__sandbox/index indexes a token of the caller’s own (unverified, found by lookups); reset forgets it', async () => {
    const token = { chain: 'sepolia', address: '0x1111111111111111111111111111111111111abc' };
    const lookup = `/kyi/v1/tokens?address=${token.address}&chain_slug=sepolia`;
    assert.equal((await publicGet(sandbox(), lookup)).status, 404);
    const res = await post('index', token);
    assert.equal(res.status, 201);
    assert.equal(res.json().address, token.address);
    assert.equal((await post('index', token)).json().slug, res.json().slug, 'indexing twice is one token');
    assert.equal((await publicGet(sandbox(), lookup)).json().kyi_verified, false);
    assert.equal((await post('verify', token)).status, 200);
    assert.equal((await publicGet(sandbox(), lookup)).json().kyi_verified, true);
    assert.equal((await post('index', { chain: 'no-such-chain', address: '0x1' })).status, 400);
    sandbox().reset();
    assert.equal((await publicGet(sandbox(), lookup)).status, 404);
  });

  test('POST /__sandbox/hostile switches the hostile set on and off; reset restores the start option', async () => {
    const path = `/assets/${F.hostile.html.chain}/${F.hostile.html.address}`;
    assert.equal((await publicGet(sandbox(), path)).status, 404);
    assert.deepEqual((await post('hostile', { enabled: true })).json(), { hostile: true });
    assert.equal((await publicGet(sandbox(), path)).status, 200);
    sandbox().reset();
    assert.equal((await publicGet(sandbox(), path)).status, 404);
  });

  test('Explorer control routes are mounted under /__sandbox/explorer, with the same CORS', async () => {
    const res = await control('explorer/state');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), PAGE);
  });

  test('one control API: the sandbox and Explorer controls share one body, error, CORS and caching convention', async () => {
    for (const path of ['hostile', 'explorer/clock']) {
      const malformed = await control(path, { method: 'POST', body: '{"enabled":' });
      assert.equal(malformed.status, 400, path);
      assert.deepEqual(malformed.json(), { message: 'Body must be JSON' }, path);
      const wrong = await post(path, { enabled: 'yes', advanceMs: 'soon' });
      assert.equal(wrong.status, 400, path);
      assert.deepEqual(Object.keys(wrong.json()), ['message'], path);
      assert.equal(wrong.headers.get('access-control-allow-origin'), PAGE, path);
      assert.equal(wrong.headers.get('cache-control'), 'no-store', path);
      const preflight = await control(path, { method: 'OPTIONS', headers: { origin: PAGE, 'access-control-request-method': 'POST' } });
      assert.equal(preflight.status, 204, path);
      assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/, path);
    }
    const wrongBody = await post('explorer/settings', [1, 2]);
    assert.equal(wrongBody.status, 400);
    for (const path of ['nope', 'explorer/nope']) {
      const unknown = await control(path);
      assert.equal(unknown.status, 404, path);
      assert.deepEqual(Object.keys(unknown.json()), ['message'], path);
      assert.equal(unknown.headers.get('access-control-allow-origin'), PAGE, path);
    }
    const state = await control('explorer/state');
    assert.equal(state.headers.get('cache-control'), 'no-store');
  });
});

describe('sandbox control API: pages of other sites', () => {
  const lookupVerified = async () =>
    (await publicGet(sandbox(), `/kyi/v1/tokens?address=${F.indexedNotVerified.address}`)).json().kyi_verified as boolean;

  test('a cross-site page can neither change the data nor read the credentials: 403 naming the origin, no CORS grant', async () => {
    sandbox().reset();
    for (const origin of ['https://evil.example', 'http://127.0.0.1.evil.example:4010', 'null']) {
      const verify = await control('verify', {
        method: 'POST',
        headers: { origin, 'content-type': 'text/plain' },
        body: JSON.stringify(F.indexedNotVerified),
      });
      assert.equal(verify.status, 403, origin);
      assert.match(verify.json().message, /this machine only/);
      assert.equal(verify.headers.get('access-control-allow-origin'), null);
      const info = await control('info', { headers: { origin } });
      assert.equal(info.status, 403);
      assert.ok(!info.text.includes(sandbox().info.credentials.publicApiKey), 'no credentials in the refusal');
      const preflight = await control('verify', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
      assert.notEqual(preflight.headers.get('access-control-allow-origin'), origin);
    }
    assert.equal(await lookupVerified(), false, 'nothing changed');
  });

  test('programs (no Origin) and pages on this machine keep working, with CORS for the latter', async () => {
    sandbox().reset();
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8000', 'http://[::1]:3000', 'http://app.localhost:3000']) {
      const info = await control('info', { headers: { origin } });
      assert.equal(info.status, 200, origin);
      assert.equal(info.headers.get('access-control-allow-origin'), origin);
    }
    assert.equal((await request(`${sandbox().origin}/__sandbox/info`)).status, 200, 'a program sends no Origin');
    const verify = await request(`${sandbox().origin}/__sandbox/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(F.indexedNotVerified) });
    assert.equal(verify.status, 200);
    assert.equal(await lookupVerified(), true);
    sandbox().reset();
  });
});
