/**
 * Benchmark 1 — size: gzip and brotli of each CDN file next to Lit alone, and the JS a page
 * loads through the autoloader per page kind (gzip of each real minified file, summed).
 * Targets: kyi-elements.js ≤ 22 KB gzipped; through the autoloader: badge-only page ≤ 10 KB,
 * token-status-only page ≤ 15 KB, the four display elements ≤ 20 KB.
 *
 * The bundles are built here, from the current source, into a temporary folder with the
 * Vite settings scripts/build.ts uses (`cdnConfig` in scripts/lib/cdn-chunks.ts: library mode,
 * everything bundled, minified, ES, production Lit, Lit templates shrunk), so the numbers never
 * come from a stale dist/. Lit
 * alone is an entry that re-exports LitElement, html and css and nothing else, built the same way.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { buildCdnFile, cdnConfig, cdnFileConfig, DISPLAY_FILE_CHUNKS, type CdnFile } from '../scripts/lib/cdn-chunks.js';
import { codeByModule, NO_SOURCE, type MappedChunk } from './by-source.js';
import { PAGE_KINDS, pageChunks, type AutoloaderManifest } from './size-budgets.js';
import { kb, log, ratio, tempDir, verdict, type BenchResult, type Row } from './lib.js';

const ROOT = resolve(import.meta.dirname, '..');
const TARGET_GZIP_BYTES = 22 * 1024;
/**
 * The pages' totals and by-part figures when issue #36's last round began (written once from a
 * run of this benchmark at that commit): each page's table shows them beside today's.
 */
const ROUND_START = JSON.parse(readFileSync(join(ROOT, 'bench/size-round-start.json'), 'utf8')) as {
  commit: string;
  pages: Record<string, { gzip: number; parts: Record<string, number> }>;
};
/** A module that exists only in this build: it sits in bench/ so `lit` resolves from the project. */
const LIT_ONLY_ID = join(ROOT, 'bench', '__lit-only.ts');

export interface Sizes {
  raw: number;
  gzip: number;
  gzip9: number;
  brotli: number;
}

export function sizes(bytes: Buffer): Sizes {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes).length,
    gzip9: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

const litOnly: Plugin = {
  name: 'bench-lit-only',
  resolveId: (id) => (id === LIT_ONLY_ID ? LIT_ONLY_ID : null),
  load: (id) => (id === LIT_ONLY_ID ? `export { LitElement, html, css } from 'lit';\n` : null),
};

/** Minified bytes per source module (from the output's source map). */
type ModuleSizes = Record<string, number>;

type BuiltChunk = MappedChunk & { type: string; fileName: string };

/** The chunks of a build's output. */
function chunksOf(output: unknown): BuiltChunk[] {
  return ((Array.isArray(output) ? output : [output]) as { output?: BuiltChunk[] }[]).flatMap((o) => o.output ?? []).filter((c) => c.type === 'chunk');
}

/**
 * Builds a CDN file as scripts/build.ts does (cdnFileConfig), or Lit alone as one file, and
 * returns the file's bytes: what a page loads with it, not the chunks it loads on demand.
 */
async function bundle(file: CdnFile | 'lit-only', outDir: string, modules?: ModuleSizes): Promise<Buffer> {
  const extra = { sourcemap: 'hidden' as const, plugins: [litOnly] };
  const fileName = `${file}.js`;
  const output = await build(file === 'lit-only' ? cdnConfig(LIT_ONLY_ID, outDir, fileName, { ...extra, output: { codeSplitting: false } }) : cdnFileConfig(file, outDir, extra));
  if (modules)
    for (const chunk of chunksOf(output).filter((c) => c.fileName === fileName))
      for (const [id, code] of codeByModule(chunk, outDir)) modules[id] = (modules[id] ?? 0) + Buffer.byteLength(code);
  return readFile(join(outDir, fileName));
}

/**
 * Builds the autoloader as scripts/build.ts does (code split, chunks beside it) and returns, per
 * page kind, the gzip bytes of every file such a page loads: the autoloader, the chunks of its
 * tags, and everything those import statically; with what the page's code is made of.
 */
