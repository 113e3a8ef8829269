/**
 * Registers a custom element once. A second load of the kit (two CDN copies, or the npm and
 * CDN builds together), or a call during server rendering where `customElements` does not
 * exist, does nothing instead of throwing.
 */
export function defineElement(tag: string, ctor: CustomElementConstructor, registry?: CustomElementRegistry): void {
  const target = registry ?? (typeof customElements === 'undefined' ? undefined : customElements);
  if (!target || target.get(tag)) return;
  target.define(tag, ctor);
}
