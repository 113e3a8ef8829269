/**
 * How the CDN autoloader's code is split into sibling chunks (scripts/build.ts builds it,
 * bench/size.ts measures it the same way). Left alone, the bundler makes a chunk of every
 * module set two elements share, so a badge-only page loads six files and a token-status page
 * eleven; each file is compressed alone, so every boundary costs bytes. Two groups instead:
 * `core`, what a badge needs (the kit's reactive base, elements/shared/reactive.ts, the element core, the page reads (browser/page.ts), the
 * theme styles, the strings lookup, configuration, the check against a closed set (contract/one-of.ts), `kyi-error`; the
 * badge's image and value sets go with the badge's chunk, as no other element shows them) —
 * every page loads it, and a badge-only page loads nothing else but the badge's own chunk; it
 * is the autoloader's own file (`kyi-autoloader.js`, see `preserveEntrySignatures` below);
 * `lookup`, what every other element shares (the kit's base element, the lookup client (batching, cache, outcomes), errors and their words, the lookup element, the other events, the shared
 * building-block styles, the contract rules they check). Every element but the badge loads
 * `lookup`. `text-parts` holds the headings, the foreign-text marking, `humanize` and the
 * building blocks of styles in blocks.styles.ts, which no token-status page uses but the asset
 * card, the verify button and the monitoring elements do, each some of it.
 * `monitoring`, what the three monitoring elements share (their base, client, words, the
 * monitoring value sets of contract/enums.ts, the table of limits), loaded with any of them. The
 * widget's value sets are left to the bundler: they go with the verify button.
 * Each element's own code and own words (`elements/<name>/strings.ts`) stay in its own chunk,
 * loaded when its tag appears; so do the check of the badge's options (contract/badge.ts) and
 * the badge's image and nodes (elements/shared/badge-image.ts), which only the badge runs: the
 * badge's chunk, not `core`, which every page loads (a token-status page 390 B lighter, a
 * badge page about 50 B heavier: the same code compressed in the smaller file).
 *
 * A module sits in one chunk whole, with every export any chunk uses: a badge page loads all
 * of `core`. So what a badge does not use stays out of the modules listed in `core`
 * (test/node/cdn-core-chunk.test.ts compares them with a bundle of the badge alone).
 */
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { minifyLitTemplatesPlugin } from './minify-lit-templates.js';
import { ownKeysNamespacePlugin } from './own-keys-namespace.js';

const sep = String.raw`[\\/]`;
const any = (parts: string[]) => new RegExp(parts.join('|'));

/**
 * The autoloader's chunk files, `chunks/<name>.js`: an element's chunk is named after its folder
 * (`chunks/badge.js`; the autoloader loads `elements/<name>/define.ts`, not the npm entry with its
 * re-exports), other chunks after their group or module. Partners pin these names (integrity,
 * modulepreload).
 */
export function autoloaderChunkFileName(chunk: { name: string; facadeModuleId?: string | null }): string {
  const element = chunk.facadeModuleId?.match(/[\\/]elements[\\/]([a-z-]+)[\\/]define\.ts$/)?.[1];
  return `chunks/${element ?? chunk.name}.js`;
}

export const AUTOLOADER_CODE_SPLITTING = {
  groups: [
    {
      name: 'core',
      test: any([
        `src${sep}browser${sep}(strings|config|page|event-base|register)\\.ts$`,
        // The autoloader's own code too: `core` is its file.
        `src${sep}entries${sep}cdn${sep}(kyi-)?autoloader\\.ts$`,
        `src${sep}elements${sep}shared${sep}(reactive|element-core|theme\\.styles|view)\\.ts$`,
        `src${sep}contract${sep}one-of\\.ts$`,
      ]),
    },
    {
      name: 'lookup',
      test: any([
        `src${sep}browser${sep}(events|timers)\\.ts$`,
        `src${sep}client${sep}(lookup|lookup${sep}(batcher|cache|outcome|live)|read-body|assets|errors|request-url)\\.ts$`,
        `src${sep}contract${sep}(lookup-limits|queries)\\.ts$`,
        `src${sep}elements${sep}shared${sep}(kyi-element|lookup-element|render-scheduler|styles|error-text|chain-names|short-address)\\.ts$`,
        `src${sep}locales${sep}en-errors\\.ts$`,
      ]),
    },
    {
      // Two small template helpers the cards, the verify button and the monitoring elements
      // share in twos (headings, foreign text marked with its `lang`), one file instead of two:
      // each file is compressed alone, so the four display elements' page loads one fewer. And
      // the building blocks of styles those same elements use and the token status does not.
      name: 'text-parts',
      test: any([`src${sep}elements${sep}shared${sep}(heading|foreign-text|blocks\\.styles)\\.ts$`]),
    },
    {
      // What the three monitoring elements share (their base, client, words, value sets and
      // building-block styles), and the table of limits (contract/limits.ts), which only they
      // read: the lookup client reads its limit from contract/lookup-limits.ts, so a
      // token-status page carries one number, not the table.
      name: 'monitoring',
      test: any([
        // Lit's templates, not its directives (a directive goes with the element that uses it,
        // the watchlist's `repeat`): only the monitoring elements render templates.
        `node_modules${sep}(lit|lit-html|lit-element)${sep}(?!directive)`,
        // lit-html as the kit takes it: Lit's globals made the page's own first.
        `src${sep}elements${sep}shared${sep}lit-html\\.ts$`,
        `src${sep}browser${sep}lit-globals\\.ts$`,
        `src${sep}elements${sep}shared${sep}(monitoring-element|monitoring\\.styles|monitoring-parts|monitoring-pager)\\.ts$`,
        `src${sep}client${sep}monitoring\\.ts$`,
        `src${sep}locales${sep}en-monitoring\\.ts$`,
        `src${sep}contract${sep}(enums|monitoring-query|limits)\\.ts$`,
        `src${sep}browser${sep}monitoring-events\\.ts$`,
      ]),
    },
  ],
};

