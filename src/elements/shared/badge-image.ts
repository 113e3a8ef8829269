/**
 * Renders a badge image: one `<img>`, or a `<picture>` whose dark source the browser picks
 * when the user prefers dark (`auto` theme) — no script, no layout shift (explicit size; a
 * `full` pill gives its height only, its width is the artwork's own).
 */
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { badgeUrl, type BadgeOptions } from '../../contract/badge.js';

export type ThemeChoice = 'auto' | 'dark' | 'light';

/** A URL only when it resolves to http(s); anything else is dropped. */
export function httpUrl(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const base = typeof document === 'undefined' ? undefined : document.baseURI;
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

type Sources = { urls: string[]; themes: ('dark' | 'light')[] };
const sourceCache = new Map<string, Sources | undefined>();

/**
 * The URLs for a theme choice: `[dark, light]` for `auto`, else one. `undefined` when no badge
 * base URL is configured or a URL is not http(s). Remembered: a page of statuses shows one badge.
 */
export function badgeSources(baseUrl: string, options: Omit<BadgeOptions, 'theme'>, theme: ThemeChoice): Sources | undefined {
  // No badge base configured: no image (a page-relative URL would only 404).
  if (!baseUrl) return undefined;
  const key = [baseUrl, options.credential, options.variant, options.format, options.size, theme, typeof document === 'undefined' ? '' : document.baseURI].join(' ');
  if (sourceCache.has(key)) return sourceCache.get(key);
  const themes: ('dark' | 'light')[] = theme === 'auto' ? ['dark', 'light'] : [theme];
  const urls = themes.map((t) => httpUrl(badgeUrl(baseUrl, { ...options, theme: t })));
  const sources = urls.every(Boolean) ? { urls: urls as string[], themes } : undefined;
  if (sourceCache.size > 100) sourceCache.clear();
  sourceCache.set(key, sources);
  return sources;
}

/** The badge image: an `<img>`, or for `auto` a `<picture>` whose dark source follows the user's scheme. */
export function badgePicture(
  sources: Sources,
  alt: string,
  { width, height }: { width: number | undefined; height: number },
  onError: () => void,
  part = 'image',
): TemplateResult {
  const [first, light] = sources.urls;
  // Flat templates (no nesting): a page may render hundreds of badges.
  return light === undefined
    ? html`<img part=${part} src=${first!} alt=${alt} width=${ifDefined(width)} height=${height} loading="lazy" decoding="async" @error=${onError} />`
    : html`<picture
        ><source media="(prefers-color-scheme: dark)" srcset=${first!} width=${ifDefined(width)} height=${height} /><img
          part=${part}
          src=${light}
          alt=${alt}
          width=${ifDefined(width)}
          height=${height}
          loading="lazy"
          decoding="async"
          @error=${onError}
      /></picture>`;
}
