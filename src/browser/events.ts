/**
 * Typed events of the kit: one class per event, named `kyi-<verb>`, `bubbles` and
 * `composed` so they cross shadow roots, and listed in `GlobalEventHandlersEventMap` so
 * `addEventListener('kyi-status', e => e.detail.status)` is typed in every framework.
 *
 * Elements fire them for async results and user actions only, never because code set a
 * property. Nothing here touches the DOM at import time (classes are only instantiated
 * when an event is fired).
 */

import { KyiEvent, type KyiErrorEvent } from './event-base.js';

// The base, `kyi-error` and `emit` sit in their own module so a badge page carries no other event.
export { KyiEvent, KyiErrorEvent, emit, type KyiErrorCode, type KyiErrorDetail } from './event-base.js';

/** Status values shared by `<kyi-token-status>` and `<kyi-asset-card>`. */
export type KyiLookupStatus = 'idle' | 'loading' | 'verified' | 'unverified' | 'not-found' | 'invalid' | 'error';

/** `detail` of `kyi-status`: the settled status and the record shown. */
export interface KyiStatusDetail<R = unknown> {
  /** The settled status (never `idle` or `loading`). */
  status: KyiLookupStatus;
  /** The validated lookup body (token lookup result or asset record), or `null` when none. */
  result: R | null;
}

/** `kyi-status`: a lookup settled (from the network or the cache). */
export class KyiStatusEvent<R = unknown> extends KyiEvent<KyiStatusDetail<R>> {
  static override readonly eventName = 'kyi-status';
}

// Each element family's own events are in modules of their own, so a token-status page loads
// none of them: copy-events.ts (<kyi-asset-card>'s copy button), widget-events.ts
// (<kyi-verify-button>) and monitoring-events.ts (the monitoring elements).

declare global {
  interface GlobalEventHandlersEventMap {
    'kyi-error': KyiErrorEvent;
    'kyi-status': KyiStatusEvent;
  }
}
