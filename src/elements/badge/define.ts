/** Registration of `<kyi-badge>`. */
import { defineElement } from '../../browser/register.js';
import { KyiBadge } from './badge.js';

/**
 * Registers `<kyi-badge>` (guarded: a second call, or a server render, does nothing). The module's
 * default export: the one name the CDN autoloader calls for every tag (entries/cdn/autoloader.ts).
 */
export default function defineBadge(registry?: CustomElementRegistry): void {
  defineElement('kyi-badge', KyiBadge, registry);
}
