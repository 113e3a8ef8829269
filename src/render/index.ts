/**
 * `kyi-elements/server/render`: the status at first paint, with no kit JavaScript.
 *
 * `renderKyiElements(handler, html)` finds every `<kyi-token-status>` and `<kyi-asset-card>`
 * in a page or fragment, looks all of them up in one pass through the handler's own lookup
 * path (its cache, its flights in flight, the per-client and upstream budgets: no second
 * client), and renders each into a Declarative Shadow DOM root (`<template shadowrootmode="open">`)
 * from the elements' own views, words and styles: each element is an instance of its own class
 * (on a server, `HTMLElement` is the DOM shim `@lit/reactive-element`'s Node build brings), and
 * the views its `render()` describes are written as HTML (./view-html.ts), the nodes the browser
 * builds from the same views. No template library, no server renderer. What is not answered
 * by the deadline, or failed upstream, renders the element's loading placeholder: the
 * browser fills it. The page never waits longer, and never fails for a status.
 *
 * Every `<kyi-badge>` is rendered too, from its attributes (no lookup), from the same
 * description of its nodes the browser builds (./badge.ts).
 *
 * The rendered markup is page markup: once the kit runs, each element confirms with its own
 * lookup and the live answer wins (see `KyiLookupElement`); a badge's root is
 * emptied and the badge renders again from its attributes.
 *
 * A layer of its own, on top of both the elements and the server piece (which import neither
 * it nor each other). Fetch-API only (no `node:` imports): runs on Node and on edge runtimes.
 */
import type { Styles } from '../elements/shared/reactive.js';
import { handlerLookups, type HandlerLookups } from '../server/handler-lookups.js';
import type { KyiRequestContext } from '../server/routing.js';
import { checkLookupEntry } from '../contract/index.js';
import type { LookupRequest, LookupResponse } from '../client/lookup/batcher.js';
import { tokenOutcome } from '../client/lookup/outcome.js';
import { assetOutcome } from '../client/lookup/asset.js';
import type { InputCheck } from '../elements/shared/lookup-element.js';
import { KyiTokenStatus } from '../elements/token-status/token-status.js';
import { KyiAssetCard } from '../elements/asset-card/asset-card.js';
import { KyiBadge } from '../elements/badge/badge.js';
import { badgeContent, type RenderedBadge } from './badge.js';
import { findElements } from './scan.js';
import { viewHtml } from './view-html.js';
import type { View } from '../elements/shared/view.js';

/** How long a render waits for lookups by default, ms. */
const DEFAULT_RENDER_TIMEOUT_MS = 1000;

/**
 * Most elements one render fills (in document order): a long list page's worth. Each rendered
 * root is some 17 KB of styles and markup, so a page of posted bare tags would otherwise grow
 * without bound; the rest are left for the browser to fill, as on a timeout.
 */
const MAX_RENDERED_ELEMENTS = 200;

/** What a render needs of a Node request (Express's `req`, `http.IncomingMessage`). */
export interface NodeRequestLike {
  /** Its headers (`X-Forwarded-For` is read only as `trustProxy` says). */
  headers: Record<string, string | string[] | undefined>;
  /** Its connection: the peer address, the client when nothing else says. */
  socket?: { remoteAddress?: string | undefined } | undefined;
}

/** Options of `renderKyiElements`. */
export interface RenderOptions {
  /**
   * The page request being answered: who asks, for the per-client budget, told apart as the
   * handler tells visitors apart (`getClientId`, `trustProxy`). A fetch `Request`, or a Node
   * request (Express's `req`). Without it, the render's lookups count against no client.
   */
  request?: Request | NodeRequestLike | undefined;
  /**
   * Longest wait for the lookups, ms (default 1000). A status not answered by then renders its
   * loading placeholder and the browser fills it; its lookup still completes into the cache.
   */
  timeoutMs?: number | undefined;
  /** Language of elements without their own `lang` (default: the page's `<html lang>`, else the kit's default, English). */
  lang?: string | undefined;
}

/**
 * The one rule a rendered token status adds to its styles. A status skips its rendering while
 * off screen (`content-visibility: auto`), and Chromium lays such an element out skipped, in its
 * reserved box, until its first frame says it is on screen: a rendered answer taller than the
 * box (a token on several chains, in a narrow column) would then push the page down after the
 * first paint. A rendered status is laid out as it is, with the containment `auto` brings when
 * on screen (so to the pixel as the kit lays it out); once the kit replaces the root the element
 * skips off screen again, in the size it was last laid out at.
 */
