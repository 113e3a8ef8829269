/**
 * The API report: `api/<entry>.api.md`, one per entry point of package.json `exports`, written by
 * @microsoft/api-extractor from the type declarations the package ships. The reports are
 * committed, so every change of the public surface shows as a diff in review; what semver
 * covers is in docs/versioning.md.
 *
 *   npm run api                                   emits the declarations, rewrites api/*.api.md
 *   tsx scripts/api-report.ts                     checks only: fails naming the stale reports
 *   tsx scripts/api-report.ts --types <dir>       reads declarations already emitted there
 *
 * test/node/api-report.test.ts runs the check in `npm test`. One TypeScript program serves every
 * entry (api-extractor's CompilerState), so the whole check takes a few seconds after `tsc`.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel, type IConfigFile } from '@microsoft/api-extractor';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const API_DIR = join(ROOT, 'api');

/** What to do when the reports are stale (in every failure message). */
export const RUN_API = 'run `npm run api` and commit api/';

type Target = string | { [condition: string]: Target };

/** `./server/postgres` → `server-postgres`; `.` → `index`. */
const reportName = (key: string) => (key === '.' ? 'index' : key.slice(2).replaceAll('/', '-'));

/**
 * Each entry point with type declarations: its report name and its `.d.ts` path relative to
 * `dist/types/`. `./server` has two builds: Node's (`server`) and the fetch-only one edge
 * runtimes resolve (`server-fetch`).
 */
