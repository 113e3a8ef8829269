/**
 * How the Node adapter sends answers the handler holds as text (src/server/prepared.ts,
 * src/server/node-request.ts): deferred Responses written from their text, real Responses
 * everywhere else, and light Requests that act as real ones.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { createKyiHandler } from '../../src/server/index.js';
import { toNodeHandler, type FetchHandler } from '../../src/server/node.js';
import { rawHeaderValue, requestUrl } from '../../src/server/node-request.js';
import { jsonPrepared, knownBody, preparedOf, preparedResponse } from '../../src/server/prepared.js';
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
