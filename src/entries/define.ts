/**
 * `kyi-elements/define`: registers every element. Guarded, so loading it twice, next to the
 * CDN bundles, or during a server render (no `customElements`) never throws.
 */
import { defineDisplayElements } from './define-display.js';
import { defineMonitoringElements } from './define-monitoring.js';

defineDisplayElements();
defineMonitoringElements();

export { configure } from '../browser/config.js';
export { registerLocale } from '../browser/strings.js';
export { defineDisplayElements, defineMonitoringElements };
