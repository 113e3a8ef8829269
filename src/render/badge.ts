/**
 * `<kyi-badge>` on the server. The badge renders without Lit templates (a badge-only page loads
 * no template library): it describes its nodes as data (`content`), which the browser builds
 * (`build`, elements/shared/badge-image.ts) and a render writes here as HTML — one description,
 * the same nodes, words and accessible name either way.
 *
 * Fetch-API only (no `node:` imports).
 */
import { imageView, type Box, type ElementView, type Sources, type View } from '../elements/shared/badge-image.js';

/** A badge instance as the render drives it (its protected `content`, read from here only). */
export interface RenderedBadge {
  content(image: (sources: Sources, alt: string, box: Box) => View): [key: string, views: ElementView[]];
}

const VOID = new Set(['img', 'source']);
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as HTML text (`quoted`: as a double-quoted attribute value). */
const escape = (text: string, quoted = false) => text.replace(quoted ? /[&"]/g : /[&<>]/g, (c) => ENTITIES[c]!);

/** A view as HTML: text and attribute values escaped, attributes in the order the browser sets them. */
function toHtml(view: View): string {
  if (typeof view === 'string') return escape(view);
  if (!Array.isArray(view)) throw new TypeError('renderKyiElements: a badge on the server describes its nodes, it builds none');
  const [tag, attributes, ...children] = view;
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) open += ` ${name}="${escape(String(value), true)}"`;
  return VOID.has(tag) ? `${open}>` : `${open}>${children.map(toHtml).join('')}</${tag}>`;
}

/** The badge's shadow content, as the browser builds it (its image, or the fallback when there is none). */
export function badgeContent(badge: RenderedBadge): string {
  return badge.content(imageView)[1].map(toHtml).join('');
}
