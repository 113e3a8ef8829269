import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { configure, getConfig, resetConfig } from '../../src/browser/config.js';
import { en, registerLocale, registeredLocales, t, tMaybe, resolveLang } from '../../src/browser/strings.js';
import { enMonitoring } from '../../src/locales/en-monitoring.js';
import { enErrors } from '../../src/locales/en-errors.js';
import { enBadge } from '../../src/elements/badge/strings.js';
import { enTokenStatus } from '../../src/elements/token-status/strings.js';
import { enAssetCard } from '../../src/elements/asset-card/strings.js';
import { enVerifyButton } from '../../src/elements/verify-button/strings.js';
import { enInputs } from '../../src/locales/en-inputs.js';
import { enDrawer } from '../../src/elements/verify-button/drawer-strings.js';
import { enSessionFailures } from '../../src/elements/verify-button/session-strings.js';
import { fr } from '../../src/locales/fr.js';
import { errorStringKey } from '../../src/elements/shared/error-text.js';
import { humanize } from '../../src/elements/shared/foreign-text.js';
import { readFileSync } from 'node:fs';

/** Every English part (the element modules add theirs when imported, as above). */
const EN_PARTS = [en, enErrors, enBadge, enTokenStatus, enAssetCard, enVerifyButton, enMonitoring, enInputs, enDrawer, enSessionFailures];

/** Every locale module in src/locales (English is built in). */
const LOCALE_MODULES: Record<string, unknown> = { fr };

