/**
 * The event of a copy button (`<kyi-asset-card>`'s; the kit's other events are in events.ts): in a
 * module of its own, so it loads with the asset card, not with every lookup element.
 */
import { KyiEvent } from './event-base.js';

/** `detail` of `kyi-copy`. */
export interface KyiCopyDetail {
  /** The text placed on the clipboard. */
  value: string;
}

/** `kyi-copy`: the user copied a value (e.g. an authority address) with a copy button. */
export class KyiCopyEvent extends KyiEvent<KyiCopyDetail> {
  static override readonly eventName = 'kyi-copy';
}

declare global {
  interface GlobalEventHandlersEventMap {
    'kyi-copy': KyiCopyEvent;
  }
}
