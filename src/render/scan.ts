/**
 * Finds the kit's display elements in an HTML page or fragment, as a browser's parser would
 * see their start tags: comments, `<!…>` declarations and the text of raw-text elements
 * (`<script>`, `<style>`, `<textarea>`…) are skipped, so a tag written inside them is not an
 * element. Attribute values are decoded (`&amp;`, `&#39;`…). Nothing is rewritten: the render
 * inserts each element's shadow root right after its start tag (`end`).
 *
 * Fetch-API only (no `node:` imports).
 */

/** One start tag of a kit element. */
export interface FoundElement {
  /** The tag name, lower-case (`kyi-token-status`). */
  tag: string;
  /** Its attributes, decoded, the first of each name (as the parser keeps them). */
  attributes: Map<string, string>;
  /** Offset just after the start tag's `>`. */
  end: number;
}

/** Elements whose text is not markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An attribute value as the parser decodes it (numeric references and the common named ones). */
function decode(value: string): string {
  return value.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));?/g, (whole, dec: string, hex: string, name: string) => {
    if (name) return NAMED[name] ?? whole;
    const code = dec ? Number(dec) : parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
  });
}

const NAME = /[^\s/>]+/y;
const ATTRIBUTE = /[\s/]*([^\s/>=][^\s/>=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

/**
 * The start tags of `tags` in `html`, in document order, and the page's `<html lang>` when it
 * has one.
 */
export function findElements(html: string, tags: ReadonlySet<string>): { elements: FoundElement[]; lang: string | undefined } {
  const elements: FoundElement[] = [];
  let lang: string | undefined;
  let i = 0;
  for (;;) {
    i = html.indexOf('<', i);
    if (i < 0 || i + 1 >= html.length) break;
    const next = html[i + 1]!;
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    if (next === '!' || next === '?' || next === '/') {
      const close = html.indexOf('>', i + 2);
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    if (!/[a-zA-Z]/.test(next)) {
      i++;
      continue;
    }
    NAME.lastIndex = i + 1;
    const tag = NAME.exec(html)![0].toLowerCase();
    let at = NAME.lastIndex;
    const attributes = new Map<string, string>();
    for (;;) {
      ATTRIBUTE.lastIndex = at;
      const m = ATTRIBUTE.exec(html);
      if (!m) break;
      at = ATTRIBUTE.lastIndex;
      const name = m[1]!.toLowerCase();
      if (!attributes.has(name)) attributes.set(name, decode(m[2] ?? m[3] ?? m[4] ?? ''));
    }
    const close = html.indexOf('>', at);
    const end = close < 0 ? html.length : close + 1;
    if (tags.has(tag)) elements.push({ tag, attributes, end });
    else if (tag === 'html' && lang === undefined) lang = attributes.get('lang')?.trim() || undefined;
    i = end;
    if (RAW_TEXT.has(tag)) {
      if (tag === 'plaintext') break;
      const endTag = new RegExp(`</${tag}[\\s/>]`, 'gi');
      endTag.lastIndex = i;
      const found = endTag.exec(html);
      i = found ? found.index : html.length;
    }
  }
  return { elements, lang };
}