describe('strings table', () => {
  afterEach(() => resetConfig());

  it('every locale has every key of en, none empty unless en is', () => {
    // Parts may share a section (`common`, `tokenStatus`): merged key by key.
    const all: Record<string, Record<string, string>> = {};
    for (const part of EN_PARTS as unknown as Record<string, Record<string, string>>[])
      for (const [section, keys] of Object.entries(part)) all[section] = { ...all[section], ...keys };
    for (const [locale, module] of Object.entries(LOCALE_MODULES)) {
      const table = module as Record<string, Record<string, string>>;
      for (const [section, keys] of Object.entries(all)) {
        for (const [key, value] of Object.entries(keys)) {
          const other = table[section]?.[key];
          assert.equal(typeof other, 'string', `${locale}: ${section}.${key} missing`);
          if (value !== '') assert.notEqual(other, '', `${locale}: ${section}.${key} empty`);
        }
      }
    }
  });

  it("an authority type's English is its value made readable: the table's words, no string shipped", () => {
    // The table's English (its doc comments, string-table.ts) for every authority type and the
    // multisig account type, as a translator reads it, is what the card shows without a string (`humanize`).
    const table = readFileSync(new URL('../../src/browser/string-table.ts', import.meta.url), 'utf8');
    const types = [...table.matchAll(/\/\*\* (.+) \*\/\s+'(authorityType\.\w+|accountType\.multisig)': string;/g)];
    assert.equal(types.length, 7);
    for (const [, words, key] of types) {
      assert.equal(humanize(key!.slice(key!.indexOf('.') + 1)), words, `assetCard.${key}`);
      assert.equal(tMaybe(`assetCard.${key}`), undefined, `no English string for ${key}: humanize spells it`);
    }
    registerLocale('fr', fr);
    assert.equal(tMaybe('assetCard.authorityType.mint_authority', undefined, 'fr'), 'Autorité d’émission');
  });

  it('ships English only; a locale module is added with registerLocale', () => {
    assert.equal(t('tokenStatus.verified', undefined, 'zz'), 'KYI verified');
    assert.ok(!registeredLocales().includes('zz'));
    registerLocale('zz', { tokenStatus: { verified: 'ZZ verified' } });
    assert.equal(t('tokenStatus.verified', undefined, 'zz-AA'), 'ZZ verified');
    assert.equal(t('tokenStatus.unverified', undefined, 'zz'), 'Not verified');
    assert.ok(registeredLocales().includes('zz'));
  });

  it('looks keys up with region and default fallbacks and fills parameters', () => {
    registerLocale('fr', fr);
    assert.equal(t('tokenStatus.verified'), 'KYI verified');
    assert.equal(t('tokenStatus.verified', undefined, 'fr'), 'Vérifié KYI');
    assert.equal(t('tokenStatus.verified', undefined, 'fr-CA'), 'Vérifié KYI');
    assert.equal(t('tokenStatus.verified', undefined, 'de'), 'KYI verified');
    assert.equal(t('tokenStatus.verifiedOn', { chains: 'base, ethereum' }), 'Verified on base, ethereum');
    assert.equal(t('tokenStatus.verifiedOn'), 'Verified on {chains}');
    assert.equal(tMaybe('assetCard.authorityType.not_a_type'), undefined);
  });

  it('configure({ strings }) replaces strings and adds locales; configure({ locale }) sets the default', () => {
    configure({ strings: { en: { 'common.retry': 'Try again' }, de: { 'common.retry': 'Erneut versuchen' } } });
    assert.equal(t('common.retry'), 'Try again');
    assert.equal(t('common.retry', undefined, 'de-AT'), 'Erneut versuchen');
    assert.equal(t('common.copy', undefined, 'de'), 'Copy');
    configure({ strings: { de: { common: { copy: 'Kopieren' } } } });
    assert.equal(t('common.copy', undefined, 'de'), 'Kopieren', 'a locale may also be given by section');
    registerLocale('fr', fr);
    configure({ locale: 'fr' });
    assert.equal(t('common.copy'), 'Copier');
    assert.equal(resolveLang(), 'fr');
  });

  it('a locale name or string key that would reach a prototype is refused, and no object on the page changes', () => {
    // As a translation CMS would hand them over: parsed JSON, where `__proto__` is an own key.
    const table = JSON.parse('{ "tokenStatus": { "verified": "polluted" } }') as Parameters<typeof registerLocale>[1];
    for (const name of ['__proto__', 'constructor', 'prototype'])
      assert.throws(() => registerLocale(name, table), { name: 'TypeError', message: new RegExp(`registerLocale: the locale name "${name}" is not allowed`) });
    assert.throws(() => registerLocale('xx', JSON.parse('{ "__proto__": { "verified": "polluted" } }')), /the key "__proto__" in locale "xx" is not allowed/);
    assert.throws(() => registerLocale('xx', JSON.parse('{ "tokenStatus": { "constructor": "polluted" } }')), /"tokenStatus.constructor"/);
    assert.throws(() => configure({ strings: JSON.parse('{ "__proto__": { "tokenStatus.verified": "polluted" } }') }), /configure: strings: the locale name "__proto__"/);
    assert.throws(() => configure({ strings: { en: JSON.parse('{ "tokenStatus.__proto__": "polluted" }') } }), /"tokenStatus.__proto__"/);
    assert.equal(({} as Record<string, unknown>).tokenStatus, undefined);
    assert.equal(({} as Record<string, unknown>).verified, undefined);
    assert.ok(!registeredLocales().includes('__proto__'));
    // Names from markup (`lang`) find nothing on a prototype either.
    assert.equal(t('tokenStatus.verified', undefined, '__proto__'), 'KYI verified');
    assert.equal(t('tokenStatus.verified', undefined, 'constructor'), 'KYI verified');
    // An error code from an answer finds no words on a prototype.
    assert.equal(errorStringKey({ code: 'constructor', status: 502 }), 'common.error.server');
    assert.equal(errorStringKey({ code: '__proto__', status: 400 }), 'common.error.generic');
  });
});

describe('configuration without a DOM', () => {
  afterEach(() => resetConfig());

  it('has defaults and merges configure() calls', () => {
    assert.equal(getConfig().proxyUrl, '/api/kyi');
    assert.equal(getConfig().tokenEndpoint, '/api/kyi/token');
    configure({ proxyUrl: '/kyi/' });
    assert.equal(getConfig().proxyUrl, '/kyi');
    assert.equal(getConfig().tokenEndpoint, '/kyi/token');
    configure({ tokenEndpoint: '/session/kyi-token' });
    assert.equal(getConfig().tokenEndpoint, '/session/kyi-token');
    configure({ proxyUrl: undefined });
    assert.equal(getConfig().proxyUrl, '/api/kyi');
  });

  it('the element modules import during a server render', async () => {
    const index = await import('../../src/entries/index.js');
    assert.equal(typeof index.KyiTokenStatus, 'function');
    assert.equal(typeof index.KyiWatchlist, 'function');
    await import('../../src/entries/define.js');
  });
});