async function autoloaderPages(outDir: string): Promise<{ name: string; tags: readonly string[]; target: number; gzip: number; files: string[]; perFile: string; parts: Part[] }[]> {
  const output = await buildCdnFile('kyi-autoloader', outDir, { sourcemap: 'hidden' });
  const chunks = new Map(chunksOf(output).map((c) => [c.fileName, c]));
  // The display file is made from built chunks (its map points at them): its code by module is theirs.
  const madeOf = (file: string) =>
    file === 'chunks/display.js' ? DISPLAY_FILE_CHUNKS.map((name) => `chunks/${name}.js`) : [file];
  const manifest = JSON.parse(await readFile(join(outDir, 'kyi-autoloader.manifest.json'), 'utf8')) as AutoloaderManifest;
  const gzipOf = async (key: string) => sizes(await readFile(join(outDir, manifest[key]!.file))).gzip;
  return Promise.all(
    PAGE_KINDS.map(async (kind) => {
      const keys = pageChunks(manifest, kind.tags);
      const gz = await Promise.all(keys.map(gzipOf));
      const files = keys.map((k) => manifest[k]!.file);
      const perFile = files.map((f, i) => `${f} ${kb(gz[i]!)}`).join(', ');
      const code = files.flatMap(madeOf).flatMap((f) => [...codeByModule(chunks.get(f)!, outDir)].map(([id, text]) => ({ id, code: text })));
      return { ...kind, gzip: gz.reduce((a, b) => a + b, 0), files, perFile, parts: pageParts(code) };
    }),
  );
}

/** A part of a page's code: minified bytes, and the gzip bytes the page would lose without it. */
type Part = { name: string; minified: number; gzipWithout: number };

