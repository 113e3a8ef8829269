/**
 * The browser test runner as this project configures it (web-test-runner.config.mjs): a test
 * that fails on values the browser cannot structured-clone (a DOM node, a function) is
 * reported as a failure with its message, and the run ends. Without test/harness/
 * clone-safe-reports.ts the session's results are never sent and the run waits out
 * `testsFinishTimeout` (180 s), naming no test.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { findChromium } from '../../scripts/lib/chromium.mjs';

function runWtr(files: string): Promise<{ code: number | null; output: string }> {
  const bin = join('node_modules', '@web', 'test-runner', 'dist', 'bin.js');
  const child = spawn(process.execPath, ['--import', 'tsx', bin, '--config', 'web-test-runner.config.mjs', '--files', files], {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? findChromium() ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  // Well under testsFinishTimeout: a run that stalls is stopped and fails this test.
  const stop = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(stop);
      resolve({ code, output: output.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '') });
    }),
  );
}

describe('browser test reports', () => {
  it('a failed assertion about a DOM node or a function is reported, and the run ends', async () => {
    const { code, output } = await runWtr('test/fixtures/wtr/fails-on-a-node.test.ts');
    assert.equal(code, 1, output);
    assert.doesNotMatch(output, /did not finish within/, output);
    assert.match(output, /1 passed, 2 failed/, output);
    assert.match(output, /expected <iframe title="a frame"><\/iframe> to equal null/, output);
    assert.match(output, /fails comparing a function/, output);
  });
});
