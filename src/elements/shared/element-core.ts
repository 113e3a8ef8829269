import { getConfig, onConfigChange } from '../../browser/config.js';
import { documentOf, documentParsed, rootElement } from '../../browser/page.js';

/**
 * What every kit element shares besides its reactive cycle, whatever renders it (views for the
 * display elements, Lit templates for the monitoring ones); the base class (reactive.ts) calls
 * these at its lifecycle's points:
 * - a re-render when configuration or language changes (`configure()`, or a `lang` attribute
 *   changing anywhere in the document, e.g. a page's language switch): `watch` / `unwatch`.
 *   Side-effect free: the shared observers start when the first element connects and stop when
 *   the last leaves;
 * - the theme an element fixes for itself (`fixedTheme`);
 * - a shadow root of the element's own, whatever the markup brought (`ownShadowRoot`), taken
 *   once that markup has been parsed (`rootMarkupParsed`).
 */
interface Watcher {
  requestUpdate(): void;
}
const connected = new Set<Watcher>();
/** Stops the shared watch (set while it runs). */
let stopWatching: (() => void) | undefined;

function refreshAll(): void {
  for (const element of connected) element.requestUpdate();
}

/**
 * A connected element re-renders when the configuration or a `lang` changes: the first one
 * starts the shared watch of both.
 */
export function watch(element: Watcher): void {
  connected.add(element);
  if (stopWatching) return;
  const unsubscribe = onConfigChange(refreshAll);
  const root = rootElement();
  const langObserver = new MutationObserver(refreshAll);
  if (root) langObserver.observe(root, { __proto__: null, attributeFilter: ['lang'], subtree: true } as MutationObserverInit); // own keys only: a polluted `childList` watches nothing more
  stopWatching = () => {
    unsubscribe();
    langObserver.disconnect();
  };
}

/** A disconnected element no longer does. */
export function unwatch(element: Watcher): void {
  connected.delete(element);
  if (!connected.size) {
    stopWatching?.();
    stopWatching = undefined;
  }
}

/** The theme an element fixes for itself (`undefined`: it follows the page). */
export type Fixed = 'light' | 'dark' | undefined;

/**
 * The colour scheme an element fixes, if any: its own `theme` attribute (`light`/`dark`), else
 * `configure({ theme })`; `undefined` follows the page's `color-scheme` (the styles read it
 * through `light-dark()`, the host inherits it). The theme is page-wide configuration: no
 * per-element resolution (proxy-url) needed.
 */
export function fixedTheme(own: unknown): Fixed {
  return [own, getConfig().theme].find((theme): theme is Fixed => theme === 'light' || theme === 'dark');
}

/**
 * The element's shadow root, made now, or the one it came with, emptied and made its own. A
 * shadow root the element already has came with the markup — a declarative one (`<template
 * shadowrootmode>`, e.g. in posted user content), which would otherwise be rendered into as is,
 * its nodes and styles shown as the kit's (a fake "verified"), or, closed, make `attachShadow`
 * throw. It is cleared: nothing the markup put there survives the upgrade. (Hydrating a
 * server-rendered root, issue #37, would compare `existing` with what the element renders here,
 * never adopt its claims.) An open root, as every kit element's; `internals` attaches the
 * element's `ElementInternals` (once).
 */
export function ownShadowRoot(element: HTMLElement, internals: () => ElementInternals): ShadowRoot {
  let root: ShadowRoot | null;
  try {
    // Nearly always: no root yet, no internals needed. Attaching over a declarative root of its
    // mode (an open one) empties it (the same root) and makes it the element's own: a
    // `<template shadowrootmode>` parsed into the element later (markup still streaming in) can
    // no longer empty and fill it.
    root = attachRoot(element);
  } catch (error) {
    // A closed declarative root (the kit's open root cannot be attached over it; it is read from
    // the element's internals), or a root a script attached before the upgrade.
    root = element.shadowRoot ?? internals().shadowRoot;
    if (!root) throw error;
    try {
      attachRoot(element, root.mode);
    } catch {
      root.replaceChildren();
    }
  }
  // Emptied, a declarative root keeps what its markup asked: `shadowrootdelegatesfocus` would
  // move focus to the element's first link or button on any click in it (and on `focus()`).
  // Markup decides nothing the kit does, so such an element shows nothing.
  // (`shadowrootclonable` and `shadowrootserializable` are harmless: docs/security.md.)
  if (root.delegatesFocus) throw Error(`kyi-elements: <${element.localName}> refused shadowrootdelegatesfocus`);
  return root;
}

/**
 * A shadow root of the kit's on `host` (an element's, the `kyi()` dialog's host). Its options have
 * no prototype: the platform reads every member it knows through the prototype chain, and an
 * `Object.prototype.customElementRegistry` or `slotAssignment` polluted elsewhere on the page
 * makes `attachShadow` throw.
 */
export const attachRoot = (host: HTMLElement, mode: ShadowRootMode = 'open'): ShadowRoot =>
  host.attachShadow({ __proto__: null, mode } as ShadowRootInit);

/**
 * Resolves once the markup of a shadow root the element came with has been parsed, when the
 * element upgrades while its document is still being parsed (the kit's script `async`, the
 * autoloader loading a chunk when it sees a tag, a page streamed in parts); `undefined` when
 * there is nothing to wait for. Until its `</template>`, the parser puts what follows into that
 * root, whoever took it: taken now, the rest of a posted root (a `<style>` hiding the kit's
 * nodes, a "✔ KYI verified") would be parsed in after the element's own nodes and stay. So the
 * element takes its root (`ownShadowRoot`) once the document is parsed, and shows meanwhile what
 * the page showed without the kit. `internals` attaches the element's `ElementInternals` (a
 * closed root is read there), only while the document is being parsed.
 */
export function rootMarkupParsed(element: HTMLElement, internals: () => ElementInternals): Promise<void> | undefined {
  const parsed = documentParsed(documentOf(element)!); // an element's document is never null
  return parsed && (element.shadowRoot ?? internals().shadowRoot) ? parsed : undefined;
}
