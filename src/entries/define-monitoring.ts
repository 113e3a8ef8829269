/** Registration of the monitoring elements (the `kyi-monitoring.js` CDN bundle). */
import defineWatchlist from '../elements/watchlist/define.js';
import defineChangeFeed from '../elements/change-feed/define.js';
import defineNotifications from '../elements/notifications/define.js';

/** Registers `<kyi-watchlist>`, `<kyi-change-feed>` and `<kyi-notifications>` (guarded). */
export function defineMonitoringElements(registry?: CustomElementRegistry): void {
  defineWatchlist(registry);
  defineChangeFeed(registry);
  defineNotifications(registry);
}
