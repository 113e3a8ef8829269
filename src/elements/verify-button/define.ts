/** Registration of `<kyi-verify-button>`. */
import { defineElement } from '../../browser/register.js';
import { KyiVerifyButton } from './verify-button.js';

/**
 * Registers `<kyi-verify-button>` (guarded: a second call, or a server render, does nothing). The module's
 * default export: the one name the CDN autoloader calls for every tag (entries/cdn/autoloader.ts).
 */
export default function defineVerifyButton(registry?: CustomElementRegistry): void {
  defineElement('kyi-verify-button', KyiVerifyButton, registry);
}
