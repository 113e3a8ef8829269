/** Registration of `<kyi-badge>`. */
import { defineElement } from '../../browser/register.js';
import { KyiBadge } from './badge.js';

/** Registers `<kyi-badge>` (guarded: a second call, or a server render, does nothing). */
export function defineBadge(registry?: CustomElementRegistry): void {
  defineElement('kyi-badge', KyiBadge, registry);
}
