import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { kitPlugins } from './scripts/lib/kit-plugins.js';

const src = (p: string) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));

/** The per-element entry points (`src/entries/<name>.ts` → `dist/<name>.js`, `kyi-elements/<name>`). */
export const ELEMENT_ENTRIES = ['badge', 'token-status', 'asset-card', 'verify-button', 'watchlist', 'change-feed', 'notifications'];

/**
 * The npm build (`npm run build` runs this, then the CDN bundles and type declarations:
 * see scripts/build.ts). ES modules only; dependencies stay external so a partner's bundler
 * dedupes Lit and zod with their own copies.
 */
export default defineConfig({
  logLevel: 'warn',
  // Lit's templates ship shrunk here too (CSS minified, whitespace in tags collapsed): partners'
  // bundlers minify the JS, but none looks inside template literals.
  plugins: kitPlugins(),
  build: {
    outDir: 'dist',
    // scripts/build.ts clears what this build writes; dist/ also holds demo and test builds.
    emptyOutDir: false,
    target: 'es2022',
    minify: false,
    // No source maps: the entries are unminified ES modules, and maps would ship the sources twice.
    sourcemap: false,
    lib: {
      entry: {
        index: src('entries/index.ts'),
        define: src('entries/define.ts'),
        widget: src('entries/widget.ts'),
        server: src('server/index.ts'),
        'server-fetch': src('server/fetch.ts'),
        'server-postgres': src('server/postgres/index.ts'),
        // Server rendering (`kyi-elements/server/render`): Lit's reactive base is a dependency, external
        // (its Node build brings the DOM shim the elements are made on); parse5 (the render's HTML parser)
        // is bundled in, so it resolves under any installer (pnpm's strict one too).
        'server-render': src('render/index.ts'),
        sandbox: src('sandbox/index.ts'),
        jsx: src('frameworks/jsx.ts'),
        vue: src('frameworks/vue.ts'),
        svelte: src('frameworks/svelte.ts'),
        react: src('frameworks/react.ts'),
        // One React wrapper per element: `kyi-elements/react/token-status` loads that element alone.
        ...Object.fromEntries(ELEMENT_ENTRIES.map((name) => [`react/${name}`, src(`frameworks/react/${name}.ts`)])),
        'locales/fr': src('locales/fr.ts'),
        // One entry per element: `kyi-elements/badge` registers `<kyi-badge>` alone.
        ...Object.fromEntries(ELEMENT_ENTRIES.map((name) => [name, src(`entries/${name}.ts`)])),
        // `npx kyi-sandbox`: the sandbox CLI, for partners on any backend language
        'bin/kyi-sandbox': src('sandbox/cli.ts'),
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: [/^node:/, /^lit($|\/)/, /^@lit\//, /^zod($|\/)/, /^jose($|\/)/, /^react($|\/)/, /^pg($|\/)/, /^undici($|\/)/],
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        // Lit's globals (src/browser/lit-globals.ts) in a chunk of their own, which the entries
        // import first: merged into a chunk that imports Lit, they would be defined after Lit's
        // modules are evaluated (package.json's `sideEffects` names the chunk).
        codeSplitting: { groups: [{ name: 'lit-globals', test: /src[\\/]browser[\\/]lit-globals\.ts$/ }] },
        banner: (chunk) => (chunk.isEntry && chunk.name === 'bin/kyi-sandbox' ? '#!/usr/bin/env node' : ''),
      },
    },
  },
});
