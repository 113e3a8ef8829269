/**
 * The size benchmark's split of minified code by source module (bench/by-source.ts): checked on a
 * real minified build of two small modules, where what each module's code becomes is known.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { codeByModule, codeBySource, NO_SOURCE, type MappedChunk } from '../../bench/by-source.js';

let dir: string;
let chunk: MappedChunk & { fileName: string };

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kyi-by-source-'));
  await writeFile(join(dir, 'words.js'), `/** A long comment that minification drops entirely. */\nexport const WORDS = ['alpha-word', 'beta-word', 'gamma-word'];\n`);
  await writeFile(join(dir, 'main.js'), `import { WORDS } from './words.js';\nexport function shout(which) {\n  const chosenWord = WORDS[which];\n  return chosenWord.toUpperCase() + '!';\n}\n`);
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    build: {
      outDir: join(dir, 'out'),
      minify: true,
      sourcemap: 'hidden',
      lib: { entry: join(dir, 'main.js'), formats: ['es'], fileName: () => 'main.js' },
      rolldownOptions: { output: { minify: true } },
    },
  });
  chunk = (output as unknown as { output: (MappedChunk & { type: string; fileName: string })[] }[])[0]!.output.find((c) => c.type === 'chunk')!;
});
after(() => rm(dir, { recursive: true, force: true }));

describe('codeBySource (bench/by-source.ts)', () => {
  it('splits every byte of the minified code, each module\'s code to its source', () => {
    const parts = codeBySource(chunk);
    const bySource = codeByModule(chunk, join(dir, 'out'));
    assert.equal([...parts.values()].join('').length, chunk.code.length, 'nothing lost, nothing counted twice');
    const words = bySource.get(join(dir, 'words.js')) ?? '';
    const main = bySource.get(join(dir, 'main.js')) ?? '';
    for (const w of ['alpha-word', 'beta-word', 'gamma-word']) assert.ok(words.includes(w) && !main.includes(w), `${w} comes from words.js`);
    assert.match(main, /toUpperCase/);
    assert.ok(!words.includes('toUpperCase'));
    // minified: far smaller than the module as written (its comment is gone)
    assert.ok(words.length < 60, `words.js minified to ${words.length} B: ${words}`);
  });

  it('counts a chunk without a map as glue, whole', () => {
    const parts = codeBySource({ code: 'export{a as b};', map: null });
    assert.deepEqual([...parts], [[NO_SOURCE, 'export{a as b};']]);
  });
});
