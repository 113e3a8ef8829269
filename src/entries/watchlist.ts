/**
 * `kyi-elements/watchlist`: registers `<kyi-watchlist>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import '../browser/lit-globals.js'; // first: Lit's globals are the page's own before Lit is evaluated
import { defineWatchlist } from '../elements/watchlist/define.js';

defineWatchlist();

export { KyiWatchlist } from '../elements/watchlist/watchlist.js';
