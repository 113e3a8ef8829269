import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { renderApi, withApi } from '../../scripts/readme-api.js';

const run = promisify(execFile);

describe('custom-elements.json', () => {
  it('is current: regenerating it and the framework types from the JSDoc gives the committed files (run `npm run manifest`)', async () => {
    // The analyzer resolves --outdir against the working directory, so the scratch folder lives inside it.
    await mkdir('node_modules/.cache', { recursive: true });
    const dir = relative(process.cwd(), await mkdtemp(join('node_modules/.cache', 'kyi-cem-')));
    const frameworks = join(dir, 'frameworks');
    try {
      const env = { ...process.env, KYI_FRAMEWORK_TYPES_DIR: frameworks };
      await run(process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', dir], { env });
      const fresh = JSON.parse(await readFile(join(dir, 'custom-elements.json'), 'utf8'));
      const committed = JSON.parse(await readFile('custom-elements.json', 'utf8'));
      assert.deepEqual(committed, fresh, 'custom-elements.json is stale: run `npm run manifest` and commit it');
      const generated = (await readdir(frameworks)).sort();
      assert.deepEqual(generated, ['jsx-types.d.ts', 'react.ts', 'svelte-types.d.ts', 'vue-types.d.ts']);
      for (const file of generated) {
        const current = await readFile(join('src/frameworks', file), 'utf8');
        assert.equal(current, await readFile(join(frameworks, file), 'utf8'), `src/frameworks/${file} is stale: run \`npm run manifest\``);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("README's element reference is generated from the committed manifest (run `npm run manifest`)", async () => {
    const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8'));
    const readme = await readFile('README.md', 'utf8');
    assert.equal(readme, withApi(readme, renderApi(manifest)), 'README.md element reference is stale: run `npm run manifest`');
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
