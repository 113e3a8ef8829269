/**
 * Kit configuration for the browser side.
 *
 * Who may say what: the partner's own code (`configure()`) and `<meta name="kyi:…">` tags
 * in the document's `<head>` are trusted; everything in the body (partners render user
 * content) is not. So:
 * 1. `configure({...})` — for npm users — wins over
 * 2. `<meta name="kyi:proxy-url" content="…">` (and `kyi:badge-base-url`,
 *    `kyi:token-endpoint`, `kyi:widget-url`, `kyi:locale`, `kyi:trusted-proxy-origins`) in
 *    `<head>` only — for script-tag users; a tag in the body is ignored;
 * then the defaults below. Markup chooses *what* an element shows, never *where* answers or
 * tokens come from: an element's `proxy-url` attribute is honoured only when it resolves to
 * the page's own origin or to one of `trustedProxyOrigins` (`proxyUrlFor`), and the token
 * endpoint and the widget URL never come from attributes. Meta tags are read lazily, never
 * at module load, so importing this module during a server render touches no DOM.
 */
import type { StringOverrides } from './strings.js';

/** The vendor's `kyi()` client function (field notes), accepted by `configure({ sdk })`. */
export type VendorKyiFunction = (
  mode: string,
  scope: string,
  accessToken: string,
  options?: {
    onReady?: () => void;
    onClose?: () => void;
    onError?: (message: string) => void;
    [key: string]: unknown;
  },
) => { iframe?: HTMLIFrameElement; destroy: () => void } | void;

/** Everything the elements read from the configuration. */
export interface KyiConfig {
  /** Base URL of the kit's server piece (same origin by default). */
  proxyUrl: string;
  /**
   * Base URL of the badge route (`{badgeBaseUrl}/api/v1/badges/…`). The badge route needs
   * no key, so images are loaded from the service directly. Empty (the default) means no
   * badge images: `<kyi-badge>` shows the credential name as text and `<kyi-token-status>`
   * its own check mark.
   */
  badgeBaseUrl: string;
  /** Where `<kyi-verify-button>` POSTs for an access token. Default `${proxyUrl}/token`. */
  tokenEndpoint: string;
  /** Origin (and optional base path) of the verification widget. */
  widgetUrl: string;
  /** Locale used when no element or ancestor below `<html>` carries a `lang`. */
  locale: string | undefined;
  /**
   * Strings per locale, over the built-in English: single replacements
   * (`{ en: { 'tokenStatus.verified': '…' } }`) or a whole table (`{ fr }` from src/locales/fr.ts).
   */
  strings: StringOverrides;
  /** Custom access-token source for the verify button (replaces the POST to `tokenEndpoint`). */
  fetchAccessToken: (() => Promise<string>) | undefined;
  /** The vendor's `kyi()` function, when a partner prefers the vendor package. */
  sdk: VendorKyiFunction | undefined;
  /**
   * Colour scheme of every element on the page: `auto` (the default) follows the page's own CSS
   * `color-scheme` in effect on each element; `light` or `dark` fixes it. An element's `theme`
   * attribute (`light`/`dark`) still wins.
   */
  theme: KyiTheme;
  /**
   * Origins (`https://kyi.partner.example`) besides the page's own that an element's
   * `proxy-url` attribute may point to. Attributes are markup, and markup may be user content:
   * any other origin is refused.
   */
  trustedProxyOrigins: readonly string[];
}

/** Values of `configure({ theme })` and of the elements' `theme` attribute. */
export const KYI_THEMES = ['auto', 'light', 'dark'] as const;
export type KyiTheme = (typeof KYI_THEMES)[number];

/** What `configure()` accepts: any subset; `undefined` values reset a key to its default. */
export type KyiConfigInput = Partial<KyiConfig>;

/** Default proxy mount point of the server piece. */
export const DEFAULT_PROXY_URL = '/api/kyi';