export async function apiEntries(): Promise<{ name: string; types: string }[]> {
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, Target> };
  const entries: { name: string; types: string }[] = [];
  for (const [key, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'string') continue;
    const types = (t: Target | undefined): string | undefined => (typeof t === 'string' ? t : t && (t['types'] as string | undefined));
    const main = types(target) ?? types(target['node']);
    if (!main) continue;
    entries.push({ name: reportName(key), types: main.replace(/^\.\/dist\/types\//, '') });
    const edge = types(target['workerd']);
    if (edge && edge !== main) entries.push({ name: `${reportName(key)}-fetch`, types: edge.replace(/^\.\/dist\/types\//, '') });
  }
  return entries;
}

/** Emits the shipped declarations (as `npm run build` does: tsc, plus the hand-written framework types) into `outDir`. */
export async function emitTypes(outDir: string): Promise<void> {
  await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', outDir], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  await cp(join(ROOT, 'src/frameworks'), join(outDir, 'frameworks'), { recursive: true, filter: (f) => !f.endsWith('.ts') || f.endsWith('.d.ts') });
}

/** The reports of the declarations in `typesDir` (absolute), by file name (`index.api.md`, …). */
export async function apiReports(typesDir: string): Promise<Map<string, string>> {
  const entries = await apiEntries();
  const scratch = await mkdtemp(join(ROOT, '.cache', 'kyi-api-'));
  const problems: string[] = [];
  try {
    const configOf = (entry: { name: string; types: string }) => {
      const configObject: IConfigFile = {
        projectFolder: ROOT,
        mainEntryPointFilePath: join(typesDir, entry.types),
        compiler: {
          overrideTsconfig: {
            compilerOptions: {
              target: 'ES2022',
              module: 'ESNext',
              moduleResolution: 'Bundler',
              lib: ['ES2023', 'DOM', 'DOM.Iterable'],
              types: ['node'],
              strict: true,
              skipLibCheck: true,
              // the framework types name the root entry by the package's name: resolved, as in a partner's
              // build, to a package under node_modules, which api-extractor treats as another package
              paths: { 'kyi-elements': [join(scratch, 'node_modules', 'kyi-elements', 'index.d.ts')] },
            },
            files: entries.map((e) => join(typesDir, e.types)),
          },
        },
        apiReport: { enabled: true, reportFileName: entry.name, reportFolder: scratch, reportTempFolder: scratch, includeForgottenExports: false },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
          // Every api-extractor warning fails (a type a public signature names but the entry does
          // not export, `ae-forgotten-export`, first of all): the report shows every type partners
          // get. Release tags are not used (what an entry exports is public); a member without a
          // comment is marked "(undocumented)" in the report instead.
          extractorMessageReporting: {
            default: { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: false },
            'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
            'ae-undocumented': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
          },
          tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false } },
        },
      };
      return ExtractorConfig.prepare({ configObject, configObjectFullPath: join(ROOT, 'api-extractor.json'), packageJsonFullPath: join(ROOT, 'package.json') });
    };
    await mkdir(join(scratch, 'node_modules', 'kyi-elements'), { recursive: true });
    await writeFile(join(scratch, 'node_modules', 'kyi-elements', 'index.d.ts'), `export * from '${join(typesDir, 'entries', 'index.js')}';\n`);
    const configs = entries.map(configOf);
    const entry = (config: ExtractorConfig) => entries[configs.indexOf(config)]!.name;
    const compilerState = CompilerState.create(configs[0]!, { additionalEntryPoints: configs.map((c) => c.mainEntryPointFilePath) });
    for (const config of configs) {
      const result = Extractor.invoke(config, {
        compilerState,
        localBuild: true,
        messageCallback: (message) => {
          // TypeScript's own name for a class's computed base: the kit's reactive base extends the
          // DOM's `HTMLElement` (a bare class on a server, elements/shared/reactive.ts), so its
          // declaration says `extends KyiReactiveElement_base`, a const typed `typeof HTMLElement`:
          // no type of the package's to export.
          if (message.messageId === 'ae-forgotten-export' && message.text.includes('"KyiReactiveElement_base"')) {
            message.handled = true;
            return;
          }
          if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning)
            problems.push(`${entry(config)}: ${message.messageId} ${message.text}${message.sourceFilePath ? ` (${relative(typesDir, message.sourceFilePath)}:${message.sourceFileLine})` : ''}`);
          message.handled = true;
        },
      });
      if (!result.succeeded) problems.push(`api-extractor failed on ${config.mainEntryPointFilePath}`);
    }
    if (problems.length) throw new Error(`API report: api-extractor warns about the shipped declarations:\n${problems.join('\n')}`);
    const reports = new Map<string, string>();
    // a note the report cannot attach to a declaration names its file: as shipped, wherever the declarations were emitted
    const emitted = `${relative(ROOT, typesDir).split(sep).join('/')}/`;
    for (const file of (await readdir(scratch)).filter((f) => f.endsWith('.api.md')).sort())
      reports.set(file, (await readFile(join(scratch, file), 'utf8')).replaceAll(emitted, 'dist/types/'));
    return reports;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Report files whose text differs from `api/` (missing, changed, or no longer made), with what to do. */
export async function staleReports(reports: Map<string, string>, apiDir = API_DIR): Promise<string[]> {
  const committed = (await readdir(apiDir).catch(() => [] as string[])).filter((f) => f.endsWith('.api.md'));
  const stale: string[] = [];
  for (const [file, text] of reports) {
    const current = await readFile(join(apiDir, file), 'utf8').catch(() => undefined);
    if (current === undefined) stale.push(`api/${file} is missing (a new entry point)`);
    else if (current !== text) stale.push(`api/${file} differs from the public surface`);
  }
  for (const file of committed) if (!reports.has(file)) stale.push(`api/${file} names an entry point that no longer exists`);
  return stale;
}

/** Emits the declarations into a scratch folder (or uses `typesDir`) and makes the reports. */
export async function currentReports(typesDir?: string): Promise<Map<string, string>> {
  if (typesDir) return apiReports(resolve(typesDir));
  await mkdir(join(ROOT, '.cache'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, '.cache', 'kyi-api-types-'));
  try {
    await emitTypes(dir);
    return await apiReports(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const typesAt = args.indexOf('--types');
  const reports = await currentReports(typesAt >= 0 ? args[typesAt + 1] : undefined);
  if (args.includes('--update')) {
    await rm(API_DIR, { recursive: true, force: true });
    await mkdir(API_DIR, { recursive: true });
    for (const [file, text] of reports) await writeFile(join(API_DIR, file), text);
    console.log(`kyi-elements: api/ written (${reports.size} reports)`);
  } else {
    const stale = await staleReports(reports);
    if (stale.length) {
      console.error(`kyi-elements: the public API changed and api/ does not record it: ${RUN_API}.\n${stale.map((s) => `  ${s}`).join('\n')}`);
      process.exit(1);
    }
    console.log(`kyi-elements: api/ records the public API (${reports.size} reports)`);
  }
}
