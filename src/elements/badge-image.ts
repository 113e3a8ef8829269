/**
 * Renders a badge image: one `<img>`, or a `<picture>` whose dark source the browser picks
 * when the user prefers dark (`auto` theme) — no script, no layout shift (explicit size).
 */
import { html, type TemplateResult } from 'lit';
import { badgeUrl, type BadgeOptions } from '../contract/index.js';

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

/**
 * The URLs for a theme choice: `[dark, light]` for `auto`, else one. `undefined` when no badge
 * base URL is configured or a URL is not http(s).
 */
export function badgeSources(
  baseUrl: string,
  options: Omit<BadgeOptions, 'theme'>,
  theme: ThemeChoice,
): { urls: string[]; themes: ('dark' | 'light')[] } | undefined {
  // No badge base configured: no image (a page-relative URL would only 404).
  if (!baseUrl) return undefined;
  const themes: ('dark' | 'light')[] = theme === 'auto' ? ['dark', 'light'] : [theme];
  const urls = themes.map((t) => httpUrl(badgeUrl(baseUrl, { ...options, theme: t })));
  if (urls.some((u) => !u)) return undefined;
  return { urls: urls as string[], themes };
}

export function badgePicture(
  sources: { urls: string[]; themes: ('dark' | 'light')[] },
  alt: string,
  box: { width: number; height: number },
  onError: () => void,
  part = 'image',
): TemplateResult {
  const img = (src: string) =>
    html`<img
      part=${part}
      src=${src}
      alt=${alt}
      width=${box.width}
      height=${box.height}
      loading="lazy"
      decoding="async"
      @error=${onError}
    />`;
  if (sources.urls.length === 1) return img(sources.urls[0]!);
  return html`<picture
    ><source media="(prefers-color-scheme: dark)" srcset=${sources.urls[0]!} width=${box.width} height=${box.height} />${img(
      sources.urls[1]!,
    )}</picture
  >`;
}
