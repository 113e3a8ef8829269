/**
 * `kyi-elements/asset-card`: registers `<kyi-asset-card>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import defineAssetCard from '../elements/asset-card/define.js';

defineAssetCard();

export { KyiAssetCard } from '../elements/asset-card/asset-card.js';
// What its public members name, so this entry alone types a page: its base classes, its events and their details, the records it shows.
export { KyiLookupElement } from '../elements/shared/lookup-element.js';
export { KyiDataElement, KyiElement } from '../elements/shared/kyi-element.js';
// The reactive base every element class extends (the kit's own; no Lit on a display page), and what its members name.
export type { KyiReactiveElement, PropertyDeclaration, PropertyDeclarations, Styles, StylesGroup } from '../elements/shared/reactive.js';
export { KyiEvent, KyiErrorEvent, KyiStatusEvent } from '../browser/events.js';
export type { KyiErrorDetail, KyiErrorCode, KyiStatusDetail, KyiLookupStatus } from '../browser/events.js';
export { KyiCopyEvent, type KyiCopyDetail } from '../browser/copy-events.js';
export type { KyiTheme } from '../browser/config.js';
export type { AssetRecord, TokenDetails, BusinessDetails, Authority } from '../contract/records.js';
export type { KyiProblem } from '../client/errors.js';
