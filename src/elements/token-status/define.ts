/** Registration of `<kyi-token-status>`. */
import { defineElement } from '../../browser/register.js';
import { KyiTokenStatus } from './token-status.js';

/**
 * Registers `<kyi-token-status>` (guarded: a second call, or a server render, does nothing). The module's
 * default export: the one name the CDN autoloader calls for every tag (entries/cdn/autoloader.ts).
 */
export default function defineTokenStatus(registry?: CustomElementRegistry): void {
  defineElement('kyi-token-status', KyiTokenStatus, registry);
}
