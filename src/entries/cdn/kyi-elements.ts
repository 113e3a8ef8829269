/**
 * CDN bundle `kyi-elements.js`: one ES module that registers the display and verify elements;
 * the verify button's session code is a chunk beside it (`chunks/kyi-elements.session-code.js`),
 * loaded on demand and checked against the integrity this file carries (scripts/lib/cdn-chunks.ts).
 * Configure with `<meta name="kyi:…">` tags or the exported `configure()`.
 * Also exports `kyi()`, the drop-in for the vendor's widget client (its widget URL from
 * `configure({ widgetUrl })` only).
 * English strings are built in; add a language with the exported `registerLocale()`.
 */
import { defineDisplayElements } from '../define-display.js';

defineDisplayElements();

export { configure } from '../../browser/config.js';
export { registerLocale } from '../../browser/strings.js';
export { KyiBadge } from '../../elements/badge/badge.js';
export { KyiTokenStatus } from '../../elements/token-status/token-status.js';
export { KyiAssetCard } from '../../elements/asset-card/asset-card.js';
export { KyiVerifyButton } from '../../elements/verify-button/verify-button.js';
export { kyi } from '../../elements/verify-button/kyi-widget.js';
