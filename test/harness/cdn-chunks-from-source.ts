/**
 * The CDN autoloader run from its sources (`/src/entries/cdn/kyi-autoloader.ts`, as some browser
 * tests load it) asks for `chunks/<name>.js` beside its module, files only the build makes. Served
 * here from the sources, as the build makes them: an element's chunk registers its
 * `elements/<name>/define.ts`, the display file the display elements' (src/entries/cdn/autoloaded.ts).
 * Any other name is left to the server: a 404.
 */
import { AUTOLOADED_TAGS, DISPLAY_FILE_TAGS } from '../../src/entries/cdn/autoloaded.js';
import { registrationModule } from '../../scripts/lib/cdn-chunks.js';

const CHUNK = /^\/src\/entries\/cdn\/chunks\/([a-z-]+)\.js$/;

export function cdnChunksFromSource() {
  return {
    name: 'kyi-cdn-chunks-from-source',
    serve(context: { path: string }) {
      const name = CHUNK.exec(context.path)?.[1];
      const tags = name === 'display' ? DISPLAY_FILE_TAGS : AUTOLOADED_TAGS.filter((tag) => tag === `kyi-${name}`);
      if (!tags.length) return undefined;
      return {
        body: registrationModule(
          tags.map((tag) => tag.slice('kyi-'.length)),
          (n) => `/src/elements/${n}/define.ts`,
        ),
        type: 'js',
      };
    },
  };
}
