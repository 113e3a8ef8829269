/**
 * `kyi-elements/change-feed`: registers `<kyi-change-feed>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import '../browser/lit-globals.js'; // first: Lit's globals are the page's own before Lit is evaluated
import { defineChangeFeed } from '../elements/change-feed/define.js';

defineChangeFeed();

export { KyiChangeFeed } from '../elements/change-feed/change-feed.js';
