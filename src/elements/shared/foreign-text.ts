/**
 * Text from elsewhere in the element's words: a value of an open set no strings table names,
 * made readable (`humanize`); a sentence in the element's language holding text from elsewhere
 * (a server's reason, a widget's message, the kit's console English), that text marked with its
 * own `lang`, so a screen reader reading a French sentence switches voice for the English words
 * inside it (`withForeignText`).
 */
/** Stands in for the foreign text while the sentence is formatted (a private-use character no string holds). */
const SLOT = '\u{F8FF}';

const primary = (lang: string) => lang.toLowerCase().split(/[-_]/)[0];

/** A sentence holding text from elsewhere: the words around it, and the text in its own language. */
export interface ForeignText {
  before: string;
  text: string;
  lang: string;
  after: string;
}

/**
 * `sentence(slot)` formats the localized sentence with `slot` where the foreign text goes
 * (`(m) => this.t(key, { message: m })`). In a language other than `textLang`, its parts, for
 * the caller to show with the text in an element marked `lang` (`<span lang>`); otherwise, or
 * when the sentence does not hold it, plain text. Data, not nodes: views and Lit templates
 * both wrap it.
 */
export function withForeignText(sentence: (slot: string) => string, text: string, lang: string, textLang = 'en'): ForeignText | string {
  const formatted = sentence(SLOT);
  const at = formatted.indexOf(SLOT);
  if (at < 0 || primary(lang) === primary(textLang)) return formatted.split(SLOT).join(text);
  return { before: formatted.slice(0, at), text, lang: textLang, after: formatted.slice(at + SLOT.length).split(SLOT).join(text) };
}

/** A value of an open set no table names, made readable: `mint_authority` → `Mint authority`. */
export function humanize(value: string): string {
  const spaced = value.replace(/[_-]+/g, ' ').trim();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : value;
}
