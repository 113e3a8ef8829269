/**
 * Kit configuration for the browser side.
 *
 * Who may say what: the partner's own code (`configure()`) and `<meta name="kyi:…">` tags
 * in the document's `<head>` are trusted; everything in the body (partners render user
 * content) is not. So:
 * 1. `configure({...})` — for npm users — wins over
 * 2. `<meta name="kyi:proxy-url" content="…">` (and `kyi:badge-base-url`,
 *    `kyi:token-endpoint`, `kyi:widget-url`, `kyi:locale`, `kyi:trusted-proxy-urls`) in
 *    `<head>` only — for script-tag users; a tag in the body is ignored;
 * then the defaults below. Markup chooses *what* an element shows, never *where* answers or
 * tokens come from: an element's `proxy-url` attribute names a proxy, not a path — it is
 * honoured only when it is the configured proxy URL or one of `trustedProxyUrls`
 * (`proxyUrlOf` here, applied by the data elements' base, elements/shared/kyi-element.ts) —
 * and the token endpoint and the widget URL never come from attributes.
 * Every URL is resolved once, when it is configured, against the page's own address
 * (`location.href`, never `document.baseURI`) and kept absolute, so a `<base href>` posted into
 * the page, whenever it arrives, moves nothing.
 *
 * Meta tags are read through `page.ts` (pristine getters, the real `<head>` only: a
 * `<form name="head">` in the body is not it) when the configuration is first needed and again
 * on each `configure()` / `resetConfig()`, then held: a tag added later, in the head or
 * anywhere else, changes nothing until the partner's code calls `configure()`. Never at module
 * load, so importing this module during a server render touches no DOM.
 *
 * Every element reads the page-wide configuration (`getConfig()`, computed once per
 * `configure()`) and re-renders on a change (elements/shared/element-core.ts); only the data
 * elements (elements/shared/kyi-element.ts) have a `proxy-url` of their own to check, so that
 * check is theirs, not every page's.
 */
import { metaContent, pageUrl } from './page.js';
import type { StringOverrides } from './string-table.js';

/**
 * A URL the partner configured (or passed to a client function), resolved against the page's
 * own address — never against `document.baseURI`, which a `<base href>` posted into the page,
 * at any time, would move. Resolved once and kept: nothing in the kit hands a relative URL to
 * `fetch`, an iframe or `kyi()`. As written when there is no page (server rendering, where
 * nothing is fetched); `undefined` when it does not parse.
 */
export function onPage(url: string): string | undefined {
  try {
    return new URL(url, pageUrl()).href;
  } catch {
    return pageUrl() === undefined ? url : undefined;
  }
}

// --- The URL policy -------------------------------------------------------------------------
/**
 * The one URL policy of the browser side. Upstream URLs (`token_image`, `asset_url`,
 * `website_url`, change and notification links) become links or images only when they are
 * absolute `http:` / `https:` URLs. They are never resolved against the page: a relative
 * value would make the browser fetch the partner's own origin, with its cookies, at a path an
 * upstream body chose. URLs the partner configured (`configure()`, an attribute such as
 * `href` or `inbox-url`) are resolved once against the page's own address (`onPage`), then
 * held to the same http(s) rule.
 */
/** `url` when it is an absolute http(s) URL (normalised), else `undefined` (`javascript:`, `data:`, relative…). */
export function safeHttpUrl(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.trim()) return undefined;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** A URL the partner configured, resolved against the page (`onPage`); `undefined` unless http(s). */
export function configuredHttpUrl(url: string | null | undefined): string | undefined {
  return typeof url === 'string' && url.trim() ? safeHttpUrl(onPage(url.trim())) : undefined;
}

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
   * Proxy URLs (`https://kyi.partner.example/api/kyi`, `/api/kyi-readonly`) besides `proxyUrl`
   * that an element's `proxy-url` attribute may name. Attributes are markup, and markup may be
   * user content: any other value — another path on the same origin, a query, a fragment,
   * credentials, dot segments — is refused. Stored absolute.
   */
  trustedProxyUrls: readonly string[];
}

