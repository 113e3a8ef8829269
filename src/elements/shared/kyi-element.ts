/**
 * Base classes of the kit's elements (all but the badge, which extends the kit's base, reactive.ts,
 * directly): what they render and how they paint it; what the data elements
 * share: the trust check of a `proxy-url` attribute and the wait for a run to settle; and the
 * one async controller their runs (and the verify button's) go through (`LatestRun`, below).
 */
import { internalState, KyiReactiveElement, type PropertyDeclarations, type PropertyValues, type ReactiveController, type ReactiveControllerHost } from './reactive.js';
import { getConfig, proxyUrlOf, type KyiTheme } from '../../browser/config.js';
import { isAbortError, type KyiProblem } from '../../client/errors.js';
import { announce } from './announce.js';
import { documentOf, focusDropped } from '../../browser/page.js';

/**
 * The base of the kit's elements (all but `<kyi-badge>`): the kit's reactive base, showing what
 * its `render()` describes (`paint`). (The page's configuration is `getConfig()`'s, its words
 * `t()`'s, browser/.) Exported so the element classes' types are whole; partners use the
 * elements, not this class.
 */
export abstract class KyiElement extends KyiReactiveElement {
  /**
   * What the element shows (a display element: a view, view.ts, no template library; a
   * monitoring element: a Lit template). Called on each update. @internal
   */
  protected abstract render(): unknown;

  /**
   * Puts what `render()` returned into the shadow root (a view: `show`, view.ts; a template: Lit's
   * `render`). Each family says how, so neither carries the other's code (`kyi-monitoring.js`
   * no view code, a page of display elements no template library). @internal
   */
  protected abstract paint(shown: unknown): void;

  /** @internal */
  protected override update(changed: PropertyValues): void {
    const shown = this.render();
    super.update(changed);
    this.paint(shown);
  }

  /**
   * Resolves once the element's current async run has settled and rendered, following runs
   * that replace it meanwhile (what the `settled` getters of the data elements return).
   */
  protected async settledAfter(currentRun: () => Promise<unknown>): Promise<void> {
    for (;;) {
      await this.updateComplete;
      const run = currentRun();
      await run;
      await this.updateComplete;
      if (run === currentRun() && !this.isUpdatePending) return;
    }
  }
}

/** Where a data element's answers come from: its own trusted `proxy-url`, else the page's; `refused` names an untrusted one. */
export interface ProxyChoice {
  proxyUrl: string;
  /** The element's `proxy-url` value that was refused (neither `proxyUrl` nor one of `trustedProxyUrls`). */
  refused?: string | undefined;
  /** Why it was refused, for the element's message. */
  problem?: string | undefined;
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
 * the `inputs` whose change means a new run, and one Retry (`retry`, parts `error` and
 * `retry-button`). Each family runs its reads on a `LatestRun` (below).
 */
export abstract class KyiDataElement<S extends string> extends KyiElement {
  static override properties: PropertyDeclarations = {
    proxyUrl: { attribute: 'proxy-url' },
    // `useDefault`: the default ('auto') is not written onto every host's attribute (500 statuses,
    // 500 attribute changes and style invalidations on their first render); a value set reflects.
    theme: { reflect: true, useDefault: true },
    ...internalState('_state'),
  };

  /** Properties that identify what to read: a change means a new run. */
  protected static inputs: readonly PropertyKey[] = ['proxyUrl'];

  /** Base URL of the server piece for this element only (overrides `configure` and `<meta>`); honoured only when it is the configured `proxyUrl` or one of `trustedProxyUrls` (a proxy, not a path). */
  declare proxyUrl: string | undefined; // (declared: it starts undefined, reactive.ts)
  /** `light`, `dark`, or `auto` (default) to follow `configure({ theme })`, else the page's `color-scheme`. */
  theme: KyiTheme = 'auto';

  /** The last refused `proxy-url` value this element warned about (one warning per value). */
  #warnedProxyUrl: string | undefined;

  /**
   * Where this element's answers come from: its own `proxy-url` (the attribute, or the `proxyUrl` property) names
   * a proxy, not a path, so it is honoured only when, resolved against the page, it is the
   * configured `proxyUrl` or one of `trustedProxyUrls`, with no query, fragment, credentials or
   * dot segments (`proxyUrlOf`); else the page's proxy URL, with the value `refused` and why.
   * @internal
   */
  protected proxyChoice(): ProxyChoice {
    const config = getConfig();
    // The property Lit keeps from the attribute (or a framework set): one value, read once.
    const own = typeof this.proxyUrl === 'string' ? this.proxyUrl.trim() : '';
    // (`refused` its own, `undefined`, where none is: a `refused` a script set on
    // `Object.prototype` refuses no element its proxy, attack round 15)
    if (!own) return { proxyUrl: config.proxyUrl, refused: undefined };
    const checked = proxyUrlOf(own);
    if ('problem' in checked) return { proxyUrl: config.proxyUrl, refused: own, problem: checked.problem };
    if (checked.url !== config.proxyUrl && !config.trustedProxyUrls.includes(checked.url))
      return { proxyUrl: config.proxyUrl, refused: own, problem: 'it is neither the configured proxyUrl nor one of trustedProxyUrls' };
    return { proxyUrl: checked.url, refused: undefined };
  }

