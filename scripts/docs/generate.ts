/**
 * Writes the generated docs pages (gitignored, made anew before every `npm run docs` and
 * `docs:build`): one page per element from custom-elements.json, the Troubleshooting
 * table of error codes from the code tables, and the live examples' Service Worker (worker/build.ts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { elementPage, elementsOf, type Manifest } from './element-pages.js';
import { errorCodesMarkdown } from './error-codes.js';
import { buildServiceWorker } from './worker/build.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function generateDocs(): Promise<string[]> {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as Manifest;
  const elementsDir = join(root, 'docs', 'elements');
  rmSync(elementsDir, { recursive: true, force: true });
  mkdirSync(elementsDir, { recursive: true });
  const written: string[] = [];
  const list: string[] = [];
  for (const { declaration, module } of elementsOf(manifest)) {
    list.push(`- [\`<${declaration.tagName}>\`](./elements/${declaration.tagName}.md) — ${(declaration.summary ?? '').replace(/\s*\n\s*/g, ' ')}`);
    const file = join(elementsDir, `${declaration.tagName}.md`);
    writeFileSync(file, elementPage(declaration, module));
    written.push(file);
  }
  const generated = join(root, 'docs', '.generated');
  mkdirSync(generated, { recursive: true });
  writeFileSync(join(generated, 'error-codes.md'), errorCodesMarkdown());
  writeFileSync(join(generated, 'element-list.md'), list.join('\n') + '\n');
  written.push(await buildServiceWorker(root));
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`docs: ${(await generateDocs()).length - 1} element pages, the error-code table and the live examples' Service Worker written`);
}
