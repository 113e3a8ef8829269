/** Registration of `<kyi-notifications>`. */
import { defineElement } from '../../browser/register.js';
import { KyiNotifications } from './notifications.js';

/** Registers `<kyi-notifications>` (guarded: a second call, or a server render, does nothing). */
export function defineNotifications(registry?: CustomElementRegistry): void {
  defineElement('kyi-notifications', KyiNotifications, registry);
}