  /**
   * The problem of a refused `proxy-url` (`choice`, neither the configured proxy URL nor a
   * trusted one), warned about once on the console; `undefined` when the element may fetch.
   * @internal
   */
  protected untrustedProxy(choice: ProxyChoice): KyiProblem | undefined {
    // (`problem` read only for a refused one, which has its own: an inherited one a script made a
    // throwing getter stopped every data element, attack round 15)
    const refused = choice.refused;
    if (refused === undefined) return undefined;
    const message = `<${this.localName}> ignored its proxy-url attribute "${refused}": ${choice.problem}. A proxy-url names a proxy the page configured (configure({ proxyUrl, trustedProxyUrls })), not a path. Nothing was fetched.`;
    if (this.#warnedProxyUrl !== refused) {
      this.#warnedProxyUrl = refused;
      console.warn(`kyi-elements: ${message}`);
    }
    return { code: 'untrusted_proxy_url', message };
  }

  /** What the element shows, as one reactive state. @internal */
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

  /** Resolves once the element's current run (if any) has settled and rendered. */
  abstract get settled(): Promise<void>;

  /** Starts the fresh run a Retry asks for. @internal */
  protected abstract rerun(): void;

  /**
   * Every Retry button's click handler. Retry removes the button that was pressed (the error
   * goes while the run loads), so once the run has settled and rendered, focus that fell to the
   * page comes back (WCAG 2.4.3), in this order: the new Retry button (it failed again), the
   * element's own title, its status box (`part="base"`, made focusable). A Retry that failed
   * again says so, politely, once: the visitor asked. Focus the visitor moved meanwhile stays.
   * @internal
   */
  protected readonly retry = (): void => {
    const hadFocus = (this.renderRoot as ShadowRoot).activeElement !== null;
    this.rerun();
    void this.settled.then(() => {
      const error = this.renderRoot.querySelector('[part~="error"]');
      if (error?.textContent) announce(this, error.textContent);
      if (!hadFocus || !this.isConnected || !focusDropped(documentOf(this) ?? undefined)) return;
      const target = AFTER_RETRY.map((s) => this.renderRoot.querySelector<HTMLElement>(s)).find((el) => el !== null);
      if (!target) return;
      if (target.tabIndex < 0) target.tabIndex = -1;
      target.focus();
    });
  };
}

/** Where focus goes after a Retry took it away, the first found: the new Retry button, the element's title, its status box. */
const AFTER_RETRY = ['[part~="retry-button"]', '.heading', '[part~="base"]'];

// --- The async controller -------------------------------------------------------------------
/**
 * The one async controller of the kit's data elements (lookup and monitoring families),
 * with the discipline of `@lit/task`:
 * - each run gets its own `AbortController`; starting a run aborts the previous one, and its
 *   signal is handed to the work so it reaches `fetch` (or the lookup client);
 * - only the latest run may write its result (`settle` is not called for a superseded or
 *   aborted run);
 * - `done` is the current run's promise, which tests (and `settled`) await instead of sleeping;
 * - the run is aborted when the host disconnects, unless the host says otherwise.
 */

/** How a run ended: its value, or what it threw. */
export type RunResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

export class LatestRun implements ReactiveController {
  #abort: AbortController | undefined;
  #id = 0;
  #done: Promise<void> = Promise.resolve();

  constructor(
    host: ReactiveControllerHost,
    /** Abort the run in flight when the host disconnects (default true). */
    private readonly abortOnDisconnect: () => boolean = () => true,
  ) {
    host.addController(this);
  }

  /** Settles when the current run has settled (or was replaced or cancelled). */
  get done(): Promise<void> {
    return this.#done;
  }

  /** Whether a run is in flight. */
  get running(): boolean {
    return this.#abort !== undefined;
  }

  /**
   * Starts `work`, aborting the run in flight. `settle` runs once the work ends, only if this run
   * is still the latest and was not aborted (an abort is never a result); an async `settle`
   * checks `stillLatest()` again after each wait. The work gets the run's `AbortController`.
   */
  start<T>(
    work: (abort: AbortController) => Promise<T>,
    settle: (result: RunResult<T>, stillLatest: () => boolean) => void | Promise<void>,
  ): void {
    this.cancel();
    const id = this.#id;
    const abort = new AbortController();
    this.#abort = abort;
    const current = () => id === this.#id && !abort.signal.aborted;
    const end = (result: RunResult<T>): void | Promise<void> => {
      if (!current() || (!result.ok && isAbortError(result.error))) return;
      this.#abort = undefined;
      return settle(result, current);
    };
    // One `then` on the work's promise, no async wrapper: 500 elements start at once.
    let working: Promise<T>;
    try {
      working = work(abort);
    } catch (error) {
      working = Promise.reject(error);
    }
    this.#done = working.then(
      (value) => end({ ok: true, value }),
      (error: unknown) => end({ ok: false, error }),
    );
  }

  /** Aborts the run in flight (if any) and lets no earlier run write its result. */
  cancel(): void {
    this.#id++;
    this.#abort?.abort();
    this.#abort = undefined;
    this.#done = Promise.resolve();
  }

  hostDisconnected(): void {
    if (this.abortOnDisconnect()) this.cancel();
  }
}
