/**
 * The fetch-only server entry (the handler, assets pages, pollers…) imports no Node built-in, directly or through any module or
 * dependency it pulls in; the Node entry does (the adapter, `FileStore`), which shows the
 * scan finds them. The exports map sends edge bundlers to the fetch-only build and gives
 * them no way at all into `./server/postgres` (Node only: `pg`), checked with esbuild's own
 * resolution. The packed package's export conditions are exercised in `edge-workerd.test.ts`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bundleForEdge, EDGE_CONDITIONS } from './helpers/edge-bundle.js';

type ExportTarget = string | null | { [condition: string]: ExportTarget };
const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { exports: Record<string, ExportTarget> };

/** Every file an exports-map target names, under any (nested) condition. */
const targetFiles = (target: ExportTarget): string[] =>
  target === null ? [] : typeof target === 'string' ? [target] : Object.values(target).flatMap(targetFiles);

describe('fetch-only server entry', () => {
  it('has no node: import anywhere in its module graph', async () => {
    const { nodeImports, code } = await bundleForEdge('src/server/fetch.ts');
    assert.deepEqual(nodeImports, []);
    for (const name of ['createKyiHandler', 'assetPages', 'pollTokenomics']) assert.match(code, new RegExp(name), `${name} is in the graph scanned`);
  });

  it('the scan finds the Node entry’s built-ins (so it would find a stray one)', async () => {
    const { nodeImports } = await bundleForEdge('src/server/index.ts');
    const specifiers = nodeImports.map((i) => i.split(' → ')[1]);
    for (const s of ['node:events', 'node:fs/promises', 'node:crypto', 'node:path']) assert.ok(specifiers.includes(s), s);
    // the pooled upstream client's undici is there too: Node only, never in an edge bundle (the test above)
    assert.ok(nodeImports.some((i) => i.includes('/node_modules/undici/')), 'undici in the Node entry');
  });

  it('the scan uses every edge condition the package answers', () => {
    for (const condition of ['workerd', 'worker', 'edge-light', 'browser']) assert.ok(EDGE_CONDITIONS.includes(condition), condition);
  });

  it('package.json sends every edge condition of ./server to the fetch-only build, Node to the full one', async () => {
    const server = pkg.exports['./server'] as Record<string, unknown>;
    const keys = Object.keys(server);
    for (const condition of ['workerd', 'worker', 'edge-light', 'browser']) {
      assert.deepEqual(server[condition], { types: './dist/types/server/fetch.d.ts', import: './dist/server-fetch.js', default: './dist/server-fetch.js' }, condition);
      assert.ok(keys.indexOf(condition) < keys.indexOf('import'), `${condition} comes before the generic import`);
    }
    assert.deepEqual(server['node'], { types: './dist/types/server/index.d.ts', import: './dist/server.js', default: './dist/server.js' });
    assert.equal(keys[0], 'node');
  });

  it('package.json offers ./server/postgres under node only (types for TypeScript, no JS fallback)', () => {
    const postgres = pkg.exports['./server/postgres'] as Record<string, unknown>;
    assert.deepEqual(postgres, {
      node: { types: './dist/types/server/postgres/index.d.ts', import: './dist/server-postgres.js', default: './dist/server-postgres.js' },
      types: './dist/types/server/postgres/index.d.ts',
    });
  });
});

describe('what a bundler resolves from the exports map (esbuild, on a stub of the package)', () => {
  let dir: string;
  let entries = 0;
  before(async () => {
    // The real package.json over stub modules that name their own path: esbuild's resolution
    // shows which file each condition set picks, without a build of dist.
    dir = await mkdtemp(join(tmpdir(), 'kyi-exports-'));
    const root = join(dir, 'node_modules', 'kyi-elements');
    for (const file of new Set(Object.values(pkg.exports).flatMap(targetFiles))) {
      if (!file.endsWith('.js')) continue;
      await mkdir(join(root, dirname(file)), { recursive: true });
      await writeFile(join(root, file), `export const target = ${JSON.stringify(file)};\n`);
    }
    await writeFile(join(root, 'package.json'), await readFile('package.json', 'utf8'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The file `specifier` resolves to under `conditions`, or `null` when the bundler cannot resolve it. */
  async function resolved(specifier: string, conditions: string[]): Promise<string | null> {
    const entry = `./entry-${++entries}.js`;
    await writeFile(join(dir, entry), `export { target } from ${JSON.stringify(specifier)};\n`);
    try {
      const { code } = await bundleForEdge(entry, { cwd: dir, conditions });
      return /target = "([^"]+)"/.exec(code)![1]!;
    } catch (error) {
      assert.match(String((error as { errors?: { text: string }[] }).errors?.[0]?.text), /Could not resolve/, String(error));
      return null;
    }
  }

  const edgeSets = [...EDGE_CONDITIONS.map((c) => [c]), EDGE_CONDITIONS];
  for (const conditions of edgeSets) {
    it(`under ${conditions.join(' + ')}: ./server is the fetch-only build, ./server/postgres does not resolve`, async () => {
      assert.equal(await resolved('kyi-elements/server', conditions), './dist/server-fetch.js');
      assert.equal(await resolved('kyi-elements/server/postgres', conditions), null, 'an edge bundle must not pull in pg');
    });
  }

  it('under no platform condition (import/default only) ./server/postgres does not resolve either', async () => {
    assert.equal(await resolved('kyi-elements/server/postgres', []), null);
  });

  it('under node: the full ./server and ./server/postgres', async () => {
    assert.equal(await resolved('kyi-elements/server', ['node']), './dist/server.js');
    assert.equal(await resolved('kyi-elements/server/postgres', ['node']), './dist/server-postgres.js');
  });
});
