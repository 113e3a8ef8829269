/**
 * How the Node adapter sends answers the handler holds as text (src/server/prepared.ts,
 * src/server/node/request.ts): deferred Responses written from their text, real Responses
 * everywhere else, and light Requests that act as real ones.
 */
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { createKyiHandler } from '../../src/server/index.js';
import { toNodeHandler, type FetchHandler } from '../../src/server/node/adapter.js';
import { rawHeaderValue, requestUrl } from '../../src/server/node/request.js';
import { ANSWER_NOW, jsonPrepared, knownBody, preparedOf, preparedResponse, type AnswerNow } from '../../src/server/prepared.js';
import { useSandbox } from './helpers/sandbox.js';
import { PREFIX, defaultOptions } from './helpers/server.js';

const servers: Server[] = [];
after(() => Promise.all(servers.map((s) => new Promise((r) => { s.close(r); s.closeAllConnections(); }))));

async function serve(handler: FetchHandler): Promise<string> {
  const server = createServer(toNodeHandler(handler) as (req: IncomingMessage, res: ServerResponse) => void);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const PREPARED = jsonPrepared({ hello: 'wörld' }, 201, { etag: '"v1"' });

describe('prepared answers', () => {
  test('outside the Node adapter the handler answers a real Response', async () => {
    const response = preparedResponse(PREPARED, new Request('http://x.test/a'));
    assert.equal(Object.getPrototypeOf(response), Response.prototype);
    assert.equal(preparedOf(response), undefined);
    assert.equal(knownBody(response), PREPARED.body);
    assert.equal(response.status, 201);
    assert.deepEqual(await response.json(), { hello: 'wörld' });
  });

  test('through the Node adapter it is a deferred Response, sent from its text without being read', async () => {
    const seen: Array<{ deferred: boolean; isResponse: boolean }> = [];
    const base = await serve(async (request) => {
      const response = preparedResponse(PREPARED, request);
      seen.push({ deferred: preparedOf(response) === PREPARED, isResponse: response instanceof Response });
      return response;
    });
    const res = await fetch(`${base}/p`);
    assert.deepEqual(seen, [{ deferred: true, isResponse: true }]);
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('etag'), '"v1"');
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(PREPARED.body!)));
    assert.equal(await res.text(), PREPARED.body);
  });

  test('a deferred Response used by other code becomes the real one: changes to it are sent', async () => {
    const base = await serve(async (request) => {
      const response = preparedResponse(PREPARED, request);
      assert.equal(response.status, 201);
      assert.equal(preparedOf(response), undefined, 'used: no longer sent from its text');
      response.headers.set('x-added', 'yes');
      assert.equal(await response.clone().text(), PREPARED.body);
      return response;
    });
    const res = await fetch(`${base}/p`);
    assert.equal(res.headers.get('x-added'), 'yes');
    assert.equal(res.headers.get('etag'), '"v1"');
    assert.equal(await res.text(), PREPARED.body);
  });

  test('HEAD of a prepared answer: status and headers, no body', async () => {
    const base = await serve(async (request) => preparedResponse(PREPARED, request));
    const res = await fetch(`${base}/p`, { method: 'HEAD' });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('etag'), '"v1"');
    assert.equal(await res.text(), '');
  });
});

describe('light Requests (GET and HEAD through the Node adapter)', () => {
  test('act as real Requests: members, body methods, clone, and Requests made from them', async () => {
    const base = await serve(async (request) => {
      const copy = new Request(request);
      const changed = new Request(request, { headers: { 'x-test': 'changed' } });
      return Response.json({
        isRequest: request instanceof Request,
        url: request.url,
        method: request.method,
        header: request.headers.get('x-test'),
        text: await request.text(),
        bodyUsed: request.bodyUsed,
        cloneUrl: request.clone().url,
        redirect: request.redirect,
        copyHeader: copy.headers.get('x-test'),
        copyUrl: copy.url,
        changedHeader: changed.headers.get('x-test'),
        aborted: request.signal.aborted,
      });
    });
    const body = await (await fetch(`${base}/q?x=1`, { headers: { 'x-test': 'yes' } })).json();
    assert.deepEqual(body, {
      isRequest: true,
      url: `${base}/q?x=1`,
      method: 'GET',
      header: 'yes',
      text: '',
      bodyUsed: false,
      cloneUrl: `${base}/q?x=1`,
      redirect: 'follow',
      copyHeader: 'yes',
      copyUrl: `${base}/q?x=1`,
      changedHeader: 'changed',
      aborted: false,
    });
  });
});

