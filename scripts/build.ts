/**
 * `npm run build`:
 *   dist/*.js            npm entries (vite.config.ts: index, define, widget, server, sandbox, jsx, locales, react,
 *                        one per element, dist/react/<element>.js one React wrapper per element; deps external)
 *   dist/bin/*.js        the `kyi-sandbox` command (package.json `bin`)
 *   dist/cdn/*.js        minified CDN modules (Lit bundled in): kyi-elements.js (its session code in
 *                        dist/cdn/chunks/kyi-elements.session-code.js, pinned by it), kyi-monitoring.js,
 *                        the autoloader (dist/cdn/kyi-autoloader.js + dist/cdn/chunks/, one chunk per element,
 *                        and the display file: the display elements' chunks as one, chunks/display.js), and
 *                        dist/cdn/integrity.json: the sha384 SRI value of each (printed too)
 *   dist/server-render-edge.js  kyi-elements/server/render for edge runtimes (Lit's server builds and parse5 inside)
 *   dist/types/**        type declarations (tsc, plus the framework types in src/frameworks/*.d.ts)
 */
import { build } from 'vite';
import { execFileSync } from 'node:child_process';
import { cp, readdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildCdnFile } from './lib/cdn-chunks.js';
import { INTEGRITY_FILE, writeCdnIntegrity } from './lib/integrity.js';
import { kitPlugins } from './lib/kit-plugins.js';

const src = (p: string) => fileURLToPath(new URL(`../src/${p}`, import.meta.url));

// Clear the previous library output only: dist/ also holds the demo and test builds.
const previous = await readdir('dist').catch(() => [] as string[]);
await Promise.all(
  previous
    .filter((f) => /\.(js|map)$/.test(f) || ['chunks', 'types', 'cdn', 'locales', 'bin', 'react'].includes(f))
    .map((f) => rm(`dist/${f}`, { recursive: true, force: true })),
);

await build({ configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)) });

// `kyi-elements/server/render` on edge runtimes (workerd, worker, edge-light): one self-contained
// file with Lit's server builds (the reactive base and its DOM shim) and parse5 inside. Edge
// bundlers resolve Lit's browser build, which needs a document; the server builds need none, and
// no Node built-in either.
await build({
  configFile: false,
  logLevel: 'warn',
  plugins: kitPlugins(),
  resolve: { conditions: ['node', 'import', 'module', 'default'] },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    minify: false,
    sourcemap: false,
    lib: { entry: { 'server-render-edge': src('render/index.ts') }, formats: ['es'] },
    rollupOptions: { external: [/^node:/], output: { codeSplitting: false } },
  },
});

// The CDN files (cdnFileConfig): kyi-elements.js (every display element; the verify button's session
// code in a chunk beside it, pinned by it), kyi-monitoring.js (every monitoring element) and the
// autoloader, a small script that loads each element's chunk when its tag appears.
for (const name of ['kyi-elements', 'kyi-monitoring', 'kyi-autoloader'] as const) await buildCdnFile(name, 'dist/cdn');
// Subresource Integrity: what a page's `integrity` attribute pins, per file
const integrity = await writeCdnIntegrity('dist/cdn');
console.log(`dist/cdn/${INTEGRITY_FILE} (integrity="…" of each CDN file):`);
for (const [file, hash] of Object.entries(integrity)) console.log(`  ${file.padEnd(28)} ${hash}`);

execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
// tsc emits no copy of hand-placed .d.ts files: the framework types generated from the manifest.
await cp('src/frameworks', 'dist/types/frameworks', { recursive: true, filter: (f) => !f.endsWith('.ts') || f.endsWith('.d.ts') });
console.log('built dist/ (npm entries, cdn bundles, types)');
