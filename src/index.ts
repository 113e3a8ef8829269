/**
 * kyi-elements: element classes, configuration and types. Importing this module registers
 * nothing; import `kyi-elements/define` to register every element.
 */
export * from './contract/index.js';
export { defineElement } from './register.js';
export { KyiVerifyButton, DEFAULT_READY_TIMEOUT_MS, type KyiVerifyButtonStatus } from './elements/verify-button/verify-button.js';
// Verify button: its events and the token client
export {
  KyiOpenEvent,
  KyiReadyEvent,
  KyiCloseEvent,
  KyiVerificationChangedEvent,
  type KyiWidgetDetail,
  type KyiCloseDetail,
  type KyiCloseReason,
} from './events.js';
export {
  requestAccessToken,
  // Deprecated: the same class as KyiRequestError (token failures are the one browser error type).
  AccessTokenError,
  ACCESS_TOKEN_ERROR_CODES,
  TOKEN_STATUS_CODES,
  type AccessToken,
  type AccessTokenErrorCode,
} from './client/access-token.js';
// Display elements, lookup client, configuration, strings, events
export { KyiBadge, BADGE_ELEMENT_THEMES, type BadgeElementTheme } from './elements/badge/badge.js';
export { KyiTokenStatus } from './elements/token-status/token-status.js';
export { KyiAssetCard } from './elements/asset-card/asset-card.js';
export { KyiElement } from './elements/shared/kyi-element.js';
export { KyiLookupElement } from './elements/shared/lookup-element.js';
export { sharedStyles, themeStyles, componentStyles } from './elements/shared/styles.js';
export {
  configure,
  getConfig,
  resetConfig,
  rereadMetaTags,
  onConfigChange,
  DEFAULT_PROXY_URL,
  META_NAMES,
  type KyiConfig,
  type KyiConfigInput,
  type VendorKyiFunction,
} from './config.js';
export {
  t,
  tMaybe,
  resolveLang,
  registerLocale,
  registeredLocales,
  DEFAULT_LOCALE,
  type StringKey,
  type StringTable,
  type PartialStringTable,
  type StringOverrides,
  type StringParams,
} from './strings.js';
export {
  KyiEvent,
  KyiErrorEvent,
  KyiStatusEvent,
  KyiCopyEvent,
  type KyiErrorCode,
  type KyiErrorDetail,
  type KyiStatusDetail,
  type KyiCopyDetail,
  type KyiLookupStatus,
} from './events.js';
export {
  LookupClient,
  getLookupClient,
  setLookupClient,
  type LookupRequest,
  type LookupResponse,
  type LookupOptions,
  type LookupClientOptions,
  type LookupStats,
} from './client/lookup.js';
export {
  lookupToken,
  lookupAsset,
  checkTokenInput,
  checkAssetInput,
  type TokenOutcome,
  type AssetOutcome,
} from './client/lookup-outcomes.js';
export { refreshLiveLookups } from './client/live-elements.js';
// One error model for every call to the server piece
export { KyiRequestError, codeForStatus, type KyiProblem, type StatusCodes } from './client/errors.js';
export { safeHttpUrl } from './client/urls.js';
export { fetchAssetsPage, type AssetsPageResult, type FetchAssetsPageOptions } from './client/assets.js';
// Monitoring elements and the browser Explorer client
export { KyiWatchlist } from './elements/watchlist/watchlist.js';
export { KyiChangeFeed } from './elements/change-feed/change-feed.js';
export { KyiNotifications } from './elements/notifications/notifications.js';
export { KyiMonitoringElement, MIN_REFRESH_SECONDS, type KyiMonitoringStatus, type MonitoringProblem } from './elements/shared/monitoring-element.js';
export {
  KyiWatchlistChangeEvent,
  KyiChangesEvent,
  KyiNotificationsEvent,
  type KyiWatchlistChangeDetail,
  type KyiChangesDetail,
  type KyiNotificationsDetail,
} from './events.js';
export {
  getCapabilities,
  clearCapabilities,
  fetchWatchlist,
  addWatchlistItem,
  updateWatchlistItem,
  removeWatchlistItem,
  fetchChanges,
  fetchNotifications,
  type Capabilities as ExplorerCapabilities,
  type MonitoringCallOptions, type ExplorerCallOptions,
} from './client/monitoring.js';
