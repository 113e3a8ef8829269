/** Registration of the monitoring elements (the `kyi-explorer.js` CDN bundle). */
import { defineElement } from './register.js';
import { KyiWatchlist } from './elements/watchlist.js';
import { KyiChangeFeed } from './elements/change-feed.js';
import { KyiNotifications } from './elements/notifications.js';

/** Registers `<kyi-watchlist>`, `<kyi-change-feed>` and `<kyi-notifications>` (guarded). */
export function defineMonitoringElements(registry?: CustomElementRegistry): void {
  defineElement('kyi-watchlist', KyiWatchlist, registry);
  defineElement('kyi-change-feed', KyiChangeFeed, registry);
  defineElement('kyi-notifications', KyiNotifications, registry);
}
