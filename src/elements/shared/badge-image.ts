/**
 * A badge's image and nodes. Its URLs: one `<img>`, or a `<picture>` whose dark source the
 * browser picks when the user prefers dark (`auto` theme) — no script, no layout shift
 * (explicit size; a `full` pill gives its height only, its width is the artwork's own).
 * Its nodes, as data (`View`, ./view.ts): the browser builds them and a server render writes them
 * as HTML: one description, the same nodes either way.
 */
import type { ElementView, Listener } from './view.js';
import type { BadgeOptions } from '../../contract/badge.js';

export type ThemeChoice = 'auto' | 'dark' | 'light';

/**
 * The scheme of a badge's image: `light` or `dark` when one is in effect on `element`, `auto`
 * when the page lets the OS decide (`light dark`, for a `<picture>` to follow).
 */
export function imageSchemeOf(element: Element): ThemeChoice {
  if (typeof getComputedStyle === 'undefined') return 'light';
  const list = getComputedStyle(element).colorScheme.split(/\s+/);
  if (!list.includes('dark')) return 'light';
  return list.includes('light') ? 'auto' : 'dark';
}

/** A badge image's URLs: `[dark, light]` for the `auto` theme, else the one. */
export type Sources = string[];

/** The URLs for a theme choice; `undefined` when no badge base URL is configured. */
export function badgeSources(baseUrl: string, options: Omit<BadgeOptions, 'theme'>, theme: ThemeChoice): Sources | undefined {
  // No badge base configured: no image (a page-relative URL would only 404).
  if (!baseUrl) return undefined;
  const themes = theme === 'auto' ? (['dark', 'light'] as const) : [theme];
  // `baseUrl` is the configured one, resolved against the page once and held to http(s) (config.ts).
  return themes.map((t) => badgeUrl(baseUrl, { ...options, theme: t }));
}

/**
 * The URL of a badge image, for options already checked (`parseBadgeOptions`, or values the
 * types hold to the service's sets). Every parameter is written explicitly, because the
 * published defaults disagree between pages (field notes).
 */
export function badgeUrl(baseUrl: string, { credential, variant, theme, format, size }: BadgeOptions): string {
  const q = new URLSearchParams({ variant, theme, format, size: String(size) });
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/badges/${credential}?${q}`;
}

export type Box = { width?: number | undefined; height: number };

/**
 * A badge image: an `<img>`, or for `auto` a `<picture>` whose dark source follows the user's
 * scheme; `failed` (in the browser) hears the `<img>`'s `error`.
 */
export function imageView([first, light]: Sources, alt: string, { width, height }: Box, failed?: Listener): ElementView {
  const img: ElementView = ['img', { loading: 'lazy', decoding: 'async', part: 'image', alt, width, height, src: light ?? first, '@error': failed }];
  return light === undefined ? img : ['picture', {}, ['source', { media: '(prefers-color-scheme: dark)', srcset: first, width, height }], img];
}
