/**
 * One visual system (issue #35): every element's styles take their type sizes, weights, line
 * heights, radii and spacing from the theme's tokens (src/elements/shared/theme.styles.ts), never
 * a raw value of their own. Scans every `*.styles.ts` (and the shared `styles.ts`) under
 * src/elements and fails on a declaration of one of those properties whose value holds a number
 * with a unit, or a bare number other than 0 (a unitless multiple of a token inside `calc()` is
 * allowed for spacing: `calc(2 * var(--_kyi-space))`). Custom property declarations (the tokens
 * themselves, and each element's public `--kyi-<element>-*` with its default) are not checked.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = 'src/elements';

/** The properties the system governs, and what a value may hold besides tokens. */
const TYPE = /^(font-size|font-weight|line-height|border(-[a-z]+)*-radius|font)$/;
const SPACING = /^(padding|margin|gap|row-gap|column-gap)(-(block|inline|top|right|bottom|left)(-(start|end))?)?$/;

function styleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return styleFiles(path);
    return /(^|\.)styles\.ts$/.test(e.name) ? [path] : [];
  });
}

/** The value with every `var(...)` reference (nested fallbacks included) taken out. */
function withoutVars(value: string): string {
  let out = value;
  for (let prev = ''; prev !== out; ) {
    prev = out;
    out = out.replace(/var\([^()]*\)/g, 'T');
  }
  return out;
}

/** What is wrong with one declaration, or undefined. */
export function problem(property: string, value: string): string | undefined {
  const isType = TYPE.test(property);
  const isSpacing = SPACING.test(property);
  if (!isType && !isSpacing) return undefined;
  const rest = withoutVars(value);
  if (property === 'font') return /\d/.test(rest) ? 'a raw font shorthand' : undefined;
  // a unit after a number: 13px, 0.25em, 50%, 1rem
  if (/\d(?:\.\d+)?(?:[a-z]+|%)/i.test(rest.replace(/\b0(?![.\d])/g, ''))) return 'a raw length';
  // a bare number: only 0, and for spacing integer multiples inside calc()
  const numbers = rest.match(/-?\d*\.?\d+/g) ?? [];
  const bad = numbers.filter((n) => Number(n) !== 0 && !(isSpacing && /calc\(/.test(rest) && Number.isInteger(Number(n))));
  return bad.length ? `a raw number (${bad.join(', ')})` : undefined;
}

/** Every offending declaration of a file's css`` blocks, as `file:line property: value`. */
export function offences(file: string, source = readFileSync(file, 'utf8')): string[] {
  const found: string[] = [];
  const lines = source.split('\n');
  let inCss = false;
  lines.forEach((line, i) => {
    if (/css`/.test(line)) inCss = true;
    if (inCss) {
      const code = line.replace(/\/\*.*?\*\//g, '');
      for (const m of code.matchAll(/(?:^|[;{\s])([a-z-]+)\s*:\s*([^;{}]+?)\s*(?:;|$)/g)) {
        const [, property, value] = m;
        if (property!.startsWith('--') || line.trimStart().startsWith('--')) continue;
        const why = problem(property!, value!.replace(/\s*!important$/, ''));
        if (why) found.push(`${relative('.', file)}:${i + 1} ${property}: ${value} (${why})`);
      }
    }
    if (inCss && /^\s*`;?\s*$|`;\s*$/.test(line) && !/css`/.test(line)) inCss = false;
  });
  return found;
}

describe('style tokens: every element styles only with the theme tokens', () => {
  it('no *.styles.ts holds a raw font size, weight, line height, radius or spacing', () => {
    const files = styleFiles(ROOT);
    assert.ok(files.length >= 10, `found the style files (${files.length})`);
    const found = files.flatMap((f) => offences(f));
    assert.deepEqual(found, [], `raw values where a token belongs (src/elements/shared/theme.styles.ts):\n${found.join('\n')}`);
  });

  it('tells a token from a raw value', () => {
    assert.equal(problem('font-size', 'var(--_kyi-font-size-small)'), undefined);
    assert.equal(problem('padding', 'calc(2 * var(--_kyi-space)) var(--_kyi-space)'), undefined);
    assert.equal(problem('margin', '0 auto'), undefined);
    assert.equal(problem('line-height', '0'), undefined);
    assert.equal(problem('border-radius', 'var(--_kyi-radius-pill)'), undefined);
    assert.ok(problem('font-size', '13px'));
    assert.ok(problem('font-weight', '650'));
    assert.ok(problem('line-height', '1.3'));
    assert.ok(problem('border-radius', '50%'));
    assert.ok(problem('padding', '0.25em 0.5em'));
    assert.ok(problem('gap', 'calc(0.5 * var(--_kyi-space))'));
    assert.ok(problem('font', '600 13px/1.2 system-ui'));
  });
});