/** Values of `configure({ theme })` and of the elements' `theme` attribute. */
export type KyiTheme = 'auto' | 'light' | 'dark';
export const KYI_THEMES = ['auto', 'light', 'dark'] as const satisfies readonly KyiTheme[];

/** What `configure()` accepts: any subset; `undefined` values reset a key to its default. */
export type KyiConfigInput = Partial<KyiConfig>;

/** Default proxy mount point of the server piece. */
export const DEFAULT_PROXY_URL = '/api/kyi';

/** The configuration keys a `<meta>` tag in the head may set. */
type MetaKey = 'proxyUrl' | 'badgeBaseUrl' | 'tokenEndpoint' | 'widgetUrl' | 'locale' | 'trustedProxyUrls';

/** The `<meta name>` of a key: `kyi:` and the key in kebab case (`kyi:proxy-url`, `kyi:trusted-proxy-urls`). */
const metaName = (key: MetaKey): string => `kyi:${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** The configuration keys holding one URL (resolved against the page when configured); the proxy URL first, as the token endpoint's default is on it. */
const URL_KEYS = ['proxyUrl', 'badgeBaseUrl', 'tokenEndpoint', 'widgetUrl'] as const;

/** A name with a part (between dots) that would reach an object's prototype when used as a key. */
const FORBIDDEN_NAME = /(^|\.)(__proto__|constructor|prototype)(\.|$)/;

/** Throws for a locale name, section or key that would reach a prototype (`__proto__`, `constructor`, `prototype`). */
export function checkStringNames(where: string, locale: string, table: object): void {
  const refuse = (what: string) => {
    throw new TypeError(`${where}: ${what} is not allowed: __proto__, constructor and prototype are reserved names`);
  };
  const name = JSON.stringify(locale);
  if (typeof locale !== 'string' || !locale || FORBIDDEN_NAME.test(locale)) refuse(`the locale name ${name}`);
  if (typeof table !== 'object' || table === null) throw new TypeError(`${where}: the table for ${name} must be an object`);
  // Each section, then each of its keys as `section.key` (a bad section is named before its
  // keys; a flat table's value is a string, whose keys are its indexes, never a bad name).
  for (const [section, keys] of Object.entries(table))
    for (const key of [section, ...Object.keys(Object(keys)).map((k) => `${section}.${k}`)])
      if (FORBIDDEN_NAME.test(key)) refuse(`the key ${JSON.stringify(key)} in locale ${name}`);
}

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
  // Own keys only, here and in `explicit`: an `Object.prototype` polluted elsewhere on the page
  // (a vulnerable query-string parser) lends no proxy URL, widget URL or token endpoint.
  return Object.hasOwn(g, STATE_KEY) ? g[STATE_KEY]! : (g[STATE_KEY] = { explicit: noSettings(), version: 0, listeners: new Set() });
}

/** No `configure()` settings: an object without a prototype. */
const noSettings = (): KyiConfigInput => Object.create(null) as KyiConfigInput;

/** What `configure()` set for `key` (an own key of `explicit`, never an inherited one). */
function setting<K extends keyof KyiConfigInput>(explicit: KyiConfigInput, key: K): KyiConfigInput[K] {
  return Object.hasOwn(explicit, key) ? explicit[key] : undefined;
}

/**
 * Sets configuration for every element on the page. Merges with earlier calls; passing a
 * key with `undefined` resets it. Connected elements re-render with the new values.
 */
export function configure(input: KyiConfigInput): void {
  const state = shared();
  // Prototype-free: a key from a parsed JSON config (`__proto__`) stays a key.
  const next: Record<string, unknown> = Object.assign(noSettings(), state.explicit);
  // Every value is checked before any is kept: a throw changes nothing.
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) delete next[key];
    else next[key] = checked(key, value, `configure: ${key}`);
  }
  state.explicit = next;
  notify();
}

/**
 * A configured value, checked and made ready to hold — URLs resolved against the page once and
 * kept absolute, each trusted proxy URL checked (`proxyUrlOf`), the theme one of `KYI_THEMES`,
 * string tables without prototype names — or a `TypeError` saying what is wrong with the value
 * `where` names (`configure: proxyUrl`, a `<meta>` tag).
 */
function checked(key: string, value: unknown, where: string): unknown {
  const refuse = (what: string): never => {
    throw new TypeError(`${where} must be ${what} (got ${JSON.stringify(value)})`);
  };
  if ((URL_KEYS as readonly string[]).includes(key)) return typeof value === 'string' && onPage(value.trim()) !== undefined ? absolute(value) : refuse('a URL');
  if (key === 'trustedProxyUrls')
    return Array.isArray(value) ? value.map((entry: unknown) => trustedProxyUrl(entry, where)) : refuse('an array of proxy URLs');
  if (key === 'theme' && !KYI_THEMES.includes(value as KyiTheme)) refuse(`one of ${KYI_THEMES.join(', ')}`);
  if (key === 'strings') for (const [locale, table] of Object.entries(value as object)) checkStringNames(where, locale, table as object);
  return value;
}

/** One trusted proxy URL, absolute (`proxyUrlOf`), or a `TypeError` saying why it is not one. */
function trustedProxyUrl(entry: unknown, where: string): string {
  const result = typeof entry === 'string' ? proxyUrlOf(entry.trim()) : ({ __proto__: null, problem: 'it is not a string' } as { problem: string });
  if ('problem' in result) throw new TypeError(`${where}: ${JSON.stringify(entry)} is not a proxy URL: ${result.problem}`);
  return result.url;
}

/**
 * The widget URL set with `configure({ widgetUrl })`, without trailing slashes; `''` when
 * none. Meta tags are not read: the `kyi()` drop-in takes where a token goes from code only.
 */
export function configuredWidgetUrl(): string {
  // Resolved again as `getConfig()` does: another copy of the kit on the page may have held it.
  return absolute(setting(shared().explicit, 'widgetUrl') ?? '');
}

/** Forgets every `configure()` call (tests, hot reload). Meta tags still apply, read again. */
export function resetConfig(): void {
  shared().explicit = noSettings();
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
  for (const listener of [...state.listeners]) {
    try {
      listener();
    } catch (error) {
      reportError(error); // as an uncaught error (the page's `error` event), and the next listener still runs
    }
  }
}

const trimSlash = (url: string) => (url.length > 1 ? url.replace(/\/+$/, '') : url);

// The page-wide configuration, computed once per `configure()` call (meta tags read then):
// hundreds of elements rendering together ask for it thousands of times. Held with the shared
// version it was computed for: a `configure()` from any copy of the kit bumps that version.
let base: KyiConfig | undefined;
let baseVersion: number | undefined; // (none before the first: no version equals it)

/**
 * The page-wide configuration. An element's own `proxy-url` is a data element's business
 * (`KyiDataElement.proxyChoice`, elements/shared/kyi-element.ts): it is checked there against
 * this configuration's `proxyUrl` and `trustedProxyUrls`, with `proxyUrlOf`; the token
 * endpoint and the widget URL never follow an attribute.
 */
export function getConfig(): KyiConfig {
  const { explicit, version } = shared();
  if (baseVersion === version) return base!;
  // The defaults (`fetchAccessToken` and `sdk`: none), then what `configure()` set (checked
  // there; its own keys: `Object.assign` copies no inherited one), then what the page's meta
  // tags say for the keys it left unset. Prototype-free: a key it lacks is `undefined`, never
  // one an `Object.prototype` polluted elsewhere on the page lends.
  const config: KyiConfigInput = Object.assign(noSettings(), { strings: {}, theme: 'auto' }, explicit);
  // Each URL key (the proxy URL first: the token endpoint's default is on it): `configure()`
  // (checked there), else its meta tag when that is a URL, else its default; absolute.
  for (const key of URL_KEYS)
    config[key] = absolute(
      config[key] ??
        fromMeta(key, (value, where) => checked(key, value, where) as string) ??
        (key === 'proxyUrl' ? DEFAULT_PROXY_URL : key === 'tokenEndpoint' ? `${config.proxyUrl}/token` : ''),
    );
  // An http(s) base or none: every badge URL built on it is then an absolute http(s) one.
  if (!safeHttpUrl(config.badgeBaseUrl)) config.badgeBaseUrl = '';
  config.locale ??= fromMeta('locale', (value) => value);
  // Each entry on its own: a bad one is dropped, the others kept.
  config.trustedProxyUrls ??= (fromMeta('trustedProxyUrls', (value) => value.split(/[\s,]+/).filter(Boolean)) ?? []).flatMap(
    (entry) => fromMeta('trustedProxyUrls', (_, where) => trustedProxyUrl(entry, where), entry) ?? [],
  );
  baseVersion = version;
  return (base = config as KyiConfig);
}

/**
 * A configured URL resolved against the page's own address (`onPage`), without trailing
 * slashes; `''` stays `''` (no badge base, no widget). As written when no page address is a
 * base for it (a sandboxed frame's opaque origin): every request resolves it again and refuses
 * it then (client/request-url.ts).
 */
function absolute(url: string): string {
  const trimmed = url.trim();
  return trimmed && trimSlash(onPage(trimmed) ?? trimmed); // (nothing: '')
}

/** Warnings already given about the page's meta tags (each once: they are read again on each `configure()`). */
const warned = new Set<string>();

/**
 * The value of `key`'s `<meta>` tag, from the document's real `<head>` only (user content in
 * the body cannot configure the kit), through `read` (`configure()`'s checks); `undefined`
 * without one. A value `read` refuses is the page's mistake: warned about once, then ignored.
 */
function fromMeta<T>(key: MetaKey, read: (value: string, where: string) => T, value = metaContent(metaName(key))): T | undefined {
  if (value === undefined) return undefined;
  try {
    return read(value, `<meta name="${metaName(key)}">`);
  } catch (error) {
    const message = `kyi-elements: ${(error as Error).message}; it is ignored (the page's configuration).`;
    if (!warned.has(message)) console.warn(message);
    warned.add(message);
    return undefined;
  }
}