describe('Node request pieces', () => {
  test('requestUrl gives what new URL(target, origin) gives, plain targets without parsing them again', () => {
    const targets = [
      '/api/kyi/kyi/v1/tokens?caip19=solana%3A5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp%2Ftoken%3A2b1k',
      '/a/b?x=1&y=2',
      '/',
      '/a/./b',
      '/a/../b',
      '/a/%2e%2E/b',
      '/a b?c d',
      "/a?b='c'",
      '/a\\b',
      '/ünïcode?q=é',
      '/a?b=/../c',
      '/%zz',
      'no-slash',
      'http://other.test:8080/p?q=1',
    ];
    for (const host of ['127.0.0.1:8080', 'EXAMPLE.test:80', 'example.test']) {
      const req = { headers: { host }, socket: {} } as unknown as IncomingMessage;
      for (const target of targets) {
        const path = /^[a-z]+:\/\//.test(target) ? new URL(target).pathname + new URL(target).search : target.startsWith('/') ? target : `/${target}`;
        assert.equal(requestUrl(req, target), new URL(path, `http://${host}`).href, `${host} ${target}`);
      }
    }
    assert.equal(requestUrl({ headers: { host: '' }, socket: {} } as unknown as IncomingMessage, '/a'), null);
  });

  test('rawHeaderValue answers what Headers.get answers for the same raw list', () => {
    const raw = ['Host', 'x', 'Cache-Control', ' no-cache ', 'cache-control', 'max-age=0', 'X-Bad', 'a\u0000b', 'Pragma', ''];
    const headers = new Headers();
    for (let i = 0; i < raw.length; i += 2) {
      try {
        headers.append(raw[i]!, raw[i + 1]!);
      } catch {
        // refused, as the adapter drops it
      }
    }
    for (const name of ['cache-control', 'pragma', 'x-bad', 'host', 'absent']) assert.equal(rawHeaderValue(raw, name), headers.get(name), name);
  });
});

describe('createKyiHandler on Node', () => {
  const sandboxOf = useSandbox();

  test('a lookup is answered once, as a deferred Response sent from its bytes; 304s too', async () => {
    const sandbox = sandboxOf();
    const kyi = createKyiHandler(defaultOptions(sandbox, [], [], { offsetMs: 0 }));
    const deferred: boolean[] = [];
    const base = await serve(async (request) => {
      const response = await kyi(request);
      deferred.push(preparedOf(response) !== undefined);
      return response;
    });
    const url = `${base}${PREFIX}/kyi/v1/tokens?caip19=${encodeURIComponent(F.pyusd.caip19)}`;
    const first = await fetch(url);
    const text = await first.text();
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-length'), String(Buffer.byteLength(text)));
    assert.equal(JSON.parse(text).kyi_verified, true);
    const etag = first.headers.get('etag')!;
    const again = await fetch(url);
    assert.equal(await again.text(), text, 'the cached answer: same bytes');
    const notModified = await fetch(url, { headers: { 'if-none-match': etag } });
    assert.equal(notModified.status, 304);
    assert.deepEqual(deferred, [true, true, true]);
    assert.equal(sandbox.stats.count('public:tokens'), 1);
  });
});

