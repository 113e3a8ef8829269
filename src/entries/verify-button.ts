/**
 * `kyi-elements/verify-button`: registers `<kyi-verify-button>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import defineVerifyButton from '../elements/verify-button/define.js';

defineVerifyButton();

export { KyiVerifyButton } from '../elements/verify-button/verify-button.js';
// What its public members name, so this entry alone types a page: its base classes, its events and their details, the records it shows.
export { KyiElement } from '../elements/shared/kyi-element.js';
// The reactive base every element class extends (the kit's own; no Lit on a display page), and what its members name.
export type { KyiReactiveElement, PropertyDeclaration, PropertyDeclarations, Styles, StylesGroup } from '../elements/shared/reactive.js';
export { KyiEvent, KyiErrorEvent } from '../browser/events.js';
export { KyiOpenEvent, KyiReadyEvent, KyiCloseEvent, KyiVerificationChangedEvent } from '../browser/widget-events.js';
export type { KyiVerifyButtonStatus } from '../elements/verify-button/verify-button.js';
export type { WidgetPresentation } from '../client/widget-session.js';
export type { WidgetScope } from '../contract/records.js';
export type { KyiErrorDetail, KyiErrorCode } from '../browser/events.js';
export type { KyiWidgetDetail, KyiCloseDetail, KyiCloseReason } from '../browser/widget-events.js';
export type { KyiProblem } from '../client/errors.js';
