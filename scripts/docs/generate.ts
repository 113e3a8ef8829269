/**
 * Before every `npm run docs` and `docs:build`: writes one page per element from
 * custom-elements.json and the live examples' Service Worker (worker/build.ts), both gitignored;
 * and brings the tracked pages up to date (the recipe files of examples/, the element list, the
 * Troubleshooting table of error codes from the code tables: page-blocks.ts).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { elementPage, elementsOf, type Manifest } from './element-pages.js';
import { errorCodesMarkdown } from './error-codes.js';
import { withExamples, withGenerated } from './page-blocks.js';
import { buildServiceWorker } from './worker/build.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The hand-written pages (docs/*.md, tracked) as they should read: the recipe files of examples/
 * and the generated blocks (element list, error codes) written in (page-blocks.ts).
 */
export function trackedPages(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as Manifest;
  const blocks = {
    'element-list': elementsOf(manifest).map(({ declaration: d }) => `- [\`<${d.tagName}>\`](./elements/${d.tagName}.md) — ${(d.summary ?? '').replace(/\s*\n\s*/g, ' ')}`).join('\n'),
    'error-codes': errorCodesMarkdown(),
  };
  const pages = new Map<string, string>();
  for (const page of readdirSync(join(root, 'docs')).filter((n) => n.endsWith('.md'))) {
    const file = join(root, 'docs', page);
    pages.set(file, withGenerated(withExamples(readFileSync(file, 'utf8'), join(root, 'examples')), blocks));
  }
  return pages;
}

export async function generateDocs(): Promise<string[]> {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as Manifest;
  const elementsDir = join(root, 'docs', 'elements');
  rmSync(elementsDir, { recursive: true, force: true });
  mkdirSync(elementsDir, { recursive: true });
  const written: string[] = [];
  for (const { declaration, module } of elementsOf(manifest)) {
    const file = join(elementsDir, `${declaration.tagName}.md`);
    writeFileSync(file, elementPage(declaration, module));
    written.push(file);
  }
  for (const [file, text] of trackedPages()) if (readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  written.push(await buildServiceWorker(root));
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`docs: ${(await generateDocs()).length - 1} element pages and the live examples' Service Worker written, the pages' examples and tables brought up to date`);
}
