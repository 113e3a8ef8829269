/** Registration of `<kyi-asset-card>`. */
import { defineElement } from '../../browser/register.js';
import { KyiAssetCard } from './asset-card.js';

/**
 * Registers `<kyi-asset-card>` (guarded: a second call, or a server render, does nothing). The module's
 * default export: the one name the CDN autoloader calls for every tag (entries/cdn/autoloader.ts).
 */
export default function defineAssetCard(registry?: CustomElementRegistry): void {
  defineElement('kyi-asset-card', KyiAssetCard, registry);
}
