/**
 * `kyi-elements/change-feed`: registers `<kyi-change-feed>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import defineChangeFeed from '../elements/change-feed/define.js';

defineChangeFeed();

export { KyiChangeFeed } from '../elements/change-feed/change-feed.js';
// What its public members name, so this entry alone types a page: its base classes, its events and their details, the records it shows.
export { KyiMonitoringElement } from '../elements/shared/monitoring-element.js';
export { KyiDataElement, KyiElement } from '../elements/shared/kyi-element.js';
// The reactive base every element class extends (the kit's own; no Lit on a display page), and what its members name.
export type { KyiReactiveElement, PropertyDeclaration, PropertyDeclarations, Styles, StylesGroup } from '../elements/shared/reactive.js';
export { KyiEvent, KyiErrorEvent } from '../browser/events.js';
export { KyiChangesEvent } from '../browser/monitoring-events.js';
export type { KyiMonitoringStatus } from '../elements/shared/monitoring-element.js';
export type { KyiErrorDetail, KyiErrorCode } from '../browser/events.js';
export type { KyiChangesDetail } from '../browser/monitoring-events.js';
export type { KyiTheme } from '../browser/config.js';
export type { Change, AssetSummary, Materiality, Direction, Explanation, ExplainedValue, ImpactAssessment, EvidenceSide } from '../contract/records.js';
export type { KyiProblem } from '../client/errors.js';