/**
 * Why a proxy URL is not one (a query, a fragment, credentials, dot segments, not http(s)),
 * or its absolute form. Dot segments are looked for in the value as written: resolving
 * removes them. Told apart by `'problem' in`: each result has no prototype, so a `problem` a
 * script set on `Object.prototype` refuses no proxy URL (attack round 15).
 */
export function proxyUrlOf(written: string): { url: string } | { problem: string } {
  // The URL parser drops tabs and newlines anywhere (`.\t.` is `..`): so do we, first.
  const value = written.replace(/[\t\n\r]/g, '');
  const resolved = onPage(value);
  // Without a page (a server render) a relative URL stays as written: nothing is fetched there.
  const parsed = resolved !== undefined && URL.canParse(resolved) ? new URL(resolved) : undefined;
  // The first problem, in this order.
  const problem = !value
    ? 'it is empty'
    : /(^|[/\\])(\.|%2e){1,2}([/\\]|$)/i.test(value.split(/[?#]/, 1)[0]!)
      ? 'it has dot segments'
      : value.includes('?')
        ? 'it has a query'
        : value.includes('#')
          ? 'it has a fragment'
          : resolved === undefined
            ? 'it is not a URL'
            : parsed && !safeHttpUrl(resolved)
              ? 'it is not an http(s) URL'
              : parsed?.username || parsed?.password
                ? 'it has credentials'
                : undefined;
  return (problem ? { __proto__: null, problem } : { __proto__: null, url: trimSlash(resolved!) }) as object as { url: string } | { problem: string };
}
