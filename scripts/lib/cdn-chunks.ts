/**
 * How the CDN autoloader's code is split into sibling chunks (scripts/build.ts builds it,
 * bench/size.ts measures it the same way). Left alone, the bundler makes a chunk of every
 * module set two elements share, so a badge-only page loads six files and a token-status page
 * eleven; each file is compressed alone, so every boundary costs bytes. Two groups instead:
 * `core`, what every display element needs (Lit, the base element, theme styles, the strings
 * lookup with the words every element shares, configuration, badge images); `lookup`, what the
 * elements that fetch share (the batched client, its outcomes, errors and their words, the
 * lookup element and the contract rules they check). Each element's own code and own words
 * (`elements/<name>/strings.ts`) stay in its own chunk, loaded when its tag appears.
 *
 * A module sits in one chunk whole, with every export any chunk uses: a badge page loads all
 * of `core`. So what only some elements need stays out of the modules listed in `core`.
 */
const sep = String.raw`[\\/]`;
const any = (parts: string[]) => new RegExp(parts.join('|'));

export const AUTOLOADER_CODE_SPLITTING = {
  groups: [
    {
      name: 'core',
      test: any([
        `node_modules${sep}(lit|lit-html|lit-element|@lit${sep}reactive-element)${sep}`,
        `src${sep}(strings|config|events|register)\\.ts$`,
        `src${sep}elements${sep}shared${sep}(kyi-element|reactive-state|styles|badge-image)\\.ts$`,
        `src${sep}contract${sep}(enums|badge)\\.ts$`,
      ]),
    },
    {
      name: 'lookup',
      test: any([
        `src${sep}client${sep}(lookup|lookup-cache|lookup-outcomes|live-elements|assets|errors|urls|shape)\\.ts$`,
        `src${sep}contract${sep}(caip|identifiers|limits|queries)\\.ts$`,
        `src${sep}elements${sep}shared${sep}(lookup-element(\\.styles)?|latest-run|error-text)\\.ts$`,
        `src${sep}locales${sep}en-errors\\.ts$`,
      ]),
    },
  ],
};
