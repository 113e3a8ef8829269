/**
 * kyi-elements: the element classes, their events, page configuration and the browser's
 * error type. Importing this module registers nothing; import `kyi-elements/define` (or
 * `kyi-elements/<element>`) to register elements.
 *
 * This list is the package's public surface (api/index.api.md records it; docs/versioning.md
 * says what semver covers). Everything else in `src/` is internal.
 */
// The elements
export { KyiBadge } from '../elements/badge/badge.js';
export { KyiTokenStatus } from '../elements/token-status/token-status.js';
export { KyiAssetCard } from '../elements/asset-card/asset-card.js';
export { KyiVerifyButton, type KyiVerifyButtonStatus } from '../elements/verify-button/verify-button.js';
export type { WidgetPresentation } from '../client/widget-session.js';
export { KyiWatchlist } from '../elements/watchlist/watchlist.js';
export { KyiChangeFeed } from '../elements/change-feed/change-feed.js';
export { KyiNotifications } from '../elements/notifications/notifications.js';
// Their base classes (what the elements of a family share: `proxyUrl`, `theme`, `status`, `settled`, `refresh()`)
export { KyiElement, KyiDataElement } from '../elements/shared/kyi-element.js';
// The reactive base every element class extends (the kit's own; no Lit on a display page), and what its members name.
export type { KyiReactiveElement, PropertyDeclaration, PropertyDeclarations, Styles, StylesGroup } from '../elements/shared/reactive.js';
export { KyiLookupElement } from '../elements/shared/lookup-element.js';
export { KyiMonitoringElement, type KyiMonitoringStatus } from '../elements/shared/monitoring-element.js';
// Their events
export {
  KyiErrorEvent,
  KyiStatusEvent,
  KyiEvent,
  type KyiErrorCode,
  type KyiErrorDetail,
  type KyiStatusDetail,
  type KyiLookupStatus,
} from '../browser/events.js';
export { KyiCopyEvent, type KyiCopyDetail } from '../browser/copy-events.js';
export {
  KyiOpenEvent,
  KyiReadyEvent,
  KyiCloseEvent,
  KyiVerificationChangedEvent,
  type KyiWidgetDetail,
  type KyiCloseDetail,
  type KyiCloseReason,
} from '../browser/widget-events.js';
export {
  KyiWatchlistChangeEvent,
  KyiChangesEvent,
  KyiNotificationsEvent,
  type KyiWatchlistChangeDetail,
  type KyiChangesDetail,
  type KyiNotificationsDetail,
} from '../browser/monitoring-events.js';
// Page configuration and words
export { configure, type KyiConfig, type KyiConfigInput, type KyiTheme, type VendorKyiFunction } from '../browser/config.js';
export { registerLocale, type StringKey, type StringTable, type PartialStringTable, type StringOverrides } from '../browser/strings.js';
// Headless calls to the server piece, with the elements' batching and cache
export { lookupToken, type TokenOutcome, type AssetOutcome } from '../client/lookup.js';
export { lookupAsset } from '../client/lookup/asset.js';
export type { LookupRequest, LookupOptions, OutcomeLookup } from '../client/lookup.js';
export { requestAccessToken, type AccessToken, type RequestAccessTokenOptions } from '../client/access-token.js';
export { fetchAssetsPage, type AssetsPageResult, type FetchAssetsPageOptions } from '../client/assets.js';
export type { MonitoringCallOptions } from '../client/monitoring.js';
// The browser's one error type
export { KyiRequestError, type KyiProblem } from '../client/errors.js';
// The records those calls answer with (shapes of the service's contract)
export type * from '../contract/records.js';
