/** Registers every kyi-elements custom element (guarded: safe to load twice or during a server render). */
import { defineElement } from './register.js';

export { configure } from './config.js';
import { KyiVerifyButton } from './elements/verify-button.js';
defineElement('kyi-verify-button', KyiVerifyButton);
import { KyiBadge } from './elements/badge.js';
import { KyiTokenStatus } from './elements/token-status.js';
import { KyiAssetCard } from './elements/asset-card.js';
defineElement('kyi-badge', KyiBadge);
defineElement('kyi-token-status', KyiTokenStatus);
defineElement('kyi-asset-card', KyiAssetCard);
