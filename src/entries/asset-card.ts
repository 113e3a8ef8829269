/**
 * `kyi-elements/asset-card`: registers `<kyi-asset-card>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import '../browser/lit-globals.js'; // first: Lit's globals are the page's own before Lit is evaluated
import { defineAssetCard } from '../elements/asset-card/define.js';

defineAssetCard();

export { KyiAssetCard } from '../elements/asset-card/asset-card.js';
