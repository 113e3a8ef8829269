/**
 * `kyi-elements/badge`: registers `<kyi-badge>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import defineBadge from '../elements/badge/define.js';

defineBadge();

export { KyiBadge } from '../elements/badge/badge.js';
// The reactive base every element class extends (the kit's own; no Lit on a display page), and what its members name.
export type { KyiReactiveElement, PropertyDeclaration, PropertyDeclarations, Styles, StylesGroup } from '../elements/shared/reactive.js';
// The events it fires and their details.
export { KyiEvent, KyiErrorEvent } from '../browser/event-base.js';
export type { KyiErrorDetail, KyiErrorCode } from '../browser/event-base.js';
