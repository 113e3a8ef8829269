/**
 * Nodes as data, and the one way the kit's display elements put them on screen, with no template
 * library (a page of display elements loads none). An element describes what it shows as views
 * (`View`); the browser builds them (`build`) or brings what is on screen to them (`patch`), and
 * a server render writes the same views as HTML (src/render/view-html.ts): one description, the
 * same nodes either way.
 *
 * Safe by construction: text becomes text nodes, attribute values go through `setAttribute`,
 * and no view is ever parsed as markup, so upstream data shows as the characters it is.
 */
import { createIn, createSvg } from '../../browser/page.js';

const SVG = 'http://www.w3.org/2000/svg';

/** Handles an event; `@type` names it in a view's attributes (`'@click': onClick`). */
export type Listener = (event: Event) => void;

/** A view's attributes: an `undefined` value leaves one out; `@type` is a listener for events of that type. */
export type Attributes = { [name: string]: string | number | undefined | Listener };

/**
 * A node as data: text, a node already built (the badge's loaded image), an element
 * `[tag, attributes, ...children]`, or nothing (`undefined`, `false`, `''`: left out).
 */
export type View = string | Node | ElementView | false | undefined;
export type ElementView = [tag: string, attributes: Attributes, ...children: View[]];

/** What each element built here was last given: its attributes, listeners included (what `patch` compares with). */
const given = new WeakMap<Element, Attributes>();

/** Runs the listener an element was last given for `event`'s type. */
function dispatch(this: Element, event: Event): void {
  (given.get(this)?.[`@${event.type}`] as Listener | undefined)?.(event);
}

/** Sets `attributes` on `node`, which was last given `before` (a new node: nothing). */
function setAttributes(node: Element, attributes: Attributes, before: Attributes = {}): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (name[0] === '@') {
      if (!before[name]) node.addEventListener(name.slice(1), dispatch);
    } else if (value === undefined) {
      if (before[name] !== undefined) node.removeAttribute(name);
    } else if (value !== before[name]) node.setAttribute(name, String(value));
  }
  for (const name of Object.keys(before)) if (!(name in attributes) && name[0] !== '@') node.removeAttribute(name);
  given.set(node, attributes);
}

const isShown = (view: View): view is string | Node | ElementView => view !== undefined && view !== false && view !== '';

/**
 * The element a view describes. Each element is put in its parent before it gets its attributes,
 * in their order, then its children: an `<img>` is in its `<picture>` before it gets its `src`,
 * and gets `loading` first, so what it asks for (lazily, the source the scheme picks) never
 * depends on when a browser reads them. `<svg>` and what is in it are made in the SVG namespace.
 */
export function build([tag, attributes, ...children]: ElementView, parent?: Element, svg = tag === 'svg'): Element {
  const node = svg ? createSvg(tag) : createIn(tag as keyof HTMLElementTagNameMap);
  parent?.append(node);
  setAttributes(node, attributes);
  for (const child of children) if (isShown(child)) Array.isArray(child) ? build(child, node, svg) : node.append(child);
  return node;
}

/** Brings `node` to `view` in place when it can (same tag, built here; text for text); `false` when it must be replaced. */
function update(node: ChildNode, view: string | Node | ElementView): boolean {
  if (typeof view === 'string') {
    if (node.nodeType !== 3) return false;
    if ((node as Text).data !== view) (node as Text).data = view;
    return true;
  }
  if (!Array.isArray(view)) return node === view;
  const [tag, attributes, ...children] = view;
  const before = given.get(node as Element);
  if (!before || (node as Element).localName !== tag) return false;
  setAttributes(node as Element, attributes, before);
  patch(node as Element, children, [...node.childNodes], (node as Element).namespaceURI === SVG);
  return true;
}

/**
 * Brings `nodes`, children of `parent` (by default all of them), to `views`, and returns the
 * nodes now shown: a node stays where its view has the same tag (or is text for text), changed
 * only where its attributes or text differ, so a focused button keeps focus and a loaded image
 * stays loaded; other nodes are replaced, and new ones appended after the last.
 */
export function patch(parent: ParentNode, views: View[], nodes: ChildNode[] = [...parent.childNodes], svg = false): ChildNode[] {
  const shown: ChildNode[] = [];
  let i = 0;
  for (const view of views) {
    if (!isShown(view)) continue;
    const node = nodes[i];
    if (node && update(node, view)) {
      i++;
      shown.push(node);
      continue;
    }
    const made = typeof view === 'string' ? new Text(view) : Array.isArray(view) ? build(view, undefined, svg || view[0] === 'svg') : view;
    if (node) {
      node.replaceWith(made);
      i++;
    } else parent.append(made);
    shown.push(made as ChildNode);
  }
  for (const node of nodes.slice(i)) node.remove();
  return shown;
}
