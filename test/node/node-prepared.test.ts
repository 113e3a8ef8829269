/**
 * How the Node adapter sends answers the handler holds as text (src/server/prepared.ts,
 * src/server/node-request.ts): deferred Responses written from their text, real Responses
 * everywhere else, and light Requests that act as real ones.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { createKyiHandler } from '../../src/server/index.js';
import { toNodeHandler, type FetchHandler } from '../../src/server/node.js';
import { jsonPrepared, knownBody, preparedOf, preparedResponse } from '../../src/server/prepared.js';
import { PREFIX, defaultOptions, startFixtureSandbox } from './helpers/server.js';

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
  test('act as real Requests: members, body methods, clone, and a copy made from them', async () => {
    const base = await serve(async (request) => {
      const copy = new Request(request.url, { method: request.method, headers: request.headers });
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
      aborted: false,
    });
  });
});

describe('createKyiHandler on Node', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startFixtureSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  test('a lookup is answered once, as a deferred Response sent from its bytes; 304s and errors too', async () => {
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
