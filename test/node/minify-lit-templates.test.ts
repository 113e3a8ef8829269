/**
 * The build's template shrinking (scripts/lib/minify-lit-templates.ts): CSS minified without
 * losing a rule or an interpolation, html tags tightened without touching text, and anything
 * it cannot rewrite safely left as written.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { transform } from 'lightningcss';
import { collapseTagWhitespace, minifyCssTemplate, minifyLitTemplates } from '../../scripts/lib/minify-lit-templates.js';

/**
 * What a stylesheet sets: `selector { property }` for each declaration, sorted. Values are left
 * out (the minifier writes them shorter: `#ffffff` as `#fff`, `translateX(1rem)` as
 * `translate(1rem)`); a lost rule or declaration shows.
 */
function declarations(cssText: string): string[] {
  const out: string[] = [];
  // Lightning CSS prints one declaration per line when not minifying.
  const pretty = transform({ filename: 'x.css', code: Buffer.from(cssText), minify: false }).code.toString();
  let selector = '';
  for (const line of pretty.split('\n').map((l) => l.trim())) {
    // Keyframe selectors: the minifier writes `from`/`to` as `0%`/`100%`.
    if (line.endsWith('{')) selector = line.slice(0, -1).trim().replace(/^from$/, '0%').replace(/^to$/, '100%');
    // A long value is printed over several lines: only a line opening with `property:` starts a declaration.
    else if (/^-*[a-z][\w-]*\s*:/i.test(line)) out.push(`${selector} { ${line.slice(0, line.indexOf(':'))} }`);
  }
  return out.sort();
}

