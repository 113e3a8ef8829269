/**
 * The OpenAPI documents: generated from the contract and committed (stale files fail here;
 * `npm run openapi` rewrites them), valid OpenAPI 3.1 for a real validator, and the
 * response check every node test runs (helpers/openapi-check.ts) catches a mismatch.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import { OPENAPI_DOCUMENTS } from '../../scripts/lib/openapi/index.js';
import { EXPLORER_ROUTES } from '../../src/server/explorer/routes.js';
import { checkProxyAt, checkResponse, takeProblems } from './helpers/openapi-check.js';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const SANDBOX = { 'x-kyi-sandbox': '1' };

describe('OpenAPI documents', () => {
  for (const [file, build] of Object.entries(OPENAPI_DOCUMENTS)) {
    it(`${file} is current (run \`npm run openapi\` after changing the contract)`, async () => {
      assert.equal(await readFile(file, 'utf8'), JSON.stringify(build(), null, 2) + '\n');
    });

    it(`${file} is valid OpenAPI 3.1`, async () => {
      const api = (await SwaggerParser.validate(file)) as { openapi: string; paths: Record<string, unknown> };
      assert.equal(api.openapi, '3.1.0');
      for (const route of EXPLORER_ROUTES) {
        const path = '/explorer' + route.pattern.replace(/:(\w+)/g, '{$1}');
        assert.ok((api.paths[path] as Record<string, unknown> | undefined)?.[route.method.toLowerCase()], `${route.method} ${path}`);
      }
    });
  }

  it('the proxy document has the server piece’s own routes and its one error shape', async () => {
    const doc = JSON.parse(await readFile('openapi/proxy.json', 'utf8'));
    for (const [path, method] of [['/lookup', 'post'], ['/token', 'post'], ['/capabilities', 'get'], ['/kyi/v1/tokens', 'get']])
      assert.ok(doc.paths[path][method], `${method} ${path}`);
    assert.deepEqual(doc.components.schemas.KitError.required, ['code', 'message']);
    assert.equal(doc.paths['/token'].post.responses.default.content['application/json'].schema.$ref, '#/components/schemas/KitError');
  });
});

describe('the response check of the node tests', () => {
  it('passes answers that match, and names what is wrong in those that do not', async () => {
    const sandbox = new URL('http://127.0.0.1:1/explorer/me/notifications');
    checkResponse('GET', sandbox, json({ items: [], unread: 0 }, 200, SANDBOX));
    checkResponse('GET', sandbox, json({ code: 'api_key_invalid', message: 'No' }, 401, SANDBOX));
    assert.deepEqual(await takeProblems(), []);

    checkResponse('GET', sandbox, json({ items: 'none' }, 200, SANDBOX));
    checkResponse('GET', new URL('http://127.0.0.1:1/kyi/v1/tokens'), new Response('<html>', { status: 200, headers: { 'content-type': 'text/html', ...SANDBOX } }));
    const problems = await takeProblems();
    assert.equal(problems.length, 2);
    assert.match(problems[0]!, /GET \/explorer\/me\/notifications → 200 .*body does not match/);
    assert.match(problems[1]!, /content type "text\/html" not in the document/);
  });

  it('checks a mounted server piece against the proxy document, and skips what it does not know', async () => {
    checkProxyAt('http://127.0.0.1:2', '/api/kyi');
    checkResponse('POST', new URL('http://127.0.0.1:2/api/kyi/token'), json({ token: 'x' }, 200));
    checkResponse('GET', new URL('http://127.0.0.1:2/api/kyi/capabilities'), json({ explorer: true, explorerWrites: false, widget: true }));
    // not a sandbox (no header), not a registered proxy: a stand-in upstream may answer anything
    checkResponse('GET', new URL('http://127.0.0.1:3/kyi/v1/tokens'), json('garbage'));
    // a body the sandbox cut on purpose
    checkResponse('GET', new URL('http://127.0.0.1:1/kyi/v1/tokens'), new Response('{"', { headers: { ...SANDBOX, 'x-kyi-sandbox-fault': 'malformed', 'content-type': 'application/json' } }));
    const problems = await takeProblems();
    assert.deepEqual(problems.length, 1);
    assert.match(problems[0]!, /POST \/token → 200 .*must have required property 'accessToken'/);
  });
});
