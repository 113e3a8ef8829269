/**
 * The base of every kit element. Its reactive cycle: declared properties kept in step with their
 * attributes, one batched update per microtask, reactive controllers, and styles adopted as
 * constructable sheets. It is the part of Lit's `ReactiveElement` the kit uses, with Lit's
 * behaviour for it (the same lifecycle names, `updateComplete`, `PropertyValues`), in about half
 * the bytes: a page of display elements loads no Lit at all (issue #36). The monitoring elements
 * still render Lit templates (lit-html) on top of it. And what every kit element shares
 * (element-core.ts): strings in its language, the theme it fixes, a re-render when either
 * changes, and a shadow root of its own whatever the markup brought.
 *
 * Declarations are the subset the kit writes: `type` (`String`, `Number`, `Boolean`),
 * `attribute` (a name, or `false`), `reflect`, `state` (no attribute) and `useDefault` (the
 * first value is the default: never reflected, and back when the attribute is removed).
 */
import type { PropertyValues, ReactiveController } from '@lit/reactive-element';
import { resolveLang, t, type StringKey, type StringParams } from '../../browser/strings.js';
import { fixedTheme, ownShadowRoot, rootMarkupParsed, unwatch, watch, type Fixed } from './element-core.js';

export type { PropertyValues, ReactiveController };

/** What a controller may ask of its element (Lit's `ReactiveControllerHost`, less the removal no kit controller makes). */
export interface ReactiveControllerHost {
  addController(controller: ReactiveController): void;
  requestUpdate(): void;
  readonly updateComplete: Promise<boolean>;
}

/** How a reactive property is kept: see the module's comment. */
export interface PropertyDeclaration {
  readonly type?: StringConstructor | NumberConstructor | BooleanConstructor;
  readonly attribute?: string | false;
  readonly reflect?: boolean;
  readonly state?: boolean;
  readonly useDefault?: boolean;
}

/** An element class's reactive properties, by name. */
export type PropertyDeclarations = Readonly<Record<string, PropertyDeclaration>>;

/*
 * The elements declare reactive properties as class fields with initialisers
 * (`private _open = false;`) next to `static properties`, or with `declare` when they start
 * undefined (`declare chain: string | undefined;`: nothing to assign). tsconfig.json sets
 * `useDefineForClassFields: false`, which tsc, tsx, esbuild (web-test-runner, the edge bundles)
 * and Vite all read: an initialiser is then an assignment in the constructor that goes through
 * the class's accessor. A native class field would shadow the accessor instead.
 */

/** Declarations for an element's internal reactive state: a change re-renders, and there is no attribute (`{ state: true }` for each name). */
export function internalState<const K extends string>(...names: K[]): Record<K, PropertyDeclaration> {
  return Object.fromEntries(names.map((name) => [name, { state: true }])) as Record<K, PropertyDeclaration>;
}

// --- Styles -----------------------------------------------------------------------------------
/** A style sheet's text (the css tag's), made a constructable sheet once, when first adopted. */
export class Styles {
  #sheet: CSSStyleSheet | undefined;
  constructor(readonly cssText: string) {}

