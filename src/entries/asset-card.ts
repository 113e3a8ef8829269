/**
 * `kyi-elements/asset-card`: registers `<kyi-asset-card>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import { defineAssetCard } from '../elements/asset-card/define.js';

defineAssetCard();

export { KyiAssetCard } from '../elements/asset-card/asset-card.js';
