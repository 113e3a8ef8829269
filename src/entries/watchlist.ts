/**
 * `kyi-elements/watchlist`: registers `<kyi-watchlist>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import { defineWatchlist } from '../elements/watchlist/define.js';

defineWatchlist();

export { KyiWatchlist } from '../elements/watchlist/watchlist.js';
