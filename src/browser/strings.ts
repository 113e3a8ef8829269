/**
 * Every visible string of the kit: one table type, with a section per element.
 *
 * - `t('tokenStatus.verified')` looks a key up; `{name}` placeholders are filled from `params`.
 * - Only English ships built in, in parts, so a page carries the words of the elements it
 *   shows and no others: `en` below (what every element may need, and what is read without
 *   an element); each display element's own section in `elements/<name>/strings.ts`, added by
 *   its module; the error strings in `locales/en-errors.ts` and the monitoring sections in
 *   `locales/en-monitoring.ts`, added by the elements that show them.
 * - Other languages are modules (src/locales/fr.ts exports `fr`) a partner adds with
 *   `registerLocale('fr', fr)` or `configure({ strings: { fr } })`.
 * - `configure({ strings: { en: { 'tokenStatus.verified': 'Checked' } } })` replaces single
 *   strings; a locale may be given flat (`'section.key'`) or by section (`{ section: { key } }`).
 * - The language comes from the element: the closest `lang` attribute (crossing shadow
 *   roots) below `<html>`, else `configure({ locale })`, else `<html lang>`, else `en`.
 *   `fr-CA` falls back to `fr`, then to `en`.
 *
 * Adding a key: add it to the English part its element adds (or to `en` here) AND to every
 * locale module in src/locales (the types insist). Keys are `section.key`; a key may contain dots.
 */
import { checkStringNames, configure, configVersion, getConfig, type KyiConfig } from './config.js';
import { attributeOf, parentOf, rootElement } from './page.js';
import type { PartialStringTable, StringKey } from './string-table.js';
// Own properties only: a locale or key is a name from outside.
import { own } from '../contract/own.js';

export type { PartialStringTable, StringKey, StringOverrides, StringTable } from './string-table.js';

/**
 * The English strings a badge page needs too. The rest of each section ships with its element
 * (or with the code that reads it without an element: `locales/en-inputs.ts` for the lookup
 * input problems, `elements/verify-button/drawer-strings.ts` for the drawer's words).
 */
export const en = {
  common: {
    opensInNewTab: '(opens in a new tab)',
  },
} as const;

export type StringParams = Record<string, string | number>;

type Sections = Record<string, Record<string, string> | undefined>;

/**
 * Registered tables per locale, shared on `globalThis` by every copy of the kit on the page
 * (two CDN bundles, or npm and CDN builds), like the configuration. Created on first use.
 * Keyed by names from outside (a translation CMS): a `Map` of prototype-free sections, so no
 * name reaches `Object.prototype`.
 */
interface Registry {
  tables: Map<string, Sections>;
  version: number;
}
const REGISTRY_KEY = Symbol.for('kyi-elements.strings');
const registry = (): Registry => ((globalThis as unknown as Record<symbol, Registry | undefined>)[REGISTRY_KEY] ??= { tables: new Map(), version: 0 });

/** Adds built-in strings (a section shipped with an element module: the kit's own names, not checked). No re-render. */
export function addStrings(locale: string, table: PartialStringTable): void {
  const reg = registry();
  const sections: Sections = reg.tables.get(locale) ?? Object.create(null);
  reg.tables.set(locale, sections);
  for (const [section, keys] of Object.entries(table as Sections))
    sections[section] = { __proto__: null, ...sections[section], ...keys } as object as Record<string, string>;
  reg.version++;
}

/**
 * Adds (or extends) a language: `registerLocale('fr', fr)`. Elements on the page re-render.
 * Entries of `configure({ strings })` still win over it.
 */
export function registerLocale(locale: string, table: PartialStringTable): void {
  checkStringNames('registerLocale', locale, table);
  addStrings(locale, table);
  configure({});
}

/** Locales with strings: English and every registered one. */
export function registeredLocales(): string[] {
  return [...new Set([DEFAULT_LOCALE, ...registry().tables.keys()])];
}

export const DEFAULT_LOCALE = 'en';


/** `key` in a table, flat or by section; own properties only. */
function pick(table: unknown, key: string, dot: number): string | undefined {
  return [own(table, key), own(own(table, key.slice(0, dot)), key.slice(dot + 1))].find((value) => typeof value === 'string') as string | undefined;
}

/** Changes whenever what `t` answers may: a `configure()`, a table added. */
export const stringsVersion = (): string => `${configVersion()}:${registry().version}`;

// Resolved templates by lang and key, for one configuration version: hundreds of elements
// rendering together ask for the same few strings thousands of times.
const cache = new Map<string, string | null>();
let cachedVersion: string | undefined; // (none before the first: no version equals it)

function template(key: string, lang = '', strings: KyiConfig['strings']): string | undefined {
  const reg = registry();
  const version = stringsVersion();
  if (version !== cachedVersion) {
    cache.clear();
    cachedVersion = version;
  }
  const id = `${lang}\n${key}`;
  let hit = cache.get(id);
  if (hit === undefined) {
    const dot = key.indexOf('.');
    const lower = lang.toLowerCase();
    // The first locale that has the key (`null`: none has it), of `fr-CA`, `fr-ca`, `fr`, `en`
    // (`''` for no lang: a name no table has, `checkStringNames` refuses it): in its
    // `configure()` strings, its registered tables, and, for English, the built-in ones.
    for (const l of dot > 0 ? new Set([lang, lower, lower.split(/[-_]/)[0]!, DEFAULT_LOCALE]) : [])
      hit ??= pick(own(strings, l), key, dot) ?? pick(reg.tables.get(l), key, dot) ?? pick(l === DEFAULT_LOCALE && en, key, dot);
    if (cache.size > 5000) cache.clear();
    cache.set(id, (hit ??= null));
  }
  return hit ?? undefined;
}

/** Looks a key up, or `undefined` when neither an override nor a table has it (dynamic keys). */
export function tMaybe(key: string, params?: StringParams, lang?: string): string | undefined {
  const { strings, locale } = getConfig();
  const text = template(key, lang ?? locale, strings);
  // Its `{name}` placeholders filled from `params` (a name it lacks stays as written).
  return text && params ? text.replace(/\{(\w+)\}/g, (match, name: string) => String(own(params, name) ?? match)) : text;
}

/** The string for `key` in `lang` (see the module comment for fallbacks); the key itself if unknown. */
export function t(key: StringKey, params?: StringParams, lang?: string): string {
  return tMaybe(key, params, lang) ?? key;
}

/**
 * The language for an element: the closest `lang` attribute below `<html>` (crossing shadow
 * roots), else `configure({ locale })`, else `<html lang>`, else `en`.
 */
export function resolveLang(element?: Element | null): string {
  // Through page.ts: a <form> on the way may hold an <input name="parentNode"> or "getAttribute".
  let node: Node | null | undefined = element;
  const root = rootElement();
  while (node && node !== root) {
    const lang = (node as Element).localName && attributeOf(node as Element, 'lang');
    if (lang) return lang;
    // A shadow root has no parentNode; continue from its host.
    node = parentOf(node) ?? (node as Partial<ShadowRoot>).host;
  }
  return getConfig().locale || (root && attributeOf(root, 'lang')) || DEFAULT_LOCALE;
}
