/** Small render helpers shared by `<kyi-watchlist>`, `<kyi-change-feed>` and `<kyi-notifications>`. */
import type { AssetSummary } from '../../contract/index.js';

/** An asset in words: its name, else its symbol, else its id. */
export function assetName(asset: AssetSummary): string {
  return asset.name ?? asset.symbol ?? asset.id;
}

/** A timestamp as a short local date and time; the raw value when it does not parse. */
export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    // Options with no prototype: a polluted `timeZone`, `calendar` or `numberingSystem` is not the kit's.
    return new Intl.DateTimeFormat(lang, { __proto__: null, dateStyle: 'medium', timeStyle: 'short' } as Intl.DateTimeFormatOptions).format(date);
  } catch {
    return date.toISOString();
  }
}

/** A before/after value as text (objects as compact JSON). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** The words of a text, lower-cased, punctuation dropped. */
function wordsOf(text: string): string[] {
  return text.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Whether `text` says something the texts already `shown` do not: false when it is empty or
 * every one of its words is among theirs ("Neutral" beside "Neutral"), so no label repeats itself.
 */
export function addsInformation(text: string | null | undefined, shown: ReadonlyArray<string | null | undefined>): text is string {
  if (!text) return false;
  const known = new Set(shown.flatMap((s) => (s ? wordsOf(s) : [])));
  return wordsOf(text).some((word) => !known.has(word));
}

/** Whether `text` holds the whole of `sentence` (a body restating its headline with some context). */
export function restates(text: string | null | undefined, sentence: string | null | undefined): boolean {
  if (!text || !sentence) return false;
  const words = wordsOf(sentence).join(' ');
  return words !== '' && ` ${wordsOf(text).join(' ')} `.includes(` ${words} `);
}
