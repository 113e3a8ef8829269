/**
 * Views (src/elements/shared/view.ts) as HTML: how a server render writes what the display
 * elements describe, the nodes the browser would build from the same views. Text and attribute
 * values escaped; listeners (`@type`) left out, the browser's own render adds them.
 *
 * Fetch-API only (no `node:` imports).
 */
import type { View } from '../elements/shared/view.js';

const VOID = new Set(['img', 'source', 'br', 'input']);
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text as HTML text (`quoted`: as a double-quoted attribute value, `<` and `>` escaped too: no
 * tag-like text anywhere in a rendered root, so nothing reading the markup can mistake one).
 */
const escape = (text: string, quoted = false) => text.replace(quoted ? /[&<>"]/g : /[&<>]/g, (c) => ENTITIES[c]!);

/** A view as HTML: text and attribute values escaped, attributes in the order the browser sets them. */
export function viewHtml(view: View): string {
  if (view === undefined || view === false) return '';
  if (typeof view === 'string') return escape(view);
  if (!Array.isArray(view)) throw new TypeError('renderKyiElements: an element on the server describes its nodes, it builds none');
  const [tag, attributes, ...children] = view;
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined && typeof value !== 'function') open += ` ${name}="${escape(String(value), true)}"`;
  return VOID.has(tag) ? `${open}>` : `${open}>${children.map(viewHtml).join('')}</${tag}>`;
}
