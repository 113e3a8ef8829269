/** Registration of `<kyi-notifications>`. */
import { defineElement } from '../../browser/register.js';
import { KyiNotifications } from './notifications.js';

/**
 * Registers `<kyi-notifications>` (guarded: a second call, or a server render, does nothing). The module's
 * default export: the one name the CDN autoloader calls for every tag (entries/cdn/autoloader.ts).
 */
export default function defineNotifications(registry?: CustomElementRegistry): void {
  defineElement('kyi-notifications', KyiNotifications, registry);
}