const LAID_OUT = ':host{content-visibility:visible;contain:layout style paint}';

/**
 * The end of a rendered root: the kit keeps the rendered view on screen until its lookup
 * answers, and what the element renders meanwhile (its loading placeholder, after this marker)
 * stays hidden, taking no room; the answer removes the view, this marker and its rule.
 */
const END = '<style data-kyi-rendered>[data-kyi-rendered]~*{display:none!important}</style>';

/** The display elements a render fills: how each reads its lookup's answer, and what its rendered root adds to its styles. */
const RENDERED = new Map<string, { outcome: (response: LookupResponse) => { status: string; result: unknown }; rule: string }>([
  ['kyi-token-status', { outcome: tokenOutcome, rule: LAID_OUT }],
  ['kyi-asset-card', { outcome: assetOutcome, rule: '' }],
]);
/** `<kyi-badge>`: no lookup, its attributes say what it shows; the kit renders it again from them. */
const BADGE = 'kyi-badge';
/** Each rendered tag's class: the kit's own, whatever a registry holds. */
const CLASSES = new Map<string, unknown>([
  ['kyi-token-status', KyiTokenStatus],
  ['kyi-asset-card', KyiAssetCard],
  [BADGE, KyiBadge],
]);
const TAGS = new Set(CLASSES.keys());

/** A kit element instance as the render drives it (its protected members, read from here only). */
interface RenderedElement {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  checkInput(): InputCheck;
  render(): View;
  _state: { status: string; result: unknown };
}

/** A kit element's class, finalized by its first instance (its `elementStyles` made from its `styles`). */
interface RenderedClass {
  new (): RenderedElement;
  elementStyles: Styles[];
}

/**
 * Each kit class as a server makes its elements: with the attribute store a DOM element has (on
 * Node and edge runtimes there is no `HTMLElement`, and the kit's base is a bare class there,
 * elements/shared/reactive.ts).
 */
const SERVER_CLASSES = new Map(
  [...CLASSES].map(([tag, kitClass]) => [
    tag,
    class extends (kitClass as RenderedClass) {
      #attributes = new Map<string, string>();
      override getAttribute(name: string): string | null {
        return this.#attributes.get(name) ?? null;
      }
      override setAttribute(name: string, value: string): void {
        this.#attributes.set(name, `${value}`);
      }
    } as RenderedClass,
  ]),
);

/**
 * A kit element as the parser would make it, on no document: an instance of its class (with an
 * attribute store, `SERVER_CLASSES`), given its attributes as the parser gives them, each told
 * to the element as it is. Never connected: no update runs, the render reads what the element
 * describes.
 */
function instance(tag: string, attributes: Iterable<[string, string]>): RenderedElement {
  // Its constructor finalizes the class (its `elementStyles`, made from its `styles`, once).
  const element = new (SERVER_CLASSES.get(tag)!)();
  for (const [name, value] of attributes) {
    const old = element.getAttribute(name);
    element.setAttribute(name, value);
    element.attributeChangedCallback(name, old, value);
  }
  return element;
}

/** The shadow root's styles: the element's own, in order, as the browser adopts them. */
function styleText(element: RenderedElement): string {
  const styles = (element.constructor as unknown as RenderedClass).elementStyles;
  return styles.map((s) => (s as { cssText?: string }).cssText ?? '').join('');
}

/** Who asks, as the handler's adapters would say. */
function asker(request: RenderOptions['request']): { request: Request; context: KyiRequestContext } | undefined {
  if (!request) return undefined;
  if (typeof Request !== 'undefined' && request instanceof Request) return { request, context: {} };
  const node = request as NodeRequestLike;
  const headers = new Headers();
  for (const [name, value] of Object.entries(node.headers ?? {})) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const clientAddress = node.socket?.remoteAddress;
  return {
    request: new Request('http://localhost/', { headers }),
    context: { node: { req: request, res: undefined }, ...(clientAddress ? { clientAddress } : {}) },
  };
}

/** Resolves with `promise`'s value, or `undefined` once `deadline` has fired first. */
function byDeadline<T>(promise: Promise<T>, deadline: Promise<void>): Promise<T | undefined> {
  return Promise.race([promise.catch(() => undefined), deadline.then(() => undefined)]);
}

