/**
 * Base class of the kit's elements: strings in the element's language, configuration for
 * this element, and a re-render when either changes (`configure()`, or a `lang` attribute
 * changing anywhere in the document, e.g. a page's language switch).
 *
 * Side-effect free: the shared observer starts when the first element connects.
 */
import { LitElement, type PropertyValues } from 'lit';
import { getConfig, onConfigChange, proxyUrlFor, type KyiConfig } from '../../config.js';
import type { KyiProblem } from '../../client/errors.js';
import { resolveLang, t, tMaybe, type StringKey, type StringParams } from '../../strings.js';

const connected = new Set<KyiElement>();
let unsubscribeConfig: (() => void) | undefined;
let langObserver: MutationObserver | undefined;

function refreshAll(): void {
  for (const el of connected) el.requestUpdate();
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
}

export class KyiElement extends LitElement {
  /** The language of the update in progress (resolved once per update, not per string). */
  #lang: string | undefined;
  #internals = this.attachInternals();
  /** The last refused `proxy-url` value this element warned about (one warning per value). */
  #warnedProxyUrl: string | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    connected.add(this);
    startWatching();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    connected.delete(this);
    if (connected.size === 0) stopWatching();
  }

  /** The configuration that applies to this element (its trusted `proxy-url` attribute included). */
  protected get config(): KyiConfig {
    return getConfig(this);
  }

  /**
   * The problem of a refused `proxy-url` (neither the page's origin nor a trusted origin),
   * warned about once on the console; `undefined` when the element may fetch.
   */
  protected untrustedProxy(): KyiProblem | undefined {
    const refused = proxyUrlFor(this).refused;
    if (refused === undefined) return undefined;
    const message = `<${this.localName}> ignored its proxy-url attribute "${refused}": it is neither this page's origin nor one of configure({ trustedProxyOrigins }). Nothing was fetched.`;
    if (this.#warnedProxyUrl !== refused) {
      this.#warnedProxyUrl = refused;
      console.warn(`kyi-elements: ${message}`);
    }
    return { code: 'untrusted_proxy_url', message };
  }

  protected override update(changed: PropertyValues): void {
    this.#applyTheme();
    this.#lang = resolveLang(this);
    try {
      super.update(changed);
    } finally {
      this.#lang = undefined;
    }
  }

  /**
   * The colour scheme this element fixes, if any: its own `theme` attribute (`light`/`dark`),
   * else `configure({ theme })`; `undefined` follows the page's `color-scheme` (the styles read
   * it through `light-dark()`, the host inherits it). Set as a custom state, `:state(kyi-dark)`.
   */
  #applyTheme(): void {
    const own = (this as { theme?: unknown }).theme;
    const fixed = own === 'light' || own === 'dark' ? own : this.config.theme === 'auto' ? undefined : this.config.theme;
    for (const scheme of ['light', 'dark'] as const) {
      if (scheme === fixed) this.#internals.states.add(`kyi-${scheme}`);
      else this.#internals.states.delete(`kyi-${scheme}`);
    }
  }

  /**
   * The scheme for images that come in a light and a dark variant (badges): `light` or `dark`
   * when one is in effect on the host, `auto` when the page lets the OS decide (`light dark`,
   * for a `<picture>` to follow).
   */
  protected get imageScheme(): 'light' | 'dark' | 'auto' {
    if (typeof getComputedStyle === 'undefined') return 'light';
    const schemes = getComputedStyle(this).colorScheme.split(/\s+/);
    const light = schemes.includes('light');
    const dark = schemes.includes('dark');
    return light && dark ? 'auto' : dark ? 'dark' : 'light';
  }

  /** The language this element renders in. */
  protected get renderLang(): string {
    return this.#lang ?? resolveLang(this);
  }

  /** A string from the table, in this element's language. */
  protected t(key: StringKey, params?: StringParams): string {
    return t(key, params, this.renderLang);
  }

  /**
   * Resolves once the element's current async run has settled and rendered, following runs
   * that replace it meanwhile (what the `settled` getters of the data elements return).
   */
  protected settledAfter(currentRun: () => Promise<unknown>): Promise<void> {
    return (async () => {
      for (;;) {
        await this.updateComplete;
        const run = currentRun();
        await run;
        await this.updateComplete;
        if (run === currentRun() && !this.isUpdatePending) return;
      }
    })();
  }

  /** A string for a dynamic key, or `undefined` when the table has none. */
  protected tMaybe(key: string, params?: StringParams): string | undefined {
    return tMaybe(key, params, this.renderLang);
  }
}