/**
 * The integrity of each on-demand chunk, written into the file that loads it, so a CDN file
 * stays pinned by its script tag's `integrity` alone (`kyi-elements.js`): the code it loads later
 * is checked against a value inside the bytes that `integrity` covers (page.ts `preloadModule`).
 * A chunk made from `<module>.ts` is checked by `<module>.pin.ts`, which checks nothing in every
 * other build; this build takes `<module>.pin.cdn.ts` instead, which checks the bytes against a
 * placeholder, `'kyi-pin:<module>'`, that this replaces once the chunks are final with
 * `"<the chunk's file, relative to the loader's> sha384-…"`. An on-demand chunk with no
 * placeholder fails the build: nothing it loads goes unchecked.
 */
export function pinChunksPlugin(): Plugin {
  return {
    name: 'kyi-pin-chunks',
    enforce: 'pre',
    resolveId(source, importer) {
      return /\.pin\.js$/.test(source) ? this.resolve(source.replace(/\.pin\.js$/, '.pin.cdn.ts'), importer) : null;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      for (const lazy of chunks.filter((chunk) => chunk.isDynamicEntry)) {
        const module = lazy.facadeModuleId?.match(/([\w-]+)\.ts$/)?.[1];
        const integrity = `sha384-${createHash('sha384').update(lazy.code).digest('base64')}`;
        const placeholder = new RegExp(`(["'\`])kyi-pin:${module}\\1`, 'g');
        let pinned = 0;
        for (const loader of chunks) {
          const file = posix.relative(posix.dirname(loader.fileName), lazy.fileName);
          loader.code = loader.code.replace(placeholder, () => (pinned++, JSON.stringify(`./${file} ${integrity}`)));
        }
        if (!pinned) throw new Error(`${lazy.fileName} is loaded on demand, but no module names it with 'kyi-pin:${module}'`);
      }
    },
  };
}

/**
 * The Vite settings of every CDN file (scripts/build.ts builds them, bench/size.ts and the tests
 * measure them the same way): library mode, ES, minified, production Lit, Lit templates shrunk;
 * `output` adds rolldown output options (`codeSplitting: false` for one self-contained file, or
 * the groups and chunk names of a split build), `plugins` more plugins (`pinChunksPlugin`).
 */
export function cdnConfig(
  entry: string,
  outDir: string,
  fileName: string,
  extra: { manifest?: string; output?: Record<string, unknown>; sourcemap?: 'hidden'; plugins?: Plugin[] } = {},
) {
  return {
    configFile: false as const,
    logLevel: 'warn' as const,
    root: fileURLToPath(new URL('../..', import.meta.url)),
    plugins: [...(extra.plugins ?? []), minifyLitTemplatesPlugin(), ownKeysNamespacePlugin()],
    // Production Lit (no dev-mode warnings) in the CDN files.
    resolve: { conditions: ['production', 'browser', 'module', 'import', 'default'] },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      manifest: extra.manifest ?? false,
      // No map in what ships (it would embed the sources); a hidden one (no comment added to the
      // code) lets the size benchmark tell which source each minified byte came from.
      sourcemap: extra.sourcemap ?? false,
      lib: { entry, formats: ['es' as const], fileName: () => fileName },
      rolldownOptions: {
        // The autoloader's entry file may export more than its own API (short internal names the
        // chunks import), so `core` is the entry file itself, not a chunk behind a re-export:
        // one file fewer on every page.
        preserveEntrySignatures: 'allow-extension' as const,
        // Every imported constant (a string, number or boolean `const`) written where it is used,
        // not only in conditions (the default, 'smart'): fewer cross-module names to keep and mangle.
        optimization: { inlineConst: true },
        // Vite keeps whitespace and `@__PURE__` marks in ES library builds (for downstream
        // tree-shaking); a CDN file is final. (Lit's license comments are dropped already.)
        output: { minify: true, comments: false, ...extra.output },
      },
    },
  };
}

/** The CDN files (`dist/cdn/<name>.js`): their entries are src/entries/cdn/<name>.ts. */
export type CdnFile = 'kyi-elements' | 'kyi-monitoring' | 'kyi-autoloader';

/**
 * How each CDN file is built (scripts/build.ts builds them, bench/size.ts measures them so):
 * `kyi-elements.js` with the verify button's session code in one chunk beside it
 * (`chunks/kyi-elements.session-code.js`), loaded on demand and pinned by the file itself;
 * `kyi-monitoring.js` one file; the autoloader split into its groups, with a manifest of its chunks.
 */
export function cdnFileConfig(name: CdnFile, outDir: string, extra: { sourcemap?: 'hidden'; plugins?: Plugin[] } = {}) {
  const entry = fileURLToPath(new URL(`../../src/entries/cdn/${name}.ts`, import.meta.url));
  return cdnConfig(entry, outDir, `${name}.js`, {
    ...extra,
    ...(name === 'kyi-elements'
      ? { output: { chunkFileNames: 'chunks/kyi-elements.[name].js' }, plugins: [...(extra.plugins ?? []), pinChunksPlugin()] }
      : name === 'kyi-monitoring'
        ? { output: { codeSplitting: false } }
        : { manifest: `${name}.manifest.json`, output: { chunkFileNames: autoloaderChunkFileName, codeSplitting: AUTOLOADER_CODE_SPLITTING } }),
  });
}