/** `<meta name>` for each configurable URL. */
export const META_NAMES = {
  proxyUrl: 'kyi:proxy-url',
  badgeBaseUrl: 'kyi:badge-base-url',
  tokenEndpoint: 'kyi:token-endpoint',
  widgetUrl: 'kyi:widget-url',
  locale: 'kyi:locale',
  trustedProxyOrigins: 'kyi:trusted-proxy-origins',
} as const;

/**
 * The configuration lives on `globalThis` under a registered symbol, so every copy of the kit
 * on a page (the two CDN bundles, or the npm build next to a CDN file) shares one
 * configuration: `configure()` from any copy reaches every element, whichever copy defined it.
 * Created on first use, never at module load.
 */
interface SharedConfigState {
  explicit: KyiConfigInput;
  version: number;
  listeners: Set<() => void>;
}
const STATE_KEY = Symbol.for('kyi-elements.config');
function shared(): SharedConfigState {
  const g = globalThis as unknown as Record<symbol, SharedConfigState | undefined>;
  return (g[STATE_KEY] ??= { explicit: {}, version: 0, listeners: new Set() });
}

/**
 * Sets configuration for every element on the page. Merges with earlier calls; passing a
 * key with `undefined` resets it. Connected elements re-render with the new values.
 */
export function configure(input: KyiConfigInput): void {
  if (input.theme !== undefined && !KYI_THEMES.includes(input.theme)) {
    throw new TypeError(`configure: theme must be one of ${KYI_THEMES.join(', ')} (got ${JSON.stringify(input.theme)})`);
  }
  const state = shared();
  const next: Record<string, unknown> = { ...state.explicit };
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  state.explicit = next;
  notify();
}

/**
 * The widget URL set with `configure({ widgetUrl })`, without trailing slashes; `''` when
 * none. Meta tags are not read: the `kyi()` drop-in takes where a token goes from code only.
 */
export function configuredWidgetUrl(): string {
  const url = shared().explicit.widgetUrl;
  return typeof url === 'string' ? anchored(trimSlash(url.trim())) : '';
}

/** Forgets every `configure()` call (tests, hot reload). Meta tags still apply. */
export function resetConfig(): void {
  shared().explicit = {};
  notify();
}

/** Monotonic number bumped by each `configure()` (cheap change detection). */
export function configVersion(): number {
  return shared().version;
}

