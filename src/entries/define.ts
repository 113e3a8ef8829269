/**
 * `kyi-elements/define`: registers every element. Guarded, so loading it twice, next to the
 * CDN bundles, or during a server render (no `customElements`) never throws.
 */
import { defineDisplayElements } from './define-display.js';
import { defineMonitoringElements } from './define-monitoring.js';

defineDisplayElements();
defineMonitoringElements();

export { configure, type KyiConfig, type KyiConfigInput, type KyiTheme, type VendorKyiFunction } from '../browser/config.js';
export { registerLocale, type StringKey, type StringTable, type PartialStringTable, type StringOverrides } from '../browser/strings.js';
export { defineDisplayElements, defineMonitoringElements };
