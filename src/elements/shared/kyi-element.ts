/**
 * Base class of the kit's Lit-rendered elements: strings in the element's language,
 * configuration for this element, and a re-render when either changes (element-core.ts, which
 * the badge shares without Lit's templates), plus what the data elements share: the trust check
 * of a `proxy-url` attribute and the wait for a run to settle.
 */
import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { proxyUrlFor, type KyiConfig, type KyiTheme } from '../../browser/config.js';
import type { KyiProblem } from '../../client/errors.js';
import { tMaybe, type StringKey, type StringParams } from '../../browser/strings.js';
import { ElementCore, type ImageScheme } from './element-core.js';
import { internalState } from './reactive-state.js';

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

/** What a data element shows: its status and, after a failed run, its problem. Replaced, never mutated. */
export interface DataState<S extends string> {
  status: S;
  error?: KyiProblem | undefined;
}

/**
 * The one base of the data elements (the lookup family, `<kyi-token-status>` and
 * `<kyi-asset-card>`, and the monitoring family): the same names for the same things —
 * `proxy-url` and `theme`, the `_state` shown (`{ status, error }`, one reactive property),
 * the `inputs` whose change means a new run, and one error box (`renderError`, parts `error`
 * and `retry-button`). Each family runs its reads on a `LatestRun` (latest-run.ts).
 */
export abstract class KyiDataElement<S extends string> extends KyiElement {
  static override properties: PropertyDeclarations = {
    proxyUrl: { type: String, attribute: 'proxy-url' },
    // `useDefault`: the default ('auto') is not written onto every host's attribute (500 statuses,
    // 500 attribute changes and style invalidations on their first render); a value set reflects.
    theme: { type: String, reflect: true, useDefault: true },
    ...internalState('_state'),
  };

  /** Properties that identify what to read: a change means a new run. */
  protected static inputs: readonly PropertyKey[] = ['proxyUrl'];

  /** Base URL of the server piece for this element only (overrides `configure` and `<meta>`); honoured only when it is the configured `proxyUrl` or one of `trustedProxyUrls` (a proxy, not a path). */
  proxyUrl: string | undefined = undefined;
  /** `light`, `dark`, or `auto` (default) to follow `configure({ theme })`, else the page's `color-scheme`. */
  theme: KyiTheme = 'auto';

  /** What the element shows, as one reactive state. */
  protected abstract _state: DataState<S>;

  /** The status shown (`_state.status`). */
  protected get _status(): S {
    return this._state.status;
  }
  /** Why the last run failed (`_state.error`). */
  protected get _error(): KyiProblem | undefined {
    return this._state.error;
  }

  /** Whether `changed` holds one of the element's `inputs`. */
  protected inputsChanged(changed: PropertyValues): boolean {
    return (this.constructor as typeof KyiDataElement).inputs.some((p) => (changed as Map<PropertyKey, unknown>).has(p));
  }

  /**
   * The error box: `role="alert"`, a title, the message, each on a line of its own, and a
   * Retry button (`retry` undefined: none, the same request would fail again).
   */
  protected renderError(title: string, message: string, retry: (() => void) | undefined): TemplateResult {
    return html`<div part="error" class="alert" role="alert"
      ><span class="alert-title">${title}</span><span>${message}</span>${retry
        ? html`<button part="retry-button" class="button small" type="button" @click=${retry}>${this.t('common.retry')}</button>`
        : nothing}</div
    >`;
  }
}
