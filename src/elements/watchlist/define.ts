/** Registration of `<kyi-watchlist>`. */
import { defineElement } from '../../browser/register.js';
import { KyiWatchlist } from './watchlist.js';

/**
 * Registers `<kyi-watchlist>` (guarded: a second call, or a server render, does nothing). The module's
 * default export: the one name the CDN autoloader calls for every tag (entries/cdn/autoloader.ts).
 */
export default function defineWatchlist(registry?: CustomElementRegistry): void {
  defineElement('kyi-watchlist', KyiWatchlist, registry);
}
