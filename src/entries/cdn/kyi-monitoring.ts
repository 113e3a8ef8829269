/**
 * CDN bundle `kyi-monitoring.js`: one self-contained ES module that registers the monitoring
 * elements (watchlist, change feed, notifications) for partner dashboards.
 */
import { defineMonitoringElements } from '../define-monitoring.js';

defineMonitoringElements();

export { configure } from '../../browser/config.js';
export { registerLocale } from '../../browser/strings.js';
export { KyiWatchlist } from '../../elements/watchlist/watchlist.js';
export { KyiChangeFeed } from '../../elements/change-feed/change-feed.js';
export { KyiNotifications } from '../../elements/notifications/notifications.js';
