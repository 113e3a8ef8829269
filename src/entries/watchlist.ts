/**
 * `kyi-elements/watchlist`: registers `<kyi-watchlist>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import defineWatchlist from '../elements/watchlist/define.js';

defineWatchlist();

export { KyiWatchlist } from '../elements/watchlist/watchlist.js';
// What its public members name, so this entry alone types a page: its base classes, its events and their details, the records it shows.
export { KyiMonitoringElement } from '../elements/shared/monitoring-element.js';
export { KyiDataElement, KyiElement } from '../elements/shared/kyi-element.js';
// The reactive base every element class extends (the kit's own; no Lit on a display page), and what its members name.
export type { KyiReactiveElement, PropertyDeclaration, PropertyDeclarations, Styles, StylesGroup } from '../elements/shared/reactive.js';
export { KyiEvent, KyiErrorEvent } from '../browser/events.js';
export { KyiWatchlistChangeEvent } from '../browser/monitoring-events.js';
export type { KyiMonitoringStatus } from '../elements/shared/monitoring-element.js';
export type { KyiErrorDetail, KyiErrorCode } from '../browser/events.js';
export type { KyiWatchlistChangeDetail } from '../browser/monitoring-events.js';
export type { KyiTheme } from '../browser/config.js';
export type { WatchlistItem, AssetSummary, WatchState } from '../contract/records.js';
export type { KyiProblem } from '../client/errors.js';