describe('cached lookups sent at once (ANSWER_NOW: no Request, Response or promise)', () => {
  const sandboxOf = useSandbox();
  /** The handler on a stopped clock: `Cache-Control` seconds do not tick between requests. */
  const handlerOf = (sandbox: ReturnType<typeof sandboxOf>) => {
    const stopped = Date.now();
    const kyi = createKyiHandler({ ...defaultOptions(sandbox, [], [], { offsetMs: 0 }), clock: { now: () => stopped, sleep: async () => {} } });
    const before = sandbox.stats.count('public:tokens');
    return { kyi, upstreamCalls: () => sandbox.stats.count('public:tokens') - before };
  };

  /** A GET with just these headers (fetch adds `Pragma: no-cache` to conditional requests). */
  const rawGet = (url: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
      const req = httpRequest(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });

  /** A server on `kyi.node` that notes, right after each listener call, whether the answer was already sent and what `writeHead` got. */
  async function serveNode(kyi: ReturnType<typeof createKyiHandler>, before?: (res: ServerResponse) => void) {
    const calls: Array<{ sentInCall: boolean; headers: unknown }> = [];
    const server = createServer((req, res) => {
      const call: { sentInCall: boolean; headers: unknown } = { sentInCall: false, headers: undefined };
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
      (res as unknown as { writeHead: (...args: unknown[]) => ServerResponse }).writeHead = (...args: unknown[]) => {
        call.headers = args[1];
        return writeHead(...args);
      };
      before?.(res);
      kyi.node(req, res);
      call.sentInCall = res.writableEnded;
      calls.push(call);
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
  }

  test('a fresh hit is sent within the listener call, from one header list made once; 304 and HEAD too', async () => {
    const { kyi, upstreamCalls } = handlerOf(sandboxOf());
    const { base, calls } = await serveNode(kyi);
    const url = `${base}${PREFIX}/kyi/v1/tokens?caip19=${encodeURIComponent(F.pyusd.caip19)}`;
    const first = await fetch(url);
    const text = await first.text();
    const again = await fetch(url);
    assert.equal(again.status, 200);
    assert.equal(await again.text(), text);
    assert.deepEqual([...again.headers].filter(([n]) => n !== 'date'), [...first.headers].filter(([n]) => n !== 'date'), 'same headers as the first answer');
    const third = await fetch(url);
    await third.text();
    const etag = first.headers.get('etag')!;
    const notModified = await rawGet(url, { 'if-none-match': `"other", ${etag}` });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.headers.etag, etag);
    assert.equal(notModified.headers['content-type'], undefined);
    assert.equal(notModified.body, '');
    const head = await fetch(url, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('etag'), etag);
    assert.equal(head.headers.get('cache-control'), first.headers.get('cache-control'));
    assert.equal(await head.text(), '');

    assert.deepEqual(calls.map((c) => c.sentInCall), [false, true, true, true, true], 'the miss waits for upstream; every hit is sent at once');
    const [, second, thirdCall] = calls;
    assert.ok(Array.isArray(second!.headers), 'one writeHead with the whole header list');
    assert.equal(second!.headers, thirdCall!.headers, 'the same header list for both hits: computed once, not per request');
    assert.equal(upstreamCalls(), 1);
  });

  test('the handler answers a seen lookup target without a Request: the same prepared answer each time', async () => {
    const { kyi, upstreamCalls } = handlerOf(sandboxOf());
    const now = (kyi as unknown as Record<symbol, AnswerNow | undefined>)[ANSWER_NOW];
    assert.equal(typeof now, 'function');
    const target = `${PREFIX}/kyi/v1/tokens?caip19=${encodeURIComponent(F.pyusd.caip19)}`;
    const none = new Headers();
    assert.equal(now!('http://x.test', target, none), undefined, 'not seen yet');
    const res = await kyi(new Request(`http://x.test${target}`));
    assert.equal(res.status, 200);
    const a = now!('http://x.test', target, none);
    const b = now!('http://other.test:8080', target, none);
    assert.ok(a);
    assert.equal(a, b, 'one prepared answer, whatever the host');
    assert.equal(a.body, await res.text());
    assert.equal(upstreamCalls(), 1);
    assert.equal(now!('http://x.test', target, new Headers({ 'cache-control': 'no-cache' })), undefined, 'no-cache goes through the handler');
    assert.equal(now!('http://x.test', target, new Headers({ pragma: 'no-cache' })), undefined);
    assert.equal(now!(`http://${'h'.repeat(4096)}.test`, target, none), undefined, 'over the URL length limit: the handler refuses it');
  });

  test('the fast path keeps what the handler would answer: no-cache, a bad Host, a long URL, headers set by middleware', async () => {
    const { kyi, upstreamCalls } = handlerOf(sandboxOf());
    const { base, calls } = await serveNode(kyi, (res) => res.setHeader('x-powered-by', 'middleware'));
    const path = `${PREFIX}/kyi/v1/tokens?caip19=${encodeURIComponent(F.pyusd.caip19)}`;
    assert.equal((await fetch(base + path)).status, 200);
    const hit = await fetch(base + path);
    assert.equal(hit.headers.get('x-powered-by'), 'middleware', 'a header set before the handler is kept');
    assert.equal(hit.headers.get('content-length'), String(Buffer.byteLength(await hit.text())));
    const fresh = await fetch(base + path, { headers: { 'cache-control': 'no-cache' } });
    assert.equal(fresh.status, 200);
    await fresh.text();
    assert.deepEqual(calls.map((c) => c.sentInCall), [false, true, false], 'no-cache goes through the handler');
    const raw = async (host: string) => (await rawGet(base + path, { host })).status;
    assert.equal(await raw('bad host'), 400, 'a Host that makes no URL is refused as before');
    assert.equal(await raw(`${'h'.repeat(4090)}.test`), 400, 'a URL over the length limit is refused as before');
    assert.equal(await raw('other.test'), 200, 'another host asking the same target gets the cached answer');
    assert.equal(upstreamCalls(), 1);
  });
});
