/** Registration of `<kyi-watchlist>`. */
import { defineElement } from '../../browser/register.js';
import { KyiWatchlist } from './watchlist.js';

/** Registers `<kyi-watchlist>` (guarded: a second call, or a server render, does nothing). */
export function defineWatchlist(registry?: CustomElementRegistry): void {
  defineElement('kyi-watchlist', KyiWatchlist, registry);
}
