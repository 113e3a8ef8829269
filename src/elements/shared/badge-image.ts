/**
 * Renders a badge image: one `<img>`, or a `<picture>` whose dark source the browser picks
 * when the user prefers dark (`auto` theme) — no script, no layout shift (explicit size; a
 * `full` pill gives its height only, its width is the artwork's own).
 */
import { createIn, createSvg } from '../../browser/page.js';
import type { BadgeOptions } from '../../contract/badge.js';

export type ThemeChoice = 'auto' | 'dark' | 'light';

type Sources = { urls: string[]; themes: ('dark' | 'light')[] };
const sourceCache = new Map<string, Sources>();

/**
 * The URLs for a theme choice: `[dark, light]` for `auto`, else one. `undefined` when no badge
 * base URL is configured. Remembered: a page of statuses shows one badge.
 */
export function badgeSources(baseUrl: string, options: Omit<BadgeOptions, 'theme'>, theme: ThemeChoice): Sources | undefined {
  // No badge base configured: no image (a page-relative URL would only 404).
  if (!baseUrl) return undefined;
  const key = [baseUrl, options.credential, options.variant, options.format, options.size, theme].join(' ');
  const known = sourceCache.get(key);
  if (known) return known;
  const themes: ('dark' | 'light')[] = theme === 'auto' ? ['dark', 'light'] : [theme];
  // `baseUrl` is the configured one, resolved against the page once and held to http(s) (config.ts).
  const sources = { urls: themes.map((t) => badgeUrl(baseUrl, { ...options, theme: t })), themes };
  if (sourceCache.size > 100) sourceCache.clear();
  sourceCache.set(key, sources);
  return sources;
}

/**
 * The URL of a badge image, for options already checked (`parseBadgeOptions`, or values the
 * types hold to the service's sets). Every parameter is written explicitly, because the
 * published defaults disagree between pages (field notes).
 */
export function badgeUrl(baseUrl: string, { credential, variant, theme, format, size }: BadgeOptions): string {
  const q = new URLSearchParams({ variant, theme, format, size: String(size) });
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/badges/${credential}?${q.toString()}`;
}

type Box = { width: number | undefined; height: number };
type Attributes = Record<string, string | number | undefined>;

/**
 * An element with its attributes (`undefined` leaves one out) and children: the badge's few
 * nodes, built without a template library. `svg` and `path` are made in the SVG namespace.
 */
export function el(tag: 'svg' | 'path', attributes: Attributes, ...children: (Node | string)[]): SVGElement;
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes, ...children: (Node | string)[]): HTMLElementTagNameMap[K];
export function el(tag: string, attributes: Attributes, ...children: (Node | string)[]): Element {
  const node = tag === 'svg' || tag === 'path' ? createSvg(tag) : createIn(tag as keyof HTMLElementTagNameMap);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/**
 * One element's badge image: an `<img>`, or for `auto` a `<picture>` whose dark source follows
 * the user's scheme. Plain DOM, so that a badge needs no template library; built again only when
 * what it shows changes (a re-render keeps the loaded image), and after the image failed to load.
 */
export class BadgeImage {
  #key = '';
  #node: HTMLElement | undefined;

  constructor(
    private readonly onError: () => void,
    private readonly part = 'image',
  ) {}

  for(sources: Sources, alt: string, { width, height }: Box): HTMLElement {
    const key = [...sources.urls, alt, width, height].join(' ');
    if (this.#node && key === this.#key) return this.#node;
    const [first, light] = sources.urls;
    // `loading` first, and the `<img>` in its `<picture>` before it gets its `src`: what it
    // asks for (lazily, the source the scheme picks) never depends on when a browser reads them.
    const img = el('img', { loading: 'lazy', decoding: 'async', part: this.part, alt, width, height });
    img.addEventListener('error', () => {
      // An image replaced meanwhile (new theme, new base) says nothing about the one shown.
      if (this.#node !== node) return;
      this.#node = undefined;
      this.onError();
    });
    const node = light === undefined ? img : el('picture', {}, el('source', { media: '(prefers-color-scheme: dark)', srcset: first, width, height }), img);
    img.setAttribute('src', light ?? first!);
    this.#key = key;
    this.#node = node;
    return node;
  }
}
