/**
 * Subresource Integrity of the CDN files: `npm run build` writes dist/cdn/integrity.json (shipped
 * in the tarball, so at every CDN address of the package too) mapping each script under
 * dist/cdn, relative to it, to its `sha384-…` value, and prints them. A page pins the bytes
 * with `<script type="module" src="…/kyi-autoloader.js" integrity="sha384-…" crossorigin="anonymous">`
 * (and `<link rel="modulepreload" … integrity>` for chunks).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const INTEGRITY_FILE = 'integrity.json';

/** The SRI value of some bytes: `sha384-` and the base64 digest. */
export function sri(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** Writes `${dir}/integrity.json` for every `.js` file under `dir` (entries first, then chunks) and returns it. */
export async function writeCdnIntegrity(dir = 'dist/cdn'): Promise<Record<string, string>> {
  const files = (await readdir(dir, { recursive: true }))
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.endsWith('.js'))
    .sort((a, b) => Number(a.includes('/')) - Number(b.includes('/')) || a.localeCompare(b));
  const hashes: Record<string, string> = {};
  for (const file of files) hashes[file] = sri(await readFile(join(dir, file)));
  await writeFile(join(dir, INTEGRITY_FILE), JSON.stringify(hashes, null, 2) + '\n');
  return hashes;
}
