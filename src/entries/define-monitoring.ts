/** Registration of the monitoring elements (the `kyi-monitoring.js` CDN bundle). */
import '../browser/lit-globals.js'; // first: Lit's globals are the page's own before Lit is evaluated
import defineWatchlist from '../elements/watchlist/define.js';
import defineChangeFeed from '../elements/change-feed/define.js';
import defineNotifications from '../elements/notifications/define.js';

/** Registers `<kyi-watchlist>`, `<kyi-change-feed>` and `<kyi-notifications>` (guarded). */
export function defineMonitoringElements(registry?: CustomElementRegistry): void {
  defineWatchlist(registry);
  defineChangeFeed(registry);
  defineNotifications(registry);
}