/**
 * Renders the kit's display elements in `html` (a page or a fragment) into Declarative Shadow
 * DOM, from `handler`'s own lookups; everything else in `html` is kept byte for byte. Only the
 * elements the browser's parser makes (HTML ones, not in `<svg>`, `<math>` or `<template>`
 * content), the first 200 of them. Never rejects for a lookup or for the
 * page: what is not answered by `timeoutMs`, or failed, renders the element's loading
 * placeholder; a render that fails returns `html` as it came and tells the handler's `onError`.
 * `handler` is the one `createKyiHandler` made (its lookup path is the render's); anything else
 * throws `TypeError`.
 */
export async function renderKyiElements(handler: (request: Request) => Promise<Response>, html: string, options: RenderOptions = {}): Promise<string> {
  const lookups = handlerLookups(handler);
  if (!lookups) throw new TypeError('renderKyiElements: pass the handler createKyiHandler made (its lookups, cache and budgets are the ones the render uses)');
  try {
    return await renderWith(lookups, html, options);
  } catch (error) {
    // The page never fails for a status: served as it came, the browser fills every element.
    const whose = typeof html === 'string' ? 'the kit’s mistake: please report it to the vendor' : 'your code’s mistake: pass the page as a string';
    lookups.report(new Error(`renderKyiElements failed, so the page was served unrendered (${whose})`, { cause: error }));
    return html;
  }
}

/** The render itself, for `renderKyiElements`. */
async function renderWith(lookups: HandlerLookups, html: string, options: RenderOptions): Promise<string> {
  const found = findElements(html, TAGS, MAX_RENDERED_ELEMENTS);
  if (found.elements.length === 0) return html;
  const pageLang = options.lang ?? found.lang;

  // Every element, its input checked by its own rules; every distinct lookup, once.
  const elements = found.elements.map((f) => {
    const lang: [string, string][] = !f.attributes.has('lang') && pageLang ? [['lang', pageLang]] : [];
    const element = instance(f.tag, [...f.attributes, ...lang]);
    return { found: f, element, check: f.tag === BADGE ? undefined : element.checkInput() };
  });
  const who = asker(options.request);
  const client = who ? lookups.clientOf(who.request, who.context) : undefined;
  let fire!: () => void;
  const deadline = new Promise<void>((resolve) => (fire = resolve));
  const timer = setTimeout(fire, options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS);
  const answers = new Map<string, Promise<LookupResponse | undefined>>();
  for (const { check } of elements) {
    if (!check?.ok || answers.has(check.key)) continue;
    const entry = checkLookupEntry(check.request satisfies LookupRequest, 0);
    if (!entry.ok) continue;
    // Not aborted at the deadline: the lookup completes into the cache the browser then asks.
    const answer = lookups
      .lookup(entry.value.target, entry.value.path, client)
      .then(({ value }): LookupResponse => ({ status: value.status, body: value.body }));
    answers.set(check.key, byDeadline(answer, deadline));
  }
  const settled = new Map<string, LookupResponse | undefined>();
  try {
    await Promise.all([...answers].map(async ([key, answer]) => settled.set(key, await answer)));
  } finally {
    clearTimeout(timer);
  }

  let out = '';
  let at = 0;
  for (const { found: f, element, check } of elements) {
    if (!check) {
      out += html.slice(at, f.end) + root(element, badgeContent(element as unknown as RenderedBadge));
      at = f.end;
      continue;
    }
    if (check.ok) {
      const response = settled.get(check.key);
      const outcome = response && RENDERED.get(f.tag)!.outcome(response);
      // Not answered in time, or failed: the loading placeholder, which the browser fills.
      element._state = !outcome || outcome.status === 'error' ? { status: 'loading', result: null } : { status: outcome.status, result: outcome.result };
    } else {
      element._state = { status: check.empty ? 'idle' : 'invalid', result: null };
    }
    out += html.slice(at, f.end) + root(element, viewHtml(element.render()), RENDERED.get(f.tag)!.rule, END);
    at = f.end;
  }
  return out + html.slice(at);
}

/** The element's shadow root as a declarative one: its styles and `rule`, its content, then `end`. */
function root(element: RenderedElement, content: string, rule = '', end = ''): string {
  return `<template shadowrootmode="open"><style>${styleText(element)}${rule}</style>${content}${end}</template>`;
}
