/**
 * Only src/browser/page.ts reads the page (docs/security.md, "Page inputs"): every other module
 * of src/ that runs in the browser asks it, so the check of helpers/page-inputs.ts finds no
 * page read anywhere else — and it does find one in a scratch module that reads the page
 * directly, whichever way it is written.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { browserSources, findPageReads, OWNER } from './helpers/page-inputs.js';

describe('page inputs are read in one module', () => {
  it(`no module of src/ but ${OWNER} reads the page (the server piece and the sandbox are not page code)`, () => {
    const files = browserSources();
    assert.ok(files.length > 50, `only ${files.length} browser modules found`);
    assert.ok(!files.some((f) => f.endsWith('page.ts') && f.includes('browser')), 'the owner is not checked');
    const reads = findPageReads(files);
    assert.deepEqual(
      reads.map((r) => `${r.file}:${r.line} ${r.text} (${r.rule})`),
      [],
      'read the page through src/browser/page.ts (add a small function there when it has none)',
    );
  });

  it('a scratch module that reads the page directly is caught, however it is written; local names and types are not reads', () => {
    const scratch = resolve('src/elements/scratch-page-read.ts');
    const source = `
      // document.head in a comment is not a read; neither is 'document.head' in a string
      export const head = () => document.head;
      export const viaGlobal = () => globalThis.document.head;
      export const cast = () => (globalThis as unknown as { location: Location }).location.href;
      export const indexed = () => window['navigator'];
      export const owner = (el: Element) => el.ownerDocument.body;
      export const bare = () => customElements;
      export const fromEvent = () => event;
      // not the page's: a local, a parameter, a property name, a type
      export function local(location: string, event: { name: string }) {
        const document = { head: 1 };
        return [location, event.name, document.head, { navigator: 1 }.navigator];
      }
      export type Doc = typeof document;
      export const fetched = () => globalThis.fetch;
    `;
    const reads = findPageReads([], { [scratch]: source });
    const lines = reads.map((r) => `${r.line} ${r.text}`);
    for (const [line, text] of [
      [3, 'document'],
      [3, 'document.head'],
      [4, 'globalThis.document'],
      [4, 'globalThis.document.head'],
      [5, '(globalThis as unknown as { location: Location }).location'],
      [5, '(globalThis as unknown as { location: Location }).location.href'],
      [6, 'window'],
      [6, "window['navigator']"],
      [7, 'el.ownerDocument.body'],
      [8, 'customElements'],
      [9, 'event'],
    ] as const)
      assert.ok(lines.includes(`${line} ${text}`), `not caught: line ${line} ${text} (found: ${lines.join('; ')})`);
    assert.deepEqual(
      reads.filter((r) => r.line >= 10),
      [],
      'a local, a parameter, a property name, a type or fetch was taken for a page read',
    );
  });
});
