/**
 * The fetch-only server entry imports no Node built-in, directly or through any module or
 * dependency it pulls in; the Node entry does (the adapter, `FileStore`), which shows the
 * scan finds them. The packed package's export conditions are exercised in `edge-workerd.test.ts`.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { bundleForEdge } from './helpers/edge-bundle.js';

describe('fetch-only server entry', () => {
  it('has no node: import anywhere in its module graph', async () => {
    const { nodeImports, code } = await bundleForEdge('src/server/fetch.ts');
    assert.deepEqual(nodeImports, []);
    assert.match(code, /createKyiHandler/);
  });

  it('the scan finds the Node entry’s built-ins (so it would find a stray one)', async () => {
    const { nodeImports } = await bundleForEdge('src/server/index.ts');
    const specifiers = nodeImports.map((i) => i.split(' → ')[1]);
    for (const s of ['node:events', 'node:fs/promises', 'node:crypto', 'node:path']) assert.ok(specifiers.includes(s), s);
  });

  it('package.json sends every edge condition of ./server to the fetch-only build, Node to the full one', async () => {
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { exports: Record<string, Record<string, unknown>> };
    const server = pkg.exports['./server']!;
    const keys = Object.keys(server);
    for (const condition of ['workerd', 'worker', 'edge-light', 'browser']) {
      assert.deepEqual(server[condition], { types: './dist/types/server/fetch.d.ts', import: './dist/server-fetch.js', default: './dist/server-fetch.js' }, condition);
      assert.ok(keys.indexOf(condition) < keys.indexOf('import'), `${condition} comes before the generic import`);
    }
    assert.deepEqual(server['node'], { types: './dist/types/server/index.d.ts', import: './dist/server.js', default: './dist/server.js' });
    assert.equal(keys[0], 'node');
  });
});
