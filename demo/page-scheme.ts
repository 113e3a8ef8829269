/**
 * The "partner page" preview switch of the demo and the gallery: a light page, a dark page, or
 * a page that follows the OS (`color-scheme: light dark`). It sets the page's CSS `color-scheme`
 * through `data-page-scheme` on `<html>` (demo.css); the elements take their scheme from it.
 * `?page=light|dark|os` in the address picks it on load, and the switch keeps the address in step.
 */
export const PAGE_SCHEMES = ['os', 'light', 'dark'] as const;
export type PageScheme = (typeof PAGE_SCHEMES)[number];

const isScheme = (value: string | null): value is PageScheme => PAGE_SCHEMES.includes(value as PageScheme);

export function setPageScheme(scheme: PageScheme): void {
  if (scheme === 'os') delete document.documentElement.dataset['pageScheme'];
  else document.documentElement.dataset['pageScheme'] = scheme;
}

/** Wires a `<select>` of `PAGE_SCHEMES` to the page; `changed` runs after every switch. */
export function bindPageScheme(select: HTMLSelectElement, changed: () => void = () => {}): void {
  const fromUrl = new URL(location.href).searchParams.get('page');
  if (isScheme(fromUrl)) {
    select.value = fromUrl;
    setPageScheme(fromUrl);
  }
  select.addEventListener('change', () => {
    const scheme = isScheme(select.value) ? select.value : 'os';
    setPageScheme(scheme);
    const url = new URL(location.href);
    if (scheme === 'os') url.searchParams.delete('page');
    else url.searchParams.set('page', scheme);
    history.replaceState(null, '', url);
    changed();
  });
}
