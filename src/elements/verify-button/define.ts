/** Registration of `<kyi-verify-button>`. */
import { defineElement } from '../../browser/register.js';
import { KyiVerifyButton } from './verify-button.js';

/** Registers `<kyi-verify-button>` (guarded: a second call, or a server render, does nothing). */
export function defineVerifyButton(registry?: CustomElementRegistry): void {
  defineElement('kyi-verify-button', KyiVerifyButton, registry);
}