/** What a page's code is made of, by what it does (the floor each part sets). */
function pagePart(id: string): string {
  const rel = id.replace(ROOT + '/', '');
  if (/node_modules\/@lit\/reactive-element\//.test(rel)) return "Lit's reactive base (ReactiveElement, css)";
  if (/node_modules\/(lit|lit-html|lit-element)\//.test(rel)) return "Lit's templates (lit-html, LitElement)";
  if (/\.styles\.ts$|shared\/styles\.ts$/.test(rel)) return 'styles (theme, building blocks, the element\'s own)';
  if (rel === 'src/browser/strings.ts' || /\/strings\.ts$/.test(rel) || rel.startsWith('src/locales/')) return 'English words and their lookup';
  if (rel === 'src/browser/config.ts') return 'configuration (configure(), meta tags, the URL policy, proxy-url trust, each element\'s view of it)';
  if (/^src\/client\/(lookup|lookup\/[\w-]+|read-body|token-slot|assets)\.ts$/.test(rel))
    return 'batched lookup client (one request per 500, caches, answers checked)';
  if (rel.startsWith('src/contract/')) return 'contract rules (CAIP, limits, query checks, badge options)';
  if (/^src\/(client\/errors|elements\/shared\/error-text|browser\/event-base|browser\/events)\.ts$/.test(rel)) return 'error model and events';
  if (/^src\/elements\/shared\/(lookup-element|render-scheduler)\.ts$/.test(rel)) return 'lookup element (runs, render slices)';
  if (/^src\/elements\/shared\/(kyi-element|reactive)\.ts$|^src\/browser\/register\.ts$/.test(rel)) return 'element base (language, theme, registration, the async controller)';
  if (rel.startsWith('src/entries/cdn/')) return 'autoloader';
  if (rel === 'src/elements/shared/badge-image.ts') return 'badge image (URLs, <img>/<picture>)';
  if (rel.startsWith('src/entries/') || rel.includes('rolldown') || rel === NO_SOURCE) return 'entries and module glue';
  if (/^src\/elements\/(\w[\w-]*)\//.test(rel) && !rel.includes('/shared/')) return `<kyi-${/^src\/elements\/([\w-]+)\//.exec(rel)![1]}> itself`;
  return rel;
}

function pageParts(modules: { id: string; code: string }[]): Part[] {
  const classified = modules.map((m) => ({ part: pagePart(m.id), code: m.code }));
  const whole = gzipSync(classified.map((m) => m.code).join('\n')).length;
  const names = [...new Set(classified.map((m) => m.part))];
  return names
    .map((name) => {
      const mine = classified.filter((m) => m.part === name);
      const rest = classified.filter((m) => m.part !== name).map((m) => m.code).join('\n');
      return { name, minified: mine.reduce((a, m) => a + Buffer.byteLength(m.code), 0), gzipWithout: whole - gzipSync(rest).length };
    })
    .sort((a, b) => b.gzipWithout - a.gzipWithout);
}

/** A page's parts, today and at the round's start (ROUND_START), with the page's total. */
function partsTable(page: { name: string; gzip: number; parts: Part[] }): string {
  const before = ROUND_START.pages[page.name];
  const was = (name: string) => (before?.parts[name] === undefined ? 'new' : `−${kb(before.parts[name])}`);
  const gone = Object.entries(before?.parts ?? {}).filter(([name]) => !page.parts.some((p) => p.name === name));
  return (
    `What the ${page.name} loads, by part: minified bytes, and the gzip bytes the page's code would lose without the part (its code gzipped as one text, with and without; the rest still compresses against it, so the column does not add up to the files' total); ` +
    `beside it the same at ${ROUND_START.commit}, when the last round of issue #36 began (the page's files then: ${before ? kb(before.gzip) : 'not measured'}; now: ${kb(page.gzip)}):\n\n` +
    [
      `| Part | Minified | gzip without it | at ${ROUND_START.commit} |`,
      '|---|---:|---:|---:|',
      ...page.parts.map((p) => `| ${p.name} | ${kb(p.minified)} | −${kb(p.gzipWithout)} | ${was(p.name)} |`),
      ...gone.map(([name, bytes]) => `| ${name} | 0 | 0 (gone from the page) | −${kb(bytes)} |`),
    ].join('\n')
  );
}

/** Groups a module id for the composition table. */
function group(id: string): string {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (nm) return nm[1]!.startsWith('@lit') || ['lit', 'lit-html', 'lit-element'].includes(nm[1]!) ? 'Lit' : nm[1]!;
  const rel = id.replace(ROOT + '/', '');
  if (rel === 'src/browser/strings.ts' || /^src\/elements\/[^/]+\/strings\.ts$/.test(rel) || /^src\/locales\/en-[\w-]+\.ts$/.test(rel))
    return 'English strings and their lookup (strings.ts, elements/*/strings.ts, locales/en-*.ts)';
  if (rel.startsWith('src/contract/')) return 'src/contract/** (schemas, CAIP parsing)';
  if (/src\/elements\/.+\.styles\.ts$/.test(rel) || rel === 'src/elements/shared/styles.ts') return 'element styles (*.styles.ts, styles.ts)';
  if (rel.startsWith('src/elements/')) return `${rel}`;
  if (rel.startsWith('src/client/')) return `${rel}`;
  return 'other src/ (config, events, register, define)';
}

function composition(modules: ModuleSizes): string {
  const groups = new Map<string, number>();
  let total = 0;
  for (const [id, bytes] of Object.entries(modules)) {
    const g = group(id);
    groups.set(g, (groups.get(g) ?? 0) + bytes);
    total += bytes;
  }
  const rows = [...groups].sort((a, b) => b[1] - a[1]);
  return [
    '| Part of kyi-elements.js | Minified | Share |',
    '|---|---:|---:|',
    ...rows.map(([g, b]) => `| ${g} | ${kb(b)} | ${((b / total) * 100).toFixed(1)} % |`),
  ].join('\n');
}

/** Newest modification time under a folder (to tell whether dist/ is older than src/). */
function newestMtime(dir: string): number {
  let newest = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else newest = Math.max(newest, st.mtimeMs);
    }
  };
  walk(dir);
  return newest;
}

export async function run(): Promise<BenchResult> {
  const tmp = await tempDir('size');
  const notes: string[] = [];
  const rows: Row[] = [];
  try {
    log('size: building kyi-elements.js, kyi-monitoring.js and Lit alone');
    const files: { name: string; entry: string; bytes: Buffer }[] = [];
    const modules: ModuleSizes = {};
    for (const name of ['kyi-elements', 'kyi-monitoring'] as const)
      files.push({ name: `${name}.js`, entry: `src/entries/cdn/${name}.ts`, bytes: await bundle(name, tmp.path, name === 'kyi-elements' ? modules : undefined) });
    files.push({ name: 'Lit alone (LitElement, html, css)', entry: '(re-export entry)', bytes: await bundle('lit-only', tmp.path) });

    const lit = sizes(files[files.length - 1]!.bytes);
    const measured = files.map((f) => ({ ...f, s: sizes(f.bytes) }));
    const table = [
      '| File | Entry | Minified | gzip (level 6) | gzip (level 9) | brotli (q 11) | gzip vs Lit alone |',
      '|---|---|---:|---:|---:|---:|---:|',
      ...measured.map(
        (f) =>
          `| ${f.name} | ${f.entry} | ${kb(f.s.raw)} | ${kb(f.s.gzip)} | ${kb(f.s.gzip9)} | ${kb(f.s.brotli)} | ${ratio(f.s.gzip / lit.gzip)} |`,
      ),
    ].join('\n');

    const elements = measured[0]!.s;
    rows.push({
      metric: 'kyi-elements.js gzipped (level 6, the `gzip` default)',
      value: `${kb(elements.gzip)} (${elements.gzip.toLocaleString('en-US')} B)`,
      target: '≤ 22 KB (22 528 B)',
      verdict: verdict(elements.gzip <= TARGET_GZIP_BYTES),
    });
    rows.push({ metric: 'kyi-elements.js brotli (q 11)', value: kb(elements.brotli) });
    rows.push({ metric: 'kyi-elements.js gzip over Lit alone', value: `${kb(elements.gzip - lit.gzip)} (${ratio(elements.gzip / lit.gzip)} Lit)` });
    for (const f of measured.slice(1, -1)) {
      rows.push({ metric: `${f.name} gzipped / brotli`, value: `${kb(f.s.gzip)} / ${kb(f.s.brotli)}` });
    }
    rows.push({ metric: 'Lit alone gzipped / brotli', value: `${kb(lit.gzip)} / ${kb(lit.brotli)}` });
    const parts: { name: string; gzip: number; parts: Part[] }[] = [];
    if (existsSync(join(ROOT, 'src/entries/cdn/kyi-autoloader.ts'))) {
      log('size: building the autoloader and its chunks');
      for (const page of await autoloaderPages(join(tmp.path, 'autoload'))) {
        rows.push({
          metric: `${page.name} through kyi-autoloader.js (gzip, ${page.files.length} files)`,
          value: kb(page.gzip),
          target: `≤ ${kb(page.target)}`,
          verdict: verdict(page.gzip <= page.target),
        });
        notes.push(`${page.name} through the autoloader loads (gzip each): ${page.perFile}.`);
        parts.push(page);
      }
    }

    // Cross-check against the last `npm run build`, when there is one.
    const distFile = join(ROOT, 'dist/cdn/kyi-elements.js');
    if (existsSync(distFile)) {
      const dist = sizes(await readFile(distFile));
      const stale = statSync(distFile).mtimeMs < newestMtime(join(ROOT, 'src'));
      notes.push(
        `dist/cdn/kyi-elements.js from the last \`npm run build\`: ${kb(dist.gzip)} gzipped, ${kb(dist.brotli)} brotli` +
          (stale ? ' (older than src/: not used for the verdict).' : '.'),
      );
    }
    notes.push(
      'Built by the bench into a temp folder from the current source with the settings of scripts/build.ts ' +
        '(Vite library mode, ES, minified, Lit bundled, `production` export condition). KB = 1024 bytes; node:zlib.',
    );
    notes.push(`Per-file table:\n\n${table}`);
    notes.push(`What kyi-elements.js is made of (minified bytes per source module, read from the output's source map):\n\n${composition(modules)}`);
    for (const page of parts) notes.push(partsTable(page));
    return { id: 'size', title: '1. Size of the CDN files', rows, notes };
  } finally {
    await tmp.dispose();
  }
}
