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
import ts from 'typescript';
import type { Plugin } from 'vite';
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
 * In a single-file CDN build (`codeSplitting: false`) every `import('…')` of src/ becomes a static
 * import: the code is in the file anyway, and an inlined dynamic import makes the bundler wrap
 * the imported module and everything it reaches (Lit included) in lazy-init functions, about
 * 0.5 KB gzip of `kyi-elements.js`. Such modules (the verify button's drawer and session code)
 * then run when the file loads; they only declare. The `import()` resolves to an object with a
 * getter per export of the module (live, as a namespace's are), not to the module's namespace
 * object, which needs the bundler's namespace helper: 55 B gzip of `kyi-elements.js`.
 */
export function staticImportsPlugin(): Plugin {
  return {
    name: 'kyi-static-imports',
    enforce: 'pre',
    async transform(code, id) {
      if (!/[\\/]src[\\/].*\.ts$/.test(id) || id.includes('node_modules') || !code.includes('import(')) return null;
      const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const calls: { start: number; end: number; specifier: string }[] = [];
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
          const [arg] = node.arguments;
          if (node.arguments.length !== 1 || !arg || !ts.isStringLiteral(arg)) throw new Error(`${id}: a dynamic import in a CDN file must name its module`);
          calls.push({ start: node.getStart(), end: node.end, specifier: arg.text });
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      if (calls.length === 0) return null;
      const imports: string[] = [];
      const modules: string[] = [];
      for (const [i, call] of calls.entries()) {
        const resolved = await this.resolve(call.specifier, id);
        if (!resolved) throw new Error(`${id}: cannot resolve ${call.specifier}`);
        const { exports } = await this.load(resolved);
        const local = (name: string) => `__kyiImport${i}_${name}`;
        imports.push(`import { ${exports.map((name) => `${name} as ${local(name)}`).join(', ')} } from ${JSON.stringify(call.specifier)};`);
        modules.push(`{ ${exports.map((name) => `get ${name}() { return ${local(name)}; }`).join(', ')} }`);
      }
      let out = code;
      for (let i = calls.length - 1; i >= 0; i--) out = `${out.slice(0, calls[i]!.start)}Promise.resolve(${modules[i]})${out.slice(calls[i]!.end)}`;
      return { code: imports.join('') + out, map: null };
    },
  };
}

/**
 * The Vite settings of every CDN file (scripts/build.ts builds them, bench/size.ts and the tests
 * measure them the same way): library mode, ES, minified, production Lit, Lit templates shrunk;
 * `output` adds rolldown output options (`codeSplitting: false` for one self-contained file,
 * whose dynamic imports then become static, or the autoloader's groups and chunk names).
 */
export function cdnConfig(
  entry: string,
  outDir: string,
  fileName: string,
  extra: { manifest?: string; output?: Record<string, unknown>; sourcemap?: 'hidden'; plugins?: Plugin[] } = {},
) {
  const singleFile = extra.output?.codeSplitting === false;
  return {
    configFile: false as const,
    logLevel: 'warn' as const,
    root: fileURLToPath(new URL('../..', import.meta.url)),
    plugins: [...(extra.plugins ?? []), minifyLitTemplatesPlugin(), ownKeysNamespacePlugin(), ...(singleFile ? [staticImportsPlugin()] : [])],
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