  get styleSheet(): CSSStyleSheet {
    if (!this.#sheet) (this.#sheet = new CSSStyleSheet()).replaceSync(this.cssText);
    return this.#sheet;
  }
}

/** Styles, or lists of them (nested as `static styles` may be). */
export type StylesGroup = Styles | readonly StylesGroup[];

/** A style sheet written in the source: constant text, no `${}` (nothing from data reaches a sheet). */
export const css = (text: TemplateStringsArray): Styles => new Styles(text[0]!);

/** Makes `styles` the sheets of `root`, in order. */
export function adoptStyles(root: ShadowRoot, styles: readonly Styles[]): void {
  root.adoptedStyleSheets = styles.map((s) => s.styleSheet);
}

// --- The element ------------------------------------------------------------------------------

/** A class's declarations, its own and inherited, and the attribute each property follows. @internal */
export interface Finalized {
  properties: Map<string, PropertyDeclaration>;
  /** Attribute name → property name. */
  attributes: Map<string, string>;
}
const finalized = new WeakMap<object, Finalized>();

/** The attribute a declared property follows (`undefined`: none). */
const attributeOf = (name: string, d: PropertyDeclaration): string | undefined =>
  d.state || d.attribute === false ? undefined : typeof d.attribute === 'string' ? d.attribute : name.toLowerCase();

// The DOM's element; on a server (a render: no DOM), a bare class, which the render gives an
// attribute store (src/render/index.ts).
export abstract class KyiReactiveElement extends ((globalThis.HTMLElement ?? class {}) as typeof HTMLElement) {
  /** The element's reactive properties (a class's own: its parents' are kept, `finalize`). */
  declare static properties: PropertyDeclarations;
  /** The element's styles, adopted by its shadow root. */
  static styles?: StylesGroup;
  /** `styles`, flattened, once the class is finalized (set by `finalize`, before any instance). */
  declare static elementStyles: Styles[];

  // `customElements.define` reads these four from each class and its prototype, inherited ones
  // too, and a value that is no callback (no list, for `disabledFeatures`; with `formAssociated`,
  // the form callbacks) makes it throw: the kit's own, answering nothing, so a polluted
  // `Object.prototype` one (`?__proto__[adoptedCallback]=x`) stops no element. Getters: defined
  // as the class is, whatever the pollution (a read-only one too). A subclass may still define
  // its own `adoptedCallback`.
  /** @internal */
  static get disabledFeatures(): undefined {
    return undefined;
  }
  /** @internal */
  static get formAssociated(): undefined {
    return undefined;
  }
  /** @internal */
  get adoptedCallback(): undefined {
    return undefined;
  }
  /** @internal */
  get connectedMoveCallback(): undefined {
    return undefined;
  }

  /** Makes the class's property accessors and `elementStyles` (once; the browser does it when the tag is defined). @internal */
  static finalize(): Finalized {
    let done = finalized.get(this);
    if (done) return done;
    // The parent's declarations (the DOM's `HTMLElement`, above the base, has none).
    const parent = Object.getPrototypeOf(this) as Partial<typeof KyiReactiveElement>;
    const properties = new Map(parent.finalize?.().properties);
    if (Object.hasOwn(this, 'properties'))
      for (const [name, declaration] of Object.entries(this.properties)) {
        // Its own keys only: a polluted `Object.prototype.state` (or `attribute`, `reflect`…) is no declaration's.
        properties.set(name, { __proto__: null, ...declaration } as PropertyDeclaration);
        const key = Symbol(name);
        // A descriptor of its own keys only (no prototype): a polluted `Object.prototype.value`
        // would make it accessors and a value, and `defineProperty` throw (no element at all).
        Object.defineProperty(this.prototype, name, {
          __proto__: null,
          get(this: Record<symbol, unknown>) {
            return this[key];
          },
          set(this: KyiReactiveElement & Record<symbol, unknown>, value: unknown) {
            const old = this[key];
            this[key] = value;
            this.requestUpdate(name, old);
          },
          configurable: true,
        } as PropertyDescriptor);
      }
    const attributes = new Map<string, string>();
    for (const [name, declaration] of properties) {
      const attribute = attributeOf(name, declaration);
      if (attribute) attributes.set(attribute, name);
    }
    this.elementStyles = [this.styles ?? []].flat(Infinity as 1) as Styles[];
    finalized.set(this, (done = { properties, attributes }));
    return done;
  }

  static get observedAttributes(): string[] {
    return [...this.finalize().attributes.keys()];
  }

  /** The shadow root the element renders into (made when it first connects). */
  renderRoot!: ShadowRoot;
  /** Whether an update is scheduled and has not run yet. */
  isUpdatePending = false;
  /** Whether the element has updated once. */
  hasUpdated = false;

