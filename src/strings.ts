/**
 * Every visible string of the kit: one table type, with a section per element.
 *
 * - `t('tokenStatus.verified')` looks a key up; `{name}` placeholders are filled from `params`.
 * - Only English ships built in. The display sections live here; the monitoring sections
 *   (`watchlist`, `changeFeed`, `notifications`) live in `locales/en-monitoring.ts`, added
 *   by the monitoring elements, so the display bundle does not carry them.
 * - Other languages are modules (src/locales/fr.ts exports `fr`) a partner adds with
 *   `registerLocale('fr', fr)` or `configure({ strings: { fr } })`.
 * - `configure({ strings: { en: { 'tokenStatus.verified': 'Checked' } } })` replaces single
 *   strings; a locale may be given flat (`'section.key'`) or by section (`{ section: { key } }`).
 * - The language comes from the element: the closest `lang` attribute (crossing shadow
 *   roots) below `<html>`, else `configure({ locale })`, else `<html lang>`, else `en`.
 *   `fr-CA` falls back to `fr`, then to `en`.
 *
 * Adding a key: add it to `en` (here or in locales/en-monitoring.ts) AND to every locale
 * module in src/locales (the types insist). Keys are `section.key`; a key may contain dots.
 */
import { configure, configVersion, getConfig, type KyiConfig } from './config.js';
import type { enMonitoring } from './locales/en-monitoring.js';

/** The built-in English strings of the display and verify elements. */
export const en = {
  common: {
    retry: 'Retry',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Could not copy',
    opensInNewTab: '(opens in a new tab)',
    'error.network': 'Could not reach the verification service.',
    'error.server': 'The verification service had a problem.',
    'error.unavailable': 'The verification service is unavailable right now.',
    'error.rateLimited': 'Too many requests. Please wait a moment and retry.',
    'error.notConfigured': 'Verification is not configured on this site.',
    'error.unauthorized': 'This site could not authenticate with the verification service.',
    'error.invalidResponse': 'The verification service sent an unexpected answer.',
    'error.generic': 'Something went wrong.',
    'error.payloadTooLarge': 'The request was too large for this site to send.',
    'error.untrustedProxy': 'This element is set up to use a server this site does not trust, so it shows nothing.',
    'error.sessionRequired': 'Please sign in and try again.',
    'error.signingFailed': 'Verification could not be started. Please try again.',
    'error.widget': 'The verification widget reported an error: {message}',
    'error.widgetTimeout': 'The verification widget did not load in time. The likely cause: this site ({origin}) is not on the widget’s allow-list.',
    'error.invalidAttribute': 'This element is not set up correctly. {message}',
    signInRequired: 'Sign in to see this.',
  },
  badge: {
    'credential.kyi_verified': 'KYI verified',
    'credential.proof_of_collateral': 'Proof of collateral',
  },
  tokenStatus: {
    loading: 'Checking verification…',
    verified: 'KYI verified',
    unverified: 'Not verified',
    notFound: 'Unknown token',
    notFoundDetail: 'No verification record exists for this token.',
    invalid: 'Invalid token identifier',
    'invalid.missing': 'Provide caip19, or address with optional chain-slug.',
    'invalid.mixed': 'Use either caip19, or address with optional chain-slug, not both.',
    'invalid.chainWithoutAddress': 'chain-slug requires address.',
    'invalid.caip19': 'caip19 must be a valid CAIP-19 identifier.',
    'invalid.address': 'address must be a token address.',
    'invalid.chain': 'chain-slug must be a chain slug such as ethereum.',
    error: 'Verification check failed',
    verifiedOn: 'Verified on {chains}',
    notVerifiedOn: 'Not verified on {chains}',
    issuer: 'Issuer: {name}',
    issuerVerified: 'Issuer: {name} (business verified)',
    businessNotVerified: 'Business not verified',
    listSeparator: ', ',
  },
  assetCard: {
    loading: 'Loading asset…',
    notFound: 'Not verified on this chain',
    notFoundDetail:
      'No verified asset record exists for this address on {chain}. It may be verified on another chain.',
    invalid: 'Invalid asset identifier',
    'invalid.missing': 'Provide account-id (CAIP-10), or chain and address.',
    'invalid.mixed': 'Use either account-id, or chain and address, not both.',
    'invalid.accountId': 'account-id must be a valid CAIP-10 account ID.',
    'invalid.chain': 'chain must be a chain name such as solana or ethereum.',
    'invalid.address': 'address must be an account address.',
    error: 'Could not load this asset',
    untitled: 'Unnamed token',
    imageAlt: '',
    chain: 'Chain',
    ticker: 'Ticker',
    issuer: 'Issuer',
    unknownIssuer: 'Issuer not disclosed',
    businessVerified: 'Business verified',
    businessNotVerified: 'Business not verified',
    description: 'Description',
    links: 'Links',
    website: 'Website',
    whitepaper: 'Whitepaper',
    verifiedPage: 'View verified page',
    authorities: 'Authorities',
    noAuthorities: 'No authorities listed.',
    authorityVerified: 'Verified',
    authorityNotVerified: 'Not verified',
    accountType: 'Account type',
    'accountType.regular': 'Regular account',
    'accountType.multisig': 'Multisig',
    signers: 'Signers ({count})',
    copyAddress: 'Copy address {address}',
    attestation: 'Attestation address',
    'authorityType.mint_authority': 'Mint authority',
    'authorityType.freeze_authority': 'Freeze authority',
    'authorityType.update_authority': 'Update authority',
    'authorityType.upgrade_authority': 'Upgrade authority',
    'authorityType.creator': 'Creator',
    'authorityType.owner': 'Owner',
    authorityUnknown: 'Authority',
    showMore: 'Show more',
    showLess: 'Show less',
    showAllAuthorities: 'Show all {count} authorities',
    verifiedAsset: 'Verified asset',
    assetVerified: 'Asset verified',
  },
  verifyButton: {
    label: 'Verify with KYI',
    opening: 'Opening verification…',
    drawerTitle: 'KYI verification',
    close: 'Close verification',
    loading: 'Loading verification…',
    frameTitle: 'KYI verification widget',
  },
} as const;