describe('css`…` templates', () => {
  it('minifies a template without interpolations to the same declarations', () => {
    const source = `
      :host {
        display: inline-flex; /* why: inline */
        color: var(--kyi-x, #ffffff);
      }
      [part~='label'] { padding: 0 0.5em; }`;
    const [out] = minifyCssTemplate([source])!;
    assert.ok(out!.length < source.length * 0.7, out);
    assert.doesNotMatch(out!, /\n|\/\*/);
    assert.deepEqual(declarations(out!), declarations(source));
  });

  it('keeps a declaration list spliced into a rule intact (its last declaration ends with a semicolon)', () => {
    const tokens = minifyCssTemplate(['\n  --a: var(--x, red);\n  --b: 1px;\n'])![0]!;
    assert.match(tokens, /;$/);
    const parts = minifyCssTemplate([':host {\n  ', '\n  --c: var(--y, blue);\n  color: var(--a);\n}'])!;
    assert.equal(parts.length, 2, 'the interpolation stays');
    const spliced = parts.join(tokens);
    assert.equal(spliced, ':host{--a:var(--x,red);--b:1px;;--c:var(--y,blue);color:var(--a)}');
    assert.deepEqual(declarations(spliced), [':host { --a }', ':host { --b }', ':host { --c }', ':host { color }']);
  });

  it('leaves a template as written when an interpolation stands in a value or a selector', () => {
    assert.equal(minifyCssTemplate([':host { width: ', 'px; }']), undefined);
    assert.equal(minifyCssTemplate(['.a', ' { color: red; }']), undefined);
    assert.equal(minifyCssTemplate(['.a {} .b', ' { color: red; }']), undefined);
    // declarations after the `${}` are no rules: kept as written
    assert.equal(minifyCssTemplate(['', ' color: red; .a { margin: 0; }']), undefined);
  });

  it('minifies whole rules on both sides of an interpolation between rules, keeping a space beside it', () => {
    const parts = minifyCssTemplate(['\n  ', '\n\n  .a {\n    color: red;\n  }\n  .b { margin: 0 0; }\n', '\n  .c { padding: 0; }\n'])!;
    assert.deepEqual(parts, ['', ' .a{color:red}.b{margin:0} ', ' .c{padding:0}']);
    // the same text whatever the value stands for: rules (`.x{}`) or a selector's start (`.x`)
    assert.deepEqual(declarations(parts.join('.x{top:0}')), declarations('.x{top:0} .a{color:red} .b{margin:0} .x{top:0} .c{padding:0}'));
    assert.equal(minifyCssTemplate(['', ' .a { color: red; }'])!.join('.x'), '.x .a{color:red}');
  });

  it('drops the white space after a comma in a value left unparsed (var() fallbacks), not in a string', () => {
    const [out] = minifyCssTemplate([
      `:host { font-family: var(--f, system-ui, sans-serif); --m: color-mix(in srgb, var(--a) 72%, var(--b)); }
       .q::before { content: "a, b"; quotes: var(--q, 'x, ' "y, "); }`,
    ])!;
    assert.equal(
      out,
      `:host{font-family:var(--f,system-ui,sans-serif);--m:color-mix(in srgb,var(--a) 72%,var(--b))}.q:before{content:"a, b";quotes:var(--q,"x, " "y, ")}`,
    );
  });

  it('leaves CSS it cannot parse as written', () => {
    assert.equal(minifyCssTemplate([':host { color: red; } }']), undefined);
  });

  it('rewrites only the tags imported from lit, and escapes what a template literal needs', () => {
    // In the source: a backslash, a backtick and a `${` inside CSS strings, escaped for the template.
    const source = "import { css as litCss } from 'lit';\nexport const a = litCss`a::before { content: '\\\\\\\\'; } b::after { content: '\\` \\${'; }`;\n";
    const cooked = "a::before { content: '\\\\'; } b::after { content: '` ${'; }";
    const out = minifyLitTemplates(source, 'a.ts')!;
    assert.notEqual(out, undefined);
    // What the template now holds, read back as JavaScript does, is the minified CSS.
    const template = /litCss(`(?:[^`\\]|\\.)*`)/.exec(out)![1]!;
    const held = new Function(`return ${template}`)() as string;
    assert.equal(held, transform({ filename: 'x.css', code: Buffer.from(cooked), minify: true }).code.toString());
    assert.match(held, /content:"\\\\"/);
    const reactive = "import { css } from '@lit/reactive-element';\nexport const a = css`a {  color: red; }`;\n";
    assert.match(minifyLitTemplates(reactive, 'r.ts') ?? '', /css`a\{color:red\}`/, 'css from Lit\'s reactive base (the badge imports no lit-html)');
    const other = "import { css } from './my-css.js';\nexport const a = css`a {  color: red; }`;\n";
    assert.equal(minifyLitTemplates(other, 'b.ts'), undefined);
  });
});

describe('html`…` templates', () => {
  it('collapses whitespace inside tags, and in text only a line break with its indentation', () => {
    const parts = ['<p class="a  b"\n   id=x\n  >  two  spaces ', ' </p\n  ><img\n    src=', '\n    alt="" /><span\n>'];
    assert.deepEqual(collapseTagWhitespace(parts), ['<p class="a  b" id=x>  two  spaces ', ' </p><img src=', ' alt="" /><span>']);
    const indented = ['<ul>\n    <li>a  b</li>\n    ', '\n  </ul>\n  <p>x \n  y</p>'];
    assert.deepEqual(collapseTagWhitespace(indented), ['<ul>\n<li>a  b</li>\n', '\n</ul>\n<p>x\ny</p>']);
  });

  it('leaves comments and text alone, across interpolations too, and gives up on a comment never closed', () => {
    assert.deepEqual(collapseTagWhitespace(['<!--  <b   x>  -->  <i\n>']), ['<!--  <b   x>  -->  <i>']);
    assert.deepEqual(collapseTagWhitespace(['<!-- <b  ', '  x> --><b\n>']), ['<!-- <b  ', '  x> --><b>']);
    assert.equal(collapseTagWhitespace(['<b\n><!-- x']), undefined);
  });

  it('handles html`…` and svg`…` in a module importing them from lit', () => {
    const source = "import { html, svg } from 'lit';\nconst a = html`<b\n  title=${1}\n>x  y</b>`;\nconst b = svg`<path\n d=\"M0 0\"/>`;\n";
    const out = minifyLitTemplates(source, 'c.ts', { html: true })!;
    assert.ok(out.includes('html`<b title=${1}>x  y</b>`'), out);
    assert.ok(out.includes('svg`<path d="M0 0"/>`'), out);
  });
});

describe('the kit’s own styles', () => {
  it('every css`…` template of the elements is minified, with the same declarations', async () => {
    const dirs = await readdir('src/elements', { withFileTypes: true });
    let templates = 0;
    for (const dir of dirs.filter((d) => d.isDirectory())) {
      for (const name of await readdir(join('src/elements', dir.name))) {
        if (!name.endsWith('.ts')) continue;
        const file = join('src/elements', dir.name, name);
        const source = await readFile(file, 'utf8');
        const count = source.match(/\bcss`/g)?.length ?? 0;
        if (count === 0) continue;
        templates += count;
        const out = minifyLitTemplates(source, file);
        assert.ok(out, `${file}: nothing minified`);
        assert.equal(out.match(/\bcss`/g)?.length, count, `${file}: a template went missing`);
        // Whole stylesheets (no interpolation) mean the same before and after.
        const whole = (code: string) => [...code.matchAll(/\bcss`([^`$]*)`/g)].map((m) => m[1]!).filter((t) => t.includes('{'));
        const before = whole(source);
        const after = whole(out);
        assert.equal(after.length, before.length, file);
        before.forEach((css, i) => assert.deepEqual(declarations(after[i]!), declarations(css), `${file}, template ${i + 1}`));
      }
    }
    assert.ok(templates >= 10, `found ${templates} templates`);
  });
});
