/**
 * Copies of a view many elements show at once (the token status's views: 500 statuses over 100
 * tokens show 100 answers and one loading view): its nodes made once (view.ts `show`, into a box
 * of their own, which nothing shows or changes), and each showing a copy of them (`cloneNode`),
 * which the browser makes whole. The view holds no listener (a copy has none). Where there is no
 * page (a server render writes views as HTML), the view itself.
 */
import { createIn, rootElement } from '../../browser/page.js';
import { show, type ElementView, type View } from './view.js';

/** The nodes made for each view copied. */
const made = new WeakMap<ElementView, Node>();

/** A copy of the nodes made for `view` (made now, the first time). */
export function copyOf(view: ElementView): View {
  if (!rootElement()) return view;
  let nodes = made.get(view);
  if (!nodes) {
    const box = createIn('span');
    show(box, [view]);
    made.set(view, (nodes = box.firstChild!));
  }
  return nodes.cloneNode(true);
}
