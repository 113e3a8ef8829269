/**
 * `handler.close()` (src/server/handler.ts, src/server/index.ts): it stops the upstream calls
 * the handler runs, answers the requests still waiting for them 503, closes its pooled upstream
 * connections, and leaves nothing that keeps the process alive; cached answers still answer.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { after, describe, it } from 'node:test';
import { createKyiHandler } from '../../src/server/index.js';
import { listenLoopback } from './helpers/loopback.js';

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
/** The Public API's answer for an asset it does not have. */
const NOT_FOUND = { message: 'Asset not found', error: 'Not Found', statusCode: 404 };

describe('handler.close()', () => {
  it('stops the upstream call a browser waits for (503 upstream_unavailable) and refuses new ones; the cache still answers', { timeout: 60_000 }, async () => {
    // the upstream answers the first lookup; any other it never answers (nor does it time out within the test)
    let calls = 0;
    let hanging!: (call: { closed: Promise<unknown> }) => void;
    const hangs = new Promise<{ closed: Promise<unknown> }>((resolve) => (hanging = resolve));
    const up = await listenLoopback((req, res) => {
      calls++;
      if (req.url!.includes(address(1))) return res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify(NOT_FOUND));
      hanging({ closed: once(res, 'close') });
    });
    after(() => up.close());
    const errors: unknown[] = [];
    const handler = createKyiHandler({ publicApi: { baseUrl: up.base, apiKey: 'pk_test_close' }, timeoutMs: 300_000, onError: (e) => errors.push(e) });
    const proxy = await listenLoopback(handler.node, '/api/kyi');
    after(() => proxy.close());
    const asset = (n: number) => fetch(`${proxy.base}/assets/ethereum/${address(n)}`);

    assert.equal((await asset(1)).status, 404, 'a lookup answered and cached before the close');
    const waiting = asset(2);
    const call = await hangs;
    await handler.close();
    const refused = await waiting;
    assert.equal(refused.status, 503);
    assert.equal(((await refused.json()) as { code: string }).code, 'upstream_unavailable');
    await call.closed; // the call upstream was aborted: its connection closes (without the close, only after the timeout)

    const before = calls;
    assert.equal((await asset(3)).status, 503, 'a new lookup is refused once the handler closed');
    assert.equal((await asset(1)).status, 404, 'the cached answer still answers');
    assert.equal(calls, before, 'nothing more went upstream');
    assert.deepEqual(errors, [], 'a close is no problem to report');
    await handler.close(); // again: nothing more to do
  });

  it('stops an Explorer call a browser waits for the same way', { timeout: 60_000 }, async () => {
    let hanging!: (call: { closed: Promise<unknown> }) => void;
    const hangs = new Promise<{ closed: Promise<unknown> }>((resolve) => (hanging = resolve));
    const up = await listenLoopback((_req, res) => hanging({ closed: once(res, 'close') }));
    after(() => up.close());
    const handler = createKyiHandler({
      publicApi: { baseUrl: up.base, apiKey: 'pk_test_close' },
      explorer: { baseUrl: `${up.base}/explorer`, apiKey: `bx_live_${'Q'.repeat(43)}` },
      authorize: () => true,
      timeoutMs: 300_000,
      onError: () => {},
    });
    const proxy = await listenLoopback(handler.node, '/api/kyi');
    after(() => proxy.close());
    const waiting = fetch(`${proxy.base}/explorer/me/watchlist`);
    const call = await hangs;
    await handler.close();
    const refused = await waiting;
    assert.equal(refused.status, 503);
    assert.equal(((await refused.json()) as { code: string }).code, 'upstream_unavailable');
    await call.closed; // aborted upstream (without the close, only after the timeout)
  });

  it('leaves nothing that keeps the process alive', { timeout: 60_000 }, async () => {
    let child: ChildProcess | undefined;
    after(() => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    // in a child process of its own: an upstream that answers one lookup and never the other
    // (a five-minute timeout), a kept-alive connection in the pool, and the handler closed while it waits
    const CHILD = `
      const { createServer } = await import('node:http');
      const { createKyiHandler } = await import(${JSON.stringify(new URL('../../src/server/index.ts', import.meta.url).href)});
      let arrived;
      const hanging = new Promise((resolve) => (arrived = resolve));
      const upstream = createServer((req, res) => {
        if (req.url.includes('${address(2)}')) return arrived();
        res.writeHead(404, { 'content-type': 'application/json' }).end(${JSON.stringify(JSON.stringify(NOT_FOUND))});
      });
      await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const handler = createKyiHandler({ publicApi: { baseUrl: 'http://127.0.0.1:' + upstream.address().port, apiKey: 'pk_test_close' }, timeoutMs: 300_000 });
      const lookup = (n) => handler(new Request('http://partner.test/api/kyi/assets/ethereum/' + n));
      const waiting = lookup('${address(2)}');
      await hanging;
      const answered = (await lookup('${address(1)}')).status; // on a second pooled connection, kept alive after
      await handler.close();
      const refused = (await waiting).status;
      const timers = process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
      upstream.close();
      console.log(JSON.stringify({ answered, refused, timers }));
    `;
    child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', CHILD], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(child, 'exit');
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    assert.deepEqual(JSON.parse(line), { answered: 404, refused: 503, timers: 0 });
    // nothing else keeps the process: it ends by itself (without the close, only after the timeout)
    assert.deepEqual(await exited, [0, null]);
  });
});
