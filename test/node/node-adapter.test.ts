/** `toNodeHandler` (src/server/node/adapter.ts): fetch handlers on node:http, Express/Connect style. */
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { toNodeHandler, type NodeNext } from '../../src/server/node/adapter.js';
import type { KyiRequestContext } from '../../src/server/routing.js';

const servers: Server[] = [];
after(() => Promise.all(servers.map((s) => new Promise((r) => { s.close(r); s.closeAllConnections(); }))));

async function serve(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A tiny Connect-style chain: runs `middleware` then a final 404 responder, recording `next` calls. */
function chain(middleware: (req: IncomingMessage, res: ServerResponse, next: NodeNext) => void, log: unknown[] = []) {
  return (req: IncomingMessage, res: ServerResponse) =>
    middleware(req, res, (err?: unknown) => {
      log.push(err ?? 'next');
      res.statusCode = err ? 599 : 404;
      res.end(err ? `error: ${(err as Error).message}` : 'fell through');
    });
}

const echo = async (request: Request) =>
  Response.json({
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    body: request.body ? await request.text() : null,
  });

describe('toNodeHandler', () => {
  test('builds the Request from method, Host and path, and answers with status, headers and body', async () => {
    const base = await serve(toNodeHandler(echo));
    const res = await fetch(`${base}/a/b?x=1&y=2`, { headers: { 'x-test': 'yes' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    const body = await res.json();
    assert.equal(body.method, 'GET');
    assert.equal(body.url, `${base}/a/b?x=1&y=2`);
    assert.equal(body.headers['x-test'], 'yes');
    assert.equal(body.body, null);
  });

  test('passes a POST body through as a stream', async () => {
    const base = await serve(toNodeHandler(echo));
    const res = await fetch(`${base}/p`, { method: 'POST', body: JSON.stringify({ a: 1 }), headers: { 'content-type': 'application/json' } });
    const body = await res.json();
    assert.equal(body.method, 'POST');
    assert.equal(body.body, '{"a":1}');
  });

  test('a body over maxBodyBytes (declared length) → 413', async () => {
    const base = await serve(toNodeHandler(echo, { maxBodyBytes: 10 }));
    const res = await fetch(`${base}/p`, { method: 'POST', body: 'x'.repeat(11) });
    assert.equal(res.status, 413);
    assert.equal((await res.json()).code, 'payload_too_large');
  });

  test('a chunked body over maxBodyBytes → 413', async () => {
    const base = await serve(toNodeHandler(echo, { maxBodyBytes: 10 }));
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${base}/p`, { method: 'POST', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.write('x'.repeat(8));
      req.end('y'.repeat(8));
    });
    assert.equal(status, 413);
  });

  test('a body that stops arriving gets 408 request_timeout after bodyTimeoutMs, without calling the handler', async () => {
    let calls = 0;
    const base = await serve(toNodeHandler(async (request) => (calls++, echo(request)), { bodyTimeoutMs: 100 }));
    const answer = await new Promise<{ status: number; connection?: string; code: string }>((resolve, reject) => {
      const req = httpRequest(`${base}/p`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '10' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, code: JSON.parse(text).code }));
      });
      req.on('error', reject);
      req.write('{"a"'); // and nothing more
    });
    assert.deepEqual(answer, { status: 408, connection: 'close', code: 'request_timeout' });
    assert.equal(calls, 0);
  });

  test('repeated response headers (Set-Cookie) each reach the client', async () => {
    const base = await serve(
      toNodeHandler(async () => {
        const h = new Headers();
        h.append('set-cookie', 'a=1; Path=/');
        h.append('set-cookie', 'b=2; Path=/');
        return new Response('ok', { headers: h });
      }),
    );
    const res = await fetch(base);
    assert.deepEqual(res.headers.getSetCookie(), ['a=1; Path=/', 'b=2; Path=/']);
  });

  test('streams a response body chunk by chunk', async () => {
    const base = await serve(
      toNodeHandler(async () => {
        const enc = new TextEncoder();
        let i = 0;
        const stream = new ReadableStream<Uint8Array>({
          pull(c) {
            if (i < 3) c.enqueue(enc.encode(`chunk${i++};`));
            else c.close();
          },
        });
        return new Response(stream, { status: 201, headers: { 'content-type': 'text/plain' } });
      }),
    );
    const res = await fetch(base);
    assert.equal(res.status, 201);
    assert.equal(await res.text(), 'chunk0;chunk1;chunk2;');
  });

  test('HEAD answers with headers and no body', async () => {
    const base = await serve(toNodeHandler(async () => new Response('hello', { headers: { 'x-a': '1' } })));
    const res = await fetch(base, { method: 'HEAD' });
    assert.equal(res.headers.get('x-a'), '1');
    assert.equal(await res.text(), '');
  });

  test('prefix: paths outside it call next(); paths inside it are handled', async () => {
    const log: unknown[] = [];
    const base = await serve(chain(toNodeHandler(echo, { prefix: '/api/kyi' }), log));
    assert.equal((await fetch(`${base}/other`)).status, 404);
    assert.equal((await fetch(`${base}/api/kyiX`)).status, 404, '/api/kyiX is not under /api/kyi');
    assert.deepEqual(log, ['next', 'next']);
    assert.equal((await fetch(`${base}/api/kyi/lookup`)).status, 200);
    assert.equal((await fetch(`${base}/api/kyi`)).status, 200);
    assert.equal((await fetch(`${base}/api/kyi?x=/y`)).status, 200, 'the prefix itself with a query');
    assert.deepEqual(log, ['next', 'next']);
  });

  test('prefix without next: outside paths get 404 {code:"not_found"}', async () => {
    const base = await serve(toNodeHandler(echo, { prefix: '/api/kyi/' }));
    const res = await fetch(`${base}/x`);
    assert.equal(res.status, 404);
    assert.equal((await res.json()).code, 'not_found');
  });

  test('Express mount: originalUrl (full path) is used when set', async () => {
    const handler = toNodeHandler(echo, { prefix: '/api/kyi' });
    const base = await serve((req, res) => {
      // What Express does under app.use('/api/kyi', handler): strip the mount path from req.url.
      (req as IncomingMessage & { originalUrl: string }).originalUrl = req.url!;
      req.url = req.url!.slice('/api/kyi'.length) || '/';
      handler(req, res, () => res.end('next'));
    });
    const body = await (await fetch(`${base}/api/kyi/lookup?a=1`)).json();
    assert.equal(body.url, `${base}/api/kyi/lookup?a=1`);
  });

  test('a body already parsed by body-parser (req.body) is passed on as JSON', async () => {
    const handler = toNodeHandler(echo);
    const base = await serve((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        (req as IncomingMessage & { body: unknown }).body = JSON.parse(raw);
        handler(req, res);
      });
    });
    const body = await (await fetch(base, { method: 'POST', body: '{"k":"v"}', headers: { 'content-type': 'application/json' } })).json();
    assert.equal(body.body, '{"k":"v"}');
  });

  test('a handler error goes to next(err) when there is a next', async () => {
    const log: unknown[] = [];
    const base = await serve(
      chain(
        toNodeHandler(async () => {
          throw new Error('boom');
        }),
        log,
      ),
    );
    const res = await fetch(base);
    assert.equal(res.status, 599);
    assert.equal((log[0] as Error).message, 'boom');
  });

  test('a handler error without next → 500 {code:"internal_error",message}', async () => {
    const base = await serve(
      toNodeHandler(async () => {
        throw new Error('secret detail');
      }),
    );
    const res = await fetch(base);
    assert.equal(res.status, 500);
    const body = await res.json();
    assert.equal(body.code, 'internal_error');
    assert.equal(typeof body.message, 'string');
    assert.doesNotMatch(body.message, /secret detail/);
  });

  test("the Request's signal aborts when the client goes away", async () => {
    let aborted!: () => void;
    const sawAbort = new Promise<void>((r) => (aborted = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const base = await serve(
      toNodeHandler(
        (request) =>
          new Promise<Response>((resolve) => {
            request.signal.addEventListener('abort', () => {
              aborted();
              resolve(new Response('late'));
            });
            started();
          }),
      ),
    );
    const controller = new AbortController();
    const pending = fetch(base, { signal: controller.signal }).catch(() => 'aborted');
    await running;
    controller.abort();
    await sawAbort;
    assert.equal(await pending, 'aborted');
  });

  test('the handler gets the Node request, response and peer address as its second argument', async () => {
    const base = await serve((req, res) => {
      (req as IncomingMessage & { session?: { userId: string } }).session = { userId: 'u-1' }; // a session middleware
      toNodeHandler(async (_request, context) => {
        const { node, clientAddress } = context as KyiRequestContext<IncomingMessage & { session?: { userId: string } }, ServerResponse>;
        return Response.json({ user: node?.req.session?.userId ?? null, sameRes: node?.res === res, clientAddress });
      })(req, res);
    });
    assert.deepEqual(await (await fetch(base)).json(), { user: 'u-1', sameRes: true, clientAddress: '127.0.0.1' });
  });
});
