/**
 * `kyi-elements/notifications`: registers `<kyi-notifications>` alone (guarded) and exports its class. A page that
 * shows only this element loads only its code.
 */
import '../browser/lit-globals.js'; // first: Lit's globals are the page's own before Lit is evaluated
import { defineNotifications } from '../elements/notifications/define.js';

defineNotifications();

export { KyiNotifications } from '../elements/notifications/notifications.js';
