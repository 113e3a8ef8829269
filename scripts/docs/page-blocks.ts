/**
 * What the (tracked) docs pages hold that is made elsewhere, written into them by
 * scripts/docs/generate.ts, so each page reads whole as plain Markdown (on a code host, where a
 * build-time include shows as nothing or as its own line) while the source stays one:
 *
 * - the recipe files kept as runnable code in the repository's examples/ folder;
 * - generated blocks (the element list, the error-code table), between
 *   `<!-- generated: NAME -->` and `<!-- end generated -->`.
 *
 * A recipe file: the page marks each such block with the file and region it comes from, then holds the fenced
 * block itself (a code-group tab, titled with its path in the partner's project):
 * A page marks each such block with the file and region it comes from, then holds the fenced
 * block itself (a code-group tab, titled with its path in the partner's project):
 *
 *     <!-- example: vite.ts#recipe -->
 *     ```ts [kyi-dev-server.ts]
 *     …the region, written by scripts/docs/generate.ts…
 *     ```
 *
 * test/node/docs.test.ts checks every page is as the generator writes it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const EXAMPLE_BLOCK = /^(<!-- example: ([\w.-]+)#([\w-]+) -->\n```\w+(?: \[.+\])?\n)([\s\S]*?)^```$/gm;

/** The lines of a `// #region NAME` of a file, without the markers and the indentation they share. */
function exampleRegion(examplesDir: string, file: string, name: string): string {
  const lines = readFileSync(join(examplesDir, file), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.trim() === `// #region ${name}`);
  const end = lines.findIndex((l, i) => i > start && l.trim() === `// #endregion ${name}`);
  if (start < 0 || end < 0) throw new Error(`docs: ${file} has no region ${name}`);
  const body = lines.slice(start + 1, end);
  const indent = Math.min(...body.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
  return body.map((l) => l.slice(indent)).join('\n') + '\n';
}

/** The page with every marked block holding its region now. */
export function withExamples(markdown: string, examplesDir: string): string {
  return markdown.replace(EXAMPLE_BLOCK, (_, head: string, file: string, region: string) => `${head}${exampleRegion(examplesDir, file, region)}\`\`\``);
}

/** The marked blocks of a page: which file and region, and what the page holds. */
export function examplesOf(markdown: string): { file: string; region: string; code: string }[] {
  return [...markdown.matchAll(EXAMPLE_BLOCK)].map((m) => ({ file: m[2]!, region: m[3]!, code: m[4]! }));
}

const GENERATED_BLOCK = /^(<!-- generated: ([\w-]+) -->\n)[\s\S]*?^(<!-- end generated -->)$/gm;

/** The page with each generated block holding `blocks[NAME]`; a name without content is an error. */
export function withGenerated(markdown: string, blocks: Record<string, string>): string {
  return markdown.replace(GENERATED_BLOCK, (_, head: string, name: string, end: string) => {
    const content = blocks[name];
    if (content === undefined) throw new Error(`docs: no generated block named ${name}`);
    return `${head}${content.endsWith('\n') ? content : `${content}\n`}${end}`;
  });
}
