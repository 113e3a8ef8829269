/**
 * How the CDN autoloader's code is split into sibling chunks (scripts/build.ts builds it,
 * bench/size.ts measures it the same way). Left alone, the bundler makes a chunk of every
 * module set two elements share, so a badge-only page loads six files and a token-status page
 * eleven; each file is compressed alone, so every boundary costs bytes. Two groups instead:
 * `core`, what a badge needs (Lit's reactive base without its templates, the element core, the
 * theme styles, the strings lookup, configuration, badge options and images, `kyi-error`) —
 * every page loads it, and a badge-only page loads nothing else but the badge's own chunk;
 * `lookup`, what every other element shares (Lit's templates and `LitElement`, the kit's Lit
 * base element, the batched client, its outcomes, errors and their words, the lookup element, the other events, the shared
 * building-block styles, the contract rules they check). Every element but the badge loads
 * `lookup`. The contract's other value sets are left to the bundler: the monitoring sets
 * (contract/enums.ts) go with the monitoring elements, the widget's with the verify button.
 * Each element's own code and own words (`elements/<name>/strings.ts`) stay in its own chunk,
 * loaded when its tag appears.
 *
 * A module sits in one chunk whole, with every export any chunk uses: a badge page loads all
 * of `core`. So what a badge does not use stays out of the modules listed in `core`
 * (test/node/cdn-core-chunk.test.ts compares them with a bundle of the badge alone).
 */
const sep = String.raw`[\\/]`;
const any = (parts: string[]) => new RegExp(parts.join('|'));

export const AUTOLOADER_CODE_SPLITTING = {
  groups: [
    {
      name: 'core',
      test: any([
        // Lit's reactive base, not its templates: a badge builds its few nodes itself.
        `node_modules${sep}@lit${sep}reactive-element${sep}`,
        `src${sep}browser${sep}(strings|config|event-base|register)\\.ts$`,
        // The autoloader's own code too: its file imports `core` anyway (configure and
        // registerLocale come from there), and one compressed file is smaller than two.
        `src${sep}entries${sep}cdn${sep}(kyi-)?autoloader\\.ts$`,
        `src${sep}elements${sep}shared${sep}(element-core|reactive-state|theme\\.styles|badge-image)\\.ts$`,
        `src${sep}contract${sep}(badge-enums|badge)\\.ts$`,
      ]),
    },
    {
      name: 'lookup',
      test: any([
        `node_modules${sep}(lit|lit-html|lit-element)${sep}`,
        `src${sep}browser${sep}events\\.ts$`,
        `src${sep}client${sep}(lookup|lookup-cache|lookup-outcomes|live-elements|assets|errors|urls|shape)\\.ts$`,
        `src${sep}contract${sep}(caip|identifiers|limits|queries)\\.ts$`,
        `src${sep}elements${sep}shared${sep}(kyi-element|lookup-element(\\.styles)?|styles|latest-run|error-text)\\.ts$`,
        `src${sep}locales${sep}en-errors\\.ts$`,
      ]),
    },
  ],
};
