/**
 * The Node entry's pooled upstream client (src/server/node/pooled-client.ts): the same
 * attempt contract as the fetch attempt (timeouts over headers and body, body limits, 429s,
 * the caller's abort, network failures), over connections kept open between attempts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { pooledClient, USER_AGENT } from '../../src/server/node/pooled-client.js';
import type { UpstreamPolicy, UpstreamRequest } from '../../src/server/upstream/call.js';
import { createKyiHandler } from '../../src/server/index.js';
import { createKyiHandler as createFetchHandler } from '../../src/server/fetch.js';

type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const policy = (overrides: Partial<UpstreamPolicy> = {}): UpstreamPolicy => ({
  retries: 0,
  timeoutMs: 5000,
  baseDelayMs: 0,
  maxDelayMs: 0,
  maxWaitMs: 0,
  maxQueueMs: 0,
  maxBodyBytes: 1024,
  clock: { now: () => Date.UTC(2026, 0, 1), sleep: async () => {} },
  random: () => 0.5,
  ...overrides,
});

describe('pooled upstream client (Node)', () => {
  let server: Server;
  let base: string;
  let connections = 0;
  const routes = new Map<string, Route>();
  let onStall = () => {};
  const seen: Array<{ method: string; headers: IncomingMessage['headers']; body: string }> = [];

  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method!, headers: req.headers, body });
        const route = routes.get(new URL(req.url!, 'http://x').pathname);
        if (route) route(req, res, body);
        else res.writeHead(404).end();
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    routes.set('/json', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    routes.set('/bom', (_req, res) => res.end('\uFEFF{"ok":1}'));
    routes.set('/gzip', (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('{"zipped":true}')));
    routes.set('/gzip-bomb', (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('x'.repeat(100_000))));
    routes.set('/big-declared', (_req, res) => res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000)));
    routes.set('/big-chunked', (_req, res) => {
      res.writeHead(200);
      for (let i = 0; i < 10; i++) res.write('y'.repeat(500));
      res.end();
    });
    routes.set('/stall-headers', () => onStall());
    routes.set('/stall-body', (_req, res) => res.writeHead(200, { 'content-length': '100' }).write('partial'));
    routes.set('/limited', (_req, res) => res.writeHead(429, { 'retry-after': '7' }).end('{"message":"slow down"}'));
    routes.set('/echo', (req, res, body) => res.writeHead(201).end(JSON.stringify({ method: req.method, body })));
    routes.set('/moved', (_req, res) => res.writeHead(302, { location: '/json' }).end());
  });

  const pooled = pooledClient();
  const sendPooled = pooled.send;
  after(async () => {
    await pooled.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (path: string, p = policy(), extra: Partial<UpstreamRequest> = {}) =>
    sendPooled({ url: base + path, method: 'GET', headers: { accept: 'application/json' }, idempotent: true, ...extra }, p);

  it('answers with status, headers and text, over kept-alive connections', async () => {
    const before = connections;
    for (let i = 0; i < 10; i++) {
      const outcome = await send('/json');
      assert.equal(outcome.kind, 'response');
      if (outcome.kind !== 'response') return;
      assert.equal(outcome.status, 200);
      assert.equal(outcome.text, '{"ok":true}');
      assert.equal(outcome.headers.get('Content-Type'), 'application/json');
    }
    // undici lets a connection rest one event-loop turn after a response before reusing it,
    // so back-to-back attempts alternate between two connections: never one per attempt
    assert.ok(connections - before <= 2, `ten attempts in a row opened ${connections - before} connections`);
    assert.equal(seen.at(-1)!.headers['user-agent'], USER_AGENT);
  });

  it('drops a leading BOM and decompresses a gzip body nobody asked for', async () => {
    const bom = await send('/bom');
    assert.equal(bom.kind === 'response' && bom.text, '{"ok":1}');
    const zipped = await send('/gzip');
    assert.equal(zipped.kind === 'response' && zipped.text, '{"zipped":true}');
    assert.deepEqual(await send('/gzip-bomb'), { kind: 'too-large' }, 'the limit applies to the decompressed body');
  });

  it('refuses a body past the limit, declared or read', async () => {
    assert.deepEqual(await send('/big-declared'), { kind: 'too-large' });
    assert.deepEqual(await send('/big-chunked'), { kind: 'too-large' });
  });

  it('times out when the headers or the rest of the body do not come', async () => {
    assert.deepEqual(await send('/stall-headers', policy({ timeoutMs: 50 })), { kind: 'timeout' });
    assert.deepEqual(await send('/stall-body', policy({ timeoutMs: 50 })), { kind: 'timeout' });
  });

  it('reads a 429 as rate-limited with its Retry-After, and keeps the connection', async () => {
    // the pool's connections open and warm first (earlier tests dropped some on purpose)
    for (let i = 0; i < 4; i++) await send('/json');
    const before = connections;
    for (let i = 0; i < 3; i++) {
      assert.deepEqual(await send('/limited'), { kind: 'rate-limited', retryAfterMs: 7000 });
      assert.equal((await send('/json')).kind, 'response');
    }
    assert.equal(connections, before, 'the 429 bodies were drained, no connection dropped');
  });

  it('sends a body with its length, and does not follow redirects', async () => {
    const posted = await send('/echo', policy(), { method: 'POST', body: '{"note":"é"}', headers: { 'content-type': 'application/json' }, idempotent: false });
    assert.equal(posted.kind === 'response' && posted.text, JSON.stringify({ method: 'POST', body: '{"note":"é"}' }));
    assert.equal(seen.at(-1)!.headers['content-length'], String(Buffer.byteLength('{"note":"é"}')));
    const moved = await send('/moved');
    assert.equal(moved.kind === 'response' && moved.status, 302);
  });

  it('rejects with the reason of the caller’s signal, before or during the attempt', async () => {
    const reason = new Error('caller gave up');
    await assert.rejects(send('/json', policy(), { signal: AbortSignal.abort(reason) }), (e) => e === reason);
    const controller = new AbortController();
    const arrived = new Promise<void>((resolve) => (onStall = resolve));
    const pending = send('/stall-headers', policy(), { signal: controller.signal });
    await arrived; // the request is out, waiting for headers
    controller.abort(reason);
    await assert.rejects(pending, (e) => e === reason);
  });

  it('reports a refused connection as a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await sendPooled({ url: `http://127.0.0.1:${port}/x`, method: 'GET', headers: {}, idempotent: true }, policy());
    assert.equal(outcome.kind, 'network');
  });

  it('is what handlers from the Node entry call upstream with; the fetch-only entry uses fetch', async () => {
    routes.set('/kyi/v1/tokens', (_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"kyi_verified":false,"data":[]}'));
    const options = { publicApi: { baseUrl: base, apiKey: 'key' }, clientBudget: false as const, onError: () => {} };
    const url = (n: number) => `http://partner.test/api/kyi/kyi/v1/tokens?address=0x${n.toString(16).padStart(40, '0')}&chain_slug=ethereum`;
    const onNode = createKyiHandler(options);
    const onFetch = createFetchHandler(options);
    after(() => Promise.all([onNode.close(), onFetch.close()]));
    assert.equal((await onNode(new Request(url(1)))).status, 404);
    assert.equal(seen.at(-1)!.headers['user-agent'], USER_AGENT);
    assert.equal((await onFetch(new Request(url(2)))).status, 404);
    assert.notEqual(seen.at(-1)!.headers['user-agent'], USER_AGENT);
  });

  it('once closed, sends nothing more: an attempt fails as a network failure', async () => {
    const own = pooledClient();
    const request = { url: base + '/json', method: 'GET', headers: {}, idempotent: true };
    assert.equal((await own.send(request, policy())).kind, 'response');
    const arrived = seen.length;
    await own.close();
    const outcome = await own.send(request, policy());
    assert.equal(outcome.kind, 'network');
    assert.match(String((outcome as { cause: unknown }).cause), /closed/);
    assert.equal(seen.length, arrived, 'nothing reached the upstream');
  });
});
