/**
 * A Vite plugin that shrinks Lit's tagged templates in src/: the CSS of css`…` templates (the
 * element styles, written with the kit's `css`, src/elements/shared/reactive.ts, or Lit's) is minified with Lightning CSS, the minifier Vite itself uses for CSS files,
 * and whitespace inside the tags of html`…`/svg`…` templates is collapsed. The npm build, the
 * CDN builds, the size benchmark and the demo/gallery build all use it, so what ships is what
 * is measured and what the visual test looks at.
 *
 * Only what is certainly safe is rewritten; anything else keeps its source text:
 * - a css`…` with no `${}` is minified whole (a declaration list such as the theme tokens is
 *   minified inside a wrapper rule and keeps its trailing `;`, since it is spliced into
 *   another rule);
 * - a `${}` in css`…` is kept only where it stands for whole declarations (right after `{` or
 *   `;`): it becomes a stand-in custom property, which Lightning CSS keeps in its place, and is
 *   put back between semicolons; or where it stands between whole rules (every part of the
 *   template is then whole rules, e.g. shared rules included first): each part is minified
 *   alone, a space beside a `${}` kept (the value could be a selector's start). A
 *   `${}` anywhere else (in a value, a selector) leaves its template as written; so does CSS
 *   that Lightning CSS cannot parse;
 * - no browser targets are given: nothing is lowered or prefixed (`light-dark()` stays as is);
 *   the white space Lightning CSS keeps after a comma in a value it does not parse goes too;
 * - in html`…`, the spaces and line breaks between attributes and before `>`, which HTML
 *   ignores, are collapsed; in text, only a line break with the spaces around it (the source's
 *   indentation) becomes one line break: the same text wherever white space collapses
 *   (`normal`, `nowrap`, `pre-line`); spaces without a line break are kept. (Text the kit shows
 *   `pre-wrap`, a watchlist note, comes from a binding, never from a template's literal text.)
 */
import ts from 'typescript';
import { transform } from 'lightningcss';
import type { Plugin } from 'vite';

/** Stand-in for the i-th `${}` of a template: a custom property no stylesheet uses. */
const standIn = (i: number) => `--kyi-css-literal-${i}`;

/** Text for a template literal part: backslashes, backticks and `${` escaped. */
const escapeTemplate = (text: string) => text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');

/**
 * Lightning CSS's minified CSS, without the white space it keeps after a comma in a value it
 * leaves unparsed (one holding `var()`, a custom property's: `var(--f,system-ui, sans-serif)`),
 * where it separates nothing. A string's text keeps its own.
 */
function minifyCss(code: string): string {
  const css = transform({ filename: 'literal.css', code: Buffer.from(code), minify: true }).code.toString();
  return css.replace(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|,\s+/g, (match, quoted?: string) => quoted ?? ',');
}

/**
 * Whether a part of a template is blank or whole rules only: balanced braces, ending with `}`,
 * and no declaration before its first rule (no `;` before the first `{`).
 */
