/**
 * Text from elsewhere in the element's words: a value of an open set no strings table names,
 * made readable (`humanize`); a sentence in the element's language holding text from elsewhere
 * (a server's reason, a widget's message, the kit's console English), that text marked with its
 * own `lang`, so a screen reader reading a French sentence switches voice for the English words
 * inside it (`withForeignText`).
 */
import { html, type TemplateResult } from 'lit';

/** Stands in for the foreign text while the sentence is formatted (a private-use character no string holds). */
const SLOT = '\u{F8FF}';

const primary = (lang: string) => lang.toLowerCase().split(/[-_]/)[0];

/**
 * `sentence(slot)` formats the localized sentence with `slot` where the foreign text goes
 * (`(m) => this.t(key, { message: m })`). In a language other than `textLang`, the text is
 * wrapped in `<span lang>`; otherwise, or when the sentence does not hold it, plain text.
 */
export function withForeignText(sentence: (slot: string) => string, text: string, lang: string, textLang = 'en'): TemplateResult | string {
  const formatted = sentence(SLOT);
  const at = formatted.indexOf(SLOT);
  if (at < 0 || primary(lang) === primary(textLang)) return formatted.split(SLOT).join(text);
  const after = formatted.slice(at + SLOT.length).split(SLOT).join(text);
  return html`${formatted.slice(0, at)}<span lang=${textLang}>${text}</span>${after}`;
}

/** A value of an open set no table names, made readable: `mint_authority` → `Mint authority`. */
export function humanize(value: string): string {
  const spaced = value.replace(/[_-]+/g, ' ').trim();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : value;
}
