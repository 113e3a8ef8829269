/**
 * What the CDN autoloader (autoloader.ts) defines, and from which files: each element from its
 * own chunk, `chunks/<name>.js` (its `elements/<name>/define.ts`, built as an entry of its own:
 * scripts/lib/cdn-chunks.ts), the first time its tag is seen.
 */
export const AUTOLOADED_TAGS = [
  'kyi-badge',
  'kyi-token-status',
  'kyi-asset-card',
  'kyi-verify-button',
  'kyi-watchlist',
  'kyi-change-feed',
  'kyi-notifications',
];

/**
 * The display file, `chunks/display.js`: the code of these four elements (their chunks, and the
 * headings and foreign-text marking they share) in one file, which the autoloader loads instead of
 * their chunks when it finds `DISPLAY_FILE_FROM` kinds of them at once, none requested before. A
 * CDN compresses each file alone, about 570 B apiece: a page showing the four loads three files,
 * not seven, and 2.4 KB less; a page with fewer kinds loads their own chunks, and no code of the
 * others. Made from their built chunks (scripts/lib/cdn-chunks.ts `buildDisplayFile`), it imports
 * the core and the lookup chunk as they do: one configuration and one lookup client on the page.
 */
export const DISPLAY_FILE_TAGS = AUTOLOADED_TAGS.slice(0, 4);
export const DISPLAY_FILE_FROM = 3;
