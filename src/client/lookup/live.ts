/**
 * Live lookups: the elements that show live verification state (`<kyi-token-status>`,
 * `<kyi-asset-card>`) register here while connected, so the kit can re-check them all at once
 * — for example after the verification drawer closes, since the widget has no completion event
 * (refresh.ts, which only the verify button loads).
 */

export interface LiveElement {
  /**
   * @internal
   * Re-checks bypassing every cache. Resolves `true` when what the element shows changed
   * (its status or the verification it reports), `false` otherwise.
   */
  recheck(): Promise<boolean>;
}

/** @internal The connected live elements: each adds itself on connecting and leaves on disconnecting; refresh.ts re-checks them. */
export const live = new Set<LiveElement>();
