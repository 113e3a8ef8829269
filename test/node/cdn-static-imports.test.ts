/**
 * The single-file CDN builds (`kyi-elements.js`, `kyi-monitoring.js`) turn each `import('…')` of
 * src/ into a static import (staticImportsPlugin, scripts/lib/cdn-chunks.ts). The `import()` must
 * still resolve to the module's exports, live as a namespace's are, and without the bundler's
 * namespace helper. Built here from a two-module fixture with the CDN settings, then run.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { cdnConfig } from '../../scripts/lib/cdn-chunks.js';

let dir: string;
let code: string;
let files: string[];
let load: () => Promise<{ count: number; bump(): number; label: string }>;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kyi-static-imports-'));
  // The plugin handles modules under a src/ folder, as the kit's are.
  await mkdir(join(dir, 'src'));
  await writeFile(join(dir, 'src', 'entry.ts'), `export function load() { return import('./counter.js'); }\n`);
  await writeFile(
    join(dir, 'src', 'counter.ts'),
    `export let count = 0;\nexport function bump(): number { return ++count; }\nexport const label = 'counter';\n`,
  );
  await build(cdnConfig(join(dir, 'src', 'entry.ts'), join(dir, 'out'), 'entry.js', { output: { codeSplitting: false } }));
  files = await readdir(join(dir, 'out'));
  code = await readFile(join(dir, 'out', 'entry.js'), 'utf8');
  ({ load } = (await import(pathToFileURL(join(dir, 'out', 'entry.js')).href)) as { load: typeof load });
});
after(() => rm(dir, { recursive: true, force: true }));

describe('a dynamic import in a single-file CDN build', () => {
  it('is in the file: one file, no import() left', () => {
    assert.deepEqual(files, ['entry.js']);
    assert.doesNotMatch(code, /\bimport\(/);
  });

  it('resolves to every export of the module, live (a `let` read after it changed)', async () => {
    const module = await load();
    assert.deepEqual(Object.keys(module).sort(), ['bump', 'count', 'label']);
    assert.equal(module.label, 'counter');
    assert.equal(module.count, 0);
    assert.equal(module.bump(), 1);
    assert.equal(module.count, 1);
    assert.equal(await load().then((again) => again.count), 1);
  });

  // A namespace object needs the bundler's helper (a getter per export, defined in a loop, and
  // its Symbol.toStringTag): 55 B gzip of kyi-elements.js that an object with getters does without.
  it('builds no module namespace object', () => {
    assert.doesNotMatch(code, /Symbol\.toStringTag/);
  });
});
