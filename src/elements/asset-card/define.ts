/** Registration of `<kyi-asset-card>`. */
import { defineElement } from '../../browser/register.js';
import { KyiAssetCard } from './asset-card.js';

/** Registers `<kyi-asset-card>` (guarded: a second call, or a server render, does nothing). */
export function defineAssetCard(registry?: CustomElementRegistry): void {
  defineElement('kyi-asset-card', KyiAssetCard, registry);
}
