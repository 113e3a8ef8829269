#!/usr/bin/env node
/**
 * The framework types and React wrappers (src/frameworks/: jsx-types.d.ts, vue-types.d.ts,
 * svelte-types.d.ts, react.ts and react/<element>.ts), generated from the elements' JSDoc. They are build output, not
 * tracked: `npm test`, `npm start`, `npm run build`, `npm run typecheck` and `npm run api` run this
 * first, so nothing ever type-checks or builds against files made from older JSDoc. No install
 * script runs it: the published package.json has none (npm warns about them on every install).
 *
 * Only these files are written: the analyzer's manifest goes to a scratch folder, so the committed
 * custom-elements.json changes only through `npm run manifest` (the docs' element pages follow from it).
 * A file whose text is unchanged is not rewritten (no needless rebuild in a watching dev server).
 *
 *   node scripts/manifest/frameworks.mjs [out-dir]     (default src/frameworks)
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** What the analyzer writes beside the manifest (custom-elements-manifest.config.mjs), besides one `react/<element>.ts` per element. */
export const FRAMEWORK_FILES = ['jsx-types.d.ts', 'react.ts', 'svelte-types.d.ts', 'vue-types.d.ts'];

/**
 * Every file under `dir`, as paths relative to it with `/` separators, sorted.
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
export async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)).split(sep).join('/'))
    .sort();
}

/**
 * Runs the analyzer with the project's config into a new scratch folder under
 * .cache/ (git-ignored): `custom-elements.json` and `frameworks/` (the files above). The caller
 * removes the folder.
 * @returns {Promise<string>} the folder, absolute
 */
export async function analyzeToScratch() {
  const cache = join(root, '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(join(cache, 'kyi-cem-'));
  // The analyzer resolves --outdir, and the config its output folders, against the working directory.
  const outdir = relative(root, dir);
  const env = { ...process.env, KYI_FRAMEWORK_TYPES_DIR: join(outdir, 'frameworks') };
  const cem = join(root, 'node_modules', '@custom-elements-manifest', 'analyzer', 'cem.js');
  try {
    await run(process.execPath, [cem, 'analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', outdir], {
      cwd: root,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`custom elements analyzer failed:\n${error.stderr || error.stdout || error.message}`);
  }
  return dir;
}

/**
 * Writes the framework files to `outDir` (relative to the project root); resolves to the names
 * of the files whose text changed.
 * @param {string} [outDir]
 * @returns {Promise<string[]>}
 */
export async function generateFrameworks(outDir = 'src/frameworks') {
  const target = resolve(root, outDir);
  const dir = await analyzeToScratch();
  try {
    await mkdir(target, { recursive: true });
    const changed = [];
    const generated = await filesUnder(join(dir, 'frameworks'));
    for (const file of generated) {
      const text = await readFile(join(dir, 'frameworks', file), 'utf8');
      const current = await readFile(join(target, file), 'utf8').catch(() => undefined);
      if (current === text) continue;
      await mkdir(dirname(join(target, file)), { recursive: true });
      await writeFile(join(target, file), text);
      changed.push(file);
    }
    // a wrapper of an element that no longer exists is left from older JSDoc
    for (const file of await filesUnder(join(target, 'react'))) {
      if (generated.includes(`react/${file}`)) continue;
      await rm(join(target, 'react', file));
      changed.push(`react/${file} (removed)`);
    }
    return changed;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ?? 'src/frameworks';
  const changed = await generateFrameworks(outDir);
  console.log(`kyi-elements: ${outDir}/ generated from the elements' JSDoc (${changed.length ? `written: ${changed.join(', ')}` : 'unchanged'})`);
}
