/**
 * `kyi-elements/define`: registers every element. Guarded, so loading it twice, next to the
 * CDN bundles, or during a server render (no `customElements`) never throws.
 */
import '../browser/lit-globals.js'; // first: Lit's globals are the page's own before Lit is evaluated
import { defineDisplayElements } from './define-display.js';
import { defineMonitoringElements } from './define-monitoring.js';

defineDisplayElements();
defineMonitoringElements();

export { configure } from '../browser/config.js';
export { registerLocale } from '../browser/strings.js';
export { defineDisplayElements, defineMonitoringElements };