  /** The class's declarations (`finalize`). */
  #class: Finalized;
  #changed: PropertyValues = new Map();
  #reflect = new Set<string>();
  /** The property being written from (or to) its attribute: no echo back. */
  #reflecting: string | undefined;
  #defaults: Map<string, unknown> | undefined;
  /** Properties set on the element before it was upgraded, applied before its first update. */
  #early: Map<string, unknown> | undefined;
  #controllers: Set<ReactiveController> | undefined;
  #update: Promise<boolean>;
  #enable!: (value: boolean) => void;
  /** The language of the update in progress (resolved once per update, not per string). */
  #lang: string | undefined;
  /**
   * Attached on first need only (most elements follow the page and carry no declarative root:
   * 500 statuses need none): a fixed theme, a closed declarative shadow root to clear.
   */
  #internals: ElementInternals | undefined;
  /** The theme set as the element's custom state (`:state(kyi-light)`, `:state(kyi-dark)`). */
  #fixed: Fixed;

  constructor() {
    super();
    this.#class = (this.constructor as typeof KyiReactiveElement).finalize();
    for (const name of this.#class.properties.keys())
      if (Object.hasOwn(this, name)) {
        (this.#early ??= new Map()).set(name, this[name as keyof this]);
        delete this[name as keyof this];
      }
    this.#update = new Promise((enable) => (this.#enable = enable));
    this.requestUpdate();
  }

  /** Settles (with whether no further update is pending) once the scheduled update has run. */
  get updateComplete(): Promise<boolean> {
    return this.#update;
  }

  addController(controller: ReactiveController): void {
    (this.#controllers ??= new Set()).add(controller);
    if (this.renderRoot !== undefined && this.isConnected) controller.hostConnected?.();
  }

  /**
   * The element's render root, made on its first connection: its shadow root, empty (a
   * declarative one in the markup cleared, `ownShadowRoot`), with the element's styles adopted.
   */
  protected createRenderRoot(): ShadowRoot {
    const ctor = this.constructor as typeof KyiReactiveElement;
    const root = ownShadowRoot(this, this.#attachedInternals);
    adoptStyles(root, ctor.elementStyles);
    return root;
  }

  connectedCallback(): void {
    if (this.renderRoot === undefined) {
      // Its root taken, and its first update let run, once the markup of a root it came with is parsed.
      const take = () => {
        this.renderRoot ??= this.createRenderRoot();
        this.#enable(true);
      };
      const parsed = rootMarkupParsed(this, this.#attachedInternals);
      if (parsed) void parsed.then(() => this.isConnected && take());
      else take();
    }
    watch(this);
    this.#controllers?.forEach((c) => c.hostConnected?.());
  }

  disconnectedCallback(): void {
    unwatch(this);
    this.#controllers?.forEach((c) => c.hostDisconnected?.());
  }

  /** The language this element renders in. */
  protected get renderLang(): string {
    return this.#lang ?? resolveLang(this);
  }

  /** A string from the table, in this element's language. @internal */
  protected t(key: StringKey, params?: StringParams): string {
    return t(key, params, this.renderLang);
  }

  attributeChangedCallback(attribute: string, _old: string | null, value: string | null): void {
    const name = this.#class.attributes.get(attribute);
    if (name === undefined || name === this.#reflecting) return;
    const { type } = this.#class.properties.get(name)!;
    this.#reflecting = name;
    // The attribute's value as the property's type (a Boolean: present or not).
    const converted = type === Boolean ? value !== null : type === Number ? (value === null ? null : Number(value)) : value;
    (this as Record<string, unknown>)[name] = converted ?? this.#defaults?.get(name) ?? converted;
    this.#reflecting = undefined;
  }

  /**
   * Schedules an update (one per microtask, whatever asks); with a property's `name` and its
   * `old` value, records the change (for `willUpdate`, `updated`…) when it is one.
   */
  requestUpdate(name?: string, old?: unknown): void {
    if (name !== undefined) {
      const declaration = this.#class.properties.get(name);
      const value = (this as Record<string, unknown>)[name];
      // Lit's rule: a change is a different value, and NaN never changes to NaN.
      if (old === value || (old !== old && value !== value)) return;
      if (declaration?.useDefault && !(this.#defaults ??= new Map()).has(name)) {
        this.#defaults.set(name, value); // the first value: the default, not a change to reflect
        return;
      }
      if (!this.#changed.has(name)) this.#changed.set(name, old);
      if (declaration?.reflect && this.#reflecting !== name) this.#reflect.add(name);
    }
    if (!this.isUpdatePending) this.#update = this.#enqueue();
  }

  async #enqueue(): Promise<boolean> {
    this.isUpdatePending = true;
    try {
      await this.#update; // the last update, or (before the first) the first connection
    } catch (error) {
      // That update's failure was reported through its own promise; this one still runs.
      void Promise.reject(error);
    }
    this.performUpdate();
    return !this.isUpdatePending;
  }

  /** Runs the scheduled update now (nothing when none is): `willUpdate`, `update`, `firstUpdated`, `updated`. */
  performUpdate(): void {
    if (!this.isUpdatePending) return;
    if (!this.hasUpdated) {
      this.renderRoot ??= this.createRenderRoot();
      this.#early?.forEach((value, name) => ((this as Record<string, unknown>)[name] = value));
      this.#early = undefined;
    }
    const changedProperties = this.#changed;
    try {
      this.willUpdate(changedProperties);
      this.#controllers?.forEach((c) => c.hostUpdate?.());
      // The theme applied first; the language resolved once for every string the update renders.
      this.#applyTheme();
      this.#lang = resolveLang(this);
      this.update(changedProperties);
    } catch (error) {
      this.#updated();
      throw error;
    } finally {
      this.#lang = undefined; // resolved again when asked (a `lang` may change before the next update)
    }
    this.#controllers?.forEach((c) => c.hostUpdated?.());
    if (!this.hasUpdated) {
      this.hasUpdated = true;
      this.firstUpdated(changedProperties);
    }
    this.updated(changedProperties);
  }

  /** Before each update: compute what the update needs from what changed. */
  protected willUpdate(_changed: PropertyValues): void {}

  /** The update: reflects properties to their attributes; subclasses render after calling it. */
  protected update(_changed: PropertyValues): void {
    for (const name of this.#reflect) {
      const declaration = this.#class.properties.get(name)!;
      const own = (this as Record<string, unknown>)[name];
      // A Boolean: present (empty) or absent.
      const value = declaration.type === Boolean ? (own ? '' : null) : own;
      const attribute = attributeOf(name, declaration)!;
      this.#reflecting = name;
      if (value == null) this.removeAttribute(attribute);
      else this.setAttribute(attribute, value as string);
      this.#reflecting = undefined;
    }
    this.#reflect.clear();
    this.#updated();
  }

  /** After the first update. */
  protected firstUpdated(_changed: PropertyValues): void {}

  /** After each update. */
  protected updated(_changed: PropertyValues): void {}

  /** Its `ElementInternals`, attached on first need (`attachInternals` may be called only once). */
  #attachedInternals = (): ElementInternals => (this.#internals ??= this.attachInternals());

  #updated(): void {
    this.#changed = new Map();
    this.isUpdatePending = false;
  }

  /** The theme the element fixes (`fixedTheme`), set as its custom state; touching the states re-styles the host, so only on a change. */
  #applyTheme(): void {
    const fixed = fixedTheme((this as { theme?: unknown }).theme);
    if (fixed === this.#fixed) return;
    const states = this.#attachedInternals().states;
    if (this.#fixed) states.delete(`kyi-${this.#fixed}`);
    if (fixed) states.add(`kyi-${fixed}`);
    this.#fixed = fixed;
  }
}