type En = typeof en & typeof enMonitoring;
/** A table with the same sections and keys as `en`, every value a string. */
export type StringTable = { [S in keyof En]: { [K in keyof En[S]]: string } };
/** Any subset of a table: what `registerLocale` and `configure({ strings })` take per locale. */
export type PartialStringTable = { [S in keyof En]?: { [K in keyof En[S]]?: string } };
/** Every key of the table, `section.key`. */
export type StringKey = { [S in keyof En]: `${S & string}.${keyof En[S] & string}` }[keyof En];
/** `configure({ strings })` shape: per locale, flat keys (`'section.key'`) or sections. */
export type StringOverrides = Record<string, Partial<Record<StringKey, string>> | PartialStringTable>;
export type StringParams = Record<string, string | number>;

type Sections = Record<string, Record<string, string> | undefined>;

/**
 * Registered tables per locale, shared on `globalThis` by every copy of the kit on the page
 * (two CDN bundles, or npm and CDN builds), like the configuration. Created on first use.
 */
interface Registry {
  tables: Record<string, Sections>;
  version: number;
}
const REGISTRY_KEY = Symbol.for('kyi-elements.strings');
function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (g[REGISTRY_KEY] ??= { tables: {}, version: 0 });
}

function merge(locale: string, table: PartialStringTable): void {
  const reg = registry();
  const sections = (reg.tables[locale] ??= {});
  for (const [section, keys] of Object.entries(table as Sections)) sections[section] = { ...sections[section], ...keys };
  reg.version++;
}

/** Adds built-in strings (a section shipped with an element module). No re-render. */
export function addStrings(locale: string, table: PartialStringTable): void {
  merge(locale, table);
}

/**
 * Adds (or extends) a language: `registerLocale('fr', fr)`. Elements on the page re-render.
 * Entries of `configure({ strings })` still win over it.
 */
export function registerLocale(locale: string, table: PartialStringTable): void {
  merge(locale, table);
  configure({});
}

/** Locales with strings: English and every registered one. */
export function registeredLocales(): string[] {
  return [...new Set([DEFAULT_LOCALE, ...Object.keys(registry().tables)])];
}

export const DEFAULT_LOCALE = 'en';

/** `fr-CA` → [`fr-CA`, `fr-ca`, `fr`, `en`]. */
function candidates(lang: string | undefined): string[] {
  const out = new Set<string>();
  if (lang) {
    const lower = lang.toLowerCase();
    out.add(lang).add(lower).add(lower.split(/[-_]/)[0]!);
  }
  return [...out.add(DEFAULT_LOCALE)].filter(Boolean);
}

function pick(table: Sections | Record<string, unknown> | undefined, key: string, dot: number): string | undefined {
  if (!table) return undefined;
  const flat = table[key];
  if (typeof flat === 'string') return flat;
  const value = (table[key.slice(0, dot)] as Record<string, unknown> | undefined)?.[key.slice(dot + 1)];
  return typeof value === 'string' ? value : undefined;
}

// Resolved templates by lang and key, for one configuration version: hundreds of elements
// rendering together ask for the same few strings thousands of times.
const cache = new Map<string, string | null>();
let cachedVersion = '';

function template(key: string, lang: string | undefined, strings: KyiConfig['strings']): string | undefined {
  const reg = registry();
  const version = `${configVersion()}:${reg.version}`;
  if (version !== cachedVersion) {
    cache.clear();
    cachedVersion = version;
  }
  const id = `${lang ?? ''}\n${key}`;
  let hit = cache.get(id);
  if (hit === undefined) {
    hit = null;
    const dot = key.indexOf('.');
    if (dot > 0) {
      for (const l of candidates(lang)) {
        const found =
          pick(strings[l] as Record<string, unknown> | undefined, key, dot) ??
          pick(reg.tables[l], key, dot) ??
          (l === DEFAULT_LOCALE ? pick(en as unknown as Sections, key, dot) : undefined);
        if (found !== undefined) {
          hit = found;
          break;
        }
      }
    }
    if (cache.size > 5000) cache.clear();
    cache.set(id, hit);
  }
  return hit ?? undefined;
}

function format(text: string, params?: StringParams): string {
  return params ? text.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : match)) : text;
}

/** Looks a key up, or `undefined` when neither an override nor a table has it (dynamic keys). */
export function tMaybe(key: string, params?: StringParams, lang?: string): string | undefined {
  const { strings, locale } = getConfig();
  const text = template(key, lang ?? locale, strings);
  return text === undefined ? undefined : format(text, params);
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
  let node: Node | null | undefined = element;
  const root = typeof document === 'undefined' ? null : document.documentElement;
  while (node && node !== root) {
    const lang = (node as Element).getAttribute?.('lang');
    if (lang) return lang;
    // A shadow root has no parentNode; continue from its host.
    node = node.parentNode ?? (node as Partial<ShadowRoot>).host;
  }
  return getConfig().locale || root?.getAttribute('lang') || DEFAULT_LOCALE;
}
