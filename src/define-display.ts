/** Registration of the display and verify elements (the `kyi-elements.js` CDN bundle). */
import { defineElement } from './register.js';
import { KyiBadge } from './elements/badge.js';
import { KyiTokenStatus } from './elements/token-status.js';
import { KyiAssetCard } from './elements/asset-card.js';
import { KyiVerifyButton } from './elements/verify-button.js';

/** Registers `<kyi-badge>`, `<kyi-token-status>`, `<kyi-asset-card>` and `<kyi-verify-button>` (guarded). */
export function defineDisplayElements(registry?: CustomElementRegistry): void {
  defineElement('kyi-badge', KyiBadge, registry);
  defineElement('kyi-token-status', KyiTokenStatus, registry);
  defineElement('kyi-asset-card', KyiAssetCard, registry);
  defineElement('kyi-verify-button', KyiVerifyButton, registry);
}
