import type { ReactiveController, ReactiveElement } from '@lit/reactive-element';
import { getConfig, onConfigChange, type KyiConfig } from '../../browser/config.js';
import { rootElement } from '../../browser/page.js';
import { resolveLang, t, type StringKey, type StringParams } from '../../browser/strings.js';

/**
 * Each element's view of the configuration. What every kit element shares, whatever renders it (Lit templates for most, plain DOM for the
 * badge, which then needs no lit-html): strings in the element's language, configuration for
 * this element, the theme it fixes for itself, the colour scheme of its images, and a re-render
 * when configuration or language changes (`configure()`, or a `lang` attribute changing
 * anywhere in the document, e.g. a page's language switch).
 *
 * One `ElementCore` per element, added as a Lit reactive controller. Side-effect free: the
 * shared observers start when the first element connects and stop when the last leaves.
 */
const connected = new Set<ElementCore>();
let unsubscribeConfig: (() => void) | undefined;
let langObserver: MutationObserver | undefined;

function refreshAll(): void {
  for (const core of connected) core.element.requestUpdate();
}

function startWatching(): void {
  unsubscribeConfig ??= onConfigChange(refreshAll);
  const root = rootElement();
  if (!langObserver && root) {
    langObserver = new MutationObserver(refreshAll);
    langObserver.observe(root, { attributes: true, attributeFilter: ['lang'], subtree: true });
  }
}

function stopWatching(): void {
  unsubscribeConfig?.();
  unsubscribeConfig = undefined;
  langObserver?.disconnect();
  langObserver = undefined;
}

export type ImageScheme = 'light' | 'dark' | 'auto';
/** The theme an element fixes for itself (`undefined`: it follows the page). */
type Fixed = 'light' | 'dark' | undefined;

function schemeOf(el: Element): ImageScheme {
  const list = getComputedStyle(el).colorScheme.split(/\s+/);
  const light = list.includes('light');
  const dark = list.includes('dark');
  return light && dark ? 'auto' : dark ? 'dark' : 'light';
}

export class ElementCore implements ReactiveController {
  /** The language of the update in progress (resolved once per update, not per string). */
  #lang: string | undefined;
  /** Attached on the first fixed theme only (most elements follow the page: 500 statuses need none). */
  #internals: ElementInternals | undefined;
  /** The theme set as the element's custom state (`:state(kyi-light)`, `:state(kyi-dark)`). */
  #fixed: Fixed;

  constructor(readonly element: ReactiveElement & { theme?: unknown }) {
    element.addController(this);
  }

  hostConnected(): void {
    connected.add(this);
    startWatching();
  }

  hostDisconnected(): void {
    connected.delete(this);
    if (connected.size === 0) stopWatching();
  }

  /** The configuration that applies to the element (its trusted `proxy-url` attribute included). */
  get config(): KyiConfig {
    return getConfig(this.element);
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
    const states = (this.#internals ??= this.element.attachInternals()).states;
    if (this.#fixed) states.delete(`kyi-${this.#fixed}`);
    if (fixed) states.add(`kyi-${fixed}`);
    this.#fixed = fixed;
  }

  /**
   * The scheme for images that come in a light and a dark variant (badges): `light` or `dark`
   * when one is in effect on the element, `auto` when the page lets the OS decide (`light dark`,
   * for a `<picture>` to follow).
   */
  get imageScheme(): ImageScheme {
    return typeof getComputedStyle === 'undefined' ? 'light' : schemeOf(this.element);
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