/** Calls `listener` after every `configure()`/`resetConfig()`; returns an unsubscribe function. */
export function onConfigChange(listener: () => void): () => void {
  const { listeners } = shared();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  const state = shared();
  state.version++;
  base = undefined;
  for (const listener of [...state.listeners]) {
    try {
      listener();
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

/** Forgets meta tag values read in this task (call after adding or changing a tag synchronously). */
export function rereadMetaTags(): void {
  base = undefined;
}

const trimSlash = (url: string) => (url.length > 1 ? url.replace(/\/+$/, '') : url);

// The page-wide configuration, computed at most once per task and `configure()` call:
// hundreds of elements rendering together ask for it thousands of times, and meta tags
// added later are seen from the next task on.
let base: KyiConfig | undefined;
let baseVersion = -1;

function baseConfig(): KyiConfig {
  const { explicit, version } = shared();
  if (base && baseVersion === version) return base;
  const hasDom = typeof document !== 'undefined';
  // Only the document's <head>: user content rendered in the body cannot configure the kit.
  const meta = (key: keyof typeof META_NAMES) =>
    hasDom ? document.head?.querySelector<HTMLMetaElement>(`meta[name="${META_NAMES[key]}"]`)?.content?.trim() || undefined : undefined;
  if (hasDom) setTimeout(() => (base = undefined), 0);
  const proxyUrl = anchored(trimSlash(explicit.proxyUrl ?? meta('proxyUrl') ?? DEFAULT_PROXY_URL));
  baseVersion = version;
  return (base = {
    proxyUrl,
    badgeBaseUrl: anchored(trimSlash(explicit.badgeBaseUrl ?? meta('badgeBaseUrl') ?? '')),
    tokenEndpoint: anchored(explicit.tokenEndpoint ?? meta('tokenEndpoint') ?? `${proxyUrl}/token`),
    widgetUrl: anchored(trimSlash(explicit.widgetUrl ?? meta('widgetUrl') ?? '')),
    locale: explicit.locale ?? meta('locale'),
    strings: explicit.strings ?? {},
    fetchAccessToken: explicit.fetchAccessToken,
    sdk: explicit.sdk,
    theme: explicit.theme ?? 'auto',
    trustedProxyOrigins: originsOf(explicit.trustedProxyOrigins ?? meta('trustedProxyOrigins')?.split(/[\s,]+/) ?? []),
  });
}

/**
 * A configured relative URL, kept as written unless a `<base href>` (possibly user-posted)
 * would make `fetch` resolve it to another origin: then it is resolved against the page's
 * own address instead.
 */
function anchored(url: string): string {
  if (!url || typeof document === 'undefined' || typeof location === 'undefined' || URL.canParse(url)) return url;
  return new URL(url, document.baseURI).origin === location.origin ? url : new URL(url, location.href).href;
}

/** Each entry's origin (`https://a.example/x` → `https://a.example`); entries that are not absolute http(s) URLs are dropped. */
function originsOf(entries: readonly string[]): string[] {
  const origins: string[] = [];
  for (const entry of entries) {
    try {
      const url = new URL(entry);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.push(url.origin);
    } catch {
      /* not an absolute URL: ignored */
    }
  }
  return origins;
}

/** An element's own proxy URL (`proxy-url` attribute or `proxyUrl` property), trimmed; `undefined` when unset. */
function ownProxyUrl(element: Element | null | undefined): string | undefined {
  const own = (element as { proxyUrl?: unknown } | null | undefined)?.proxyUrl;
  return (typeof own === 'string' ? own.trim() : '') || element?.getAttribute?.('proxy-url')?.trim() || undefined;
}

/**
 * Whether a proxy URL from markup may be used: it resolves (as `fetch` would resolve it) to
 * the page's own origin or to one of `trustedProxyOrigins`.
 */
export function isTrustedProxyUrl(url: string, trusted: readonly string[] = baseConfig().trustedProxyOrigins): boolean {
  if (typeof location === 'undefined' || typeof document === 'undefined') return false;
  try {
    const origin = new URL(url, document.baseURI).origin;
    return origin === location.origin || trusted.includes(origin);
  } catch {
    return false;
  }
}

/** Where an element's answers come from: its own trusted `proxy-url`, else the page's; `refused` names an untrusted one. */
export interface ProxyChoice {
  proxyUrl: string;
  /** The element's `proxy-url` value that was refused (not same-origin, not a trusted origin). */
  refused?: string | undefined;
}

/** The proxy URL an element uses (see `ProxyChoice`). */
export function proxyUrlFor(element: Element | null | undefined): ProxyChoice {
  const config = baseConfig();
  const own = ownProxyUrl(element);
  if (!own) return { proxyUrl: config.proxyUrl };
  if (!isTrustedProxyUrl(own, config.trustedProxyOrigins)) return { proxyUrl: config.proxyUrl, refused: own };
  return { proxyUrl: trimSlash(own) };
}

/**
 * The effective configuration, optionally for one element: its trusted `proxy-url` attribute
 * (or `proxyUrl` property) overrides `configure()` and the meta tag for that element's own
 * requests. The token endpoint and the widget URL never follow an attribute.
 */
export function getConfig(element?: Element | null): KyiConfig {
  const config = baseConfig();
  if (!element) return config;
  const { proxyUrl } = proxyUrlFor(element);
  return proxyUrl === config.proxyUrl ? config : { ...config, proxyUrl };
}
