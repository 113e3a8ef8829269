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
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { AUTOLOADED_TAGS, DISPLAY_FILE_TAGS } from '../../src/entries/cdn/autoloaded.js';
import { kitPlugins } from './kit-plugins.js';

const sep = String.raw`[\\/]`;
const any = (parts: string[]) => new RegExp(parts.join('|'));

/**
 * The autoloader's entries (src/entries/cdn/autoloaded.ts): its own file, `kyi-autoloader.js`,
 * and each element's chunk, `chunks/<name>.js`, built from `elements/<name>/define.ts` (not the npm
 * entry, whose re-exports a chunk would carry as exports no page uses) and loaded by that name.
 * Other chunks are named after their group or module. Partners pin these names (integrity,
 * modulepreload).
 */
const AUTOLOADED = AUTOLOADED_TAGS.map((tag) => tag.slice('kyi-'.length));
/** In the order that packs the shared chunks smallest (the order their modules are met in): of the 24 orders of these four, measured, one that keeps a token-status page about 20 B below the worst. */
const ENTRY_ORDER = ['badge', 'asset-card', 'verify-button', 'token-status'];
const AUTOLOADER_ENTRIES = Object.fromEntries([
  ['kyi-autoloader', 'entries/cdn/kyi-autoloader.ts'],
  ...[...ENTRY_ORDER, ...AUTOLOADED.filter((name) => !ENTRY_ORDER.includes(name))].map((name) => [name, `elements/${name}/define.ts`]),
].map(([name, path]) => [name, fileURLToPath(new URL(`../../src/${path}`, import.meta.url))]));
const autoloaderFileName = (_format: string, name: string) => (name === 'kyi-autoloader' ? 'kyi-autoloader.js' : `chunks/${name}.js`);

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
  entry: string | Record<string, string>,
  outDir: string,
  fileName: string | ((format: string, entryName: string) => string),
  extra: { manifest?: string; output?: Record<string, unknown>; sourcemap?: 'hidden'; plugins?: Plugin[] } = {},
) {
  return {
    configFile: false as const,
    logLevel: 'warn' as const,
    root: fileURLToPath(new URL('../..', import.meta.url)),
    plugins: [...(extra.plugins ?? []), ...kitPlugins()],
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
      lib: { entry, formats: ['es' as const], fileName: typeof fileName === 'string' ? () => fileName : fileName },
      rolldownOptions: {
        // The autoloader's entry file may export more than its own API (short internal names the
        // chunks import), so `core` is the entry file itself, not a chunk behind a re-export:
        // one file fewer on every page. (So may an element's chunk: what its on-demand code imports.)
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
  if (name === 'kyi-autoloader')
    return cdnConfig(AUTOLOADER_ENTRIES, outDir, autoloaderFileName, {
      ...extra,
      manifest: `${name}.manifest.json`,
      output: { chunkFileNames: 'chunks/[name].js', codeSplitting: AUTOLOADER_CODE_SPLITTING },
    });
  const entry = fileURLToPath(new URL(`../../src/entries/cdn/${name}.ts`, import.meta.url));
  return cdnConfig(entry, outDir, `${name}.js`, {
    ...extra,
    ...(name === 'kyi-elements'
      ? { output: { chunkFileNames: 'chunks/kyi-elements.[name].js' }, plugins: [...(extra.plugins ?? []), pinChunksPlugin()] }
      : { output: { codeSplitting: false } }),
  });
}

/**
 * A module whose default export calls each of `names`' registrations (`elements/<name>/define.ts`'s
 * default export, or its built chunk's), imported from `from(name)`: the display file's entry, and
 * a chunk the autoloader asks for when it runs from its sources (test/harness/cdn-chunks-from-source.ts).
 */
export function registrationModule(names: readonly string[], from: (name: string) => string): string {
  return names.map((name, i) => `import e${i} from ${JSON.stringify(from(name))};`).join('') + `export default () => { ${names.map((_, i) => `e${i}();`).join(' ')} };`;
}

/**
 * The autoloader's chunks the display file is made of (`chunks/<name>.js`): the display elements'
 * own, and the text parts they share (`buildDisplayFile`; the size benchmark reads its code by
 * module from them).
 */
export const DISPLAY_FILE_CHUNKS = [...DISPLAY_FILE_TAGS.map((tag) => tag.slice('kyi-'.length)), 'text-parts'];

const outputsOf = (output: unknown) => (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];

/**
 * Builds a CDN file into `outDir` as cdnFileConfig says; the autoloader with its display file
 * (`buildDisplayFile`). Answers the bundler's outputs, one per build.
 */
export async function buildCdnFile(name: CdnFile, outDir: string, extra: { sourcemap?: 'hidden' } = {}): Promise<Rolldown.RolldownOutput[]> {
  const outputs = outputsOf(await build(cdnFileConfig(name, outDir, extra)));
  return name === 'kyi-autoloader' ? [...outputs, await buildDisplayFile(outDir, extra)] : outputs;
}

/**
 * The autoloader's display file (src/entries/cdn/autoloaded.ts), `chunks/display.js`, made from
 * the display elements' built chunks: bundled again, with the headings and foreign-text marking
 * they share inside (text that has no state: the monitoring elements' copy in text-parts.js may
 * load beside it), the core (`kyi-autoloader.js`) and the lookup chunk outside, imported under
 * the names the chunks use, so the page keeps one of each module that holds state. The verify
 * button's session code comes with it as `chunks/display.session-code.js`, importing it. Each
 * file goes into the autoloader's manifest, under the key `_<file name>`, as Vite names a chunk
 * that is no module's, with the keys of what it imports.
 */
async function buildDisplayFile(outDir: string, extra: { sourcemap?: 'hidden' }): Promise<Rolldown.RolldownOutput> {
  const chunks = join(outDir, 'chunks');
  const entry = join(chunks, 'display.entry.js');
  await writeFile(entry, registrationModule(DISPLAY_FILE_TAGS.map((tag) => tag.slice('kyi-'.length)), (name) => `./${name}.js`));
  try {
    const [output] = outputsOf(
      await build(
        cdnConfig(entry, outDir, 'chunks/display.js', {
          ...extra,
          // kept as the chunks write them: the display file sits beside them
          plugins: [{ name: 'kyi-display-file-imports', enforce: 'pre', resolveId: (source) => (/^(\.\.\/kyi-autoloader|\.\/lookup)\.js$/.test(source) ? { id: source, external: true } : null) }],
          output: {
            chunkFileNames: 'chunks/display.[name].js',
            // the entry and every chunk it imports in one file (not the verify button's module apart, as the session code imports it too)
            codeSplitting: { groups: [{ name: 'display', test: new RegExp(`chunks[\\\\/](display\\.entry|${DISPLAY_FILE_CHUNKS.join('|')})\\.js$`) }] },
          },
        }),
      ),
    );
    const manifestFile = join(outDir, 'kyi-autoloader.manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
    const keyOf = (file: string) => Object.keys(manifest).find((key) => manifest[key]!.file === file) ?? `_${posix.basename(file)}`;
    const made = output!.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
    for (const chunk of made) {
      // an external import is named as the chunks write it, relative to the file; the others by their file
      const keysOf = (files: string[]) => files.map((file) => keyOf(file.startsWith('.') ? posix.join(posix.dirname(chunk.fileName), file) : file));
      manifest[`_${posix.basename(chunk.fileName)}`] = { file: chunk.fileName, imports: keysOf(chunk.imports), dynamicImports: keysOf(chunk.dynamicImports) };
    }
    await writeFile(manifestFile, JSON.stringify(manifest, null, 2) + '\n');
    return output!;
  } finally {
    await rm(entry, { force: true });
  }
}
