/** Registration of `<kyi-change-feed>`. */
import { defineElement } from '../../browser/register.js';
import { KyiChangeFeed } from './change-feed.js';

/**
 * Registers `<kyi-change-feed>` (guarded: a second call, or a server render, does nothing). The module's
 * default export: the one name the CDN autoloader calls for every tag (entries/cdn/autoloader.ts).
 */
export default function defineChangeFeed(registry?: CustomElementRegistry): void {
  defineElement('kyi-change-feed', KyiChangeFeed, registry);
}
