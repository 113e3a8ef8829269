/**
 * How the Node adapter sends answers (src/server/node/adapter.ts):
 * Responses built from text or bytes written in one go, the handler's fresh cache hits sent
 * without a Request or Response, and light Requests that act as real ones.
 */
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { handlerParts } from '../../src/server/handler.js';
import { createKyiHandler } from '../../src/server/index.js';
import { toNodeHandler, type FetchHandler } from '../../src/server/node/adapter.js';
import { cachedAnswers } from '../../src/server/node/cached-lookups.js';
import { rawHeaderValue, requestUrl } from '../../src/server/node/request.js';
import { useSandbox } from './helpers/sandbox.js';
import { closeAfter } from './helpers/closing.js';
import { PREFIX, defaultOptions } from './helpers/server.js';

const servers: Server[] = [];
after(() => Promise.all(servers.map((s) => new Promise((r) => { s.close(r); s.closeAllConnections(); }))));

async function serve(handler: FetchHandler): Promise<string> {
  const server = createServer(toNodeHandler(handler) as (req: IncomingMessage, res: ServerResponse) => void);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}


describe('Responses the Node adapter sends from what they were built from', () => {
  const TEXT = JSON.stringify({ hello: 'wörld' });

  test('a Response built from a string: one write with Content-Length, headers as given', async () => {
    const base = await serve(async () => new Response(TEXT, { status: 201, headers: { etag: '"v1"', 'content-type': 'application/json' } }));
    const res = await fetch(`${base}/p`);
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('etag'), '"v1"');
    assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(TEXT)));
    assert.equal(res.headers.get('transfer-encoding'), null);
    assert.equal(await res.text(), TEXT);
  });

  test('a Response built from bytes: the same', async () => {
    const bytes = new TextEncoder().encode(TEXT);
    const base = await serve(async () => new Response(bytes));
    const res = await fetch(`${base}/p`);
    assert.equal(res.headers.get('content-length'), String(bytes.byteLength));
    assert.equal(await res.text(), TEXT);
  });

  test('a Response whose body the handler began to read is streamed: what is left, not the source', async () => {
    const base = await serve(async () => {
      const response = new Response('abcdef');
      const reader = response.body!.getReader();
      await reader.read(); // the whole string is one chunk: nothing is left
      reader.releaseLock();
      return response;
    });
    const res = await fetch(`${base}/p`);
    assert.equal(await res.text(), '', 'the string was read already: not sent again');
  });

  test('a clone and a changed Response are sent as they are', async () => {
    const base = await serve(async () => {
      const response = new Response(TEXT, { headers: { etag: '"v1"' } });
      response.headers.set('x-added', 'yes');
      return response.clone();
    });
    const res = await fetch(`${base}/p`);
    assert.equal(res.headers.get('x-added'), 'yes');
    assert.equal(res.headers.get('etag'), '"v1"');
    assert.equal(await res.text(), TEXT);
  });

  test('HEAD: status and headers, no body', async () => {
    const base = await serve(async () => new Response(TEXT, { status: 201, headers: { etag: '"v1"' } }));
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
  test('requestUrl gives what new URL(target, origin) gives', () => {
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

  test('a lookup through toNodeHandler is answered once, with Content-Length; 304s too', async () => {
    const sandbox = sandboxOf();
    const kyi = closeAfter(createKyiHandler(defaultOptions(sandbox, [], [], { offsetMs: 0 })));
    const base = await serve(kyi);
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
    assert.equal(sandbox.stats.count('public:tokens'), 1);
  });
});

describe('cached lookups sent at once (cachedAnswer: no Request, Response or promise)', () => {
  const sandboxOf = useSandbox();
  /** The handler on a stopped clock: `Cache-Control` seconds do not tick between requests. */
  const handlerOf = (sandbox: ReturnType<typeof sandboxOf>) => {
    const stopped = Date.now();
    const kyi = closeAfter(createKyiHandler({ ...defaultOptions(sandbox, [], [], { offsetMs: 0 }), clock: { now: () => stopped, sleep: async () => {} } }));
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

  test('cachedAnswer answers a lookup target the cache holds without a Request: the same prepared answer each time', async () => {
    const sandbox = sandboxOf();
    const stopped = Date.now();
    const parts = handlerParts({ ...defaultOptions(sandbox, [], [], { offsetMs: 0 }), clock: { now: () => stopped, sleep: async () => {} } });
    closeAfter(parts.handler);
    const now = cachedAnswers(parts);
    const before = sandbox.stats.count('public:tokens');
    const upstreamCalls = () => sandbox.stats.count('public:tokens') - before;
    const target = `${PREFIX}/kyi/v1/tokens?caip19=${encodeURIComponent(F.pyusd.caip19)}`;
    const none = new Headers();
    assert.equal(now('http://x.test', target, none), undefined, 'not cached yet');
    const res = await parts.handler(new Request(`http://x.test${target}`));
    assert.equal(res.status, 200);
    const a = now('http://x.test', target, none);
    const b = now('http://other.test:8080', target, none);
    assert.ok(a);
    assert.equal(a, b, 'one prepared answer, whatever the host');
    assert.equal(a.body, await res.text());
    assert.deepEqual(a.headers, [...res.headers], 'the headers of the handler\'s Response');
    assert.equal(upstreamCalls(), 1);
    assert.equal(now('http://x.test', target, new Headers({ 'cache-control': 'no-cache' })), undefined, 'no-cache goes through the handler');
    assert.equal(now('http://x.test', target, new Headers({ pragma: 'no-cache' })), undefined);
    assert.equal(now(`http://${'h'.repeat(4096)}.test`, target, none), undefined, 'over the URL length limit: the handler refuses it');
    // targets the handler would read otherwise are not answered from the cache
    assert.equal(now('http://x.test', target.replace('/kyi/v1/', '/kyi/./v1/'), none), undefined, 'a dot segment: refused by the handler');
    assert.equal(now('http://x.test', target.replace('tokens', 'to\tkens'), none), undefined, 'a target the URL parser rewrites (it drops a tab)');
    assert.equal(now('http://x.test', `${target}&extra=1`, none), undefined, 'a parameter the route refuses');
    assert.equal(now('http://x.test', `${PREFIX}/capabilities`, none), undefined, 'another route');
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
