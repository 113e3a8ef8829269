/**
 * CDN `kyi-autoloader.js`: one small script that defines the `kyi-*` elements on the page, and
 * those added later, by loading each element's code from its sibling chunk the first time its
 * tag is seen. A page with one `<kyi-badge>` loads Lit, the shared core and the badge; nothing
 * else. Configure with `<meta name="kyi:…">` tags in `<head>` or the exported `configure()`.
 *
 * Tags inside other components' shadow roots are not seen: import `kyi-elements/<element>`
 * (or load `kyi-elements.js`) there instead.
 */
export { configure } from '../../browser/config.js';
export { registerLocale } from '../../browser/strings.js';
import { startAutoloader } from './autoloader.js';

startAutoloader();
