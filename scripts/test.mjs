#!/usr/bin/env node
// `npm test`: framework types generated anew, type check (tsc), node tests (node:test, with a
// throwaway PostgreSQL unless KYI_TEST_DATABASE_URL is set), then browser tests (web-test-runner
// in Chromium).
//   --node-only / --browser-only run one half; other arguments go to web-test-runner
//   (e.g. `npm run test:browser -- --files test/browser/badge.test.ts`).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './lib/chromium.mjs';
import { generateFrameworks } from './manifest/frameworks.mjs';
import { startTestPostgres } from './lib/postgres.mjs';

const args = process.argv.slice(2);
const nodeOnly = args.includes('--node-only');
const browserOnly = args.includes('--browser-only');
const passThrough = args.filter((a) => a !== '--node-only' && a !== '--browser-only');

function testFiles(dir, suffix) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(suffix)) out.push(join(entry.parentPath ?? entry.path, entry.name));
  }
  return out.sort();
}

function run(cmd, cmdArgs, env = process.env) {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env });
  return r.status ?? 1;
}

let failed = false;
// A test that hangs (a page left open after a failed assertion, say) fails after this long
// instead of holding the whole run until CI's limit. Node applies it to each test file as a
// whole too: a recipes file (its stacks built from the tarball, Next.js's build among them)
// takes up to ~3 min on a loaded 2-core machine; the limit leaves room for a slower one.
const TEST_TIMEOUT_MS = 900_000;

// The framework types and React wrappers are build output made from the elements' JSDoc: made
// anew here, so the type check and the tests never see files left from older JSDoc.
console.log('\n▶ framework types (src/frameworks/, from the JSDoc)');
try {
  const changed = await generateFrameworks();
  console.log(changed.length ? `written: ${changed.join(', ')}` : 'unchanged');
} catch (error) {
  console.error(`kyi-elements: generating src/frameworks/ failed; no tests were run.\n${error.message}`);
  process.exit(1);
}

// Types first: tsx and esbuild strip types, so only tsc catches a type error.
console.log('\n▶ type check (tsc --noEmit, strict)');
const tsc = join('node_modules', 'typescript', 'bin', 'tsc');
if (run(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json']) !== 0) {
  console.error('kyi-elements: type check failed; no tests were run.');
  process.exit(1);
}

// Chromium first: the browser tests need it, and so do the node tests that drive the demo page.
const chromium = ensureChromium();
if (!chromium) {
  console.error(
    "kyi-elements: tests need Chromium: install Debian's `chromium` (apt-get install chromium) or set CHROME_PATH to a Chrome/Chromium binary.",
  );
  process.exit(1);
}
// KYI_TEST_RUN: test files of this run share one build and packed tarball (test/node/helpers/packed.ts).
const env = { ...process.env, CHROME_PATH: chromium, KYI_TEST_RUN: `${Date.now()}-${process.pid}` };

if (!browserOnly) {
  // The replica tests need a real PostgreSQL: KYI_TEST_DATABASE_URL, or a throwaway cluster.
  let postgres;
  try {
    postgres = await startTestPostgres();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const files = testFiles('test/node', '.test.ts');
  console.log(`\n▶ node tests (${files.length} files)`);
  const nodeEnv = { ...env, KYI_TEST_DATABASE_URL: postgres.url };
  const status = run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', `--test-timeout=${TEST_TIMEOUT_MS}`, ...files], nodeEnv);
  await postgres.stop();
  if (status !== 0) failed = true;
}

if (!nodeOnly) {
  console.log(`\n▶ browser tests (Chromium at ${chromium})`);
  const wtr = join('node_modules', '@web', 'test-runner', 'dist', 'bin.js');
  const status = run(process.execPath, ['--import', 'tsx', wtr, '--config', 'web-test-runner.config.mjs', ...passThrough], env);
  if (status !== 0) failed = true;
}

process.exit(failed ? 1 : 0);
