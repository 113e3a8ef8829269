/** Registration of `<kyi-token-status>`. */
import { defineElement } from '../../browser/register.js';
import { KyiTokenStatus } from './token-status.js';

/** Registers `<kyi-token-status>` (guarded: a second call, or a server render, does nothing). */
export function defineTokenStatus(registry?: CustomElementRegistry): void {
  defineElement('kyi-token-status', KyiTokenStatus, registry);
}
