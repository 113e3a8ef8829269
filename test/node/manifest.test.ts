import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { analyzeToScratch, filesUnder, FRAMEWORK_FILES } from '../../scripts/manifest/frameworks.mjs';

const run = promisify(execFile);

// One analyzer run (several seconds) serves every test below: the manifest and the framework files it gives.
let scratch: string;
before(async () => {
  scratch = await analyzeToScratch();
});
after(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('custom-elements.json', () => {
  it('is current: regenerating it from the JSDoc gives the committed file (run `npm run manifest`)', async () => {
    const fresh = JSON.parse(await readFile(join(scratch, 'custom-elements.json'), 'utf8'));
    const committed = JSON.parse(await readFile('custom-elements.json', 'utf8'));
    assert.deepEqual(committed, fresh, 'custom-elements.json is stale: run `npm run manifest` and commit it');
  });

  it('describes every element of the kit with its tag', async () => {
    const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8')) as {
      modules: { declarations?: { tagName?: string }[] }[];
    };
    const tags = manifest.modules.flatMap((m) => m.declarations ?? []).map((d) => d.tagName).filter(Boolean).sort();
    assert.deepEqual(tags, [
      'kyi-asset-card',
      'kyi-badge',
      'kyi-change-feed',
      'kyi-notifications',
      'kyi-token-status',
      'kyi-verify-button',
      'kyi-watchlist',
    ]);
  });

  it('describes what ships: modules of the build named in the exports map, and which module registers each tag', async () => {
    const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8')) as Manifest;
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { exports: Record<string, { import?: string }> };
    const shipped = new Set(Object.values(pkg.exports).map((e) => e.import?.replace(/^\.\//, '')));
    for (const m of manifest.modules) assert.ok(shipped.has(m.path), `${m.path} is an entry of the exports map`);
    assert.doesNotMatch(JSON.stringify(manifest), /"src\//, 'no reference to a source module');
    const definitions = (path: string) => manifest.modules.find((m) => m.path === path)?.exports?.filter((e) => e.kind === 'custom-element-definition') ?? [];
    for (const d of elements(manifest)) {
      // Each element's own entry (kyi-elements/badge → dist/badge.js) declares its class and registers its tag alone.
      const own = `dist/${d.tagName!.slice('kyi-'.length)}.js`;
      assert.deepEqual(definitions(own), [{ kind: 'custom-element-definition', name: d.tagName, declaration: { name: d.name, module: own } }]);
      assert.ok(manifest.modules.find((m) => m.path === own)!.declarations!.includes(d), `${d.name} is declared in ${own}`);
      assert.ok(definitions('dist/define.js').some((e) => e.name === d.tagName && e.declaration.module === own), `dist/define.js registers ${d.tagName}`);
      assert.ok(manifest.modules.find((m) => m.path === 'dist/index.js')!.exports!.some((e) => e.name === d.name && e.declaration.module === own));
    }
    assert.deepEqual(definitions('dist/index.js'), [], 'the package root registers nothing');
    const declared = manifest.modules.flatMap((m) => m.declarations ?? []).map((d) => d.name);
    assert.equal(new Set(declared).size, declared.length, 'each declaration lives in one module');
  });

  it('lists public API only: no private, protected, # or _ member, and no attribute of internal state', async () => {
    const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8')) as Manifest;
    for (const d of manifest.modules.flatMap((m) => m.declarations ?? [])) {
      for (const m of d.members ?? []) {
        assert.ok(m.privacy !== 'private' && m.privacy !== 'protected' && !/^[_#]/.test(m.name), `${d.name}.${m.name} is not public`);
      }
      for (const a of d.attributes ?? []) assert.ok(!/^_/.test(a.fieldName ?? a.name), `${d.name} lists attribute ${a.name}`);
    }
    const button = elements(manifest).find((d) => d.tagName === 'kyi-verify-button')!;
    // No proxy-url: where the button's token comes from is configuration, never markup.
    assert.deepEqual(button.attributes!.map((a) => a.name), ['scope', 'mode', 'prefetch', 'disabled', 'ready-timeout']);
  });

  it('shows defaults as values, not as the names of constants', async () => {
    const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8')) as Manifest;
    for (const d of elements(manifest)) {
      for (const item of [...(d.attributes ?? []), ...(d.members ?? [])]) {
        if (item.default === undefined) continue;
        assert.doesNotMatch(item.default, /^(?!true$|false$|null$|undefined$)[A-Za-z_$][\w$]*$|^\d+_\d/, `${d.tagName} ${item.name}: default ${item.default}`);
      }
    }
    const button = elements(manifest).find((d) => d.tagName === 'kyi-verify-button')!;
    assert.equal(button.attributes!.find((a) => a.name === 'ready-timeout')!.default, '20000');
  });

  it('gives every event its detail type', async () => {
    const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8')) as Manifest;
    for (const d of elements(manifest)) for (const e of d.events ?? []) assert.match(e.type?.text ?? '', /^Kyi\w+Detail$/, `${d.tagName} ${e.name}`);
  });
});

describe('framework types and React wrappers (src/frameworks/: build output)', () => {
  it('are generated as four files and one React wrapper per element, and src/frameworks/ holds them as the current JSDoc gives them (npm test makes them anew)', async () => {
    const generated = await filesUnder(join(scratch, 'frameworks'));
    const manifest = JSON.parse(await readFile(join(scratch, 'custom-elements.json'), 'utf8')) as Manifest;
    const wrappers = elements(manifest).map((d) => `react/${d.tagName!.replace(/^kyi-/, '')}.ts`);
    assert.deepEqual(generated, [...FRAMEWORK_FILES, ...wrappers].sort());
    for (const file of generated) {
      const current = await readFile(join('src/frameworks', file), 'utf8').catch(() => undefined);
      assert.equal(current, await readFile(join(scratch, 'frameworks', file), 'utf8'), `src/frameworks/${file} is stale: run \`npm run manifest\` (npm test makes it anew)`);
    }
  });

  it('are not tracked: git ignores them, so the only source is the JSDoc', async () => {
    // src/frameworks/ also holds the hand-written bindings (jsx.ts, vue.ts, svelte.ts), which are tracked
    const { stdout: tracked } = await run('git', ['ls-files', '--', ...FRAMEWORK_FILES.map((f) => `src/frameworks/${f}`), 'src/frameworks/react']);
    assert.equal(tracked, '', 'src/frameworks/ generated files are build output: `git rm --cached` them');
    for (const file of [...FRAMEWORK_FILES, 'react/token-status.ts']) {
      const ignored = await run('git', ['check-ignore', '--quiet', '--no-index', `src/frameworks/${file}`]).then(() => true, () => false);
      assert.ok(ignored, `.gitignore covers src/frameworks/${file}`);
    }
  });

  it('type-check as a consumer that checks libraries sees them (skipLibCheck: false), with every tag in each framework', async () => {
    const manifest = JSON.parse(await readFile(join(scratch, 'custom-elements.json'), 'utf8')) as Manifest;
    const tags = elements(manifest).map((d) => `'${d.tagName}'`);
    assert.ok(tags.length > 0);
    // The generated files import the kit from `../entries/index.js`, and the React wrappers each element's entry
    // (`../../entries/<name>.js`, its events too): the scratch folder (.cache/kyi-cem-…) re-exports src/.
    await mkdir(join(scratch, 'entries'));
    await writeFile(join(scratch, 'entries', 'index.ts'), `export * from '../../../src/entries/index.js';\n`);
    for (const d of elements(manifest)) {
      const name = d.tagName!.replace(/^kyi-/, '');
      await writeFile(join(scratch, 'entries', `${name}.ts`), `export * from '../../../src/entries/${name}.js';\n`);
    }
    await writeFile(
      join(scratch, 'check.ts'),
      [
        `import type { CustomElements as Jsx } from './frameworks/jsx-types.js';`,
        `import type { CustomElements as Vue } from './frameworks/vue-types.js';`,
        `import type { CustomElements as Svelte } from './frameworks/svelte-types.js';`,
        `import * as react from './frameworks/react.js';`,
        `type Tag = ${tags.join(' | ')};`,
        // Each line fails to compile when a framework lacks a tag of the manifest.
        `export const jsx: Record<Tag, unknown> = {} as Pick<Jsx, Tag>;`,
        `export const vue: Record<Tag, unknown> = {} as Pick<Vue, Tag>;`,
        `export const svelte: Record<Tag, unknown> = {} as Pick<Svelte, Tag>;`,
        `export const wrappers = [${elements(manifest).map((d) => `react.${d.name}`).join(', ')}];`,
        '',
      ].join('\n'),
    );
    await writeFile(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../tsconfig.json',
        compilerOptions: { skipLibCheck: false, noEmit: true, types: [] },
        include: ['check.ts', 'frameworks'],
        exclude: [],
      }),
    );
    const checked = await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', join(scratch, 'tsconfig.json')], { maxBuffer: 16 * 1024 * 1024 }).then(
      () => '',
      (e: { stdout: string; stderr: string }) => `${e.stdout}${e.stderr}` || 'tsc failed',
    );
    assert.equal(checked, '');
  });
});

interface Item {
  name: string;
  fieldName?: string;
  privacy?: string;
  default?: string;
  type?: { text: string };
}
interface Declaration {
  name: string;
  tagName?: string;
  attributes?: Item[];
  members?: Item[];
  events?: Item[];
}
interface Manifest {
  modules: { path: string; declarations?: Declaration[]; exports?: { kind: string; name: string; declaration: { name: string; module?: string } }[] }[];
}
const elements = (manifest: Manifest) => manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName);
