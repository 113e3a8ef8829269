import { adoptStyles, type KyiReactiveElement, type ReactiveController } from './reactive.js';
import { getConfig, onConfigChange } from '../../browser/config.js';
import { rootElement } from '../../browser/page.js';
import { resolveLang, t, type StringKey, type StringParams } from '../../browser/strings.js';

/**
 * What every kit element shares, whatever renders it (Lit templates for most, plain DOM for the
 * badge, which then needs no lit-html): strings in the element's language, the theme it fixes
 * for itself, and a re-render when configuration or language changes (`configure()`, or a
 * `lang` attribute changing anywhere in the document, e.g. a page's language switch).
 *
 * One `ElementCore` per element, added as a Lit reactive controller. Side-effect free: the
 * shared observers start when the first element connects and stop when the last leaves.
 */
const connected = new Set<ElementCore>();
/** Stops the shared watch (set while it runs). */
let stopWatching: (() => void) | undefined;

function refreshAll(): void {
  for (const core of connected) core.element.requestUpdate();
}

/** Starts the shared watch of the configuration and of `lang` attributes; returns what stops it. */
function startWatching(): () => void {
  const unsubscribe = onConfigChange(refreshAll);
  const root = rootElement();
  const langObserver = new MutationObserver(refreshAll);
  if (root) langObserver.observe(root, { attributes: true, attributeFilter: ['lang'], subtree: true });
  return () => {
    unsubscribe();
    langObserver.disconnect();
  };
}

/** The theme an element fixes for itself (`undefined`: it follows the page). */
type Fixed = 'light' | 'dark' | undefined;

export class ElementCore implements ReactiveController {
  /** The language of the update in progress (resolved once per update, not per string). */
  #lang: string | undefined;
  /**
   * Attached on first need only (most elements follow the page and carry no declarative root:
   * 500 statuses need none): a fixed theme, a closed declarative shadow root to clear.
   */
  #internals: ElementInternals | undefined;
  /** The theme set as the element's custom state (`:state(kyi-light)`, `:state(kyi-dark)`). */
  #fixed: Fixed;

  constructor(readonly element: KyiReactiveElement & { theme?: unknown }) {
    element.addController(this);
  }

  hostConnected(): void {
    connected.add(this);
    stopWatching ??= startWatching();
  }

  hostDisconnected(): void {
    connected.delete(this);
    if (connected.size === 0) {
      stopWatching?.();
      stopWatching = undefined;
    }
  }

  /** The element's `ElementInternals`, attached once (`attachInternals` may be called only once). */
  get internals(): ElementInternals {
    return (this.#internals ??= this.element.attachInternals());
  }

  /**
   * The element's render root (what its `createRenderRoot` returns): its shadow root, empty,
   * with the element's styles adopted. A shadow root the element already has came with the
   * markup — a declarative one (`<template shadowrootmode>`, e.g. in posted user content),
   * which would otherwise be rendered into as is, its nodes and styles shown as the kit's
   * (a fake "verified"), or, closed, make `attachShadow` throw. It is cleared: nothing the
   * markup put there survives the upgrade. (Hydrating a server-rendered root, issue #37, would
   * compare `existing` with what the element renders here, never adopt its claims.)
   */
  renderRoot(): ShadowRoot {
    const ctor = this.element.constructor as typeof KyiReactiveElement;
    const root = this.#ownShadowRoot(ctor.shadowRootOptions);
    adoptStyles(root, ctor.elementStyles);
    return root;
  }

  /** The element's shadow root, made now, or the one it came with, emptied and made its own. */
  #ownShadowRoot(options: ShadowRootInit): ShadowRoot {
    const element = this.element;
    let existing = element.shadowRoot;
    if (!existing) {
      try {
        return element.attachShadow(options); // nearly always: no root yet, no internals needed
      } catch (error) {
        // A closed declarative root (the kit's open root cannot be attached over it).
        existing = this.internals.shadowRoot;
        if (!existing) throw error;
      }
    }
    // Issue #37 (hydration) would compare `existing` with what the element renders, here.
    try {
      // Attaching over a declarative root of its mode empties it and makes it the element's
      // own: a `<template shadowrootmode>` parsed into the element later (markup still
      // streaming in) can no longer empty and fill it.
      return element.attachShadow({ ...options, mode: existing.mode });
    } catch {
      // A root a script attached before the upgrade.
      existing.replaceChildren();
      return existing;
    }
  }

  /**
   * Before each update of the element (Lit calls it): its theme state applied first, its
   * language resolved once for every string the update renders.
   */
  hostUpdate(): void {
    this.#applyTheme();
    this.#lang = resolveLang(this.element);
  }

  /** After the update: the language is resolved again when asked (a `lang` may change before the next one). */
  hostUpdated(): void {
    this.#lang = undefined;
  }

  /**
   * The colour scheme the element fixes, if any: its own `theme` attribute (`light`/`dark`),
   * else `configure({ theme })`; `undefined` follows the page's `color-scheme` (the styles read
   * it through `light-dark()`, the host inherits it). Set as a custom state, `:state(kyi-dark)`.
   */
  #applyTheme(): void {
    const own = this.element.theme;
    // The theme is page-wide configuration: no per-element resolution (proxy-url) needed.
    const configured = getConfig().theme;
    const fixed = own === 'light' || own === 'dark' ? own : configured === 'auto' ? undefined : configured;
    // Touching the states re-styles the host: only when the theme changed.
    if (fixed === this.#fixed) return;
    const states = this.internals.states;
    if (this.#fixed) states.delete(`kyi-${this.#fixed}`);
    if (fixed) states.add(`kyi-${fixed}`);
    this.#fixed = fixed;
  }

  /** The language the element renders in. */
  get lang(): string {
    return this.#lang ?? resolveLang(this.element);
  }

  /** A string from the table, in the element's language. */
  t(key: StringKey, params?: StringParams): string {
    return t(key, params, this.lang);
  }
}
