import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { renderApi, withApi } from '../../scripts/readme-api.js';

const run = promisify(execFile);

describe('custom-elements.json', () => {
  it('is current: regenerating it from the JSDoc gives the committed file (run `npm run manifest`)', async () => {
    // The analyzer resolves --outdir against the working directory, so the scratch folder lives inside it.
    await mkdir('node_modules/.cache', { recursive: true });
    const dir = relative(process.cwd(), await mkdtemp(join('node_modules/.cache', 'kyi-cem-')));
    try {
      await run(process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', dir]);
      const fresh = JSON.parse(await readFile(join(dir, 'custom-elements.json'), 'utf8'));
      const committed = JSON.parse(await readFile('custom-elements.json', 'utf8'));
      assert.deepEqual(committed, fresh, 'custom-elements.json is stale: run `npm run manifest` and commit it');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("README's element reference is generated from the committed manifest (run `npm run manifest`)", async () => {
    const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8'));
    const readme = await readFile('README.md', 'utf8');
    assert.equal(readme, withApi(readme, renderApi(manifest)), 'README.md element reference is stale: run `npm run manifest`');
  });

  it('describes every element of the kit with its tag', async () => {
    const manifest = JSON.parse(await readFile('custom-elements.json', 'utf8')) as {
      modules: { declarations?: { tagName?: string }[] }[];
    };
    const tags = manifest.modules.flatMap((m) => m.declarations ?? []).map((d) => d.tagName).filter(Boolean).sort();
    assert.deepEqual(tags, [
      'kyi-asset-card',
      'kyi-badge',
      'kyi-change-feed',
      'kyi-notifications',
      'kyi-token-status',
      'kyi-verify-button',
      'kyi-watchlist',
    ]);
  });
});
