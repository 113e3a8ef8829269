// Installs a Debian package when this runs as root with apt (CI and fresh machines).
import { spawnSync } from 'node:child_process';

/** `true` when packages can be installed here: root with apt-get available. */
export function canAptInstall() {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/** `apt-get update` then `apt-get install -y <name>`; returns whether the install succeeded. */
export function aptInstall(name, { log = console.error } = {}) {
  log(`kyi-elements: installing Debian package "${name}" with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  return spawnSync('apt-get', ['install', '-y', '-qq', name], { stdio: 'inherit', env }).status === 0;
}
