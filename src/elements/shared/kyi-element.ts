/**
 * Base class of the kit's Lit-rendered elements: strings in the element's language,
 * configuration for this element, and a re-render when either changes (element-core.ts, which
 * the badge shares without Lit's templates), plus what the data elements share: the trust check
 * of a `proxy-url` attribute and the wait for a run to settle.
 */
import { LitElement, type PropertyValues } from 'lit';
import { proxyUrlFor, type KyiConfig } from '../../browser/config.js';
import type { KyiProblem } from '../../client/errors.js';
import { tMaybe, type StringKey, type StringParams } from '../../browser/strings.js';
import { ElementCore, type ImageScheme } from './element-core.js';

export class KyiElement extends LitElement {
  readonly #core = new ElementCore(this);
  /** The last refused `proxy-url` value this element warned about (one warning per value). */
  #warnedProxyUrl: string | undefined;

  /** The configuration that applies to this element (its trusted `proxy-url` attribute included). */
  protected get config(): KyiConfig {
    return this.#core.config;
  }

  /**
   * The problem of a refused `proxy-url` (neither the configured proxy URL nor a trusted one),
   * warned about once on the console; `undefined` when the element may fetch.
   */
  protected untrustedProxy(): KyiProblem | undefined {
    const { refused, problem } = proxyUrlFor(this);
    if (refused === undefined) return undefined;
    const message = `<${this.localName}> ignored its proxy-url attribute "${refused}": ${problem}. A proxy-url names a proxy the page configured (configure({ proxyUrl, trustedProxyUrls })), not a path. Nothing was fetched.`;
    if (this.#warnedProxyUrl !== refused) {
      this.#warnedProxyUrl = refused;
      console.warn(`kyi-elements: ${message}`);
    }
    return { code: 'untrusted_proxy_url', message };
  }

  protected override update(changed: PropertyValues): void {
    this.#core.update(() => super.update(changed));
  }

  /** Whether an answer waits for its render slice (render-slices.ts): its scheme is read with those of the elements about to render. */
  protected get renderQueued(): boolean {
    return this.#core.renderQueued;
  }
  protected set renderQueued(queued: boolean) {
    this.#core.renderQueued = queued;
  }

  /**
   * The scheme for images that come in a light and a dark variant (badges): `light` or `dark`
   * when one is in effect on the host, `auto` when the page lets the OS decide (`light dark`,
   * for a `<picture>` to follow).
   */
  protected get imageScheme(): ImageScheme {
    return this.#core.imageScheme;
  }

  /** The language this element renders in. */
  protected get renderLang(): string {
    return this.#core.lang;
  }

  /** A string from the table, in this element's language. */
  protected t(key: StringKey, params?: StringParams): string {
    return this.#core.t(key, params);
  }

  /** A string for a dynamic key, or `undefined` when the table has none. */
  protected tMaybe(key: string, params?: StringParams): string | undefined {
    return tMaybe(key, params, this.renderLang);
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
}
