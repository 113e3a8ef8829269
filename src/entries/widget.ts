/**
 * `kyi-elements/widget`: `kyi()`, a drop-in for the vendor's widget client. Migrating is the
 * import line (`import { kyi } from 'kyi-elements/widget'`) plus a one-time
 * `configure({ widgetUrl })`. Importing it during a server render is fine; calling `kyi()`
 * there throws, as the vendor's does.
 */
export { kyi, type KyiInstance, type KyiMode, type KyiOptions, type KyiScope } from '../elements/verify-button/kyi-widget.js';
export { configure, type KyiConfig, type KyiConfigInput, type KyiTheme, type VendorKyiFunction } from '../browser/config.js';
// What those name
export type { WidgetPresentation } from '../client/widget-session.js';
export type { WidgetScope } from '../contract/records.js';
export type { StringKey, StringTable, PartialStringTable, StringOverrides } from '../browser/strings.js';
