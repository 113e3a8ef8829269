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
// A view's attributes are read by their own keys: a key they inherit (an enumerable
// `Object.prototype.title` or `@click` a script set) is never an attribute, a listener or a value to keep.
import { own } from '../../contract/own.js';

/** The SVG elements views use, made in the SVG namespace (every other tag is HTML's). */
const SVG_TAGS = /^(svg|path|circle)$/;

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


/** Runs the listener an element was last given for `event`'s type. */
function dispatch(this: Made, event: Event): void {
  (own(this[GIVEN], `@${event.type}`) as Listener | undefined)?.(event); // (given with the listener)
}

/**
 * Gives `node` its view's attributes (its own keys: `own`), then its children. `before`: the
 * attributes it was last given (a name given before and not now is removed); none for a new
 * node, which gets them once it is in its parent, in their order, so an `<img>` is in its
 * `<picture>` before it gets its `src`, and gets `loading` first: what it asks for (lazily, the
 * source the scheme picks) never depends on when a browser reads them.
 */
function fill(node: Made, view: ElementView, before?: Attributes): void {
  const attributes = view[1];
  // Every name either gives (a name given before and not now: its value now is none); a name
  // only inherited (an enumerable one set on Object.prototype) is given by neither: skipped.
  for (const name in { ...attributes, ...before }) {
    const value = own(attributes, name);
    const was = own(before, name);
    if (value === was) continue;
    if (name[0] === '@') {
      if (value && !was) node.addEventListener(name.slice(1), dispatch);
    } else if (value === undefined) node.removeAttribute(name); // `@type`: none to remove
    else node.setAttribute(name, value as string); // a number too, as its text
  }
  node[GIVEN] = attributes;
  patch(node, view.slice(2), before && [...node.childNodes]); // a new node's children: none to copy
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
 * Brings `nodes`, children of `parent` (none: a new parent, or a root `show` has not shown in),
 * to `views`, and returns the nodes now shown: a node stays where its
 * view describes the same thing (`update`), changed only where its attributes or text differ,
 * so a focused button keeps focus and a loaded image stays loaded; other nodes are replaced,
 * and new ones appended after the last.
 */
function patch(parent: ParentNode, views: readonly unknown[], nodes: ChildNode[] = []): ChildNode[] {
  const shown: ChildNode[] = [];
  let i = 0;
  // (`undefined`, `false`, `''`: nothing)
  for (const view of views as View[])
    if (view) {
      // (`at`: within the list's length, so an `Object.prototype[0]` polluted elsewhere on the page is no node shown)
      let node = nodes.at(i++);
      if (!node || !update(node, view)) {
        const made = typeof view === 'string' ? new Text(view) : !Array.isArray(view) ? view : SVG_TAGS.test(view[0]) ? createSvg(view[0]) : createIn(view[0] as 'span');
        if (node) node.replaceWith(made);
        else parent.append(made);
        if (Array.isArray(view)) fill(made as Element, view);
        node = made as ChildNode;
      }
      shown.push(node);
    }
  for (const node of nodes.slice(i)) node.remove();
  return shown;
}
