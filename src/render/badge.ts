/**
 * `<kyi-badge>` on the server. The badge renders without Lit templates (a badge-only page loads
 * no template library): it describes its nodes as data (`content`), which the browser patches
 * onto the page (elements/shared/view.ts) and a render writes as HTML (./view-html.ts) — one description,
 * the same nodes, words and accessible name either way.
 *
 * Fetch-API only (no `node:` imports).
 */
import type { ElementView } from '../elements/shared/view.js';
import { viewHtml } from './view-html.js';

/** A badge instance as the render drives it (its protected `content`, read from here only). */
export interface RenderedBadge {
  content(): ElementView[];
}

/** The badge's shadow content, as the browser builds it (its image, or the fallback when there is none). */
export function badgeContent(badge: RenderedBadge): string {
  return badge.content().map(viewHtml).join('');
}
