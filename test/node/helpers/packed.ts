/**
 * The package as a partner gets it: `npm run build`, then `npm pack`, done once per test run and
 * shared by the test files that need dist/ or the tarball. Test files run in parallel processes:
 * the first to ask builds (holding a lock folder), the others wait for its tarball. `npm test`
 * names the run (KYI_TEST_RUN); a file run on its own builds for itself.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from './wait.js';

const run = promisify(execFile);
const RUNS = resolve('node_modules/.cache/kyi-pack');

async function buildAndPack(dir: string): Promise<string> {
  await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { maxBuffer: 16 * 1024 * 1024 });
  // Built just above, so npm's lifecycle scripts (a prepack build) need not run again.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { maxBuffer: 16 * 1024 * 1024 });
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  return join(dir, packed!.filename);
}

/** Waits (10 minutes at most) for another process of this run to finish building; polls the files it writes. */
function waitForBuild(dir: string): Promise<string> {
  return waitFor(
    async () => {
      const tarball = await readFile(join(dir, 'tarball'), 'utf8').catch(() => undefined);
      if (tarball) return tarball;
      const failed = await readFile(join(dir, 'failed'), 'utf8').catch(() => undefined);
      if (failed !== undefined) throw new Error(`the shared build failed in another test file: ${failed}`);
      return undefined;
    },
    { what: `the shared build in ${dir} (a test process died while building?)`, timeout: 600_000, every: 250 },
  );
}

/** Removes the builds of runs older than a day (a run's own build lives only as long as the run). */
async function pruneOldRuns(): Promise<void> {
  for (const name of await readdir(RUNS)) {
    const dir = join(RUNS, name);
    const { mtimeMs } = await stat(dir);
    if (Date.now() - mtimeMs > 24 * 60 * 60 * 1000) await rm(dir, { recursive: true, force: true });
  }
}

let mine: Promise<string> | undefined;

/** Builds dist/ and packs it once per test run; resolves to the tarball's absolute path. */
export function packedTarball(): Promise<string> {
  mine ??= (async () => {
    const dir = join(RUNS, process.env.KYI_TEST_RUN ?? `pid-${process.pid}`);
    await mkdir(RUNS, { recursive: true });
    const owner = await mkdir(dir).then(() => true, (e: NodeJS.ErrnoException) => (e.code === 'EEXIST' ? false : Promise.reject(e)));
    if (!owner) return waitForBuild(dir);
    await pruneOldRuns();
    try {
      const tarball = await buildAndPack(dir);
      await writeFile(join(dir, 'tarball'), tarball);
      return tarball;
    } catch (error) {
      await writeFile(join(dir, 'failed'), String(error));
      throw error;
    }
  })();
  return mine;
}
