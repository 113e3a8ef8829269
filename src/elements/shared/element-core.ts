/**
 * What every kit element shares, whatever renders it (Lit templates for most, plain DOM for the
 * badge, which then needs no lit-html): strings in the element's language, configuration for
 * this element, the theme it fixes for itself, the colour scheme of its images, and a re-render
 * when configuration or language changes (`configure()`, or a `lang` attribute changing
 * anywhere in the document, e.g. a page's language switch).
 *
 * One `ElementCore` per element, added as a Lit reactive controller. Side-effect free: the
 * shared observers start when the first element connects and stop when the last leaves.
 */
import type { ReactiveController, ReactiveElement } from '@lit/reactive-element';
import { getConfig, onConfigChange, type KyiConfig } from '../../browser/config.js';
import { resolveLang, t, type StringKey, type StringParams } from '../../browser/strings.js';

const connected = new Set<ElementCore>();
let unsubscribeConfig: (() => void) | undefined;
let langObserver: MutationObserver | undefined;

function refreshAll(): void {
  for (const core of connected) core.element.requestUpdate();
}

function startWatching(): void {
  unsubscribeConfig ??= onConfigChange(refreshAll);
  if (!langObserver && typeof MutationObserver !== 'undefined' && typeof document !== 'undefined') {
    langObserver = new MutationObserver(refreshAll);
    langObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  }
}

function stopWatching(): void {
  unsubscribeConfig?.();
  unsubscribeConfig = undefined;
  langObserver?.disconnect();
  langObserver = undefined;
  forgetSchemes();
  schemeObserver?.disconnect();
  schemeObserver = undefined;
  darkQuery?.removeEventListener('change', forgetSchemes);
  darkQuery = undefined;
}

export type ImageScheme = 'light' | 'dark' | 'auto';
/** The theme an element fixes for itself (`undefined`: it follows the page). */
type Fixed = 'light' | 'dark' | undefined;

/**
 * The colour schemes read in the current task, by element, with the theme state the element
 * had when it was read. Reading an element's computed `color-scheme` right after another
 * element rendered forces the browser to recompute the page's styles: a page of 500 statuses
 * settling in one task would do that once per verified status. So the first read of a task
 * reads every element about to render in one go (one style recalculation), and the rest of the
 * task's renders use those values. Forgotten when the task ends, when a `style` or `class`
 * attribute changes in the document, or when the OS scheme changes (a page's
 * `@media (prefers-color-scheme)` rule may set `color-scheme`).
 */
let schemes = new WeakMap<ElementCore, { scheme: ImageScheme; fixed: Fixed }>();
let schemesFilled = false;
let schemeObserver: MutationObserver | undefined;
let darkQuery: MediaQueryList | undefined;

function forgetSchemes(): void {
  if (!schemesFilled) return;
  schemesFilled = false;
  schemes = new WeakMap();
}

function watchSchemes(): void {
  if (!schemeObserver && typeof MutationObserver !== 'undefined') {
    schemeObserver = new MutationObserver(forgetSchemes);
    schemeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'], subtree: true });
  }
  if (!darkQuery && typeof matchMedia === 'function') {
    darkQuery = matchMedia('(prefers-color-scheme: dark)');
    darkQuery.addEventListener('change', forgetSchemes);
  }
}

/**
 * Renders running in slices (render-slices.ts) hold the memo from one slice to the next: 500
 * statuses rendering over several tasks read the page once, not once per slice. The observers
 * above still clear it.
 */
let schemesHeld = false;
export function holdSchemes(held: boolean): void {
  if (held === schemesHeld) return;
  schemesHeld = held;
  if (!held && schemesFilled) forgetAtEndOfTask();
}
const forgetUnlessHeld = (): void => {
  if (!schemesHeld) forgetSchemes();
};

/** Ends the memo with the current task (a message is a task of its own, unlike a microtask, and unlike a timer is not clamped). */
let endOfTask: (() => void) | undefined;
function forgetAtEndOfTask(): void {
  if (!endOfTask) {
    if (typeof MessageChannel === 'undefined') {
      endOfTask = () => setTimeout(forgetUnlessHeld, 0);
    } else {
      const channel = new MessageChannel();
      channel.port1.onmessage = forgetUnlessHeld;
      endOfTask = () => channel.port2.postMessage(undefined);
    }
  }
  endOfTask();
}

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
  /** Whether an answer waits for its render slice (render-slices.ts): its scheme is read with those of the elements about to render. */
  renderQueued = false;

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
   * Runs an update of the element: its theme state applied first, its language resolved once
   * for every string the update renders.
   */
  update(run: () => void): void {
    this.#applyTheme();
    this.#lang = resolveLang(this.element);
    try {
      run();
    } finally {
      this.#lang = undefined;
    }
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

  #waiting(): boolean {
    return this.element.isUpdatePending || this.renderQueued;
  }

  /**
   * The scheme for images that come in a light and a dark variant (badges): `light` or `dark`
   * when one is in effect on the element, `auto` when the page lets the OS decide (`light dark`,
   * for a `<picture>` to follow).
   */
  get imageScheme(): ImageScheme {
    if (typeof getComputedStyle === 'undefined') return 'light';
    const known = schemes.get(this);
    if (known && known.fixed === this.#fixed) return known.scheme;
    // Read every element with an update pending or a render queued too, before any of them
    // renders: one style recalculation for the lot instead of one per element.
    if (!schemesFilled) {
      schemesFilled = true;
      watchSchemes();
      forgetAtEndOfTask();
    }
    const scheme = schemeOf(this.element);
    schemes.set(this, { scheme, fixed: this.#fixed });
    if (this.#waiting()) {
      for (const core of connected)
        if (core !== this && core.#waiting() && !schemes.has(core)) schemes.set(core, { scheme: schemeOf(core.element), fixed: core.#fixed });
    }
    return scheme;
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
