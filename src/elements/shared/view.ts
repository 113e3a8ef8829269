/**
 * Nodes as data, and the one way the kit's display elements put them on screen, with no template
 * library (a page of display elements loads none). An element describes what it shows as views
 * (`View`); the browser brings what is on screen to them (`patch`), and
 * a server render writes the same views as HTML (src/render/view-html.ts): one description, the
 * same nodes either way.
 *
 * Safe by construction: text becomes text nodes, attribute values go through `setAttribute`,
 * and no view is ever parsed as markup, so upstream data shows as the characters it is.
 */
import { createIn, createSvg } from '../../browser/page.js';

/** The SVG elements views use, made in the SVG namespace (every other tag is HTML's). */
const SVG_TAGS = new Set(['svg', 'path', 'circle']);

/** Handles an event; `@type` names it in a view's attributes (`'@click': onClick`). */
export type Listener = (event: Event) => void;

/** A view's attributes: an `undefined` value leaves one out; `@type` is a listener for events of that type. */
export type Attributes = { [name: string]: string | number | undefined | Listener };

/**
 * A node as data: text, an element `[tag, attributes, ...children]`, a node made elsewhere (the
 * drawer's frame, which must stay the same node), or nothing (`undefined`, `false`, `''`: left out).
 */
export type View = string | Node | ElementView | false | undefined;
/**
 * An element as data. Never changed once shown, and its attributes object is its own: shown
 * again where it is already shown, it is known unchanged by that object alone (module constants:
 * icons, marks).
 */
export type ElementView = [tag: string, attributes: Attributes, ...children: View[]];

/** Where an element made here holds what it was last given: its attributes, listeners included (what `patch` compares with). */
const GIVEN = Symbol();
type Made = Element & { [GIVEN]?: Attributes };

/**
 * What `attributes` gives `name`: its own value only, `undefined` when it gives none. A view's
 * attributes are object literals, so a key they inherit (an enumerable `Object.prototype.title`
 * or `@click` a script set) is none of theirs: never an attribute, a listener or a value to keep.
 */
const own = (attributes: Attributes | undefined, name: string) => (attributes && Object.hasOwn(attributes, name) ? attributes[name] : undefined);

/** Runs the listener an element was last given for `event`'s type. */
function dispatch(this: Made, event: Event): void {
  (own(this[GIVEN], `@${event.type}`) as Listener | undefined)?.(event); // (given with the listener)
}

/**
 * Gives `node` its view's attributes (its own keys: `own`), then its children. `before`: the
 * attributes it was last given (a name given before and not now is removed). A new node (none
 * before) gets its children in it first and then their attributes, in their order: built whole
 * before `patch` puts it on screen, its children are put in a tree that is not, and an `<img>`
 * is in its `<picture>` before it gets its `src`, and gets `loading` first: what it asks for
 * (lazily, the source the scheme picks) never depends on when a browser reads them.
 */
function fill(node: Made, view: ElementView, before?: Attributes): void {
  const attributes = view[1];
  for (const name of Object.keys(attributes)) {
    const value = attributes[name];
    const was = own(before, name);
    if (value === was) continue;
    if (name[0] === '@') {
      if (value && !was) node.addEventListener(name.slice(1), dispatch);
    } else if (value === undefined) node.removeAttribute(name);
    else node.setAttribute(name, value as string); // a number too, as its text
  }
  node[GIVEN] = attributes;
  if (before) {
    for (const name of Object.keys(before)) if (!Object.hasOwn(attributes, name)) node.removeAttribute(name); // `@type`: none to remove, no-op
    patch(node, view, [...node.childNodes], 2);
    return;
  }
  for (let v = 2; v < view.length; v++) {
    const child = view[v] as View;
    if (!child) continue; // `undefined`, `false`, `''`: nothing
    const made = create(child);
    node.append(made);
    if (Array.isArray(child)) fill(made as Element, child);
  }
}

/** The node of a view not shown yet, an element without its attributes or children (`fill` gives them). */
function create(view: string | Node | ElementView): ChildNode {
  if (typeof view === 'string') return new Text(view);
  if (!Array.isArray(view)) return view as ChildNode;
  return SVG_TAGS.has(view[0]) ? createSvg(view[0]) : createIn(view[0] as 'span');
}

/**
 * Brings `node` to `view` in place when it is the same thing (made here, the same tag and the
 * same `class`; text for text); `false` when it must be replaced. A class names what a node is:
 * a status's box that becomes another state's (`base loading` → `base verified`) is a new box, as
 * it would be with a template per state, so a settling page shifts no layout it did not show.
 */
function update(node: ChildNode, view: string | Node | ElementView): boolean {
  if (typeof view === 'string') {
    if (node.nodeType !== 3) return false;
    if ((node as Text).data !== view) (node as Text).data = view;
    return true;
  }
  if (!Array.isArray(view)) return node === view;
  const before = (node as Made)[GIVEN];
  if (!before || (node as Element).localName !== view[0] || before['class'] !== view[1]['class']) return false;
  // The very attributes it was last given: the same view (a view never changes once given).
  if (before !== view[1]) fill(node as Element, view, before);
  return true;
}

/** The nodes each root shows: what `show` last put there. */
const shownIn = new WeakMap<ParentNode, ChildNode[]>();

/**
 * Shows `views` in `root` (an element's shadow root, the drawer's host): what `show` put there
 * before is patched to them; nodes the root came with (a server-rendered view) stay before them.
 */
export function show(root: ParentNode, views: View[]): void {
  shownIn.set(root, patch(root, views, shownIn.get(root)));
}

/**
 * Brings `nodes`, children of `parent` (none: a root `show` has not shown in), to `views` (from
 * the view at `from`), and returns the nodes now shown: a node stays where its view describes the
 * same thing (`update`), changed only where its attributes or text differ, so a focused button
 * keeps focus and a loaded image stays loaded; other nodes are replaced, and new ones appended
 * after the last, each made whole (`fill`) before it is put in `parent`: a shown tree takes one
 * insertion per new view, not one per node and attribute in it.
 */
function patch(parent: ParentNode, views: readonly unknown[], nodes: ChildNode[] = [], from = 0): ChildNode[] {
  const shown: ChildNode[] = [];
  let i = 0;
  for (let v = from; v < views.length; v++) {
    const view = views[v] as View;
    if (!view) continue; // `undefined`, `false`, `''`: nothing
    let node = nodes[i++];
    if (!node || !update(node, view)) {
      const made = create(view);
      if (Array.isArray(view)) fill(made as Element, view);
      if (node) node.replaceWith(made);
      else parent.append(made);
      node = made;
    }
    shown.push(node);
  }
  while (i < nodes.length) nodes[i++]!.remove();
  return shown;
}
