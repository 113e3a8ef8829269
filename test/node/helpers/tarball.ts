/**
 * The package as a partner gets it: `npm pack` of the built tree, installed into a fresh
 * CommonJS project in a temporary folder (dependencies from npm's cache when it has them).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface Packed {
  /** Folder holding the tarball and the consumer project. */
  dir: string;
  tarball: string;
  /** Paths inside the tarball, without the leading `package/`. */
  files: string[];
  /** The consumer project (`"type": "commonjs"`) with the tarball installed. */
  consumer: string;
  close(): Promise<void>;
}

/** Packs the current (already built) tree, lifecycle scripts off, and installs it into a consumer. */
export async function packAndInstall(): Promise<Packed> {
  const dir = await mkdtemp(join(tmpdir(), 'kyi-pack-'));
  const { stdout } = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { maxBuffer: 16 * 1024 * 1024 });
  const [info] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const tarball = join(dir, info!.filename);
  const consumer = join(dir, 'consumer');
  await run('mkdir', ['-p', consumer]);
  await writeFile(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'commonjs' }));
  await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: consumer });
  return { dir, tarball, files: info!.files.map((f) => f.path), consumer, close: () => rm(dir, { recursive: true, force: true }) };
}

/** Runs a command until its first stdout line; returns the line and the still-running process. */
export async function firstLine(command: string, args: string[], cwd: string): Promise<{ line: string; child: ChildProcess }> {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const lines = createInterface({ input: child.stdout! });
  const line = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before printing: ${stderr}`)));
  });
  lines.close();
  return { line, child };
}
