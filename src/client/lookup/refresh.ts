/**
 * The re-check of every live element (live.ts), which only `<kyi-verify-button>` runs (when its
 * drawer closes): not re-exported by the lookup barrel (../lookup.ts), so a token-status page's
 * lookup chunk does not carry it.
 */
import { live } from './live.js';

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
