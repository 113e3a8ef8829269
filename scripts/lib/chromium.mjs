// Finds a Chromium for the browser tests, installing Debian's `chromium` when that is possible.
import { existsSync } from 'node:fs';
import { aptInstall, canAptInstall } from './apt.mjs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The first Chromium found: `CHROME_PATH`, then the usual install paths. */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((p) => existsSync(p));
}

/**
 * Returns a Chromium path. Where none is found and this runs as root with apt available,
 * installs Debian's `chromium`; otherwise returns undefined so the caller can say what to install.
 */
export function ensureChromium({ log = console.error } = {}) {
  const found = findChromium();
  if (found || process.env.CHROME_PATH) return found;
  if (canAptInstall()) {
    log('kyi-elements: no Chromium found.');
    aptInstall('chromium', { log });
    return findChromium();
  }
  return undefined;
}