function wholeRules(part: string): boolean {
  const text = part.replace(/\/\*[\s\S]*?\*\//g, '').trim();
  if (text === '') return true;
  if (!text.endsWith('}') || text.slice(0, text.indexOf('{')).includes(';')) return false;
  let depth = 0;
  for (const ch of text) if ((depth += ch === '{' ? 1 : ch === '}' ? -1 : 0) < 0) return false;
  return depth === 0;
}

/**
 * The minified parts of one template (`parts` are its cooked strings, one more than its
 * `${}`s), or `undefined` to keep the template as written.
 */
export function minifyCssTemplate(parts: readonly string[]): string[] | undefined {
  const holes = parts.length - 1;
  if (holes > 0 && parts.every(wholeRules)) {
    // A space next to a `${}` stays (one): the value may also be part of a selector (`${x} .a`).
    // (Not at the template's very start or end, where it separates nothing.)
    const spaced = (p: string, i: number, min: string) =>
      `${i > 0 && /^\s/.test(p) && (min || i < holes) ? ' ' : ''}${min}${i < holes && /\s$/.test(p) && (min || i > 0) ? ' ' : ''}`;
    try {
      return parts.map((p, i) => spaced(p, i, minifyCss(p)));
    } catch {
      return undefined;
    }
  }
  // Every `${}` must stand where declarations go: after `{` or `;` (ignoring spaces).
  for (let i = 0; i < holes; i++) if (!/[{;]\s*$/.test(parts[i]!)) return undefined;
  const joined = parts.map((p, i) => (i < holes ? `${p}${standIn(i)}:0;` : p)).join('');
  const declarationList = !joined.replace(/\/\*[\s\S]*?\*\//g, '').includes('{');
  let out: string;
  try {
    if (declarationList) {
      const wrapped = minifyCss(`.kyi-css-literal{${joined}}`);
      const open = '.kyi-css-literal{';
      if (!wrapped.startsWith(open) || !wrapped.endsWith('}')) return undefined;
      out = wrapped.slice(open.length, -1);
      if (out) out += ';';
    } else {
      out = minifyCss(joined);
    }
  } catch {
    return undefined;
  }
  const result: string[] = [];
  let rest = out;
  for (let i = 0; i < holes; i++) {
    const marker = `${standIn(i)}:0`;
    const at = rest.indexOf(marker);
    if (at < 0 || rest.indexOf(marker, at + 1) >= 0) return undefined;
    // Semicolons on both sides: the interpolated declarations may or may not end with one.
    const before = rest.slice(0, at);
    result.push(/[{;]$/.test(before) ? before : `${before};`);
    rest = rest.slice(at + marker.length);
    if (!/^[;}]/.test(rest)) rest = `;${rest}`;
  }
  result.push(rest);
  return result;
}

/**
 * Whitespace inside the tags of an html`…` template's parts (between attributes, before `>`),
 * where HTML gives it no meaning; in text, a run of white space holding a line break becomes
 * one line break (a space without one may show, and stays). The scan goes on across `${}` (a
 * binding inside a quoted value or a comment keeps it there). `undefined` when a comment is
 * never closed.
 */
export function collapseTagWhitespace(parts: readonly string[]): string[] | undefined {
  let state: 'text' | 'tag' | 'dq' | 'sq' | 'comment' = 'text';
  const out = parts.map((p) => {
    let o = '';
    for (let i = 0; i < p.length; i++) {
      const c = p[i]!;
      if (state === 'text') {
        if (/\s/.test(c)) {
          // A line break and the indentation around it: one line break.
          let j = i;
          while (j < p.length && /\s/.test(p[j]!)) j++;
          const run = p.slice(i, j);
          o += /[\n\r]/.test(run) ? '\n' : run;
          i = j - 1;
          continue;
        }
        if (p.startsWith('<!--', i)) state = 'comment';
        else if (c === '<' && /[a-zA-Z/]/.test(p[i + 1] ?? '')) state = 'tag';
        o += c;
      } else if (state === 'comment') {
        if (p.startsWith('-->', i)) {
          state = 'text';
          o += '-->';
          i += 2;
        } else o += c;
      } else if (state === 'dq' || state === 'sq') {
        if (c === (state === 'dq' ? '"' : "'")) state = 'tag';
        o += c;
      } else if (/\s/.test(c)) {
        let j = i;
        while (j < p.length && /\s/.test(p[j]!)) j++;
        // Nothing before `>` (no value ends in a space); one space anywhere else (`/>` included).
        o += p[j] === '>' ? '' : ' ';
        i = j - 1;
      } else {
        if (c === '"') state = 'dq';
        else if (c === "'") state = 'sq';
        else if (c === '>') state = 'text';
        o += c;
      }
    }
    return o;
  });
  return (state as string) === 'comment' ? undefined : out;
}

type Kind = 'css' | 'html';

const LIT_MODULES = new Set(['lit', '@lit/reactive-element']);
/** The kit's own reactive base (src/elements/shared/reactive.ts), whose `css` is Lit's tag's kin: constant CSS. */
const KIT_CSS_MODULE = /(^|\/)reactive\.js$/;
const isTagModule = (specifier: string) => LIT_MODULES.has(specifier) || KIT_CSS_MODULE.test(specifier);

/**
 * The source with Lit's css`…` templates minified (and with `html`, whitespace inside the tags
 * of html`…`/svg`…` templates collapsed), or `undefined` when nothing changed.
 */
export function minifyLitTemplates(code: string, fileName: string, options: { html?: boolean } = {}): string | undefined {
  if (!/from\s*['"](lit|@lit\/reactive-element|[^'"]*\/reactive\.js)['"]/.test(code)) return undefined;
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  // Only the tags imported from Lit (`lit`, or its reactive base for `css` alone) or the kit's
  // reactive base (`css`), under whatever local name (another `css` may mean something else).
  const tags = new Map<string, Kind>();
  for (const s of file.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier) || !isTagModule(s.moduleSpecifier.text)) continue;
    const bindings = s.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const e of bindings.elements) {
      const imported = e.propertyName?.text ?? e.name.text;
      if (imported === 'css') tags.set(e.name.text, 'css');
      else if (options.html && (imported === 'html' || imported === 'svg')) tags.set(e.name.text, 'html');
    }
  }
  if (tags.size === 0) return undefined;
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    const kind = ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) ? tags.get(node.tag.text) : undefined;
    if (kind && ts.isTaggedTemplateExpression(node)) {
      const t = node.template;
      // [start, end) of each literal part's text inside the source, and its cooked value.
      const pieces: { start: number; end: number; cooked: string | undefined }[] = ts.isNoSubstitutionTemplateLiteral(t)
        ? [{ start: t.getStart() + 1, end: t.end - 1, cooked: t.text }]
        : [
            { start: t.head.getStart() + 1, end: t.head.end - 2, cooked: t.head.text },
            ...t.templateSpans.map((span) => ({
              start: span.literal.getStart() + 1,
              end: span.literal.end - (ts.isTemplateTail(span.literal) ? 1 : 2),
              cooked: span.literal.text,
            })),
          ];
      if (pieces.every((p) => p.cooked !== undefined)) {
        const cooked = pieces.map((p) => p.cooked!);
        const minified = kind === 'css' ? minifyCssTemplate(cooked) : collapseTagWhitespace(cooked);
        if (minified) pieces.forEach((p, i) => edits.push({ start: p.start, end: p.end, text: escapeTemplate(minified[i]!) }));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (edits.length === 0) return undefined;
  let out = code;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out === code ? undefined : out;
}

/** The plugin: every TypeScript module of src/ that uses Lit's template tags. */
export function minifyLitTemplatesPlugin(): Plugin {
  return {
    name: 'kyi-minify-lit-templates',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.ts$/.test(id) || id.includes('node_modules')) return null;
      const out = minifyLitTemplates(code, id, { html: true });
      return out === undefined ? null : { code: out, map: null };
    },
  };
}
