/**
 * Where focus goes in the watchlist as its rows change. Rows are found by item id: they are
 * keyed by it (`repeat`), so a row, and each control in it, stays its own item's through every
 * re-render and focus never comes to mean another item.
 */

/** The row of `itemId`. */
export function rowOf(itemId: string): string {
  return `[part="item"][data-id="${CSS.escape(itemId)}"]`;
}

/** The add form's field (`add-form.ts`), when writes are allowed. */
export function addField(root: ParentNode): HTMLInputElement | null {
  return root.querySelector<HTMLInputElement>('#add-asset');
}

/** Whether focus is inside the part of `root` matching `selector`. */
export function focusWithin(root: ParentNode, selector: string): boolean {
  return !!(root as ShadowRoot).activeElement?.closest(selector);
}

/** Focuses the control matching `selector` in the row of `itemId`. */
export function focusIn(root: ParentNode, itemId: string, selector: string): void {
  root.querySelector<HTMLElement>(`${rowOf(itemId)} ${selector}`)?.focus();
}

/** Where focus goes when the row of `itemId` leaves: a named, visible control near it. */
export function focusAfter(root: ParentNode, itemId: string): HTMLElement | undefined {
  const rows = [...root.querySelectorAll<HTMLElement>('[part="item"]:not([data-removing])')];
  const all = [...root.querySelectorAll<HTMLElement>('[part="item"]')];
  const at = all.findIndex((r) => r.dataset['id'] === itemId);
  const next = rows.find((r) => all.indexOf(r) > at) ?? rows.reverse().find((r) => all.indexOf(r) < at);
  const control = next?.querySelector<HTMLElement>('button, input, textarea');
  return control ?? addField(root) ?? root.querySelector<HTMLElement>('.heading') ?? undefined;
}
