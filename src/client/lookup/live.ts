/**
 * Live lookups: the elements that show live verification state (`<kyi-token-status>`,
 * `<kyi-asset-card>`) register here while connected, so the kit can re-check them all at once
 * — for example after the verification drawer closes, since the widget has no completion event.
 */

export interface LiveElement {
  /**
   * @internal
   * Re-checks bypassing every cache. Resolves `true` when what the element shows changed
   * (its status or the verification it reports), `false` otherwise.
   */
  recheck(): Promise<boolean>;
}

const live = new Set<LiveElement>();

/** Called by a live element when it connects. */
export function registerLiveElement(element: LiveElement): void {
  live.add(element);
}

/** Called by a live element when it disconnects. */
export function unregisterLiveElement(element: LiveElement): void {
  live.delete(element);
}

/**
 * Every connected `<kyi-token-status>` and `<kyi-asset-card>` re-checks, bypassing the
 * browser's and the proxy's caches; their lookups are batched like any others.
 * Resolves once all have settled, with `changed: true` when any of them now shows
 * something different. A failing element counts as unchanged.
 */
export async function refreshLiveLookups(): Promise<{ changed: boolean }> {
  const results = await Promise.allSettled([...live].map((el) => el.recheck()));
  return { changed: results.some((r) => r.status === 'fulfilled' && r.value) };
}
