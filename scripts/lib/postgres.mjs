// A throwaway PostgreSQL cluster for the tests: `KYI_TEST_DATABASE_URL` when set; otherwise
// the installed server binaries (Debian's `postgresql`, installed with apt when missing and
// running as root) start a cluster in a temporary directory, removed again by `stop()`.
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { aptInstall, canAptInstall } from './apt.mjs';

/** The newest `/usr/lib/postgresql/<version>/bin` holding `initdb`, or undefined. */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a server binary, as the `postgres` OS user when root (the server refuses to run as root). */
function runAs(asPostgres, bin, args) {
  const [cmd, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
}

/**
 * Returns `{ url, stop, restart }`. Throws with what to install when no server is available.
 * `log` receives progress lines. `own: true` starts a cluster of its own even when
 * `KYI_TEST_DATABASE_URL` is set (for a test that restarts it: `restart()` is
 * `pg_ctl restart -m immediate`, a crash and recovery, with a callback run while it is down;
 * undefined for a given database).
 */
export async function startTestPostgres({ log = console.error, own = false } = {}) {
  const given = process.env.KYI_TEST_DATABASE_URL;
  if (given && !own) return { url: given, stop: async () => {}, restart: undefined };
  let bin = findPostgresBin();
  if (!bin && canAptInstall()) {
    log('kyi-elements: no PostgreSQL server binaries found.');
    aptInstall('postgresql', { log });
    bin = findPostgresBin();
  }
  if (!bin) {
    throw new Error(
      "kyi-elements: tests need PostgreSQL: install Debian's `postgresql` (apt-get install postgresql) " +
        'or set KYI_TEST_DATABASE_URL to a database the tests may create tables in.',
    );
  }
  const asPostgres = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), 'kyi-pg-'));
  const data = join(dir, 'data');
  if (asPostgres) {
    const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    await chown(dir, Number(pw.stdout), Number(gid.stdout));
  }
  await chmod(dir, 0o700);
  const user = asPostgres ? 'postgres' : userInfo().username;
  const port = await freePort();
  runAs(asPostgres, join(bin, 'initdb'), ['-D', data, '-U', user, '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  runAs(asPostgres, join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  log(`kyi-elements: throwaway PostgreSQL on 127.0.0.1:${port} (${dir})`);
  return {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    /**
     * `pg_ctl restart -m immediate` in its two halves: stops the server at once (connections
     * cut, no shutdown checkpoint: a crash, recovered on start), awaits `whileDown()`, starts it again.
     */
    async restart(whileDown = async () => {}) {
      runAs(asPostgres, join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      try {
        await whileDown();
      } finally {
        runAs(asPostgres, join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
      }
    },
    async stop() {
      try {
        runAs(asPostgres, join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
